"""A player's (or spectator's) end of a table: find it, check that its server is who its
name says (peer credentials), sit down, then follow the game as a feed.

Joining is done in two steps so a terminal can report a refusal before any screen
starts: :func:`connect_table` connects and says hello (within one deadline for the
whole exchange); :meth:`TableClient.start` then runs that connection in the caller's
event loop. Until
the game starts, the client hands out lobby events; then :meth:`TableClient.game`
gives the :class:`RemoteFeed`, which a screen follows exactly as it follows a local
session (``snapshot``, ``next``, ``asks``, ``submit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..controller.events import AnyUpdate, SaveFailed, SeatChanged, Synced, Update
from ..controller.session import NotYourTurn, UpdateStream
from ..game.options import check as check_option
from ..game.protocols import AnyGame
from ..game.registry import game_ids, load_game
from ..game.events import ChatLine, Ended
from .events import (
    Disconnected, GameStarted, Lobby, LobbySeat, Presence, Refused, SeatPresence, TableEvent,
)
from ..game.clean import CHAT_LIMIT, NAME_LIMIT, clean
from .chat import CHAT_BURST, CHAT_KEPT, CHAT_RATE
from .clock import Clock
from .connections import MAX_CLIENTS
from .limits import TokenBucket
from .protocol import (
    SERVER_LINE_LIMIT, VERSION, LineSplitter, ProtocolError, encode, read_json,
    recap_from_message, update_from_message,
)
from .rendezvous import (
    TableAddress, TableError, check_name, check_server, check_socket, my_login, tables_in,
    uid_of, user_dirs,
)
from .seats import ELSEWHERE
from .system import SYSTEM, Peer, System
from .record_taker import RECORD_PATIENCE, RecordTaker


class SeatElsewhere(TableError):
    """The user holds the seat in another terminal of theirs: joining again with
    ``take_over`` moves it here (the other terminal is let go)."""


#: Seconds a table has to answer a hello: from connecting to the whole answer.
ANSWER_TIMEOUT = 10.0
#: Seconds between two orders of a hand being arranged sent to the table: a held key
#: moves a card many times a second, and the table takes only so many messages (the
#: latest order always follows).
DRAFT_PAUSE = 0.25
#: Seconds all the tables together have to describe themselves for a list.
LIST_TIMEOUT = 1.5
#: Seconds between tries to connect while a table's queue of new connections is full
#: (the first pause, doubled after each try up to the second).
RETRY_PAUSE = (0.005, 0.05)
#: The most chat a table passes on: every one of the most people it lets in (players and
#: spectators) at the rate its server lets each say it (chat.py), after the lines said
#: before they came. A table sending more floods its players' screens: that is dropped.
CHAT_PASSED_RATE, CHAT_PASSED_BURST = MAX_CLIENTS * CHAT_RATE, \
    CHAT_KEPT + MAX_CLIENTS * CHAT_BURST
#: Called with ("in" or "out", message) for every message: benchmarks and logs.
Tap = Callable[[str, dict[str, Any]], None]
_PHASES = ("lobby", "playing", "over")
_ACCESS = ("host", "invited", "open", "watch", "private")


class TableGone(TableError):
    """Nothing serves the table's socket any more (its server died)."""


class TableBusy(TableError):
    """The table's queue of new connections stayed full until the deadline; ``why``
    says so in a few words for the list."""

    why = "too many connections at once"


class TableSlow(TableBusy):
    """The table's own process took the connection but did not answer in time."""

    why = "it did not answer in time"


@dataclass
class TableConnection:
    """An admitted connection to a table, not yet running in an event loop."""

    sock: socket.socket
    address: TableAddress
    welcome: dict[str, Any]
    first_line: bytes  # the welcome as received (a trace starts with it)
    rest: bytes  # what arrived after it
    login: str  # who this user is, as the kernel says
    uid: int  # the same, as a number (what decides whose a table is)
    watching: bool = False  # asked to watch: a spectator, whatever the table answers
    trace: Path | None = None

    @property
    def seat(self) -> int | None:
        seat = self.welcome.get("seat")
        return seat if type(seat) is int else None

    @property
    def role(self) -> str:
        """A player only if this client asked to play and the table agreed."""
        return "spectator" if self.watching or self.welcome.get("role") != "player" \
            else "player"

    @property
    def game(self) -> AnyGame:
        return load_game(str(self.welcome.get("game")))


