"""Resuming a save puts the pending decision back on screen: a trick half played, the
nix holder's starter dialog, a Variant 2 pair dialog (issue: hang-ups, mid-dialog)."""

import asyncio
import random

import pytest
from ui_support import make_app, wait_until

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import Match, SaveStore, players_setup
from ebbes_tui.games.ebbes.rules import Phase
from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog
from ebbes_tui.ui.table import TableScreen


async def saved_at(tmp_path, options, phase):
    """Play Ann's decisions at random until Ann must decide ``phase``; save there."""
    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    setup = players_setup(EBBES, [("Ann", "human", None), ("Bob", "bot", "random"),
                           ("Cy", "bot", "random")], {**options, "starter": 1}, seed=2)
    match = Match(setup, save=slot)
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    rng = random.Random(0)

    async def until_asked():
        while True:
            update = await ann.next()
            if ann.asks(update):
                return update.view
    while True:
        view = await asyncio.wait_for(until_asked(), 30)
        if view.phase is phase and (phase is not Phase.PLAY or view.trick):
            break
        ann.submit(rng.choice(view.actions))
    match.stop()
    await task
    slot.close()
    return view


@pytest.mark.parametrize("options, phase, screen", [
    ({}, Phase.PLAY, TableScreen),
    ({}, Phase.CHOOSE_STARTER, StarterDialog),
    ({"choose_determiners": True}, Phase.CHOOSE_PAIR, PairDialog),
], ids=["mid-trick", "starter-dialog", "pair-dialog"])
async def test_continue_puts_the_pending_decision_back_on_screen(tmp_path, options, phase, screen):
    before = await saved_at(tmp_path, options, phase)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, screen) and app.screen.is_mounted,
                         screen.__name__)
        assert app.game.match.state.view(0) == before
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.view.hand == before.hand and table.view.trick == before.trick


async def test_a_game_closed_at_its_final_standings_goes_to_history_not_to_an_empty_table(
        tmp_path):
    """Killed while the final standings were up: the save holds a finished game. Continue
    archives it (History and Statistics have it) and says so, instead of opening a table
    where nothing can happen."""
    from ebbes_tui.controller import SaveStore
    from ebbes_tui.ui.menu import MenuScreen
    from ui_support import screen_text

    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    setup = players_setup(EBBES, [("Ann", "bot", "random"), ("Bob", "bot", "random"),
                           ("Cy", "bot", "random")], {}, seed=4)
    match = Match(setup, save=slot, bot_pause=0)
    await asyncio.wait_for(match.run(), 60)
    slot.close()
    assert [info.slot for info in store.list()]  # the finished game is still a save
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "in History" in screen_text(app), "the menu's note")
        assert isinstance(app.screen, MenuScreen) and app.game is None
    assert store.list() == []
    assert len(list((tmp_path / "saves").rglob("*.json"))) >= 1  # kept, among finished games
