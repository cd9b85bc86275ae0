"""Leaving a shared table asks once (issue 16, item 6). That a shared table never waits
for one screen (a summary closes by itself, so a spectator never falls behind) is
tested for every game in test_conformance.py."""

from __future__ import annotations

import asyncio
import time

import pytest
from table_support import WAIT, LocalTable, spec

from ebbes_tui.table.client import join_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.confirm import ConfirmScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen


async def until(pilot, condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} ({pilot.app.screen_stack})"
        await pilot.pause(0.05)


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
