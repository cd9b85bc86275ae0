"""A spectator's screens, in every game (play-test of shared tables): the empty hand box
says why it is empty, and the help lists only the keys that do something for a watcher."""

from __future__ import annotations

import pytest
from table_support import LocalTable, spec
from test_hund_ui import help_keys
from ui_support import screen_text, wait_until

from ebbes_tui.game.registry import all_games
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.help_screen import HelpScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.words import WATCHING


async def watching(pilot, ebbes: EbbesApp) -> TableScreen:
    await wait_until(pilot, lambda: isinstance(ebbes.screen, TableScreen)
                     and ebbes.screen.is_mounted and ebbes.screen.view.seat is None, "the table")
    await pilot.pause()
    return ebbes.screen


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_spectators_hand_box_says_every_hand_stays_hidden(home, game):
    """Played through: Hund's "No hand (watching)" box was empty, while Huhn's said why."""
    async with LocalTable(home, spec("watch", seats="player,bot:random,bot:random", seed=4,
                                     game=game.id, spectators=True)) as table:
        player = await table.join(player=1)  # decides at leisure: the table waits
        connection = await connect_table("watch", directory=table.directory, watch=True)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await watching(pilot, ebbes)
            shown = screen_text(ebbes).splitlines()
            top = next(i for i, line in enumerate(shown) if "No hand (watching)" in line)
            assert WATCHING in shown[top + 1]
            assert shown[top + 2].lstrip().startswith("╰")  # one line, no empty rows of cards
            player.close()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_spectators_help_lists_only_the_keys_that_work(home, game):
    """Played through: ? for a watcher listed the keys to play, take back and ask for a
    hint, which do nothing without a hand."""
    async with LocalTable(home, spec("watch", seats="player,bot:random,bot:random", seed=4,
                                     game=game.id, spectators=True)) as table:
        player = await table.join(player=1)
        connection = await connect_table("watch", directory=table.directory, watch=True)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            screen = await watching(pilot, ebbes)
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(ebbes.screen, HelpScreen), "the help")
            keys = help_keys(ebbes.screen)
            assert not {"Enter, Space", "mouse click", "u", "i", "v"} & set(keys), keys
            assert not any("play" in what and key != "any key" for key, what in keys.items()), keys
            assert keys["p"] == "hide or show the last trick"
            assert {"g", "b", "c", "?", "F1", "Esc", "q", screen.trick_key} <= set(keys)
            player.close()
