"""After a game at a shared table (issue 25, item 20): the menu the player comes back
to is that game's, and its History lists the game just played there."""

from __future__ import annotations

from table_support import LocalTable, spec, until
from test_conformance import app, play_by_keys, quickest, settings_file
from ui_support import screen_text

from ebbes_tui.controller.history import finished_games
from ebbes_tui.game.registry import all_games
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.history import HistoryScreen
from ebbes_tui.ui.menu import MenuScreen


async def test_the_menu_after_a_table_game_is_that_games_with_it_in_history(any_game, home):
    """The menu was about another game before the table; m on the final standings
    comes back to the menu of the game played there, and h lists that game "at" the
    table."""
    game = any_game
    other = next(g for g in all_games() if g is not game)
    settings_file(home, other, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")])
    async with LocalTable(home, spec("fri", seats="player,bot:random", seed=2, game=game.id,
                                     options=quickest(game))) as table:
        ebbes = app()
        ebbes.table_connection = await connect_table("fri", directory=table.directory)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            assert ebbes.current is other
            await until(lambda: ebbes.table is not None, what="the table")
            await play_by_keys(ebbes, pilot)  # to the final standings, then m
            await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
            await until(lambda: f"Game: {game.title} " in screen_text(ebbes),
                        what=lambda: f"the menu of {game.title}:\n{screen_text(ebbes)}")
            await until(lambda: finished_games(ebbes.library_for(game).store),
                        what="the table's record kept")
            await pilot.press("h")
            await until(lambda: isinstance(ebbes.screen, HistoryScreen) and ebbes.screen.games,
                        what=lambda: f"the game in History:\n{screen_text(ebbes)}")
            assert f"at {table.address.label}:" in screen_text(ebbes)