@dataclass
class _Answer:
    """A table's answer to one request: the connection, the line and what it says."""

    sock: socket.socket
    line: bytes
    message: dict[str, Any]
    rest: bytes
    peer: Peer


class NoSuchTable(TableError):
    """No table of that name is open."""


class SeveralTables(TableError):
    """Several hosts have a table of that name; ``found`` are theirs."""

    def __init__(self, table: str, found: list[TableAddress]) -> None:
        self.found = found
        labels = ", ".join(a.label for a in found)
        super().__init__(f"Several tables are called {table} ({labels}): say which, e.g. "
                         f"'ebbes table join {found[0].label}'.")


def tables_called(table: str, directory: Path | str | None = None,
                  system: System = SYSTEM) -> list[TableAddress]:
    """Every open table called ``table``, whoever's: this user's own first, then by
    host, as the kernel names them (never by what a table says of itself, which any
    table may claim)."""
    check_name(table)
    found = [a for uid, path in user_dirs(directory, system) for a in tables_in(path, uid, system)
             if a.name == table]
    return sorted(found, key=lambda a: (a.uid != system.uid(), a.host))


def find_table(name: str, directory: Path | str | None = None,
               system: System = SYSTEM) -> TableAddress:
    """The table called ``name`` (``host/name`` when several hosts use one name; a
    bare name is this user's own table when they have one of that name, whoever else
    has one): NoSuchTable, or SeveralTables."""
    host, slash, table = name.rpartition("/")
    found = tables_called(table, directory, system)
    if slash:
        uid = uid_of(host, system)
        found = [a for a in found if a.uid == uid]
    elif found and found[0].uid == system.uid():  # (this user's own come first)
        return found[0]
    if not found:
        raise NoSuchTable(f"There is no table called {name}: 'ebbes table list' shows the "
                          "open ones.")
    if len(found) > 1:
        raise SeveralTables(table, found)
    return found[0]


async def _connect(sock: socket.socket, path: bytes) -> None:
    """Connect ``sock`` (non-blocking), trying again while the table's queue of new
    connections is full. Linux refuses such a connect with EAGAIN; asyncio's
    ``sock_connect`` then waits until the socket is writable, which an unconnected Unix
    socket is at once, and reports it connected: with no peer at all (uid -1, pid 0)."""
    pause, most = RETRY_PAUSE
    while True:
        try:
            sock.connect(path)
            return
        except (BlockingIOError, InterruptedError):
            await asyncio.sleep(pause)
            pause = min(2 * pause, most)


