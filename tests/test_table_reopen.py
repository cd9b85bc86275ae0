"""A saved table reopens as the game it is (issue 23, item 6), for every game in the
registry: a Blindes Huhn or Hund table reopened as ebbes, listed as ebbes, and broke
when the players sat down ("unknown format 'huhn-record/1'"), from `ebbes table
serve NAME` and from the Tables screen alike; `serve NAME --deals 3` said "--deals is
not an option of ebbes".

Each game's table is served as `ebbes table serve` plans it (in this loop), played a
decision and left (so its game is saved), reopened by `serve NAME` and played again,
then reopened from the Tables screen, where the table server is a real process."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest
from table_support import WAIT, Home

from ebbes_tui.bots import make_bot
from ebbes_tui.cli import build_parser
from ebbes_tui.game.errors import SetupError
from ebbes_tui.game.options import flag
from ebbes_tui.game.registry import game_ids, load_game
from ebbes_tui.table.client import RemoteFeed, TableClient, connect_table, find_tables
from ebbes_tui.table.commands import describe, opened, plan_table
from ebbes_tui.table.rendezvous import my_login
from ebbes_tui.table.server import TableServer
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.tables import TablesScreen

from test_table_screens import home, until  # noqa: F401 (the fixture: private data and config dirs)

ME = my_login()


def serve_args(*words: str):
    return build_parser().parse_args(["table", "serve", *words])


@contextlib.asynccontextmanager
async def serving(plan):
    """The table ``ebbes table serve`` planned, served as it serves it, in this loop."""
    server = TableServer(plan.spec, plan.address, plan.store, saved=plan.saved)
    ready = asyncio.Event()
    task = asyncio.get_running_loop().create_task(server.serve(ready=ready.set))
    await asyncio.wait_for(ready.wait(), WAIT)
    try:
        yield server
    finally:
        server.shutdown("The test is over.")
        await asyncio.wait_for(task, WAIT)


async def poll(condition, pause) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        await pause(0.02)


async def one_decision(feed: RemoteFeed, pause=asyncio.sleep) -> None:
    """Make one decision at ``feed``'s seat and see the table take it: asked while no
    other seat decides, so the next decision can only come from this answer."""
    await poll(lambda: feed.asks(feed.latest) and tuple(feed.latest.view.deciding) == (feed.seat,),
               pause)
    asked = feed.latest
    bot = make_bot(feed.client.plays, "random")
    feed.submit(bot.choose(asked.view, asked.view.actions, random.Random(1)), asked.decision)
    await poll(lambda: feed.latest.decision > asked.decision, pause)


async def sit_and_decide(server: TableServer, name: str, directory) -> None:
    """Sit down at the table, make a decision, leave: the game is saved."""
    client = await TableClient.start(await connect_table(name, directory=directory))
    assert client.plays.id == server.game.id
    await one_decision(await asyncio.wait_for(client.game(), WAIT))
    client.close()
    await asyncio.wait_for(server.done.wait(), WAIT)  # the last person left


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize("game_id", game_ids())
async def test_a_saved_table_reopens_as_its_own_game(game_id, tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    monkeypatch.setenv("EBBES_TABLES_DIR", str(tables))
    game = load_game(game_id)
    plan = plan_table(serve_args("mon", "--game", game_id, "--seats",
                                 "player,bot:random,bot:random", "--seed", "4"))
    assert plan.saved is None and plan.spec.game == game_id
    async with serving(plan) as server:
        await sit_and_decide(server, "mon", tables)

    # `ebbes table serve mon`: the save's game, told so; a new game's choices refused.
    others = [g for g in game_ids() if g != game_id]
    option = game.rules.options[0]
    chosen = [flag(option)] + ([] if option.kind == "bool" else ["2"])
    for words, left_out in ((["--game", others[0]], f"--game {others[0]}"),
                            (chosen, flag(option)), (["--seed", "0"], "--seed")):
        with pytest.raises(SetupError) as refused:
            plan_table(serve_args("mon", *words))
        assert str(refused.value) == (
            f"Your table mon has a saved game of {game.title}, which 'ebbes table serve mon' "
            f"reopens as it was: leave out {left_out}, or choose another name.")
    assert plan_table(serve_args("mon", "--game", game_id)).saved is not None  # its own: fine
    plan = plan_table(serve_args("mon", "--spectators"))
    assert plan.saved is not None and plan.spec.game == game_id
    assert opened(plan) == (f"{ME}/mon is open (its saved game of {game.title}): friends join "
                            f"with 'ebbes table join {ME}/mon'.")
    async with serving(plan) as server:
        [listed] = await find_tables(tables)
        assert listed["game"] == game_id and listed["reopened"] and listed["spectators"]
        assert f"), {game.title}" in describe(listed) and "spectators welcome" in describe(listed)
        await sit_and_decide(server, "mon", tables)

    # The Tables screen: listed with its game, Enter reopens it (a real `serve` process).
    host = Home(tmp_path)
    try:
        ebbes = EbbesApp(pace=0, animation=False)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            screen = ebbes.screen
            assert isinstance(screen, TablesScreen)
            await until(pilot, lambda: screen.query_one("#tables").option_count == 1,
                        "the saved table is listed")
            listed = str(screen.query_one("#tables").get_option_at_index(0).prompt)
            assert listed.startswith(f"mon: your saved game of {game.title}, ")
            await pilot.press("enter")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in ebbes.screen_stack),
                        "the reopened game")
            at_table = next(s for s in ebbes.screen_stack if isinstance(s, TableScreen))
            assert at_table.game is game and ebbes.remote.plays is game
            await one_decision(at_table.remote, pilot.pause)
    finally:
        host.kill_all()
