"""Hund at a shared table from two terminals (issue 19, items 2 and 4): two apps at
one real table server over real sockets, a normal bot in the third seat and a
spectator's app watching. Each player sees their own hand and nobody else's (N15),
a card one plays shows in the other's trick, and the spectator sees the table
without any hand."""

from __future__ import annotations

import asyncio
import time

import pytest
from table_support import WAIT, LocalTable, spec

from ebbes_tui.games.hund.ui.look import HundLook
from ebbes_tui.games.hund.ui.standings import FinalScreen, GameEndScreen
from ebbes_tui.table.client import connect_table
from ebbes_tui.table.headless import play_bot
from ebbes_tui.ui import table_follow
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.card_row import CardRow
from ebbes_tui.ui.handoff import HandOffScreen

from hund_ui_support import asks, table_of
from test_table_screens import home  # noqa: F401 (the fixture: private data and config dirs)
from ui_support import screen_text

LOOK = HundLook()


async def settle(pilots, condition, what: str) -> None:
    """Let every app run until ``condition()`` holds (the table answers over sockets)."""
    deadline = time.monotonic() + WAIT * 3
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}" + "\n\n".join(
            screen_text(p.app) for p in pilots)
        for pilot in pilots:
            await pilot.pause(0.02)


def hand_faces(app: EbbesApp) -> set[str]:
    return {face.plain for face in table_of(app).query_one(CardRow).faces}


def played(app: EbbesApp, card: int) -> bool:
    """Whether ``card`` lies in the trick on ``app``'s table or in one taken."""
    view = table_of(app).view
    return any(c == card for _, c, _ in view.trick) or any(card in t.cards for t in view.tricks)


@pytest.mark.usefixtures("home")
async def test_two_players_and_a_spectator_share_a_hund_table(tmp_path):
    async with LocalTable(tmp_path, spec("bikkje", seats="player,player,bot:normal", seed=4,
                                     game="hund", spectators=True)) as table:
        apps = [EbbesApp(pace=0, animation=False,
                         table=await connect_table("bikkje", directory=table.directory,
                                                   player=seat))
                for seat in (1, 2)]
        watcher = EbbesApp(pace=0, animation=False,
                           table=await connect_table("bikkje", directory=table.directory,
                                                     watch=True))
        kari, ola = apps
        async with kari.run_test(size=(80, 24)) as kp, ola.run_test(size=(120, 40)) as op, \
                watcher.run_test(size=(80, 24)) as wp:
            pilots = (kp, op, wp)
            await settle(pilots, lambda: all(table_of(a) is not None
                                             for a in (kari, ola, watcher)), "three tables")
            state = table.server.match.state
            while len(state.tricks) < 4:
                await settle(pilots, lambda: asks(kari) or asks(ola), "someone's turn")
                for app, pilot, seat, other_app in ((kari, kp, 0, ola), (ola, op, 1, kari)):
                    if not asks(app):
                        continue
                    # N15: your own hand and nobody else's, no cover at a shared table.
                    assert hand_faces(app) == {LOOK.face(c) for c in state.view(seat).hand}
                    text = screen_text(app)
                    assert not [c for c in state.view(1 - seat).hand if LOOK.face(c) in text]
                    assert not isinstance(app.screen, HandOffScreen)
                    assert f"Your hand ({len(state.view(seat).hand)} cards)" in text
                    card = table_of(app).view.hand[0]
                    await pilot.press("1")  # the first card: in sight, and keyed
                    await settle(pilots, lambda a=other_app, c=card: played(a, c)
                                 and played(watcher, c),
                                 "the card at the other's table and the spectator's")
                    break
            # Ola's wide screen logs every trick, Kari's cards among them.
            side = screen_text(ola)
            first = state.tricks[0]
            assert "Trick 1: " in side and all(LOOK.face(c) in side for c in first.cards)
            # The spectator: the table, the pile with its count, no hand at all.
            text = screen_text(watcher)
            assert "No hand (watching)" in text and hand_faces(watcher) == set()
            assert "Draw pile" in text and f"{state.view(None).pile_size} cards" in text
            for seat in (0, 1, 2):
                assert not [c for c in state.view(seat).hand if LOOK.face(c) in text]
            for pilot in pilots:
                await pilot.press("escape", "enter")


@pytest.mark.usefixtures("home")
async def test_a_spectator_is_never_held_at_the_end_of_a_game(tmp_path, monkeypatch):
    """The hund of each game but the last is announced at a shared table too, and the
    screen closes by itself: the spectator, pressing nothing, reaches the final standings."""
    monkeypatch.setattr(table_follow, "SUMMARY_SECONDS", 0.05)
    shown = []
    monkeypatch.setattr(GameEndScreen, "on_show", lambda self: shown.append(self), raising=False)
    async with LocalTable(tmp_path, spec("valp", seats="player,bot:random", seed=5, game="hund",
                                     options={"games": 2}, spectators=True)) as table:
        watcher = EbbesApp(pace=0, animation=False,
                           table=await connect_table("valp", directory=table.directory,
                                                     watch=True))
        async with watcher.run_test(size=(80, 24)) as pilot:
            player = await table.join()
            playing = asyncio.ensure_future(play_bot(player, "random"))
            await settle((pilot,), lambda: isinstance(watcher.screen, FinalScreen),
                         "the spectator reaches the final standings, pressing nothing")
            assert len(shown) == 1 and shown[0].closes_after == 0.05
            assert await asyncio.wait_for(playing, WAIT) == 0