async def _exchange(address: TableAddress, message: dict[str, Any], deadline: float,
                    system: System, clock: Clock) -> _Answer:
    """Connect, check the server's credentials, send ``message`` and read one answer,
    all before ``deadline`` (``clock``'s time: one deadline for the whole exchange, so
    a table that dribbles a byte at a time cannot hold anyone). TableError for a
    refusal, in one sentence."""
    check_socket(address, system)  # never even connect to a socket not the host's
    loop = asyncio.get_running_loop()
    sock = system.client_socket()
    sock.setblocking(False)

    def left() -> float:
        remaining = deadline - clock.now()
        if remaining <= 0:
            raise TimeoutError
        return remaining

    try:
        remaining = left()
        try:
            await asyncio.wait_for(_connect(sock, os.fsencode(address.path)), remaining)
        except FileNotFoundError:
            raise TableError(f"The table {address.label} is not open.") from None
        except ConnectionRefusedError:
            raise TableGone(f"The table {address.label} is not running any more.") from None
        except (TimeoutError, asyncio.TimeoutError):
            raise TableBusy(f"The table {address.label} is busy (too many connections at "
                            "once): try again in a moment.") from None
        peer = system.peer(sock)
        check_server(sock, address, system)
        remaining = left()
        await asyncio.wait_for(loop.sock_sendall(sock, encode(message)), remaining)
        data = b""
        while b"\n" not in data:
            remaining = left()
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 65536), remaining)
            if not chunk:
                raise TableError(f"The table {address.label} closed the connection.")
            data += chunk
            if len(data) > SERVER_LINE_LIMIT:
                raise TableError(f"The table {address.label} sent too much at once.")
        line, _, rest = data.partition(b"\n")
        answer = read_json(line)
        if not isinstance(answer, dict):
            raise ValueError("not an object")
    except (TimeoutError, asyncio.TimeoutError):
        sock.close()
        raise TableSlow(f"The table {address.label} did not answer in time: it may be busy, "
                        "so try again in a moment.") from None
    except ProtocolError as e:
        sock.close()
        raise TableError(e.about(address.label)) from None
    except (OSError, ValueError, RecursionError, TableError) as e:
        sock.close()
        if isinstance(e, TableError):
            raise
        why = "nested too deeply" if isinstance(e, RecursionError) else clean(e, NAME_LIMIT)
        raise TableError(f"The table {address.label} cannot be reached ({why}).") from None
    except BaseException:  # cancelled: the screen asking went away
        sock.close()
        raise
    if answer.get("type") == "error":
        sock.close()
        refused = SeatElsewhere if answer.get("code") == ELSEWHERE else TableError
        raise refused(said_by(address, answer.get("text"), address.uid == system.uid(),
                              "The table refused."))
    return _Answer(sock, line, answer, rest, peer)


async def connect_table(name: str, *, directory: Path | str | None = None, watch: bool = False,
                        player: int | None = None, trace: Path | None = None,
                        timeout: float = ANSWER_TIMEOUT, system: System = SYSTEM,
                        clock: Clock | None = None, take_over: bool = False) -> TableConnection:
    """Sit down at table ``name`` (``player``: the seat asked for, from 1; ``take_over``:
    the seat this user holds in another terminal, which lets it go) or watch it, within
    ``timeout`` seconds; TableError says in one sentence why not (SeatElsewhere: the
    seat is held in another terminal)."""
    clock = clock or Clock()
    address = find_table(name, directory, system)
    hello: dict[str, Any] = {"type": "hello", "version": VERSION, "games": list(game_ids()),
                             "role": "spectator" if watch else "player"}
    if player is not None and not watch:
        hello["player"] = player
    if take_over and not watch:
        hello["take_over"] = True
    answer = await _exchange(address, hello, clock.now() + timeout, system, clock)
    if answer.message.get("type") != "welcome":
        answer.sock.close()
        raise TableError(f"The table {address.label} did not welcome you.")
    if answer.message.get("game") not in game_ids():
        answer.sock.close()
        raise TableError(f"The table {address.label} plays a game this ebbes does not know.")
    return TableConnection(answer.sock, address, answer.message, answer.line, answer.rest,
                           my_login(system), system.uid(), watch, trace)


def join_table(name: str, **options: Any) -> TableConnection:
    """:func:`connect_table` for a caller outside an event loop (blocks at most its
    timeout)."""
    return asyncio.run(connect_table(name, **options))


async def ask_table(name: str, message: dict[str, Any], *,
                    directory: Path | str | None = None, timeout: float = ANSWER_TIMEOUT,
                    system: System = SYSTEM) -> str:
    """Send one of the host's commands (``close``, ``invite`` ...) to table ``name``
    and return the table's sentence; TableError for a refusal."""
    clock = Clock()
    address = find_table(name, directory, system)
    answer = await _exchange(address, message, clock.now() + timeout, system, clock)
    answer.sock.close()
    return said_by(address, answer.message.get("text"), address.uid == system.uid(), "Done.")


def said_by(address: TableAddress, text: object, own: bool, blank: str) -> str:
    """A table's sentence, cleaned (``blank`` if nothing is left). Another user's table
    (``own`` False: the kernel's word for whose it is) is named before it, its words in
    quotes ('carol/fri says: "..."'), so it cannot pass them off as this program's, nor
    run them into what the program says next."""
    said = clean(text) or blank
    return said if own else f'{address.label} says: "{said}"'


