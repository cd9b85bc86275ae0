"""Helpers for the table tests: a table served in the test's event loop, raw protocol
connections, real `ebbes` processes with a private home, reading traces; and, so that
several users can meet without root, a pretend system of users (:class:`Users`, one
:class:`FakeSystem` per user) and a clock moved by hand (:class:`ManualClock`)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import heapq
import itertools
import json
import os
import re
import socket
import stat
import subprocess
import sys
import time
import unicodedata
from enum import Enum
from pathlib import Path

from ebbes_tui.controller import Library, SaveStore
from ebbes_tui.controller.history import finished_games
from ebbes_tui.controller.stats import KeptStatistics
from ebbes_tui.game.registry import load_game
from ebbes_tui.table.client import TableClient, connect_table
from ebbes_tui.table.protocol import VERSION, encode
from ebbes_tui.table.rendezvous import my_login, own_address, tables_in, user_dirs
from ebbes_tui.table.saved import table_store
from ebbes_tui.table.server import TableServer, TableSpec
from ebbes_tui.table.system import SYSTEM, Peer, System

WAIT = 60.0  # seconds any single wait may take before the test calls it a hang
CARD = re.compile(r"\b(?:blue|brown|yellow|green|red)(?:1[0-5]|[1-9])\b")


# ------------------------------------------------------ a table in this loop


class LocalTable:
    """A :class:`TableServer` running in the test's own event loop (as ``system``'s
    user, by ``clock``'s time)."""

    def __init__(self, tmp_path: Path, spec: TableSpec, saved: str | None = None, *,
                 system: System = SYSTEM, clock=None, parent: Path | None = None) -> None:
        self.directory = parent or tmp_path / "tables"  # where the users' directories are
        self.store = table_store(tmp_path / "saves")
        self.address = own_address(spec.name, self.directory, system)
        self.server = TableServer(spec, self.address, self.store, saved=saved, system=system,
                                  clock=clock)
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> LocalTable:
        ready = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self.server.serve(ready=ready.set))
        await asyncio.wait_for(ready.wait(), WAIT)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.server.shutdown("The test is over.")
        assert self.task is not None
        await asyncio.wait_for(self.task, WAIT)

    async def ended(self) -> None:
        """Wait until the table ends by itself."""
        assert self.task is not None
        await asyncio.wait_for(asyncio.shield(self.task), WAIT)

    async def join(self, tap=None, **kw: object) -> TableClient:
        """A real client (peer credentials, hello) at this table."""
        connection = await connect_table(self.address.label, directory=self.directory, **kw)
        return await TableClient.start(connection, tap=tap)

    def record(self) -> dict:
        """The game's record: archived once over, else the save ({} before the first
        save is written)."""
        finished = sorted((self.store.root / "finished").glob("*.json"))
        paths = finished or sorted(self.store.root.glob("*.json"))
        return json.loads(paths[-1].read_text()) if paths else {}


def spec(name: str = "t", system: System = SYSTEM, **kw: object) -> TableSpec:
    """A table of ``system``'s user; ``invite`` names logins (the table keeps their uids,
    as ``serve --invite`` does)."""
    from ebbes_tui.table.rendezvous import uid_of
    from ebbes_tui.table.seats import parse_seats

    seats = parse_seats(str(kw.pop("seats", "player,bot:random,bot:random")), system)
    game = str(kw.pop("game", "ebbes"))
    invite = frozenset(uid_of(login, system) for login in kw.pop("invite", ()))  # type: ignore[attr-defined]
    return TableSpec(name, my_login(system), game, seats, invite=invite, **kw)  # type: ignore[arg-type]


