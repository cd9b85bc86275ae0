"""``ebbes table serve | list | join``: open a table, see the open ones, sit down; and
the host's commands for a running table: ``close``, ``invite``, ``uninvite``, ``set``,
``bot``, ``remove``.

Every refusal is one sentence on stderr and exit status 2; a headless client that
loses its table before the game is over exits 1.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import logging
import logging.handlers
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import LEVELS
from ..controller.private_files import open_private_append
from ..controller.saves import SaveError, SaveStore
from ..controller.setup import players_setup
from ..game.clean import clean
from ..game.errors import SetupError
from ..flags import from_flags
from ..game.options import complete, flag_name
from ..game.options import describe as describe_options
from ..game.protocols import AnyGame
from ..game.registry import DEFAULT_GAME, load_game
from .client import (
    NoSuchTable, SeatElsewhere, TableClient, TableConnection, ask_table, join_table, list_tables,
    tables_called,
)
from .arguments import encode, serve_command
from .daemon import detach, reset_signals
from .headless import Narrator, play_bot, watch
from .rendezvous import TableAddress, TableError, check_name, listen_socket, my_login, own_address, uid_of
from .saved import log_path, saved_slot, table_store
from .seats import SeatSpec, parse_seats
from .server import TableServer, TableSpec
from .system import SYSTEM, System

DEFAULT_SEATS = "player,player,player"
#: Arguments that choose a new game (besides the game's own options): refused when a
#: saved game of the table is reopened.
GAME_ARGUMENTS = ("seats", "seed")
#: Where a table others sit at takes its seed from (see :func:`_seed`).
SEED_VARIABLE = "EBBES_TABLE_SEED"
#: A detached table's log: at most this many bytes, and one older file beside it.
LOG_BYTES, LOG_BACKUPS = 1 << 20, 1
LOG_FORMAT = "%(asctime)s %(message)s"


@dataclass(frozen=True)
class Plan:
    """A table ready to open: what it is, where it listens, where it saves."""

    spec: TableSpec
    address: TableAddress
    store: SaveStore
    saved: str | None  # the save it reopens


def _fail(text: str) -> int:
    print(f"ebbes: {text}", file=sys.stderr)
    return 2


# ---------------------------------------------------------------- serve


def plan_table(args: argparse.Namespace) -> Plan:
    """Check everything ``serve`` was asked for; TableError, SetupError or SaveError
    says what is wrong in one sentence. A table with a saved game reopens it as the
    game it is, whatever ``--game`` would default to."""
    name = check_name(args.name)
    host = my_login()
    store = table_store()
    saved = saved_slot(store, name)
    if saved is not None:
        game = store.load(saved)[0]
        _keep_as_saved(args, name, game)
        specs: tuple[SeatSpec, ...] = ()
        options: dict[str, Any] = {}
    else:
        game = load_game(args.game or DEFAULT_GAME)
        specs = parse_seats(args.seats or DEFAULT_SEATS)
        options = complete(game, len(specs), from_flags(game, args))
        players_setup(game, [("seat", "bot" if s.kind == "bot" else "human", s.level)
                             for s in specs], options).new_state()  # SetupError if not allowed
    invite = frozenset(uid_of(login) for login in (args.invite or "").split(",") if login)
    seed = None if saved is not None else _seed(args, specs, bool(invite))
    spec = TableSpec(name, host, game.id, specs, options, seed, invite, args.open,
                     args.spectators, parse_seconds(args.away_after, "--away-after"),
                     parse_seconds(args.turn_time, "--turn-time"))
    return Plan(spec, own_address(name, args.dir), store, saved)


def _seed(args: argparse.Namespace, specs: tuple[SeatSpec, ...], invited: bool) -> int | None:
    """The seed to deal from. ``--seed`` only at a table nobody else may join or watch:
    the process list shows a command's arguments to every user of the machine, who
    could work out every hand from it; its environment only to its owner."""
    others = args.open or args.spectators or invited or sum(s.kind != "bot" for s in specs) > 1
    if args.seed is not None:
        if others:
            raise TableError(f"--seed shows in the process list, where every user of this "
                             f"machine could read it and work out every hand: give it as "
                             f"{SEED_VARIABLE}=S before the command instead.")
        return int(args.seed)
    text = os.environ.get(SEED_VARIABLE)
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise TableError(f"{SEED_VARIABLE} must be a whole number, not {clean(text)!r}.") from None


def _keep_as_saved(args: argparse.Namespace, name: str, game: AnyGame) -> None:
    """A saved game reopens as it was: SetupError names what would choose another game
    (another ``--game``, seats, a seed, any game's options)."""
    chosen = [f"--game {args.game}"] if args.game not in (None, game.id) else []
    chosen += [f"--{o}" for o in GAME_ARGUMENTS if getattr(args, o) is not None]
    chosen += [flag_name(key) for key in getattr(args, "option_flags", ())
               if getattr(args, key) is not None]
    chosen += [f"--option {pair}" for pair in args.option or []]
    if chosen:
        raise SetupError(f"Your table {name} has a saved game of {game.title}, which "
                         f"'ebbes table serve {name}' reopens as it was: leave out "
                         f"{', '.join(chosen)}, or choose another name.")


def parse_seconds(text: str | None, option: str) -> float | None:
    """``--away-after`` and ``--turn-time``: seconds (default 120), or ``never``."""
    if text is None:
        return 120.0
    if text == "never":
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86400:
        raise SetupError(f"{option} takes seconds (0 to 86400) or 'never', not {text!r}.")
    return seconds


class _PrivateLog(logging.handlers.RotatingFileHandler):
    """A rotating log only its user may read (0600, as every file of theirs): it names
    who came to the table and what they were refused."""

    def _open(self) -> io.TextIOWrapper:
        return open_private_append(Path(self.baseFilename), self.encoding)


def table_log(path: Path | None) -> logging.Handler:
    """Where a table logs: its file, capped and rotated (so nobody can fill the host's
    disk through it), or stderr in the foreground (``path`` None)."""
    handler: logging.Handler = logging.StreamHandler() if path is None else \
        _PrivateLog(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    return handler


def serve(args: argparse.Namespace) -> int:
    """Open a table: detached (returns once it accepts connections) or in the foreground."""
    try:
        plan = plan_table(args)
        log_file = log_path(plan.store, plan.spec.name)
        if not args.foreground and log_file.is_symlink():  # a detached server only stops
            return _fail(f"{log_file} is a link: a table writes its log only to a file "
                         "of its own. Remove the link and open the table again.")
        sock = listen_socket(plan.address)
    except (TableError, SetupError, SaveError) as e:
        return _fail(str(e))
    if args.foreground:
        reset_signals()
        table_log(None)
        print(opened(plan), flush=True)
        return _run(plan, sock, lambda: None, lambda text: print(f"ebbes: {text}", file=sys.stderr))

    def run(ready: Callable[[], None], fail: Callable[[str], None]) -> int:
        table_log(log_file)
        return _run(plan, sock, ready, fail)

    failure = detach(run, log_file)
    sock.close()  # the detached server has its own copy
    if failure is not None:
        plan.address.path.unlink(missing_ok=True)
        return _fail(failure)
    print(opened(plan))
    return 0


def opened(plan: Plan) -> str:
    """What ``serve`` says once the table is open: which table, which game, how friends
    sit down."""
    label = plan.address.label
    game = load_game(plan.spec.game).title
    what = f"its saved game of {game}" if plan.saved is not None else game
    return f"{label} is open ({what}): friends join with 'ebbes table join {label}'."


def _run(plan: Plan, sock: socket.socket, ready: Callable[[], None],
         fail: Callable[[str], None]) -> int:
    """Serve the table in this process until it ends."""
    async def main() -> int:
        try:
            server = TableServer(plan.spec, plan.address, plan.store, saved=plan.saved)
        except SaveError as e:
            fail(str(e))
            return 2
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):  # say goodbye; the game is saved
            loop.add_signal_handler(sig, server.shutdown, "The host closed the table.")
        try:
            await server.serve(sock, ready)
        except (SaveError, TableError) as e:
            fail(str(e))
            return 2
        return 0

    return asyncio.run(main())


def open_table(arguments: list[str], *, env: Mapping[str, str] | None = None,
               timeout: float = 30.0) -> str:
    """Open a table from a program (the menu's "Open a table"): runs ``ebbes table
    serve`` with ``arguments`` (NAME and options, as on the command line) and returns
    what it said (:func:`opened`) once it accepts; TableError with the command's
    sentence if not. Blocking: call it in a thread."""
    try:
        given = encode(arguments)
    except SetupError as e:
        raise TableError(str(e)) from None
    done = subprocess.run(serve_command(), capture_output=True, timeout=timeout, env=env,
                          input=given)  # not on its command line, which ps shows anyone
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().removeprefix("ebbes: ")
        raise TableError(said or "The table did not open.")
    return done.stdout.decode(errors="replace").strip()


# ----------------------------------------------------------------- list


def list_command(args: argparse.Namespace) -> int:
    # A --dir that is not there is a mistake to name, not a folder without tables.
    if args.dir is not None and not Path(args.dir).is_dir():
        return _fail(f"There is no folder {clean(str(args.dir))}: give --dir the folder "
                     "the tables are served in.")
    try:
        tables = list_tables(args.dir)
    except TableError as e:
        return _fail(str(e))
    if args.json:
        for table in tables:
            print(json.dumps(table))
        return 0
    if not tables:
        print("No tables are open.")
    for t in tables:
        print(describe(t))
    return 0


def describe(table: dict[str, Any]) -> str:
    """One line about a table for ``ebbes table list`` (from :func:`list_tables`: its
    host and name are the kernel's, the rest is cleaned, its game one this ebbes
    knows; a ``busy`` one, only its name)."""
    if table.get("phase") == "busy":
        return f"{table['host']}/{table['name']}: busy ({table['why']}); try again in a moment"
    game = load_game(table["game"])
    if table["access"] == "private":
        return f"{table['host']}/{table['name']}: {game.title}; private"
    chosen = describe_options(game, table["options"])
    extras = [game.title, *([chosen] if chosen else [])]
    seats = f"{table['seats']} seats ({table['free_seats']} free"
    kept = table.get("kept_for_you")
    if kept and table["phase"] == "playing":  # "0 free" must not read as no way back
        seats += ", your seat is kept for you" if kept == 1 else f", {kept} kept for you"
    elif kept:
        seats += f", {kept} kept for you"
    watch = ", spectators welcome" if table["spectators"] else ""
    line = (f"{table['host']}/{table['name']}: {table['phase']}, {seats}), "
            f"{', '.join(extras)}{watch}; {table['access']}")
    players = table.get("players")
    if isinstance(players, list):
        line += "; " + ", ".join(p or "(free)" for p in players)
    return line


# ------------------------------------------------------------ the host's commands


#: What only a table's host may do, by command, for a user who has no table of that name.
HOST_WHAT = {"close": "close it", "invite": "invite anyone to it",
             "uninvite": "uninvite anyone from it", "set": "change who may come to it",
             "bot": "hand a seat of it to a bot", "remove": "show a watcher out of it"}


def host_command(args: argparse.Namespace, system: System = SYSTEM) -> int:
    """``close``, ``invite``, ``uninvite``, ``set``, ``bot``, ``remove``: one message to
    the table, answered with one sentence (a bare NAME is the user's own table)."""
    message: dict[str, Any] = {"type": args.action}
    if args.action in ("invite", "uninvite"):
        message["logins"] = args.logins
    elif args.action == "set":
        for key in ("open", "spectators"):
            if getattr(args, key) is not None:
                message[key] = getattr(args, key)
        if len(message) == 1:
            return _fail("Say what to set: --open or --private, --spectators or --no-spectators.")
    elif args.action == "bot":
        message["player"] = args.seat
    elif args.action == "remove":
        message["login"] = args.login
    bare = "/" not in args.name
    name = f"{my_login(system)}/{args.name}" if bare else args.name
    try:
        print(asyncio.run(ask_table(name, message, directory=args.dir, system=system)))
    except NoSuchTable as e:
        return _fail(not_yours(args.name, args.action, args.dir, system) if bare else str(e))
    except TableError as e:
        return _fail(str(e))
    return 0


def not_yours(name: str, action: str, directory: Path | None, system: System = SYSTEM) -> str:
    """Why a host command for table ``name`` cannot be given by this user, who has no
    table of that name: naming the hosts who have one (theirs to run, not this user's)."""
    try:
        others = [a for a in tables_called(name, directory, system) if a.uid != system.uid()]
    except TableError:
        others = []
    if not others:
        return f"You have no table called {name}: 'ebbes table list' shows the open ones."
    if len(others) == 1:
        host = others[0].host
        return (f"You have no table called {name}: {others[0].label} is {host}'s, and only "
                f"{host} can {HOST_WHAT[action]}.")
    labels = ", ".join(a.label for a in others[:-1]) + f" and {others[-1].label}"
    return (f"You have no table called {name}: {labels} are other people's, and only a "
            f"table's host can {HOST_WHAT[action]}.")


# ----------------------------------------------------------------- join


#: Plays a joined table at this terminal (the Textual side, given by the command line,
#: so that nothing in this package imports the screens).
AtTerminal = Callable[[TableConnection, argparse.Namespace], int]


def join(args: argparse.Namespace, at_terminal: AtTerminal,
         narrate: Narrator | None = None) -> int:
    """Sit down at a table: headless with a bot, headless watching (printing each move
    as ``narrate`` says it), or at this terminal."""
    if args.bot is not None and args.watch:
        return _fail("--bot plays a seat and --watch watches: choose one.")
    if args.bot is not None and args.bot not in LEVELS:
        return _fail(f"unknown bot level {args.bot!r} (one of {', '.join(LEVELS)}).")
    headless = args.bot is not None or (args.watch and (args.trace is not None or not _terminal()))
    if not headless and not _terminal():
        return _fail("Playing at a table needs a terminal (or --bot LEVEL, or --watch).")
    try:
        connection = join_table(args.name, directory=args.dir, watch=args.watch,
                                player=args.seat, trace=args.trace, take_over=args.take_over)
    except SeatElsewhere as e:
        return _fail(f"{e} To move it here (the other terminal is let go): "
                     f"ebbes table join {args.name} --take-over")
    except TableError as e:
        return _fail(str(e))
    if args.bot is not None:
        return asyncio.run(_headless(connection, args.bot, args.think))
    if headless:
        return asyncio.run(_headless(connection, None, 0.0, narrate))
    return at_terminal(connection, args)


async def _headless(connection: TableConnection, level: str | None, think: float,
                    narrate: Narrator | None = None) -> int:
    client = await TableClient.start(connection)
    try:
        if level is None:
            return await watch(client, narrate=narrate)
        return await play_bot(client, level, think=think)
    finally:
        client.close()
        await client.wait_closed()


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def main(args: argparse.Namespace, at_terminal: AtTerminal,
         narrate: Narrator | None = None) -> int:
    """Dispatch ``ebbes table ACTION``."""
    if args.action == "serve":
        return serve(args)
    if args.action == "list":
        return list_command(args)
    if args.action == "join":
        return join(args, at_terminal, narrate)
    return host_command(args)
