"""The second line of defence (issue 23): an update from another user's table that
passed every check of the protocol and still cannot be shown ends that table, not bob's
program. His table screen (and his headless watcher) leaves carol/fri and says so in one
clean sentence, then stands as when a table closes: Esc goes back to the menu. A local
game's failure is this program's own bug, and stays loud."""

from __future__ import annotations

import asyncio
import json

import pytest
from hostile_table import evil_game
from table_support import WAIT, FakeTable, neighbours, unclean, until
from test_table_screens import text
from textual.worker import WorkerFailed
from ui_support import ONE_HUMAN, make_app, wait_until

from ebbes_tui.table import headless
from ebbes_tui.table.client import TableClient, connect_table
from ebbes_tui.table.protocol import VERSION
from ebbes_tui.table.rendezvous import own_address
from ebbes_tui.ui import narrate
from ebbes_tui.ui import table as table_screen
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.confirm import ConfirmScreen
from ebbes_tui.ui.game_ui import screens_of
from ebbes_tui.ui.menu import MenuScreen

#: What a screen's code might raise on an update it cannot make sense of: its words
#: (an exception may quote what the table sent) carry escapes too.
FAULT = "list index out of range \x1b]0;pwned\x07\x1b[2J"
CANNOT = "The table carol/fri sent something this ebbes cannot show (list index out of range"


class _FailingLog:
    """A game's log that cannot take any update after the one it starts from."""

    def __init__(self, log) -> None:
        self._log = log

    def __getattr__(self, name: str):
        return getattr(self._log, name)

    def add(self, update) -> None:
        raise IndexError(FAULT)


class _Screens:
    """A game's screens whose log fails (everything else is the game's own)."""

    def __init__(self, screens) -> None:
        self._screens = screens

    def __getattr__(self, name: str):
        return getattr(self._screens, name)

    def log(self, *args, **kwargs):
        return _FailingLog(self._screens.log(*args, **kwargs))


@pytest.fixture
def failing_log(monkeypatch):
    """Every game's log, in the table screen and the headless narrator, fails."""
    for module in (table_screen, narrate):
        monkeypatch.setattr(module, "screens_of", lambda game: _Screens(screens_of(game)))


def carols_table(game):
    """carol's table: bob is welcomed to seat 0 and sent the first moves of a game."""
    shown, _ = evil_game(game)
    welcome = {"type": "welcome", "version": VERSION, "game": game.id, "login": "bob",
               "role": "player", "seat": 0, "player": 1, "table": {}}

    async def answer(reader, writer):
        await reader.readline()
        for message in [welcome, *shown[:3]]:
            writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        while await reader.read(65536):
            pass
    return answer


@pytest.mark.usefixtures("home")
async def test_an_update_the_table_screen_cannot_show_leaves_the_table_not_the_program(
        tmp_path, failing_log, game):
    users = neighbours(tmp_path)
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    async with FakeTable(own_address("fri", parent, carol), carol, carols_table(game)) as fake:
        connection = await connect_table("fri", directory=parent, system=bob)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(ebbes.screen, table_screen.TableScreen)
                             and ebbes.screen.remote.closed, "bob leaves carol's table")
            at_table = ebbes.screen
            await wait_until(pilot, lambda: fake.closed == 1, "carol's table sees him go")
            news = text(at_table, "#news")
            assert news.startswith(CANNOT) and news.endswith(
                "so you left it. Esc: back to the menu."), news
            assert unclean(news) == [] and "pwned" in news  # the words, without the escapes
            assert text(at_table, "#status") == "The table has closed."
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(ebbes.screen, ConfirmScreen), "the question")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "the menu")
            assert text(ebbes.screen, "#menu-message").startswith(CANNOT)
            assert ebbes.return_code is None  # still running


async def test_an_update_the_headless_watcher_cannot_tell_leaves_the_table_in_one_sentence(
        tmp_path, failing_log, game):
    users = neighbours(tmp_path)
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    said = []
    async with FakeTable(own_address("fri", parent, carol), carol, carols_table(game)) as fake:
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        status = await asyncio.wait_for(
            headless.watch(client, say=said.append, narrate=narrate.narrator), WAIT)
        await until(lambda: fake.closed == 1)
    assert status == 1 and client.closed
    assert len(said) == 1 and said[0].startswith(CANNOT) and unclean(said) == [], said


async def test_a_local_game_the_screen_cannot_show_still_fails_loudly(tmp_path, failing_log):
    ebbes = make_app(tmp_path, {"game": "ebbes", "ebbes": ONE_HUMAN})
    with pytest.raises(WorkerFailed, match="list index out of range"):
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await pilot.press("n", "enter", "enter")  # the game, its form, start
            await until(lambda: ebbes.return_code is not None, what="the app failing")