class Raw:
    """A protocol connection that sends whatever it is told, for hostile-input tests."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.seen: list[dict] = []

    @classmethod
    async def open(cls, table: LocalTable, hello: dict | None = None,
                   system: System = SYSTEM) -> Raw:
        sock = system.client_socket()
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, str(table.address.path))
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=1 << 20)
        raw = cls(reader, writer)
        if hello is not None:
            raw.send({"type": "hello", "version": VERSION, "games": ["ebbes", "huhn", "hund"],
                      **hello})
        return raw

    def send(self, message: dict) -> None:
        self.writer.write(encode(message))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def receive(self, kind: str | None = None, **match: object) -> dict:
        """The next message of ``kind`` (any kind when None) whose fields equal ``match``."""
        async def wait() -> dict:
            while True:
                line = await self.reader.readline()
                if not line:
                    raise EOFError(f"closed before a {kind} message came; saw "
                                   f"{[m.get('type') for m in self.seen[-5:]]}")
                message = json.loads(line)
                self.seen.append(message)
                if (kind is None or message.get("type") == kind) and \
                        all(message.get(k) == v for k, v in match.items()):
                    return message
        return await asyncio.wait_for(wait(), WAIT)

    async def closed(self) -> bool:
        """Whether the server closes this connection (reading all it sends first)."""
        async def drain() -> None:
            while line := await self.reader.readline():
                self.seen.append(json.loads(line))
        await asyncio.wait_for(drain(), WAIT)
        return True

    def close(self) -> None:
        self.writer.close()


async def until(condition, timeout: float = WAIT, what="the condition"):
    """Wait (in the loop) until ``condition()`` is truthy; return its value. ``what``
    (or what it returns, when called) says what never came."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"waited in vain for {what if isinstance(what, str) else what()}"
        await asyncio.sleep(0.01)
    return value


# ------------------------------------------------------------ real processes


class Home:
    """A private home for real `ebbes` processes: data, config and the table dir."""

    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path
        self.tables = tmp_path / "tables"
        self.env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
                        XDG_CONFIG_HOME=str(tmp_path / "config"),
                        EBBES_TABLES_DIR=str(self.tables))
        self.processes: list[subprocess.Popen] = []

    def run(self, *args: str, timeout: float = 60, seed: int | None = None
            ) -> subprocess.CompletedProcess:
        """``ebbes ARGS``; ``seed``: a table's seed, where only its owner reads it."""
        env = self.env if seed is None else {**self.env, "EBBES_TABLE_SEED": str(seed)}
        return subprocess.run([sys.executable, "-m", "ebbes_tui", *args], env=env,
                              capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)

    def start(self, *args: str) -> subprocess.Popen:
        process = subprocess.Popen([sys.executable, "-m", "ebbes_tui", *args], env=self.env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   stdin=subprocess.DEVNULL)
        self.processes.append(process)
        return process

    def tables_open(self) -> list[dict]:
        done = self.run("table", "list", "--json")
        assert done.returncode == 0, done.stderr
        return [json.loads(line) for line in done.stdout.splitlines()]

    def finished(self) -> list[Path]:
        return sorted((self.root / "data" / "ebbes-tui" / "tables" / "finished").glob("*.json"))

    def kill_all(self) -> None:
        """Kill every process started here and every table server still listening."""
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait(5)
        for table in self._live_pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(table, 9)

    def _live_pids(self) -> list[int]:
        pids = []
        for uid, directory in user_dirs(self.tables):
            for address in tables_in(directory, uid):
                with contextlib.suppress(OSError):
                    pids.append(server_pid(address.path))
        return pids

    def command_line(self, name: str) -> list[str]:
        """What ``ps`` shows any user of the server as the table ``name``'s command."""
        cmdline = Path(f"/proc/{server_pid(self.socket_of(name))}/cmdline").read_bytes()
        return cmdline.decode().split("\0")[:-1]

    def socket_of(self, name: str) -> Path:
        return self.tables / f"ebbes-tables-{os.geteuid()}" / f"{name}.sock"


def server_pid(path: Path) -> int:
    """The pid of the process listening at ``path``, as the kernel gives it."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.settimeout(1)
        sock.connect(str(path))
        return SYSTEM.peer(sock).pid


def wait_for(condition, timeout: float = 60.0, step: float = 0.05):
    """Wait until ``condition()`` is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(step)
    return value


