"""A player's (or spectator's) end of a table: find it, check that its server is who its
name says (peer credentials), sit down, then follow the game as a feed.

Joining is done in two steps so a terminal can report a refusal before any screen
starts: :func:`join_table` connects and says hello, blocking (a few seconds at most);
:meth:`TableClient.start` then runs that connection in the caller's event loop. Until
the game starts, the client hands out lobby events; then :meth:`TableClient.game`
gives the :class:`RemoteFeed`, which a screen follows exactly as it follows a local
session (``snapshot``, ``next``, ``asks``, ``submit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..controller.events import SeatChanged, Synced, Update
from ..controller.session import NotYourTurn, UpdateStream
from ..game.protocols import Action, Game
from ..game.registry import game_ids, load_game
from .events import (
    ChatLine, Disconnected, GameStarted, Lobby, LobbySeat, Presence, Refused, SeatPresence,
    TableEvent,
)
from .limits import clean_chat
from .protocol import (
    SERVER_LINE_LIMIT, VERSION, LineSplitter, ProtocolError, encode, update_from_message,
)
from .rendezvous import (
    TableAddress, TableError, check_name, check_server, check_socket_owner, chosen_dir,
    remove_if_stale, table_dir, tables_in,
)

#: Seconds to wait for a table to answer a hello or an info request.
ANSWER_TIMEOUT = 10.0
#: Called with ("in" or "out", message) for every message: benchmarks and logs.
Tap = Callable[[str, dict[str, Any]], None]


@dataclass
class TableConnection:
    """An admitted connection to a table, not yet running in an event loop."""

    sock: socket.socket
    address: TableAddress
    welcome: dict[str, Any]
    first_line: bytes  # the welcome as received (a trace starts with it)
    rest: bytes  # what arrived after it
    trace: Path | None = None

    @property
    def seat(self) -> int | None:
        return self.welcome.get("seat")

    @property
    def role(self) -> str:
        return str(self.welcome.get("role"))

    @property
    def login(self) -> str:
        return str(self.welcome.get("login"))

    @property
    def game(self) -> Game:
        return load_game(str(self.welcome.get("game")))


def find_table(name: str, directory: Path | str | None = None) -> TableAddress:
    """The table called ``name`` (``host/name`` when several hosts use one name)."""
    folder = table_dir(directory, create=False)
    host, slash, table = name.rpartition("/")
    check_name(table)
    found = [a for a in tables_in(folder) if a.name == table and (not slash or a.host == host)]
    if not found:
        raise TableError(f"There is no table called {name} in {folder}.")
    if len(found) > 1:
        labels = ", ".join(a.label for a in found)
        raise TableError(f"Several tables are called {table} ({labels}): say which, "
                         f"e.g. 'ebbes table join {found[0].label}'.")
    return found[0]


def _exchange(address: TableAddress, message: dict[str, Any],
              timeout: float) -> tuple[socket.socket, bytes, dict[str, Any], bytes]:
    """Connect, check the server's credentials, send ``message`` and read one answer:
    (socket, answer line, answer, bytes after it). TableError for a refusal."""
    host_uid = check_socket_owner(address)  # never even connect to a socket not theirs
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        try:
            sock.connect(os.fsencode(address.path))
        except FileNotFoundError:
            raise TableError(f"The table {address.label} is not open.") from None
        except ConnectionRefusedError:
            raise TableError(f"The table {address.label} is not running any more.") from None
        check_server(sock, address, host_uid)
        sock.sendall(encode(message))
        data = b""
        while b"\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                raise TableError(f"The table {address.label} closed the connection.")
            data += chunk
            if len(data) > SERVER_LINE_LIMIT:
                raise TableError(f"The table {address.label} sent too much at once.")
        line, _, rest = data.partition(b"\n")
        answer = json.loads(line)
        if not isinstance(answer, dict):
            raise ValueError("not an object")
    except TimeoutError:
        sock.close()
        raise TableError(f"The table {address.label} did not answer in time.") from None
    except (OSError, ValueError, TableError) as e:
        sock.close()
        if isinstance(e, TableError):
            raise
        raise TableError(f"The table {address.label} cannot be reached ({e}).") from None
    if answer.get("type") == "error":
        sock.close()
        raise TableError(str(answer.get("text", "The table refused.")))
    return sock, line, answer, rest


def join_table(name: str, *, directory: Path | str | None = None, watch: bool = False,
               player: int | None = None, trace: Path | None = None,
               timeout: float = ANSWER_TIMEOUT) -> TableConnection:
    """Sit down at table ``name`` (``player``: the seat asked for, from 1) or watch it.
    Blocks until the table answers; TableError says in one sentence why not."""
    address = find_table(name, directory)
    hello: dict[str, Any] = {"type": "hello", "version": VERSION,
                             "role": "spectator" if watch else "player"}
    if player is not None and not watch:
        hello["player"] = player
    sock, line, welcome, rest = _exchange(address, hello, timeout)
    if welcome.get("type") != "welcome":
        sock.close()
        raise TableError(f"The table {address.label} answered with {welcome.get('type')!r}.")
    if welcome.get("game") not in game_ids():
        sock.close()
        raise TableError(f"The table {address.label} plays a game this ebbes does not know.")
    sock.settimeout(None)
    return TableConnection(sock, address, welcome, line, rest, trace)


def list_tables(directory: Path | str | None = None,
                timeout: float = 2.0) -> list[dict[str, Any]]:
    """The tables open in the directory, as each describes itself to this user (one
    dict per table: the ``info`` message of assets/protocol.md, plus ``socket``). This
    user's stale sockets (their server died) are removed; others' are skipped.
    Blocking (a moment per table): a screen calls it in a thread."""
    if not os.path.lexists(chosen_dir(directory)):
        return []  # no table was ever opened here
    folder = table_dir(directory, create=False)
    tables = []
    for address in tables_in(folder):
        if remove_if_stale(address):
            continue
        try:
            sock, _, info, _ = _exchange(address, {"type": "info", "version": VERSION}, timeout)
        except TableError:
            continue  # not a table this user can trust or reach
        sock.close()
        if info.get("type") == "info" and info.get("game") in game_ids():
            info.pop("type")
            info.pop("version", None)
            tables.append({**info, "socket": str(address.path)})
    return tables


class TableClient:
    """A joined table in this event loop: lobby events until the game starts, then
    the game's :class:`RemoteFeed`."""

    def __init__(self, connection: TableConnection, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, tap: Tap | None) -> None:
        self.address = connection.address
        self.game = connection.game
        self.login = connection.login
        self.seat: int | None = connection.seat
        self.role = connection.role
        self.lobby: Lobby | None = None
        self.feed: RemoteFeed | None = None
        self.presence: Presence | None = None
        self.ended: Disconnected | None = None
        #: Called with the whole record when the game is over (the terminal keeps it
        #: in the player's History; headless clients leave it None).
        self.on_record: Callable[[dict[str, Any]], object] | None = None
        self._reader = reader
        self._writer = writer
        self._tap = tap
        self._lobby_events: asyncio.Queue[TableEvent] = asyncio.Queue()
        self._started = asyncio.Event()
        self._trace = open(connection.trace, "wb") if connection.trace else None
        self._record(connection.first_line)
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, connection: TableConnection, *, tap: Tap | None = None) -> TableClient:
        """Run ``connection`` in the running event loop."""
        reader, writer = await asyncio.open_unix_connection(sock=connection.sock,
                                                            limit=SERVER_LINE_LIMIT)
        client = cls(connection, reader, writer, tap)
        if tap is not None:
            tap("in", connection.welcome)
        client._task = asyncio.get_running_loop().create_task(client._read(connection.rest))
        return client

    @property
    def name(self) -> str:
        return self.address.name

    @property
    def closed(self) -> bool:
        return self.ended is not None

    # ---------------------------------------------------------- the lobby

    async def next_lobby_event(self) -> TableEvent:
        """The next happening before the game: a new :class:`Lobby`, a chat line, a
        refusal, :class:`GameStarted` (then follow :meth:`game`) or
        :class:`Disconnected`."""
        return await self._lobby_events.get()

    async def game(self) -> RemoteFeed:
        """The game's feed, once the game has started; TableError if the table ends
        first."""
        await self._started.wait()  # set by the first state, or by the end
        if self.feed is None:
            raise TableError(self.ended.text if self.ended else "The table has closed.")
        return self.feed

    def start_game(self) -> None:
        """The host starts now: bots take the empty seats."""
        self.send({"type": "start"})

    def send_chat(self, text: str) -> None:
        """Say ``text`` to the table (cleaned and cut to length here and by the server)."""
        text = clean_chat(text)
        if text:
            self.send({"type": "chat", "text": text})

    # --------------------------------------------------------- the wire

    def send(self, message: dict[str, Any]) -> None:
        if self.closed or self._writer.is_closing():
            return
        if self._tap is not None:
            self._tap("out", message)
        self._writer.write(encode(message))

    def close(self) -> None:
        """Leave the table (a seat is then away until its player comes back)."""
        if self._task is not None:
            self._task.cancel()
        self._writer.close()
        self._end("You left the table.")

    async def wait_closed(self) -> None:
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()

    def _record(self, line: bytes) -> None:
        if self._trace is not None:
            self._trace.write(line + b"\n")
            self._trace.flush()

    async def _read(self, rest: bytes) -> None:
        splitter = LineSplitter(SERVER_LINE_LIMIT)
        reason = "The table closed the connection."
        try:
            data = rest
            while True:
                for line in splitter.feed(data):
                    if line is None:
                        raise ProtocolError("too-long", "The table sent a line too long to read.")
                    self._record(line)
                    message = json.loads(line)
                    if self._tap is not None:
                        self._tap("in", message)
                    self._on_message(message)
                data = await self._reader.read(65536)
                if not data:
                    break
        except ProtocolError as e:
            reason = e.text
        except (ValueError, TypeError, AttributeError, LookupError) as e:
            reason = f"The table sent something this ebbes cannot read ({e})."
        except (ConnectionError, OSError):
            reason = "The connection to the table broke."
        self._writer.close()
        self._end(reason)

    def _end(self, text: str) -> None:
        if self.ended is not None:
            return
        self.ended = Disconnected(text)
        self._table_event(self.ended)
        self._started.set()
        if self._trace is not None:
            self._trace.close()
            self._trace = None

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            self._on_update(update_from_message(self.game, message))
        elif kind == "lobby":
            self.lobby = _lobby(message)
            self._lobby_events.put_nowait(self.lobby)
        elif kind == "presence":
            self.presence = _presence(message, time.monotonic())
            self._table_event(self.presence)
        elif kind == "chat":
            seat = message.get("seat")
            self._table_event(ChatLine(clean_chat(str(message.get("from", "?")), 40),
                                       clean_chat(str(message.get("text", ""))),
                                       seat if isinstance(seat, int) else None))
        elif kind == "error":
            if self.feed is not None:
                self.feed._refused(message.get("decision"), str(message.get("code")))
            self._table_event(Refused(clean_chat(str(message.get("text", ""))),
                                      str(message.get("code", "refused"))))
        elif kind == "record":
            record = message.get("record")
            if self.on_record is not None and isinstance(record, dict):
                self.on_record(record)
        elif kind == "closed":
            self._end(clean_chat(str(message.get("text", "The table has closed."))))
        # other types (from a newer server) are ignored

    def _on_update(self, update: Update) -> None:
        if isinstance(update.event, SeatChanged) and self.presence is not None:
            self.presence = _with_bot(self.presence, update.event)
        if self.feed is None:
            self.feed = RemoteFeed(self, update)
            self.lobby = None
            self._started.set()
            self._lobby_events.put_nowait(GameStarted())
        else:
            self.feed._push(update)

    def _table_event(self, event: TableEvent) -> None:
        if self.feed is not None:
            self.feed._push_event(event)
        else:
            self._lobby_events.put_nowait(event)