async def find_tables(directory: Path | str | None = None, *, system: System = SYSTEM,
                      clock: Clock | None = None,
                      timeout: float | None = None) -> list[dict[str, Any]]:
    """The tables open under the parent directory, as each describes itself to this
    user, all asked at once within ``timeout`` seconds together (default
    :data:`LIST_TIMEOUT`; a table that is busy or does not answer in time is listed as
    ``busy``, with ``why``). Each is a dict: the ``info`` message of assets/protocol.md
    with its claims checked and cleaned, and its ``host``, ``name``, ``pid`` and
    ``socket`` as the kernel and the file's name say. This user's dead sockets are
    removed."""
    clock = clock or Clock()
    addresses = [a for uid, path in user_dirs(directory, system)
                 for a in tables_in(path, uid, system)]
    deadline = clock.now() + (LIST_TIMEOUT if timeout is None else timeout)
    described = await asyncio.gather(*(_describe(a, deadline, system, clock)
                                       for a in addresses))
    return [entry for entry in described if entry is not None]


def list_tables(directory: Path | str | None = None, **options: Any) -> list[dict[str, Any]]:
    """:func:`find_tables` for a caller outside an event loop."""
    return asyncio.run(find_tables(directory, **options))


async def _describe(address: TableAddress, deadline: float, system: System,
                    clock: Clock) -> dict[str, Any] | None:
    try:
        answer = await _exchange(address, {"type": "info", "version": VERSION}, deadline,
                                 system, clock)
    except TableGone:
        if address.uid == system.uid():  # a table of this user's died: its socket goes
            address.path.unlink(missing_ok=True)
        return None
    except TableBusy as busy:
        return _busy(address, busy.why)
    except TableError:
        return None  # not a table this user can trust or reach in time
    answer.sock.close()
    if answer.message.get("type") != "info" or answer.message.get("game") not in game_ids():
        return None
    return _entry(address, answer.peer, answer.message)


def _busy(address: TableAddress, why: str) -> dict[str, Any]:
    """A table that could not answer in time (its queue of new connections full, or its
    process slow): listed all the same, by what the kernel says of its socket (in its
    host's own directory, and its host's), with ``phase`` ``busy``, ``why`` in a few
    words, and nothing it could not say. Leaving it out would hide it from everyone for
    as long as someone floods it; joining tries again."""
    return {"host": address.host, "name": address.name, "pid": None,
            "socket": str(address.path), "phase": "busy", "why": why}


def _entry(address: TableAddress, peer: Peer, info: dict[str, Any]) -> dict[str, Any]:
    """A table for the list: host, name and pid from the kernel and the file's name
    (whatever the table claims), the rest of its claims checked and cleaned; of a
    private one, only its game besides (not even its pid)."""
    count = _count
    game = load_game(info["game"])
    access = info.get("access") if info.get("access") in _ACCESS else "private"
    entry: dict[str, Any] = {
        "host": address.host, "name": address.name, "socket": str(address.path),
        "access": access, "game": game.id}
    if access == "private":  # nothing more is for this user
        return entry
    entry |= {
        "pid": peer.pid,
        "seats": count(info.get("seats")),
        "free_seats": count(info.get("free_seats")),
        "kept_for_you": count(info.get("kept_for_you")),
        "spectators": info.get("spectators") is True, "watchers": count(info.get("watchers")),
        "phase": info.get("phase") if info.get("phase") in _PHASES else "unknown",
        "reopened": info.get("reopened") is True,
        "options": _options(game, info.get("options"), count(info.get("seats"))),
    }
    players = info.get("players")
    if isinstance(players, list):
        entry["players"] = [clean(p, NAME_LIMIT) if isinstance(p, str) else None
                            for p in players[:8]]
    return entry