def read_trace(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def cards_in(message: object) -> set[str]:
    """Every card code written anywhere in a message (actions and chat included)."""
    return set(CARD.findall(json.dumps(message)))


def leaked_cards(messages: list[dict], record: dict, seat: int | None) -> list:
    """Cards that messages showed their receiver before it could know them: not in its
    own hand of that round (a spectator has none) and not yet played in it (R18). A
    message without "round" and "played" may show no card at all."""
    rounds = record["rounds"]
    every_play = {c for r in rounds for c in r["plays"]}
    leaks = []
    for message in messages:
        cards = cards_in(message)
        if not cards:
            continue
        if message.get("type") == "record":  # the game is over: every card has been played
            if seat is None or cards - every_play:  # never to a spectator
                leaks.append(("record", sorted(cards - every_play)))
            continue
        if "round" not in message or message["round"] > len(rounds):
            leaks.append((message.get("type"), sorted(cards)))
            continue
        dealt = rounds[message["round"] - 1]
        allowed = set(dealt["plays"][: message["played"]])
        if seat is not None:
            allowed |= set(dealt["hands"][seat])
        if cards - allowed:
            leaks.append((message.get("type"), message["round"], message["played"],
                          sorted(cards - allowed)))
    return leaks


# ------------------------------------------------------- several users, no root


class Users:
    """A pretend user database and the owners of the files its users made, shared by
    the :class:`FakeSystem` of each user, so that alice, bob and carol can meet in
    one test process without root."""

    def __init__(self, *logins: str) -> None:
        self.uids = {login: 60001 + i for i, login in enumerate(logins)}
        self.owners: dict[str, int] = {}  # path -> the uid that made it

    def system(self, login: str) -> FakeSystem:
        return FakeSystem(self, self.uids[login])

    def own(self, path: Path, login: str) -> None:
        """``path`` belongs to ``login`` (as if they had made it)."""
        self.owners[str(path)] = self.uids[login]


def neighbours(tmp_path: Path, logins: tuple[str, ...] = ("alice", "bob", "carol")) -> Users:
    """alice, bob and carol (uids in the order of ``logins``), and a /tmp of root's for
    their tables (``tmp_path/tmp``, sticky and writable by all, as the real one)."""
    users = Users(*logins)
    (tmp_path / "tmp").mkdir()
    (tmp_path / "tmp").chmod(0o1777)
    users.owners[str(tmp_path / "tmp")] = 0
    return users


class FakeSystem(System):
    """One pretend user. A connection it makes is bound to an abstract socket name that
    carries its uid, and the sockets and directories it makes are noted as its own, so
    a peer's uid and a file's owner come out as that user's, for this test only.
    Anything else is the real system's answer."""

    _counter = itertools.count()

    def __init__(self, users: Users, uid: int) -> None:
        self.users = users
        self.me = uid

    def uid(self) -> int:
        return self.me

    def peer(self, sock: socket.socket) -> Peer:
        real = super().peer(sock)
        name = sock.getpeername()
        if isinstance(name, bytes) and name.startswith(b"\0ebbes-as-"):
            return Peer(real.pid, int(name.split(b"-")[2]), real.gid)
        uid = self.users.owners.get(os.fsdecode(name) if name else "")
        return Peer(real.pid, real.uid if uid is None else uid, real.gid)

    def lstat(self, path: Path) -> os.stat_result:
        info = super().lstat(path)
        uid = self.users.owners.get(str(path))
        if uid is None:
            return info
        fields = list(info)
        fields[stat.ST_UID] = uid
        return os.stat_result(fields)

    def login_of(self, uid: int) -> str | None:
        names = {u: login for login, u in self.users.uids.items()}
        return names.get(uid) or super().login_of(uid)

    def uid_of(self, login: str) -> int | None:
        return self.users.uids.get(login, super().uid_of(login))

    def mkdir(self, path: Path, mode: int) -> None:
        super().mkdir(path, mode)
        self.users.owners[str(path)] = self.me

    def bind(self, sock: socket.socket, path: Path) -> None:
        super().bind(sock, path)
        self.users.owners[str(path)] = self.me

    def client_socket(self) -> socket.socket:
        sock = super().client_socket()
        sock.bind(f"\0ebbes-as-{self.me}-{os.getpid()}-{next(self._counter)}".encode())
        return sock


class ManualClock:
    """A table's clock that moves only when the test says (:meth:`advance`)."""

    def __init__(self) -> None:
        self.time = 1000.0
        self._timers: list[tuple[float, int, ManualTimer]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def later(self, delay: float, callback, *args) -> ManualTimer:
        timer = ManualTimer(callback, args)
        heapq.heappush(self._timers, (self.time + delay, next(self._order), timer))
        return timer

    def advance(self, seconds: float) -> None:
        """Move time on, firing every timer that falls due on the way, in order."""
        end = self.time + seconds
        while self._timers and self._timers[0][0] <= end:
            due, _, timer = heapq.heappop(self._timers)
            self.time = max(self.time, due)
            if not timer.cancelled:
                timer.callback(*timer.args)
        self.time = end


class ManualTimer:
    def __init__(self, callback, args) -> None:
        self.callback = callback
        self.args = args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeTable:
    """A table server of a neighbour's own making at ``address`` (bound as ``system``'s
    user): every connection is handed to ``answer(reader, writer)``, which may say
    anything, slowly or never. ``opened`` and ``closed`` count connections as they
    come and as their clients hang up."""

    def __init__(self, address, system: System, answer) -> None:
        self.address = address
        self.system = system
        self.answer = answer
        self.opened = 0
        self.closed = 0
        self.events: list[str] = []

    async def __aenter__(self) -> FakeTable:
        from ebbes_tui.table.rendezvous import listen_socket

        sock = listen_socket(self.address, self.system)
        self.server = await asyncio.start_unix_server(self._serve, sock=sock)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.server.close()
        self.address.path.unlink(missing_ok=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.opened += 1
        self.events.append("opened")
        try:
            await self.answer(reader, writer)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed += 1
            self.events.append("closed")
            writer.close()


async def until_closed(reader: asyncio.StreamReader) -> None:
    """Read until the client hangs up."""
    while await reader.read(65536):
        pass


class Keeper:
    """What the terminal does with a table's record (ui/app.py): keep it in the
    player's own History and Statistics, held against what they saw."""

    def __init__(self, client: TableClient, library: Library) -> None:
        self.client = client
        self.library = library
        self.offered = 0
        self.kept: list[object] = []
        self.tasks: list[asyncio.Future] = []
        client.records.on_record = self.take

    def take(self, record, check) -> None:
        self.offered += 1
        self.tasks.append(asyncio.ensure_future(asyncio.to_thread(
            self.library.keep_finished, record, f"{self.client.name}.", check)))

    async def done(self) -> list[object]:
        self.kept = list(await asyncio.gather(*self.tasks))
        await asyncio.sleep(0)  # a refusal said from the keeping thread arrives
        return self.kept


def store_of(tmp_path, login: str, gid: str) -> SaveStore:
    return SaveStore(tmp_path / login / gid / "saves")


def kept_games(store: SaveStore, gid: str) -> tuple[int, int, int]:
    """History's entries, the games Statistics counted, and the people's games."""
    stats = KeptStatistics(load_game(gid), store.root).load().stats
    return (len(finished_games(store)), len(stats.games),
            sum(p.total.games for p in stats.players.values()))


def unclean(value: object) -> list[str]:
    """Every string held anywhere in a decoded value with a character of category C or
    Z other than the plain space."""
    if isinstance(value, str):
        return [value] if any(c != " " and unicodedata.category(c)[0] in "CZ"
                              for c in value) else []
    if isinstance(value, (Enum, int, float, type(None))):
        return []  # an enum's words are the program's own
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in unclean(k) + unclean(v)]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [s for v in value for s in unclean(v)]
    if dataclasses.is_dataclass(value):
        return [s for f in dataclasses.fields(value) for s in unclean(getattr(value, f.name))]
    names = getattr(type(value), "__slots__", ()) or vars(value)
    return [s for name in names for s in unclean(getattr(value, name))]


def answering(*messages: dict):
    """A fake table that answers a request with ``messages``, then waits for the hang-up."""
    async def answer(reader, writer):
        await reader.readline()
        for message in messages:
            writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        await until_closed(reader)
    return answer
