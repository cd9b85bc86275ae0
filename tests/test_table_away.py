"""A shared table's screens at 80x24 as its players see them: why a trick was won
said whole beside the presence line, what the presence line says of a player a bot
stands in for, the welcome back, and the Tables list for a player with a seat."""

from __future__ import annotations

import time

from table_support import WAIT, LocalTable, spec

from ebbes_tui.games.ebbes.ui.explain import trick_reason
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.table import TableScreen


def screen_lines(ebbes: EbbesApp) -> list[str]:
    return [strip.text for strip in ebbes.screen._compositor.render_strips()]


async def test_why_an_ebbes_trick_was_won_shows_whole_beside_the_presence_line(home):
    """Play-testing: "Bot 1 takes it with ●B5, the highest trump (blue became Trump in
    this" and the panel's border: the presence line had taken the sentence's last row."""
    async with LocalTable(home, spec("why", seats="player,bot:random,bot:random",
                                     seed=5)) as table:
        connection = await connect_table("why", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            deadline = time.monotonic() + WAIT
            while True:  # until a trick won by the card that made its suit Trump
                assert time.monotonic() < deadline, "no trick made Trump"
                await pilot.press("enter")
                await pilot.pause(0.05)
                screen = ebbes.screen
                if not isinstance(screen, TableScreen) or not screen.feed.asks(screen.update):
                    continue
                last = screen.view.last_trick
                if last is not None and trick_reason(screen.view, last, screen.game_table.look
                                                     ).endswith("in this trick)"):
                    break
            await pilot.pause(0.2)
            lines = screen_lines(ebbes)
            [row] = [i for i, line in enumerate(lines) if " it with " in line]
            sentence = lines[row].strip("│ ")
            while not sentence.endswith("."):  # a sentence wrapped on: it ends in the panel
                row += 1
                assert lines[row].startswith("│"), f"cut: {sentence!r}"
                sentence += " " + lines[row].strip("│ ")