def _options(game: AnyGame, claimed: object, seats: int) -> dict[str, Any]:
    """The game options a table claims, each checked: an unknown option or a value the
    game does not allow is left out."""
    options: dict[str, Any] = {}
    for option in game.rules.options:
        value = claimed.get(option.key) if isinstance(claimed, dict) else None
        try:
            options[option.key] = check_option(option, value, max(seats, 1))
        except ValueError:
            continue
    return options


class TableClient:
    """A joined table in this event loop: lobby events until the game starts, then
    the game's :class:`RemoteFeed`."""

    def __init__(self, connection: TableConnection, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, tap: Tap | None) -> None:
        self.address = connection.address
        #: The game this table plays.
        self.plays = connection.game
        self.login = connection.login
        #: Whether the table is this user's own, by the kernel's word (uids, not names).
        self.own_table = connection.uid == connection.address.uid
        self.seat: int | None = connection.seat
        self.role = connection.role
        self.lobby: Lobby | None = None
        self.feed: RemoteFeed | None = None
        self.presence: Presence | None = None
        self.ended: Disconnected | None = None
        #: The public news of what happened while this player was away (a recap).
        self.recap: list[AnyUpdate] = []
        #: Chat said before the game started (the table's log begins with it).
        self.lobby_chat: list[ChatLine] = []
        #: The record the table sends once the game is over, for the player to keep.
        self.records = RecordTaker(self, self._table_event)
        self._gone = asyncio.Event()  # set once this client has ended
        self._chat_passed = TokenBucket(CHAT_PASSED_RATE, CHAT_PASSED_BURST)
        self._chat_flooded = False  # said once that chat was dropped
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
        text = clean(text, CHAT_LIMIT)
        if text:
            self.send({"type": "chat", "text": text})

    # --------------------------------------------------------- the wire

    def send(self, message: dict[str, Any]) -> None:
        if self.closed or self._writer.is_closing():
            return
        if self._tap is not None:
            self._tap("out", message)
        self._writer.write(encode(message))

    def leave(self) -> None:
        """Leave the table, as :meth:`close`; but a player whose game here is over
        stays connected, unseen, until its record has come (at most
        :data:`RECORD_PATIENCE` seconds): leaving the final standings at once must
        not lose the game from their History."""
        if not self.records.awaited():
            self.close()
            return
        self.records.leaving = True
        asyncio.get_running_loop().call_later(RECORD_PATIENCE, self.close)

    async def gone(self) -> None:
        """Wait until this client has left the table, or the table has ended."""
        await self._gone.wait()

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

    @property
    def host_text(self) -> str:
        """Who can reopen the table, as this player reads it: "you" or the host."""
        return "you" if self.own_table else self.address.host

    async def _read(self, rest: bytes) -> None:
        """Read the table's messages until it ends; a message this ebbes cannot take,
        whatever is wrong with it, ends the connection in one sentence naming the
        table (a reader that died silently would leave a screen waiting for ever)."""
        splitter = LineSplitter(SERVER_LINE_LIMIT)
        label = self.address.label
        reason = (f"The table {label} stopped without a word (its server is "
                  f"gone); every decision was saved, and {self.host_text} can reopen it "
                  f"with 'ebbes table serve {self.name}'.")
        try:
            data = rest
            while True:
                for line in splitter.feed(data):
                    if line is None:
                        raise ProtocolError("too-long", "The table sent a line too long to read.")
                    self._record(line)
                    message = read_json(line)
                    if self._tap is not None:
                        self._tap("in", message)
                    self._on_message(message)
                data = await self._reader.read(65536)
                if not data:
                    break
        except ProtocolError as e:
            reason = e.about(label)
        except RecursionError:  # JSON nested deeper than Python reads
            reason = f"The table {label} sent something this ebbes cannot read (nested too deeply)."
        except (ConnectionError, OSError):
            pass  # as when the server ends without a word: it was killed
        except Exception as e:  # any message at all: the reader never dies silently
            reason = f"The table {label} sent something this ebbes cannot read ({clean(e)})."
        self._writer.close()
        self._end(reason)

    def _end(self, text: str) -> None:
        if self.ended is not None:
            return
        self.ended = Disconnected(text)
        self._table_event(self.ended)
        self._started.set()
        self._gone.set()
        if self._trace is not None:
            self._trace.close()
            self._trace = None

    def _says(self, text: object, blank: str) -> str:
        """What this table said, cleaned, and named as its words unless it is this
        user's own table (:func:`said_by`)."""
        return said_by(self.address, text, self.own_table, blank)

    def _heard(self, update: AnyUpdate) -> AnyUpdate:
        """``update`` with a sentence the table wrote in its event named as the table's."""
        if isinstance(update.event, SaveFailed):
            return replace(update, event=SaveFailed(self._says(update.event.message,
                                                               "The game could not be saved.")))
        return update

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            self._on_update(self._heard(update_from_message(self.plays, message)))
        elif kind == "lobby":
            self.lobby = _lobby(message)
            self._lobby_events.put_nowait(self.lobby)
        elif kind == "presence":
            self.presence = _presence(message, time.monotonic())
            self._table_event(self.presence)
        elif kind == "recap":
            self.recap = [self._heard(u) for u in recap_from_message(self.plays, message)]
            for update in self.recap:
                self._saw(update)
        elif kind == "chat":
            if not self._chat_passed.take():  # said once, the first time
                if not self._chat_flooded:
                    self._chat_flooded = True
                    self._table_event(Refused(
                        f"The table {self.address.label} sends more chat than a table lets "
                        "its players say: some of its lines are not shown.", "chat-flood"))
                return
            seat = message.get("seat")
            self._table_event(ChatLine(clean(message.get("from", "?"), NAME_LIMIT),
                                       clean(message.get("text", ""), CHAT_LIMIT),
                                       seat if type(seat) is int else None,
                                       earlier=message.get("earlier") is True,
                                       at=_moment(message.get("at"))))
        elif kind == "error":
            code = clean(message.get("code", "refused"), NAME_LIMIT)
            if self.feed is not None:
                self.feed._refused(message.get("decision"), code)
            self._table_event(Refused(self._says(message.get("text"), "The table refused."),
                                      code))
        elif kind == "record":
            self.records.take(message.get("record"))
        elif kind == "closed":
            self._end(self._says(message.get("text"), "The table has closed."))
        # other types (from a newer server) are ignored

    def _saw(self, update: AnyUpdate) -> None:
        """Note what a player was shown (a spectator keeps no record: nothing to note)."""
        if self.role == "player":
            self.records.witness.saw(update)

    def _on_update(self, update: AnyUpdate) -> None:
        self._saw(update)
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
            return
        if isinstance(event, ChatLine):
            self.lobby_chat = [*self.lobby_chat[-49:], event]
        self._lobby_events.put_nowait(event)


