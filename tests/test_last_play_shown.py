"""The play that ends a deal or the game is read before anything else (issue 25, play
tests pt1 7 and pt2 3): the table went straight from "Your lead: any card." to Hund's
final standings, and a hot-seat Huhn deal's last trick was never on the table before
its summary. What comes after the last play (a deal's summary, the final standings)
now shows it, in every game, to everyone at the screen."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ebbes_tui.controller import Library, Match, SaveStore, Update
from ebbes_tui.game.protocols import SeatInfo, any_answer
from ebbes_tui.game.registry import game_ids, load_game
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.games.hund.rules.events import HundFound
from ebbes_tui.games.hund.ui.pacing import HundPacing
from ebbes_tui.ui.interludes import FinalStandings, Interlude
from ebbes_tui.ui.look import Look
from ebbes_tui.ui.pacing import TRICK_SECONDS, UNTIL_KEY
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.words import seat_names

from record_support import near_the_end
from ui_support import resume, screen_text, wait_until

SEATS = (SeatInfo("Kari", "human"), SeatInfo("Ola", "bot", "normal"),
         SeatInfo("Per", "bot", "normal"))


def shown_last(game_id: str, view: Any, look: Look) -> list[str]:
    """What of the last play the screen must show: each card of the last trick with
    its player (ebbes, Huhn), Hund's last play."""
    if game_id == "hund":
        from ebbes_tui.games.hund.ui.look import hund_look

        return [hund_look(look).play(view.log[-1].cards)]
    last = view.last_trick
    if game_id == "huhn":
        from ebbes_tui.games.huhn.ui.look import huhn_look as game_look
    else:
        from ebbes_tui.games.ebbes.ui.look import ebbes_look as game_look
    names, faces = seat_names(view, look), game_look(look)  # the player: "You"
    return [f"{names[s]} {faces.card(c).plain}" for s, c in zip(last.seats, last.cards)]


async def wait_until_table(app: EbbesApp, pilot: Any) -> TableScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted,
                     "the table")
    assert isinstance(app.screen, TableScreen)
    return app.screen


@pytest.mark.parametrize("game_id", game_ids())
async def test_the_play_that_ends_a_deal_or_the_game_is_shown_with_what_follows(
        tmp_path: Path, game_id: str) -> None:
    game = load_game(game_id)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"game": game_id}))
    app = EbbesApp(library=Library(game, SaveStore(tmp_path / "saves")), settings_path=path,
                   pace=0, animation=False, game=game_id)
    rng = random.Random(1)
    ending = (Interlude, FinalStandings)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(app, pilot, Match.resume(game, near_the_end(game, SEATS)))
        table = await wait_until_table(app, pilot)
        while not isinstance(app.screen, ending):
            await wait_until(pilot, lambda: isinstance(app.screen, ending) or (
                table.feed.asks(table.update) and not table.covering.locked()
                or app.screen is not table), "Kari's turn, a dialog or the summary")
            if isinstance(app.screen, ending):
                break
            if app.screen is not table:  # a decision's dialog: answered as on the table
                dialog = app.screen
                table.submit(any_answer(table.update.view.actions, rng))
                dialog.dismiss(None)
            else:
                table.submit(any_answer(table.update.view.actions, rng))
            await pilot.pause()
        screen = app.screen
        text = " ".join(screen_text(app).split())
        for play in shown_last(game_id, screen.view, app.look):
            assert play in text, (play, text)


@pytest.mark.parametrize("setting, seconds", [("normal", TRICK_SECONDS["normal"]),
                                              ("key", UNTIL_KEY)])
def test_the_play_that_ends_a_hund_game_stays_on_the_table_by_the_trick_display(
        setting: str, seconds: float) -> None:
    """Before, the table went from the last play to the tally at once (no finished
    trick lies there when a player goes out with a lead)."""
    game = load_game("hund")
    for seed in range(5):
        state = game.records.replay(near_the_end(game, SEATS, seed=seed))
        rng = random.Random(seed)
        events: list[object] = []
        while not any(isinstance(e, HundFound) for e in events):
            seat = state.pending()[0].seat
            events = list(state.apply(any_answer(state.legal(seat), rng), seat))
        updates = [Update(i, e, state.view(0), i) for i, e in enumerate(events)]
        found = next(i for i, u in enumerate(updates) if isinstance(u.event, HundFound))
        assert found > 0  # the play itself came first, and stays
        pacing = HundPacing(0.5, setting)
        assert pacing.hold(updates[found - 1], updates[found]) == seconds
