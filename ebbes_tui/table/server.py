"""A table: one server process that owns a match and its save, and the connections of
the people at it (tmux's model, STYLE.md "Many screens, one match").

Each connection is admitted from the uid the kernel gives for it (:mod:`.access`), sits
in one seat or watches, and gets a session of the match: it is sent only what that
session may see (R18; a spectator, the public table, R21). Every line a client sends is
hostile until checked: size, schema and rate limits, and any failure is answered with
an error to that connection alone, never disturbing the table or the others. A user
who knocks too often is dropped unanswered, and refusals are logged once a minute.

The table's life: a lobby until the seats are full (or the host starts early, bots in
the empty seats); the game; a player whose last connection closes is away, and after
``away_after`` seconds a bot stands in until they come back (R21); a connected player
who lets ``turn_time`` pass on one decision is away too, a bot making that decision
and the next until they act again; when no person is connected any more the game is
saved and the server ends (``serve NAME`` reopens it); a finished game is archived and
the server ends once every client has left. The host runs it meanwhile (:mod:`.host`):
close it, invite, open or close it to others and to spectators, hand a seat to a bot,
remove a watcher.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..controller.match import Match
from ..controller.saves import SaveSlot, SaveStore
from ..controller.session import NotYourTurn, Session
from ..controller.setup import players_setup
from ..game.errors import IllegalMove
from ..game.protocols import Choices, Record, Unlisted
from ..game.registry import load_game
from .access import Access
from ..game.clean import CHAT_LIMIT, NAME_LIMIT, clean
from .clock import Clock, Timer
from .door import Door
from .host import HOST_COMMANDS, host_only
from .limits import RefusalLog, TokenBucket
from .moments import BEFORE_THE_GAME, Moment, moment_of_record, moment_of_updates
from .protocol import (
    CLIENT_LINE_LIMIT, VERSION, ProtocolError, encode, error_message, parse_client_message,
    position, read_lines, state_message,
)
from .rendezvous import BACKLOG, TableAddress, listen_socket, login_of
from .saved import forget_holders, new_slot, read_holders, write_holders
from .seats import STAND_IN_LEVEL, Refusal, Seating, SeatSpec
from .system import SYSTEM, Peer, System

log = logging.getLogger("ebbes.table")

#: Seconds a connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Seconds an empty lobby waits for someone before the table closes.
LOBBY_IDLE = 600.0
#: Connections a table takes at once, and from one user other than the host and root.
MAX_CLIENTS, MAX_PER_USER = 64, 16
#: New connections a second one user may make, and how many at once; beyond that the
#: kernel's word is all a connection costs: it is dropped unread and unanswered.
CONNECT_RATE, CONNECT_BURST = 5.0, 20.0
#: Bytes waiting to be sent to one client before it is dropped as too slow.
MAX_BACKLOG = 1 << 20
#: Messages a second a client may send, and how many at once.
RATE, BURST = 10.0, 20.0
#: Dropped messages a client may cause (one more a second) before it is disconnected.
STRIKE_RATE, STRIKES = 1.0, 30.0
#: Chat lines: one every two seconds, five at once; the last CHAT_KEPT go to newcomers.
CHAT_RATE, CHAT_BURST, CHAT_KEPT = 0.5, 5.0, 50
#: Public updates kept for the recap of a player who comes back (the latest, after a
#: long absence).
RECAP_KEPT = 64
#: Messages a connection may send instead of hello: answered, then it is closed.
ONE_SHOT = ("info", "close", "invite", "uninvite", "set", "bot", "remove")


@dataclass(frozen=True)
class TableSpec:
    """What the host asked for: the seats, the game and its options, who may come, how
    long to wait."""

    name: str
    host: str
    game: str  # a saved game's own, when the table reopens one
    seats: tuple[SeatSpec, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)  # the game's own
    seed: int | None = None
    invite: frozenset[int] = frozenset()  # uids
    open: bool = False
    spectators: bool = False
    away_after: float | None = 120.0  # None: never
    turn_time: float | None = 120.0  # None: never


class Client:
    """The server's end of one connection."""

    def __init__(self, writer: asyncio.StreamWriter, peer: Peer, login: str,
                 clock: Clock) -> None:
        self.writer = writer
        self.peer = peer
        self.login = login
        self.role: str | None = None  # player or spectator, once admitted
        self.seat: int | None = None
        self.session: Session | None = None
        self.pump: asyncio.Task[None] | None = None
        self.messages = TokenBucket(RATE, BURST, clock.now)
        self.strikes = TokenBucket(STRIKE_RATE, STRIKES, clock.now)
        self.closed = False

    @property
    def player(self) -> bool:
        return self.role == "player"

    def send(self, message: dict[str, Any]) -> None:
        self.send_data(encode(message))

    def send_data(self, data: bytes) -> None:
        """Queue an encoded message; a client that lets too much pile up is dropped."""
        if self.closed or self.writer.is_closing():
            return
        self.writer.write(data)
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("%s reads too slowly: disconnected", self.login)
            self.close(abort=True)

    def error(self, code: str, text: str, **extra: Any) -> None:
        self.send(error_message(code, text, **extra))

    def close(self, *, abort: bool = False) -> None:
        """Stop sending; ``abort`` drops what is still queued (a client that does not
        read would otherwise hold its connection, and its seat, open for ever)."""
        if self.closed:
            return
        self.closed = True
        if self.pump is not None:
            self.pump.cancel()
        if self.session is not None:
            self.session.close()
        if abort:
            self.writer.transport.abort()
        else:
            self.writer.close()


