"""Chat said before a player came back stands among the moves it came between (issue 23,
item 10): "hello bob, ready?" from the lobby showed after trick 5, below the whole game
log. Checked for every game in the registry, through the table screen's log."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from table_support import WAIT, LocalTable, spec
from table_support import until as until_held

from ebbes_tui.bots import make_bot
from ebbes_tui.game.events import TrickEnded
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.table import TableScreen

from test_table_screens import until


async def play_until(feeds, public, tricks: int, taken: int) -> int:
    """The players play (a random bot's choices) until ``tricks`` tricks of the deal
    are taken (``public``, a spectator's session of the match, counts them); one answer
    at a time, so none is given after the last of those tricks."""
    deadline = time.monotonic() + WAIT
    while True:
        while (update := public.poll()) is not None:
            taken += isinstance(update.event, TrickEnded)
        if taken >= tricks:
            return taken
        assert time.monotonic() < deadline, f"only {taken} tricks taken"
        feed = next((f for f in feeds if f.asks(f.latest)), None)
        if feed is not None:
            asked = feed.latest
            bot = make_bot(feed.client.plays, "random")
            feed.submit(bot.choose(asked.view, asked.view.actions, random.Random(asked.decision)),
                        asked.decision)
        await asyncio.sleep(0.01)


@pytest.mark.usefixtures("home")
async def test_chat_from_before_a_player_came_back_stands_among_the_moves(game_id, tmp_path):
    async with LocalTable(tmp_path, spec("talk", seats="player,player,bot:random", seed=3,
                                         game=game_id, turn_time=None, away_after=None)) as table:
        alice = await table.join(player=1)
        alice.send_chat("hello bob, ready?")  # in the lobby
        server = table.server
        await until_held(lambda: server.chat.kept)
        bob = await table.join(player=2)  # the seats are full: the game starts
        feeds = [await asyncio.wait_for(c.game(), WAIT) for c in (alice, bob)]
        public = server.play.match.session(None)
        taken = await play_until(feeds, public, 2, 0)
        alice.send_chat("after trick two")
        await until_held(lambda: len(server.chat.kept) >= 2)
        await play_until(feeds, public, 4, taken)
        alice.close()  # and comes back: the game went on meanwhile
        connection = await connect_table("talk", directory=table.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, (HandOffScreen, TableScreen)),
                        "the table, or first what was missed")
            if isinstance(ebbes.screen, HandOffScreen):
                await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, TableScreen), "the table")
            screen = ebbes.screen

            def log() -> list[str]:
                return screen.game_log.text(screen.view).splitlines()

            await until(pilot, lambda: sum(" says: " in line for line in log()) == 2,
                        "both chat lines in the log")
            lines = log()

            def where(start: str = "", end: str = "") -> int:
                return next(i for i, line in enumerate(lines)
                            if line.startswith(start) and line.endswith(end))

            assert where(end="says: hello bob, ready?") < where("Trick 1: "), lines
            assert where("Trick 2: ") < where(end="says: after trick two") < where("Trick 3: "), \
                lines
            await pilot.press("escape", "enter")
        bob.close()


def test_a_reopened_table_knows_where_its_saved_game_stood(game_id):
    """A table that reopens a save stamps its chat from where the game stopped: the
    moment read back from the record after each player's move is the one counted move
    by move. (A deal not yet in the record is dealt again when the game resumes.)"""
    from ebbes_tui.controller.setup import players_setup
    from ebbes_tui.game.protocols import listed
    from ebbes_tui.game.registry import load_game
    from ebbes_tui.table.moments import BEFORE_THE_GAME, moment_after, moment_of_record

    game = load_game(game_id)
    state = players_setup(game, [(f"P{i}", "human", None) for i in range(3)], {},
                          seed=5).new_state()
    rng = random.Random(5)
    moment, seen = BEFORE_THE_GAME, set()
    while state.pending() and len(seen) < 12:
        decision = state.pending()[0]
        if decision.seat is None:
            events = game.rules.resolve_chance(state, 5)
        else:
            legal = state.legal(decision.seat)
            moves = listed(legal)
            action = rng.choice(list(moves)) if moves is not None else legal.sample(rng)
            events = state.apply(action, decision.seat)
        for event in events:
            moment = moment_after(moment, event, lambda: state.view(None).position()[0])
        seen.add(moment)
        if decision.seat is not None:
            assert moment_of_record(game, game.records.to_record(state)) == moment
    assert len(seen) == 12  # several deals' worth of tricks, or a long one
