"""After a game at a shared table (issue 25, item 20): the menu the player comes back
to is that game's, and its History lists the game just played there, even when the
player leaves the final standings before the table's record has come."""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager, contextmanager

import pytest
from table_support import WAIT, LocalTable, spec, until
from test_conformance import app, play_by_keys, quickest, settings_file
from ui_support import screen_text

from ebbes_tui.controller import Match
from ebbes_tui.controller.history import finished_games
from ebbes_tui.controller.saves import SaveSlot
from ebbes_tui.game.errors import RecordError
from ebbes_tui.game.registry import all_games
from ebbes_tui.table import client
from ebbes_tui.table.client import connect_table
from ebbes_tui.table.witness import Witness
from ebbes_tui.ui.history import HistoryScreen
from ebbes_tui.ui.joining import KeepingScreen
from ebbes_tui.ui.menu import MenuScreen


@contextmanager
def last_save_held(table: LocalTable, monkeypatch: pytest.MonkeyPatch):
    """While the block runs, the table's saves once its game is over wait (a busy
    server's disk): the table sends the record only after its last save."""
    over, release = threading.Event(), threading.Event()
    save, write = Match._save, SaveSlot.write

    def saving(match: Match) -> None:  # on the loop, as the match saves each decision
        if match is table.server.play.match and match.state.outcome() is not None:
            over.set()
        save(match)

    def held(slot: SaveSlot, record) -> None:  # in the table's writer thread
        if slot.store is table.store and over.is_set():
            release.wait(WAIT)
        write(slot, record)

    monkeypatch.setattr(Match, "_save", saving)
    monkeypatch.setattr(SaveSlot, "write", held)
    monkeypatch.setattr(client, "RECORD_PATIENCE", WAIT)  # a loaded machine is slow too
    try:
        yield
    finally:
        release.set()


@asynccontextmanager
async def at_a_tiny_table(tiny, home):
    """The player at a Tiny table with a random bot (its quickest game), on the table
    screen: the table, the app and its pilot."""
    async with LocalTable(home, spec("fri", seats="player,bot:random", seed=2, game="tiny",
                                     options=quickest(tiny))) as table:
        ebbes = app()
        ebbes.table_connection = await connect_table("fri", directory=table.directory)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(lambda: ebbes.table is not None, what="the table")
            yield table, ebbes, pilot


async def test_the_menu_after_a_table_game_is_that_games_with_it_in_history(
        any_game, home, monkeypatch):
    """The menu was about another game before the table; m on the final standings
    comes back to the menu of the game played there, and h lists that game "at" the
    table, though m was pressed before the table had sent its record."""
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
            with last_save_held(table, monkeypatch):
                await play_by_keys(ebbes, pilot)  # to the final standings, then m
                await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
                await until(lambda: f"Game: {game.title} " in screen_text(ebbes),
                            what=lambda: f"the menu of {game.title}:\n{screen_text(ebbes)}")
                assert not finished_games(ebbes.library_for(game).store)  # not sent yet
            await until(lambda: finished_games(ebbes.library_for(game).store),
                        what="the table's record kept")
            await pilot.press("h")
            await until(lambda: isinstance(ebbes.screen, HistoryScreen) and ebbes.screen.games,
                        what=lambda: f"the game in History:\n{screen_text(ebbes)}")
            assert f"at {table.address.label}:" in screen_text(ebbes)


@pytest.mark.parametrize("elsewhere", [False, True], ids=["at-the-menu", "on-the-new-game-form"])
async def test_a_record_refused_after_the_player_left_its_table_is_told_where_they_are(
        tiny, home, monkeypatch, elsewhere):
    """m on the final standings before the table has sent its record; the record then
    fails the check against what the player saw: nothing is kept, and the menu they
    are at says why, or a notice over the screen they went on to (the table screen that
    says it otherwise is gone)."""
    def disagrees(witness, record):
        raise RecordError("it does not match what the table showed you")

    monkeypatch.setattr(Witness, "check", disagrees)
    async with at_a_tiny_table(tiny, home) as (table, ebbes, pilot):
        with last_save_held(table, monkeypatch):
            await play_by_keys(ebbes, pilot)
            await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
            assert "was not kept" not in screen_text(ebbes)
            if elsewhere:
                await pilot.press("n")
                await until(lambda: not isinstance(ebbes.screen, MenuScreen),
                            what="the new game form")
        said = (f"The game record the table {table.address.label} sent was not kept in "
                f"your History: it does not match what the table showed you.")
        if elsewhere:  # a toast (run_test draws none)
            await until(lambda: said in [n.message for n in ebbes._notifications],
                        what="the refusal as a toast")
        else:
            await until(lambda: said in " ".join(screen_text(ebbes).split()),
                        what=lambda: f"the refusal at the menu:\n{screen_text(ebbes)}")
        assert isinstance(ebbes.screen, MenuScreen) is not elsewhere
    assert not finished_games(ebbes.library_for(tiny).store)


@pytest.mark.parametrize("keys", [["q"], ["m", "q"]], ids=["q", "menu-then-q"])
async def test_quitting_waits_for_the_record_of_a_table_game_just_finished(
        tiny, home, monkeypatch, keys):
    """q on the final standings, or at the menu just after them, before the table has
    sent its record: a screen says the game is being kept, other keys do nothing, and
    ebbes quits once the record is kept in History, not before."""
    async with at_a_tiny_table(tiny, home) as (table, ebbes, pilot):
        with last_save_held(table, monkeypatch):
            await play_by_keys(ebbes, pilot, leave=keys[0])
            for key in keys[1:]:
                await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
                await pilot.press(key)
            await until(lambda: isinstance(ebbes.screen, KeepingScreen),
                        what=lambda: f"the keeping screen:\n{screen_text(ebbes)}")
            assert "Keeping the game you finished at the table" in screen_text(ebbes)
            await pilot.press("n", "h")  # neither a new game nor History meanwhile
            assert isinstance(ebbes.screen, KeepingScreen) and ebbes.is_running
            assert not finished_games(ebbes.library_for(tiny).store)
        await until(lambda: not ebbes.is_running, what="ebbes quits")
    assert finished_games(ebbes.library_for(tiny).store)
