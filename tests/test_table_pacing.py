"""A shared table never waits for one screen (issue 15, items 11-12; issue 16, item 6):
a round's summary closes by itself, so a spectator never falls behind and a player
who does not press on holds nobody up; leaving asks once."""

from __future__ import annotations

import asyncio
import time

import pytest
from table_support import WAIT, LocalTable, spec
from test_table_screens import home  # noqa: F401 (the fixture: private data and config dirs)

from ebbes_tui.table.client import join_table
from ebbes_tui.table.headless import play_bot
from ebbes_tui.ui import table_follow
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.confirm import ConfirmScreen
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen


async def until(pilot, condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} ({pilot.app.screen_stack})"
        await pilot.pause(0.05)


@pytest.mark.usefixtures("home")
async def test_a_spectator_is_never_held_at_a_round_summary(tmp_path, monkeypatch):
    """Before: every summary waited for Enter, and a spectator left alone fell a whole
    round behind. Now the spectator, pressing nothing, sees every summary and follows
    the game to its final standings."""
    monkeypatch.setattr(table_follow, "SUMMARY_SECONDS", 0.05)
    summaries = []
    monkeypatch.setattr(RoundSummaryScreen, "on_show", lambda self: summaries.append(self),
                        raising=False)
    async with LocalTable(tmp_path, spec("watched", seats="player,bot:random,bot:random",
                                     spectators=True, seed=7)) as table:
        connection = await asyncio.to_thread(join_table, "watched", directory=table.directory,
                                             watch=True)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            player = await table.join()
            playing = asyncio.ensure_future(play_bot(player, "random"))
            await until(pilot, lambda: isinstance(ebbes.screen, FinalScreen),
                        "the spectator reaches the final standings, pressing nothing", 90)
            assert len(summaries) == 5 and all(s.closes_after == 0.05 for s in summaries)
            assert await asyncio.wait_for(playing, WAIT) == 0


@pytest.mark.usefixtures("home")
async def test_leaving_a_shared_table_asks_once(tmp_path):
    async with LocalTable(tmp_path, spec("asked", seats="player,bot:random,bot:random",
                                     seed=3, away_after=None)) as table:
        connection = await asyncio.to_thread(join_table, "asked", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, TableScreen), "the table")
            await pilot.press("b", "escape")  # the board, closed: one Esc too many ...
            await pilot.press("escape")
            assert isinstance(ebbes.screen, ConfirmScreen)  # ... asks, and stays
            assert "Leave the table?" in str(ebbes.screen.query_one(".dialog-title").render())
            await pilot.press("escape")
            assert isinstance(ebbes.screen, TableScreen) and ebbes.remote is not None
            await pilot.press("escape", "enter")
            await until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "the menu")
            assert ebbes.remote is None
