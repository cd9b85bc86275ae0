"""Headless clients: a bot that plays a seat through the protocol, and a spectator that
follows a game to its end and prints what the game's log says, both without a terminal
(``ebbes table join --bot`` and ``--watch``), for bots of anyone's making, tests and
benchmarks.

The bot sees only its seat's view (R18) and draws from a Random seeded by the table's
name, its seat and the decision's number, so a table with a fixed ``--seed`` replays.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable

from ..bots import make_bot
from ..controller.events import AnyUpdate, Synced
from ..game.errors import IllegalMove
from ..game.events import Ended
from ..game.protocols import AnyGame
from .client import TableClient
from .events import Disconnected, Refused, unshowable
from .rendezvous import TableError

#: Refusals in a row a bot tolerates before it gives up.
MAX_REFUSALS = 5
#: A game's log as lines: made for a game, called with each update in order, it returns
#: the lines that update added (the screens' words, given by the command line: nothing
#: in this package imports them).
Narrator = Callable[[AnyGame], Callable[[AnyUpdate], list[str]]]


def game_over(update: AnyUpdate) -> bool:
    """The game-over event itself (the last card's update already shows the end, but
    the final trick, scores and standings follow it), or a finished game joined late."""
    return isinstance(update.event, Ended) or (
        isinstance(update.event, Synced) and update.view.over)


async def play_bot(client: TableClient, level: str, *, think: float = 0.0,
                   say: Callable[[str], None] | None = None) -> int:
    """Play ``client``'s seat with a bot of ``level`` until the game is over (0), or
    until the table goes away first (1). ``think``: seconds to wait before each
    decision, as a person would."""
    say = say or _stderr
    bot = make_bot(client.plays, level)
    try:
        feed = await client.game()
    except TableError as e:  # the table ended before its game began
        say(str(e))
        return 1
    update = feed.snapshot()
    refusals, decision = 0, update.decision
    while not game_over(update):
        event = update.event
        if update.decision != decision:
            refusals, decision = 0, update.decision  # the game moved on
        if isinstance(event, Disconnected):
            say(event.text)
            return 1
        if isinstance(event, Refused):
            say(event.text)
            refusals += 1
            if refusals > MAX_REFUSALS:
                return 1
        if feed.asks(update):
            if think > 0:
                await asyncio.sleep(think)
            if feed.asks(update):
                view = update.view
                rng = random.Random(f"{client.name}:{view.seat}:{update.decision}")
                action = await asyncio.to_thread(bot.choose, view, view.actions, rng)
                try:
                    feed.submit(action, update.decision)
                except IllegalMove as e:  # overtaken meanwhile (a stand-in, the end)
                    say(e.player_text)
        update = await feed.next()
    return 0


async def watch(client: TableClient, *, say: Callable[[str], None] | None = None,
                narrate: Narrator | None = None) -> int:
    """Follow the game to its end (0), or until the table goes away first (1), printing
    each move as ``narrate``'s log of the game says it. An update the log cannot tell
    ends the table (1) in one sentence, not the program."""
    say = say or _stderr
    try:
        feed = await client.game()
    except TableError as e:
        say(str(e))
        return 1
    lines = narrate(client.plays) if narrate is not None else None
    update = feed.snapshot()
    while True:
        try:
            told = lines(update) if lines is not None else []
        except Exception as error:
            client.close()
            say(unshowable(client.address.label, error).text)
            return 1
        for line in told:
            print(line, flush=True)
        if game_over(update):
            return 0
        if isinstance(update.event, Disconnected):
            say(update.event.text)
            return 1
        update = await feed.next()


def _stderr(text: str) -> None:
    print(f"ebbes: {text}", file=sys.stderr)