class RemoteFeed(UpdateStream):
    """What a table screen follows for a game on a table server: the same interface as
    a local :class:`~ebbes_tui.controller.Session`. Chat lines, presence changes and
    refusals come through :meth:`next` too, as updates whose event is one of
    :mod:`ebbes_tui.table.events`, with the latest view."""

    take_back_offered = False  # one player against bots only (R20): never at a table
    hints_offered = False

    def __init__(self, client: TableClient, first: Update) -> None:
        super().__init__()
        self.client = client
        self.seat = client.seat if client.role == "player" else None
        self._latest = first
        self.answered = -1  # the last decision this feed answered
        self._turn_since = time.monotonic()

    @property
    def latest(self) -> Update:
        """The newest game update received (not necessarily shown yet)."""
        return self._latest

    @property
    def presence(self) -> Presence | None:
        """Who is connected and away, and whose turn it is since when (R21)."""
        presence = self.client.presence
        if presence is None:
            return None
        return replace(presence, turn=self._latest.view.to_move, turn_since=self._turn_since)

    def snapshot(self) -> Update:
        latest = self._latest
        return Update(latest.seq, Synced(), latest.view, latest.decision)

    def asks(self, update: Update) -> bool:
        """Whether ``update`` asks this seat for a decision still open: not answered,
        the latest known, and not being made by a bot standing in (R21)."""
        return (self.seat is not None and bool(update.view.actions)
                and update.decision > self.answered
                and update.decision == self._latest.decision
                and not self._stood_in() and not self.client.closed)

    def submit(self, action: Action, decision: int | None = None) -> None:
        """Send this seat's answer to the decision it is asked for now (``decision``:
        the number of the update it answers; a seat deciding at once with others may
        answer from an older update while its decision is open). An illegal answer
        raises IllegalMove at once, as the game would (:meth:`Game.check`); a refusal
        from the server comes later as a :class:`Refused` update, and the decision is
        open again."""
        latest = self._latest
        if self.seat is None:
            raise NotYourTurn(None, "a spectator cannot play")
        if self.client.closed:
            raise NotYourTurn(None, "the connection to the table is closed")
        if decision is not None and decision > latest.decision:
            raise NotYourTurn(None, "that decision has not come up yet")
        if not latest.view.actions:
            raise NotYourTurn(None, "that decision has already been made")
        if latest.decision <= self.answered:
            raise NotYourTurn(None, "your answer is already on its way")
        if self._stood_in():
            raise NotYourTurn(None, "a bot plays this seat while you are away")
        self.client.game.check(latest.view, action)
        self.client.send({"type": "decide", "decision": latest.decision, "action": str(action)})
        self.answered = latest.decision

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> None:
        raise NotYourTurn(None, "take-back works only for one player against bots")

    def send_chat(self, text: str) -> None:
        self.client.send_chat(text)

    def close(self) -> None:
        self.client.close()

    def _stood_in(self) -> bool:
        presence = self.client.presence
        return (presence is not None and self.seat is not None
                and self.seat < len(presence.seats) and presence.seats[self.seat].bot is not None)

    def _push(self, update: Update) -> None:
        if update.decision != self._latest.decision:
            self._turn_since = time.monotonic()
        self._latest = update
        self._queue.put_nowait(update)

    def _push_event(self, event: TableEvent) -> None:
        if isinstance(event, Presence) and event.turn_since is not None:
            self._turn_since = event.turn_since
        latest = self._latest
        self._queue.put_nowait(Update(latest.seq, event, latest.view, latest.decision))  # type: ignore[arg-type]

    def _refused(self, decision: object, code: str) -> None:
        """The server did not take this feed's answer (or dropped a message unread,
        which may have been it): the decision is open again."""
        if code == "slow-down" or decision == self.answered:
            self.answered = min(self.answered, self._latest.decision - 1)


def _lobby(message: dict[str, Any]) -> Lobby:
    seats = tuple(LobbySeat(int(s["player"]), int(s["seat"]), str(s["kind"]),
                            s.get("name"), s.get("login"), bool(s.get("connected")))
                  for s in message.get("seats", []))
    return Lobby(seats, str(message.get("host", "")), bool(message.get("can_start")))


def _presence(message: dict[str, Any], now: float) -> Presence:
    """Presence with the server's durations turned into this process's clock."""
    seats = []
    for s in message.get("seats", []):
        away = s.get("away")
        seats.append(SeatPresence(int(s["seat"]), clean_chat(str(s["name"]), 40), str(s["kind"]),
                                  bool(s["connected"]),
                                  now - float(away) if away is not None else None,
                                  s.get("bot")))
    thinking = message.get("thinking")
    turn = message.get("turn")
    return Presence(tuple(seats), turn if isinstance(turn, int) else None,
                    now - float(thinking) if thinking is not None else None,
                    int(message.get("watchers", 0)))


def _with_bot(presence: Presence, change: SeatChanged) -> Presence:
    seats = tuple(replace(s, bot=None if change.human else change.level)
                  if s.seat == change.seat else s for s in presence.seats)
    return replace(presence, seats=seats)