class RemoteFeed(UpdateStream):
    """What a table screen follows for a game on a table server: the same interface as
    a local :class:`~ebbes_tui.controller.Session`. Chat lines, presence changes and
    refusals come through :meth:`next` too, as updates whose event is one of
    :mod:`ebbes_tui.table.events`, with the latest view."""

    take_back_offered = False  # one player against bots only (R20): never at a table
    hints_offered = False

    def __init__(self, client: TableClient, first: AnyUpdate) -> None:
        super().__init__()
        self.client = client
        self.seat = client.seat if client.role == "player" else None
        self._latest = first
        self._taken = first  # the last update a screen took (:meth:`snapshot`)
        self.answered = -1  # the last decision this feed answered
        self._turn_since = time.monotonic()
        self._woken = False  # asked for the seat back, and presence has not said yet
        self._draft: object | None = None  # the answer so far waiting to be sent
        self._draft_timer: asyncio.TimerHandle | None = None

    @property
    def latest(self) -> AnyUpdate:
        """The newest game update received (not necessarily shown yet)."""
        return self._latest

    @property
    def closed(self) -> bool:
        return self.client.closed

    @property
    def earlier_chat(self) -> list[ChatLine]:
        """What was said at the table before the game started."""
        return self.client.lobby_chat

    @property
    def missed(self) -> list[AnyUpdate]:
        """What happened while this player was away, as public news (a recap)."""
        return self.client.recap

    def leaving_ends_table(self) -> bool:
        """Whether this player is the last person at a running game, so that leaving
        saves it and closes the table."""
        presence = self.client.presence
        if presence is None or self.closed or self._latest.view.over:
            return False
        return not any(s.connected and s.kind == "human" and s.seat != self.seat
                       for s in presence.seats)

    def wake(self) -> bool:
        """The player pressed a key: if a bot took their seat because their time ran
        out (or the host handed it over), it is theirs again (R21). Whether this key
        asked for it (a screen gives that key no other meaning)."""
        if self._stood_in() and not self._woken and not self.closed:
            self._woken = True
            self.client.send({"type": "back"})
            return True
        return False

    @property
    def presence(self) -> Presence | None:
        """Who is connected and away, and whose turn it is since when (R21)."""
        presence = self.client.presence
        if presence is None:
            return None
        deciding = self._latest.view.deciding  # one seat's turn; several at once: nobody's
        turn = deciding[0] if len(deciding) == 1 else None
        return replace(presence, turn=turn, turn_since=self._turn_since)

    async def next(self) -> AnyUpdate:
        self._taken = await super().next()
        return self._taken

    def poll(self) -> AnyUpdate | None:
        update = super().poll()
        if update is not None:
            self._taken = update
        return update

    def snapshot(self) -> AnyUpdate:
        """The view to draw from scratch: the last update taken (at first the one the
        game began with here), so that each update still waiting follows it once. (From
        the newest, a screen then showed the waiting ones too: their lines twice in its
        log, and older views after newer.) Of a game that has ended, with how it ended,
        as the table says it to a player who comes only then: the standings follow."""
        taken = self._taken
        event = taken.event if isinstance(taken.event, Ended) else Synced()
        return Update(taken.seq, event, taken.view, taken.decision)

    def asks(self, update: AnyUpdate) -> bool:
        """Whether ``update`` asks this seat for a decision still open: not answered,
        the latest known, and not being made by a bot standing in (R21)."""
        return (self.seat is not None and bool(update.view.actions)
                and update.decision > self.answered
                and update.decision == self._latest.decision
                and not self._stood_in() and not self.client.closed)

    def submit(self, action: object, decision: int | None = None) -> None:
        """Send this seat's answer to the decision it is asked for now (``decision``:
        the number of the update it answers; a seat deciding at once with others may
        answer from an older update while its decision is open). An illegal answer
        raises IllegalMove at once, as the game would (:meth:`Rules.check`); a refusal
        from the server comes later as a :class:`Refused` update, and the decision is
        open again."""
        latest = self._latest
        if self.seat is None:
            raise NotYourTurn(None, "a spectator cannot play")
        if self.client.closed:
            raise NotYourTurn(None, "the connection to the table is closed")
        if decision is not None and decision > latest.decision:
            raise NotYourTurn(None, "that decision has not come yet")
        if not latest.view.actions:
            raise NotYourTurn(None, "that decision has already been made")
        if latest.decision <= self.answered:
            raise NotYourTurn(None, "your answer is already on its way")
        if self._stood_in():
            raise NotYourTurn(None, "a bot plays this seat while you are away")
        self.client.plays.rules.check(latest.view, action)
        move = str(action)
        self.client.send({"type": "decide", "decision": latest.decision, "action": move})
        self.answered = latest.decision
        self.client.records.witness.answer(latest, move)  # they took part

    def draft(self, action: object) -> None:
        """Send this seat's answer so far (a hand being arranged) for the table to keep:
        at once, then at most one every :data:`DRAFT_PAUSE` seconds, the latest."""
        if self.seat is None:
            raise NotYourTurn(None, "a spectator has no hand to arrange")
        if self.client.closed:
            raise NotYourTurn(None, "the connection to the table is closed")
        self.client.plays.rules.check(self._latest.view, action)
        self._draft = action
        if self._draft_timer is None:
            self._send_draft()

    def _send_draft(self) -> None:
        self._draft_timer = None
        if self._draft is None or self.client.closed:
            return
        self.client.send({"type": "draft", "action": str(self._draft)})
        self._draft = None
        self._draft_timer = asyncio.get_running_loop().call_later(DRAFT_PAUSE, self._send_draft)

    def hint(self) -> tuple[object, str]:
        raise NotYourTurn(None, "hints are for one player against bots")

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

    def _push(self, update: AnyUpdate) -> None:
        if update.decision != self._latest.decision:
            self._turn_since = time.monotonic()
        self._latest = update
        self._queue.put_nowait(update)

    def _push_event(self, event: TableEvent) -> None:
        if isinstance(event, Presence):
            self._woken = False
            if event.turn_since is not None:
                self._turn_since = event.turn_since
        latest = self._latest
        self._queue.put_nowait(Update(latest.seq, event, latest.view, latest.decision))

    def _refused(self, decision: object, code: str) -> None:
        """The server did not take this feed's answer (or dropped a message unread,
        which may have been it): the decision is open again."""
        if code == "slow-down" or decision == self.answered:
            if decision == self.answered or self._latest.decision <= self.answered:
                # no move of the game (a slow-down after the game went on from it was
                # of chat: the move was taken)
                self.client.records.witness.withdraw(self.answered)
            self.answered = min(self.answered, self._latest.decision - 1)


