"""A headless spectator (``ebbes table join --watch`` without a terminal) printed
nothing (issue 23, item 12): it prints each move as the game's log says it, for every
game in the registry. (The command line's own watcher: test_table_e2e.py.)"""

from __future__ import annotations

import asyncio
import os

from table_support import WAIT, LocalTable, spec, until

from ebbes_tui.cli import build_parser, watch_lines
from ebbes_tui.game.registry import load_game
from ebbes_tui.table.headless import game_over, play_bot, watch
from ebbes_tui.terminal import want_ascii
from ebbes_tui.ui.game_ui import screens_of
from ebbes_tui.ui.look import Look


async def test_a_headless_watcher_prints_the_game_as_its_log_says_it(game_id, tmp_path, capsys):
    game = load_game(game_id)
    short = {"huhn": {"deals": 1}, "hund": {"games": 1}}.get(game_id, {})
    narrate = watch_lines(build_parser().parse_args(["table", "join", "t", "--watch"]))
    async with LocalTable(tmp_path, spec("t", seats="player,bot:random,bot:random", seed=6,
                                         game=game_id, options=short, spectators=True)) as table:
        watching = asyncio.ensure_future(watch(await table.join(watch=True), narrate=narrate))
        reading = asyncio.ensure_future(the_log(game, await table.join(watch=True)))
        player = await table.join()
        assert await asyncio.wait_for(play_bot(player, "random"), WAIT * 3) == 0
        assert await asyncio.wait_for(watching, WAIT) == 0
        log = await asyncio.wait_for(reading, WAIT)
    printed = capsys.readouterr().out.splitlines()
    assert any(line.startswith("Trick 1: ") for line in printed)
    assert printed == [line for _, line in log.lines]  # every line the log has, once, in order


async def the_log(game, client):
    """The game's log as a spectator's table screen keeps it, to the end of the game."""
    feed = await client.game()
    look = Look(ascii=want_ascii(False, os.environ))  # as the watcher decides
    log = screens_of(game).log(look, personal=False, memory_aid=True)
    update = feed.snapshot()
    log.start(update)
    while not game_over(update):
        update = await feed.next()
        log.add(update)
    return log


async def test_a_screen_opened_after_moves_came_logs_each_once(game_id, tmp_path):
    """A table screen drew the newest view and then the moves still waiting: joined at
    a Blindes Huhn table after its start, "Deal 1 of 3" and "Bot 1 has arranged." were
    in the log twice. It starts where the feed's waiting moves begin."""
    game = load_game(game_id)
    short = {"huhn": {"deals": 1}, "hund": {"games": 1}}.get(game_id, {})
    async with LocalTable(tmp_path, spec("t", seats="player,bot:random,bot:random", seed=6,
                                         game=game_id, options=short, spectators=True)) as table:
        reading = asyncio.ensure_future(the_log(game, await table.join(watch=True)))
        watcher = await table.join(watch=True)
        player = await table.join()
        assert await asyncio.wait_for(play_bot(player, "random"), WAIT * 3) == 0
        followed = await asyncio.wait_for(reading, WAIT)
        late = await asyncio.wait_for(watcher.game(), WAIT)
        await until(lambda: game_over(late.latest))
    log = screens_of(game).log(Look(), personal=False, memory_aid=True)
    log.start(late.snapshot())  # the screen opens now, the whole game waiting
    while (update := late.poll()) is not None:
        log.add(update)
    assert len(late.waiting()) == 0 and len(followed.lines) > 10
    assert log.lines == followed.lines