def not_an_action(choices: Choices[object], text: str, error: ValueError) -> str:
    """Why ``text`` is no action, in the table's game: with examples from the seat's own
    answers now (``choices``), else in the game's words (its parser's ``error``, which
    names the text first)."""
    if not choices:
        said = str(error).rstrip(".")
        return (f"That{said.removeprefix(repr(text))}." if said.startswith(repr(text))
                else f"That is not an action: {said}.")
    answers = [choices.sample(random.Random(text))] if isinstance(choices, Unlisted) else choices
    examples = list(dict.fromkeys(repr(str(a)) for a in answers))[:3]
    return f"That is not an action (e.g. {', '.join(examples)})."


class TableServer:
    """One table: its lobby, its match, its connections."""

    def __init__(self, spec: TableSpec, address: TableAddress, store: SaveStore, *,
                 saved: str | None = None, system: System = SYSTEM,
                 clock: Clock | None = None) -> None:
        self.spec = spec
        self.address = address
        self.store = store
        self.system = system
        self.clock = clock or Clock()
        self.access = Access(address.uid, spec.invite, spec.open, spec.spectators)
        self.resumed: Record | None = None
        self.slot_name = saved or new_slot(store, spec.name)
        self.slot: SaveSlot | None = None
        if saved is not None:  # the save knows its game
            self.game, self.resumed, _ = store.load(saved)
            seats, self.options = self.game.records.setup_of(self.resumed)
            self.seating = Seating.from_game(seats, read_holders(store, saved), system)
        else:
            self.game = load_game(spec.game)
            self.options = dict(spec.options)
            self.seating = Seating.from_specs(self.game, spec.seats, system)
        self.clients: set[Client] = set()
        # Chat is limited per user, not per connection: more connections, no more lines.
        self._chats: dict[int, TokenBucket] = {}
        self._knocks: dict[int, TokenBucket] = {}  # new connections, per user
        self._knocks_unnamed: dict[int, int] = {}  # knocks turned away before a login came
        self._logins: dict[int, asyncio.Future[str]] = {}  # uid -> its login, once known
        self.refusals = RefusalLog(log, self.clock)
        self._chat_kept: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        #: Where the game stands as far as the public news was read (chat says when).
        self._moment = BEFORE_THE_GAME if self.resumed is None else \
            moment_of_record(self.game, self.resumed)
        self._public: Session | None = None
        self._recent: deque[tuple[int, dict[str, Any]]] = deque(maxlen=RECAP_KEPT)
        self._left_at: dict[int, int] = {}  # seat -> the event its player saw last
        self.match: Match | None = None
        self.over = False
        self.done = asyncio.Event()
        self._away: dict[int, tuple[float, Timer | None]] = {}
        self._turn = (-1, self.clock.now())  # (decision, since when it is pending)
        #: Each deciding player's turn clock: (the number their decision came up at, timer).
        self._turn_timers: dict[int, tuple[int, Timer]] = {}
        self._idle: Timer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._archiving: asyncio.Future[None] | None = None  # the finished game's move
        self._writing: set[asyncio.Future[None]] = set()  # disk work under way in threads

    # ------------------------------------------------------------ running

    async def serve(self, sock: socket.socket | None = None,
                    ready: Callable[[], None] | None = None) -> None:
        """Listen (on ``sock``, else a new socket at the address) until the table ends;
        ``ready`` is called once connections are accepted. SaveError, SlotLocked or
        TableError if the table cannot open."""
        # The slot is taken now, a new game's too: the disk is never touched on the
        # loop while people wait for a card (a slow disk stops only its thread).
        self.slot = await asyncio.to_thread(self.store.open, self.slot_name)
        try:
            sock = sock or listen_socket(self.address, self.system)
            inode = os.lstat(self.address.path).st_ino
            door = Door(sock, self._knocked, BACKLOG)
        except BaseException:
            if self.slot is not None:
                self.slot.close()
            raise
        self._wait_idle()
        door.open()
        log.info("table %s open at %s", self.address.label, self.address.path)
        if ready is not None:
            ready()
        try:
            await self.done.wait()
        finally:
            door.close()
            await self._close_all()
            self._unlink(inode)
            if self._writing:  # what goes to disk is there before the save is let go
                await asyncio.wait(self._writing)
            if self.slot is not None and self.match is None and self.resumed is None:
                self.slot.discard()  # no game was ever saved in it
            elif self.slot is not None:
                self.slot.close()
            log.info("table %s closed", self.address.label)

    def _unlink(self, inode: int) -> None:
        """Remove the socket, if it is still the one this server made."""
        with contextlib.suppress(OSError):
            if os.lstat(self.address.path).st_ino == inode:
                os.unlink(self.address.path)

    async def _close_all(self) -> None:
        if self.match is not None:
            self.match.stop()
        writers = [c.writer for c in self.clients]
        for client in list(self.clients):
            client.close()
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*(w.wait_closed() for w in writers),
                                                  return_exceptions=True), 2.0)

    def shutdown(self, reason: str) -> None:
        """End the table: say why to everyone connected (the game is already saved)."""
        if self.done.is_set():
            return
        log.info("closing: %s", reason)
        for client in self.clients:
            client.send({"type": "closed", "text": reason})
        for timer in (*(t for _, t in self._away.values()), self._idle,
                      *(t for _, t in self._turn_timers.values())):
            if timer is not None:
                timer.cancel()
        self.done.set()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def reopen_hint(self) -> str:
        return f"{self.spec.host} can reopen it with 'ebbes table serve {self.spec.name}'"

    # -------------------------------------------------------- connections

    def _lookup(self, uid: int) -> asyncio.Future[str]:
        """The login of ``uid``, asked of the user database once, in a thread: a slow
        directory service never stops the table for the players at it. Everything
        about ``uid`` waits for that one answer, so the log names a user one way."""
        lookup = self._logins.get(uid)
        if lookup is None:
            lookup = self._logins[uid] = asyncio.ensure_future(asyncio.to_thread(
                lambda: clean(login_of(uid, self.system), NAME_LIMIT)))
        return lookup

    async def _login(self, uid: int) -> str:
        return await asyncio.shield(self._lookup(uid))  # one going away stops no other's

    def _knocked(self, connection: socket.socket) -> None:
        """A new connection (from the :class:`Door`): one from a user who knocks too
        fast is closed unread, costing nothing more; any other is welcomed in a task."""
        try:
            peer = self.system.peer(connection)
        except OSError:
            connection.close()
            return
        knocks = self._knocks.setdefault(
            peer.uid, TokenBucket(CONNECT_RATE, CONNECT_BURST, self.clock.now))
        if not knocks.take():
            connection.close()
            self._refused_knock(peer.uid)
            return
        self._spawn(self._connected(connection, peer))

    def _refused_knock(self, uid: int) -> None:
        """Log a knock turned away, under the knocker's login: counted while the login
        is still being looked up (one note a user, however fast they knock)."""
        lookup = self._lookup(uid)
        if lookup.done():
            self.refusals.refused(lookup.result(), "too many connections a second")
            return
        waiting = self._knocks_unnamed.get(uid, 0)
        self._knocks_unnamed[uid] = waiting + 1
        if not waiting:
            lookup.add_done_callback(lambda known: self._name_knocks(uid, known))

    def _name_knocks(self, uid: int, known: asyncio.Future[str]) -> None:
        times = self._knocks_unnamed.pop(uid, 0)
        if not known.cancelled() and known.exception() is None:
            self.refusals.refused(known.result(), "too many connections a second", times)

    async def _connected(self, connection: socket.socket, peer: Peer) -> None:
        try:
            reader, writer = await asyncio.open_unix_connection(sock=connection)
        except OSError:
            connection.close()
            return
        login = await self._login(peer.uid)
        if self._too_many(peer):
            self.refusals.refused(login, "too many connections at once")
            writer.write(encode(error_message("busy", "This table has too many connections.")))
            with contextlib.suppress(Exception):  # read its hello, or closing resets the
                writer.write_eof()                # connection and the answer is lost
                await asyncio.wait_for(reader.read(CLIENT_LINE_LIMIT), 1.0)
            writer.close()
            return
        client = Client(writer, peer, login, self.clock)
        self.clients.add(client)
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        hello = self.clock.later(HELLO_TIMEOUT, self._too_slow, client)
        try:
            async for line in read_lines(reader.read, CLIENT_LINE_LIMIT):
                if client.closed:
                    break
                self._on_line(client, line)
        except (ConnectionError, OSError):
            pass
        except Exception:
            log.exception("connection of %s failed", client.login)
        finally:
            hello.cancel()
            self._left(client)

    def _too_many(self, peer: Peer) -> bool:
        if len(self.clients) >= MAX_CLIENTS:
            return True
        return not self.access.is_host(peer.uid) and \
            sum(c.peer.uid == peer.uid for c in self.clients) >= MAX_PER_USER

    def _too_slow(self, client: Client) -> None:
        if client.role is None and not client.closed:
            client.error("timeout", "No hello came in time.")
            client.close()

    def _on_line(self, client: Client, line: bytes | None) -> None:
        """Handle one line of a client; nothing it sends can break the table."""
        if not client.messages.take():
            if client.strikes.take():
                client.error("slow-down", "Slow down: that message was dropped.")
            else:
                client.error("flood", "Too many messages: the table closed this connection.")
                log.warning("%s flooded the table: disconnected", client.login)
                client.close(abort=client.writer.transport.get_write_buffer_size() > 0)
            return
        if line is None:
            client.error("too-long", f"A line may hold at most {CLIENT_LINE_LIMIT} bytes.")
            return
        kind = None
        later = None
        with self._answering(client):
            message = parse_client_message(line)
            kind = message["type"]
            if client.role is None and kind != "hello" and kind not in ONE_SHOT:
                raise ProtocolError("hello-first", "Say hello first.")
            later = self._handlers[kind](self, client, message)
        if later is not None:  # it waits for the user database: the table goes on
            self._spawn(self._answer_later(client, kind, later))
        elif client.role is None and kind in ONE_SHOT:
            client.close()

    async def _answer_later(self, client: Client, kind: str, later: Awaitable[None]) -> None:
        with self._answering(client):
            await later
        if client.role is None and kind in ONE_SHOT:
            client.close()

    @contextlib.contextmanager
    def _answering(self, client: Client) -> Iterator[None]:
        """A message's failure is answered to its sender alone, in one sentence."""
        try:
            yield
        except ProtocolError as e:
            client.error(e.code, e.text)
        except Exception:
            log.exception("a message from %s could not be handled", client.login)
            client.error("internal", "The table could not handle that message.")

    def _left(self, client: Client) -> None:
        self.clients.discard(client)
        client.close()
        if client.role is None or self.done.is_set():
            self._check_end()
            return
        log.info("%s left (%s)", client.login, client.role)
        seat = client.seat
        if client.player and seat is not None and seat not in self.connected_seats():
            if self.match is None:
                self.seating.release(seat)
            elif not self.over:
                self._left_at[seat] = self.match.seq
                self._set_away(seat)
        if self.match is None:
            self._broadcast_lobby()
        else:
            self._arm_turn()
            self._broadcast_presence()
        self._check_end()

    def _check_end(self) -> None:
        """End the table when the game is over and everyone has gone, or when no person
        is connected to a game that is not over (saved: ``serve NAME`` reopens it)."""
        if self.done.is_set():
            return
        if self.match is None:
            if not self.clients:
                self._wait_idle()
        elif self.over:
            if not self.clients and self._archiving is not None and self._archiving.done():
                self.shutdown("The game is over.")
        elif self.match.finished.is_set():
            return  # the last save is being written: the table ends once it is archived
        elif not self.connected_seats():
            self.shutdown(f"Everyone has left, so the game is saved: {self.reopen_hint()}.")

    def _wait_idle(self) -> None:
        if self._idle is None:
            self._idle = self.clock.later(LOBBY_IDLE, self.shutdown, "Nobody came to the table.")

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.clients if c.player and c.seat is not None and not c.closed}

    def _watching(self) -> list[str]:
        return sorted({c.login for c in self.clients if c.role == "spectator" and not c.closed})

    # ------------------------------------------------------------ messages

    def _on_hello(self, client: Client, message: dict[str, Any]) -> None:
        if client.role is not None:
            raise ProtocolError("hello-again", "This connection has already said hello.")
        if message["version"] != VERSION:
            client.error("version", f"This table speaks protocol version {VERSION}, "
                                    f"not {message['version']}: use the same ebbes as "
                                    f"{self.spec.host}.")
            client.close()
            return
        if self.game.id not in message.get("games", ()):  # (version 2 requires the list)
            client.error("game", f"This table plays {self.game.title}, which this ebbes "
                                 f"cannot play: use the same ebbes as {self.spec.host}.")
            client.close()
            return
        peer, login, seated = client.peer, client.login, self.seating.uids()
        try:
            if message.get("role", "player") == "spectator":
                if not self.access.may_watch(peer.uid, seated):
                    raise Refusal(f"Nobody may watch {self.address.label} without an invitation."
                                  if peer.uid not in self.access.barred else
                                  f"{self.spec.host} asked you not to watch {self.address.label}.")
                client.role = "spectator"
            else:
                if not self.access.may_play(peer.uid, seated):
                    raise Refusal(f"This table is not open to you: ask {self.spec.host} "
                                  "for an invitation.")
                seat = self.seating.take(peer.uid, login, message.get("player"),
                                         self.connected_seats())
                client.role, client.seat = "player", seat.seat
        except Refusal as e:
            self.refusals.refused(login, str(e))
            client.error("refused", str(e))
            client.close()
            return
        log.info("%s joined (%s, seat %s)", login, client.role, client.seat)
        client.send({"type": "welcome", "version": VERSION, "game": self.game.id,
                     "table": self.info(client),
                     "login": login, "role": client.role, "seat": client.seat,
                     "player": self.seating.by_seat(client.seat).player
                     if client.seat is not None else None})
        if self.match is None:
            self._send_chat_kept(client)
            self._broadcast_lobby()
            people = self.seating.people()
            if all(s.seat in self.connected_seats() for s in people):
                self._start()
            return
        self._attach(client)
        if client.player and client.seat is not None:
            self._send_recap(client)
            self._back(client.seat)
        self._send_chat_kept(client)
        self._arm_turn()
        self._broadcast_presence()

    def _on_info(self, client: Client, message: dict[str, Any]) -> None:
        client.send({"type": "info", "version": VERSION, **self.info(client)})

    def _on_start(self, client: Client, message: dict[str, Any]) -> None:
        host_only(self, client, "start the game")
        if self.match is not None:
            raise ProtocolError("not-now", "The game has already started.")
        if not self.connected_seats():
            raise ProtocolError("not-now", "Nobody is seated yet.")
        self._start()

    def _on_decide(self, client: Client, message: dict[str, Any]) -> None:
        if self.match is None:
            raise ProtocolError("not-now", "The game has not started yet.")
        if client.session is None or client.seat is None:
            raise ProtocolError("not-seated", "A spectator cannot play.")
        if message.get("seat", client.seat) != client.seat:
            raise ProtocolError("not-your-seat",
                                f"You sit in seat {client.seat}, not seat {message['seat']}.")
        try:
            action = self.game.rules.parse_action(message["action"])
        except ValueError as e:
            raise ProtocolError("bad-field", not_an_action(client.session.view().actions,
                                                           message["action"], e)) from None
        decision = message["decision"]
        try:
            client.session.submit(action, decision)
            client.messages.refund()  # a decision the game takes is never too many
        except NotYourTurn as e:
            client.error("not-your-turn", e.player_text, decision=decision)
        except IllegalMove as e:
            client.error("illegal", e.player_text, decision=decision)

    def _on_back(self, client: Client, message: dict[str, Any]) -> None:
        """The player is at the keyboard again: a bot that took their seat when their
        time ran out (or the host handed it to one) gives it back (R21)."""
        if client.player and self.match is not None and client.seat in self._away:
            self._back(client.seat)
            self._arm_turn()
            self._broadcast_presence()

    def _on_chat(self, client: Client, message: dict[str, Any]) -> None:
        bucket = self._chats.setdefault(client.peer.uid,
                                        TokenBucket(CHAT_RATE, CHAT_BURST, self.clock.now))
        if not bucket.take():
            raise ProtocolError("slow-down", "Slow down: one chat line every two seconds.")
        text = clean(message["text"], CHAT_LIMIT)
        if not text:
            raise ProtocolError("bad-field", "That chat line is empty.")
        sender = client.login
        if self.match is not None and client.seat is not None:
            sender = self.match.setup.seats[client.seat].name
        line = {"type": "chat", "from": sender, "seat": client.seat, "text": text,
                "at": list(self.moment())}
        self._chat_kept.append(line)
        self._broadcast(line)

    def moment(self) -> Moment:
        """Where the game stands now: the news read so far and what waits to be read."""
        waiting = self._public.waiting() if self._public is not None else ()
        return moment_of_updates(self._moment, waiting)

    def _send_chat_kept(self, client: Client) -> None:
        """A newcomer reads what was said before they came."""
        for line in self._chat_kept:
            client.send({**line, "earlier": True})

    def _on_sync(self, client: Client, message: dict[str, Any]) -> None:
        if client.session is None:
            self._broadcast_lobby(only=client)
            return
        client.send(state_message(self.game, client.session.snapshot()))
        client.send(self._presence())

    _handlers: dict[str, Callable[[TableServer, Client, dict[str, Any]],
                                  Awaitable[None] | None]] = {
        "hello": _on_hello, "info": _on_info, "start": _on_start, "decide": _on_decide,
        "back": _on_back, "chat": _on_chat, "sync": _on_sync, **HOST_COMMANDS,
    }

    def _broadcast(self, message: dict[str, Any], *, players_only: bool = False) -> None:
        data = encode(message)  # encoded once for everyone
        for client in list(self.clients):
            if client.role == "player" or (client.role is not None and not players_only):
                client.send_data(data)

    # ------------------------------------------------------------- lobby

    def info(self, client: Client) -> dict[str, Any]:
        """The table as ``ebbes table list`` shows it to ``client``'s user; a private
        table shows no names."""
        uid = client.peer.uid
        access = self.access.label(uid, self.seating.uids())
        lobby = self.match is None
        info: dict[str, Any] = {
            "game": self.game.id, "name": self.spec.name, "host": self.spec.host, "pid": os.getpid(),
            "seats": len(self.seating.seats),
            "free_seats": len(self.seating.free()) if lobby else 0,
            "kept_for_you": len(self.seating.kept_for(uid, self.connected_seats()))
            if lobby else 0,
            "spectators": self.access.welcomes_watching(uid), "access": access,
            "phase": "over" if self.over else "lobby" if lobby else "playing",
            "reopened": self.resumed is not None,
            "options": self.options,
            "watchers": len(self._watching()),
        }
        if access != "private":
            info["players"] = [self._seat_label(s.seat, s.login, s.kind, s.level)
                               for s in self.seating.seats]
        return info

    def _seat_label(self, seat: int, login: str | None, kind: str, level: str | None) -> str | None:
        if self.match is not None:
            return self.match.setup.seats[seat].name
        return f"bot:{level}" if kind == "bot" else login

    def _broadcast_lobby(self, only: Client | None = None) -> None:
        connected = self.connected_seats()
        seats = [{"player": s.player, "seat": s.seat, "kind": s.kind, "login": s.login,
                  "name": self._seat_label(s.seat, s.login, s.kind, s.level),
                  "connected": s.seat in connected} for s in self.seating.seats]
        watching = self._watching()
        for client in [only] if only else list(self.clients):
            if client.role is not None:
                client.send({"type": "lobby", "host": self.spec.host, "seats": seats,
                             "can_start": self.access.is_host(client.peer.uid),
                             "watching": watching})

    def _start(self) -> None:
        """The game begins: every connection gets its session; people not here yet are
        away from the start (R21)."""
        extras = {"table": {"name": self.spec.name, "host": self.spec.host}}
        if self.resumed is not None:
            match = Match.resume(self.game, self.resumed, save=self.slot, extras=extras,
                                 waits_for_people=True)
        else:
            setup = players_setup(self.game, self.seating.players(), self.options,
                                  seed=self.spec.seed)
            match = Match(setup, save=self.slot, extras=extras, waits_for_people=True)
            self._on_disk(write_holders, self.store, self.slot_name, self.seating.holders())
        self.match = match
        self._turn = (match.decision, self.clock.now())  # not since the table opened
        log.info("game started: %s", ", ".join(s.name for s in match.setup.seats))
        for client in list(self.clients):
            if client.role is not None:
                self._attach(client)
        connected = self.connected_seats()
        for seat in match.humans:
            if seat not in connected:
                self._set_away(seat)
        self._public = match.session(None)
        self._spawn(self._follow(self._public))
        self._spawn(self._run(match))
        self._broadcast_presence()

    # -------------------------------------------------------------- game

    def _attach(self, client: Client) -> None:
        """Give ``client`` its session: the full view now, then every update in order."""
        assert self.match is not None
        client.session = self.match.session(client.seat if client.player else None)
        client.send(state_message(self.game, client.session.snapshot()))
        client.pump = self._spawn(self._pump(client, client.session))

    async def _pump(self, client: Client, session: Session) -> None:
        while not client.closed:
            client.send(state_message(self.game, await session.next()))

    async def _follow(self, public: Session) -> None:
        """Note when each decision became pending (how long the player has been
        thinking, and their turn clock), where the game stands, and keep the latest
        public news for the recap of a player who comes back."""
        while True:
            update = await public.next()
            self._moment = moment_of_updates(self._moment, (update,))
            if update.decision != self._turn[0]:
                self._turn = (update.decision, self.clock.now())
            self._recent.append((update.seq, state_message(self.game, update)))
            self._arm_turn()

    def _send_recap(self, client: Client) -> None:
        """A player who comes back is told what happened while they were away: the
        public news since their last connection closed."""
        since = self._left_at.pop(client.seat, None) if client.seat is not None else None
        missed = [message for seq, message in self._recent if since is not None and seq > since]
        if missed:
            client.send({"type": "recap", "updates": missed})

    async def _run(self, match: Match) -> None:
        try:
            await match.run()
        except Exception:
            log.exception("the game failed")
            self.shutdown("The table broke down; the game is saved up to the last decision.")
            return
        if match.finished.is_set():
            self.over = True
            self._arm_turn()
            # The game is over, so every hand may be seen (as in a replay): each player
            # gets the whole record to keep in their own History and Statistics.
            self._broadcast({"type": "record", "record": match.record()}, players_only=True)
            self._archiving = self._on_disk(self._archive)
            await asyncio.shield(self._archiving)
            log.info("game over, archived")
            self._check_end()

    def _on_disk(self, work: Callable[..., None], *args: Any) -> asyncio.Future[None]:
        """Run ``work`` in a thread at once; not one of the table's tasks (which closing
        cancels): closing waits for it, so nothing meant for the disk is lost."""
        future = asyncio.ensure_future(asyncio.to_thread(work, *args))
        self._writing.add(future)
        future.add_done_callback(self._writing.discard)
        return future

    def _archive(self) -> None:
        """In a thread: the finished game goes to ``finished/``, who held the seats goes."""
        assert self.slot is not None
        self.slot.archive()
        forget_holders(self.store, self.slot_name)

    def _arm_turn(self) -> None:
        """The turn clock: a connected player has ``turn_time`` for one decision (each
        of several deciding at once has their own); it is set again whenever the
        decision, or who answers it, changes."""
        match = self.match
        if match is None:
            return
        connected = self.connected_seats()
        timed = {} if self.over else {
            seat: match.asked[seat] for seat in match.awaiting
            if match.human_plays(seat) and seat in connected and seat in match.asked}
        for seat in [s for s in self._turn_timers if self._turn_timers[s][0] != timed.get(s)]:
            self._turn_timers.pop(seat)[1].cancel()
        if self.spec.turn_time is None:
            return
        for seat, asked in timed.items():
            if seat not in self._turn_timers:
                self._turn_timers[seat] = (asked, self.clock.later(
                    self.spec.turn_time, self._time_up, seat, asked))

    def _time_up(self, seat: int, asked: int) -> None:
        match = self.match
        self._turn_timers.pop(seat, None)
        if match is not None and not self.over and match.asked.get(seat) == asked \
                and match.human_plays(seat):
            log.info("seat %d ran out of time", seat)
            self.hand_to_bot(seat)

    def hand_to_bot(self, seat: int, *, ordered: bool = False) -> None:
        """A bot plays ``seat`` now, the decision pending included, and the seat is
        away until its player acts again (R21); ``ordered``: the host said so (the game
        goes on even with no person left to play it)."""
        assert self.match is not None
        self._away.setdefault(seat, (self.clock.now(), None))
        self._stand_in(seat, ordered=ordered)

    def _set_away(self, seat: int) -> None:
        """``seat``'s player has no connection: after ``away_after`` a bot stands in."""
        if seat in self._away:
            return
        away_after = self.spec.away_after
        timer = None if away_after is None else self.clock.later(away_after, self._stand_in, seat)
        self._away[seat] = (self.clock.now(), timer)
        log.info("seat %d is away", seat)

    def _stand_in(self, seat: int, *, ordered: bool = False) -> None:
        match = self.match
        if match is not None and seat in self._away and not self.over and match.human_plays(seat):
            match.stand_in(seat, STAND_IN_LEVEL, ordered=ordered)  # R21: the record notes it
            log.info("a %s bot plays seat %d", STAND_IN_LEVEL, seat)
            self._broadcast_presence()

    def _back(self, seat: int) -> None:
        """``seat``'s player is back: the seat is theirs again (R21)."""
        entry = self._away.pop(seat, None)
        if entry is not None and entry[1] is not None:
            entry[1].cancel()
        match = self.match
        if self.over:  # the record is archived: a change of hands now would save it again
            return
        if match is not None and seat in match.humans and not match.human_plays(seat):
            match.give_back(seat)
            log.info("seat %d is played by its player again", seat)

    def _presence(self) -> dict[str, Any]:
        """Who is connected, who is away since when, whose turn for how long, and
        whether the game waits because a bot stands in for every person (it goes on
        when one of them is back)."""
        match = self.match
        assert match is not None
        now = self.clock.now()
        connected = self.connected_seats()
        seats = []
        for seat, info in enumerate(match.setup.seats):
            away = self._away.get(seat)
            bot = match.bots.get(seat) if seat in match.humans else None
            seats.append({"seat": seat, "name": info.name, "kind": info.kind,
                          "connected": seat in connected,
                          "away": round(now - away[0], 3) if away else None,
                          "bot": bot.level if bot is not None else None})
        deciding = list(match.awaiting) if not self.over else []
        turn = deciding[0] if deciding else None
        thinking = round(now - self._turn[1], 3) if turn is not None else None
        return {"type": "presence", **position(match.state.view(None)), "turn": turn,
                "deciding": deciding,
                "thinking": thinking, "turn_time": self.spec.turn_time, "seats": seats,
                "waiting": match.nobody_here and not self.over,
                "watchers": len(self._watching()), "watching": self._watching()}

    def _broadcast_presence(self) -> None:
        if self.match is not None:
            self._broadcast(self._presence())