def _text(value: object) -> str | None:
    return None if value is None else clean(value, NAME_LIMIT)


def _count(value: object) -> int:
    """A small count or number the table claims (a seat, a player, watchers): a whole
    number from 0 to 999, else 0 (never a float, a NaN or an infinity)."""
    return value if type(value) is int and 0 <= value < 1000 else 0


def _lobby(message: dict[str, Any]) -> Lobby:
    seats = tuple(LobbySeat(_count(s["player"]), _count(s["seat"]), clean(s["kind"], NAME_LIMIT),
                            _text(s.get("name")), _text(s.get("login")),
                            s.get("connected") is True)
                  for s in message.get("seats", []))
    watching = message.get("watching")
    return Lobby(seats, clean(message.get("host", ""), NAME_LIMIT),
                 message.get("can_start") is True, _names(watching))


def _moment(value: object) -> tuple[int, int] | None:
    """Where the game stood when a chat line was said: two small whole numbers."""
    if isinstance(value, list) and len(value) == 2 and \
            all(type(v) is int and 0 <= v < 10_000 for v in value):
        return value[0], value[1]
    return None


def _names(value: object) -> tuple[str, ...]:
    """A list of logins from the table, cleaned (a few at most)."""
    return tuple(clean(v, NAME_LIMIT) for v in value[:64]) if isinstance(value, list) else ()


