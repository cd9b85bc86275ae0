"""Every game's table screen as a player resizes it (issue 25, pt2 item 4): the game log
beside a wide table shows what happened at once, not after the next move. And its news
line at a new deal."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from ebbes_tui.controller import LocalGame, Match, Update
from ebbes_tui.controller.setup import players_setup
from ebbes_tui.game.events import Dealt
from ebbes_tui.game.registry import all_games
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.side_log import SideLog
from ebbes_tui.ui.table import TableScreen

from ui_support import make_app, screen_text, wait_until


async def open_new(app, pilot, game) -> TableScreen:
    """A new match of ``game``: the player at the screen and random bots."""
    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    setup = players_setup(game, [("Ann", "human", None), ("Bea", "bot", "random"),
                                 ("Cyd", "bot", "random")], {}, seed=1)
    app.call_later(app.opener.open, LocalGame(Match(setup), None))
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                     and app.screen.is_mounted and app.screen.feed.asks(app.screen.update),
                     "the player's first decision")
    return app.screen


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_the_game_log_beside_the_table_is_filled_as_soon_as_the_window_widens(
        tmp_path, game):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_new(app, pilot, game)
        side = table.query_one(SideLog)
        update = table.update
        assert not side.display or not side.visible  # no log beside a narrow table
        await pilot.resize_terminal(120, 40)
        await wait_until(pilot, lambda: side.display and side.size.width > 0, "the wide table")
        await pilot.pause()
        logged = " ".join(str(side.query_one(Static).render()).split())
        first = " ".join(table.game_log.text(table.view).splitlines()[0].split())
        assert first and first in logged  # the log so far, no move made
        assert table.update is update and "Game log (g)" in screen_text(app)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_new_deal_takes_the_last_deals_news_off_the_line(tmp_path, game):
    """"Bea took the last trick and chose the hens option ..." stayed on the news line
    over the next deal's hands, until a trick's first card."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_new(app, pilot, game)
        table.news.say("Bea took the last trick.", "event")
        update = table.update
        table.news.note(Update(update.seq + 1, Dealt(), update.view, update.decision))
        await pilot.pause()
        assert "Bea took" not in screen_text(app)