def _presence(message: dict[str, Any], now: float) -> Presence:
    """Presence with the server's durations turned into this process's clock."""
    def since(value: object) -> float | None:
        seconds = _seconds(value)
        return None if seconds is None else now - seconds

    seats = []
    for s in message.get("seats", []):
        seats.append(SeatPresence(_count(s["seat"]), clean(s["name"], NAME_LIMIT),
                                  clean(s["kind"], NAME_LIMIT), s["connected"] is True,
                                  since(s.get("away")), _text(s.get("bot"))))
    turn = message.get("turn")
    return Presence(tuple(seats), turn if type(turn) is int else None,
                    since(message.get("thinking")), _count(message.get("watchers")),
                    _seconds(message.get("turn_time")), _names(message.get("watching")),
                    message.get("waiting") is True, _seconds(message.get("away_after")))


def _seconds(value: object) -> float | None:
    """A duration the table claims: a number of seconds from 0 to a year, else None (a
    clock of NaN or infinity cannot be shown)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and 0 <= value <= 366 * 86400:  # NaN fails every comparison
        return float(value)
    return None


def _with_bot(presence: Presence, change: SeatChanged) -> Presence:
    seats = tuple(replace(s, bot=None if change.human else change.level)
                  if s.seat == change.seat else s for s in presence.seats)
    return replace(presence, seats=seats)
