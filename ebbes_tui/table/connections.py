"""A table's connections, and what each may cost it: every byte a client sends is
hostile until checked (STYLE.md "Many screens, one match").

A user who knocks too fast is closed unread; a table takes only so many connections,
and one user other than the host only so many of them; a connection that says no hello
in time is closed. A client that sends too fast has its messages dropped, then is cut
off, and one that reads too slowly is cut off too. A message's failure is answered to
its sender alone, in one sentence, never disturbing the table or the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Awaitable, Iterator
from typing import TYPE_CHECKING, Any

from ..controller.session import Session
from ..game.clean import NAME_LIMIT, clean
from .clock import Clock
from .limits import RefusalLog, TokenBucket
from .messages import HANDLERS, ONE_SHOT
from .protocol import (
    CLIENT_LINE_LIMIT, ProtocolError, encode, error_message, parse_client_message, read_lines,
)
from .rendezvous import login_of
from .system import Peer

if TYPE_CHECKING:
    from .server import TableServer

log = logging.getLogger("ebbes.table")

#: Seconds a connection has to say hello.
HELLO_TIMEOUT = 10.0
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


class Connections:
    """The connections of one ``table``, from the knock at its door to the last line:
    each is admitted within the limits above, and what it says goes to the table's
    answer for that message (:mod:`.messages`)."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        self.clients: set[Client] = set()
        self.refusals = RefusalLog(log, table.clock)
        self._knocks: dict[int, TokenBucket] = {}  # new connections, per user
        self._knocks_unnamed: dict[int, int] = {}  # knocks turned away before a login came
        self._logins: dict[int, asyncio.Future[str]] = {}  # uid -> its login, once known

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.clients
                if c.player and c.seat is not None and not c.closed}

    def watching(self) -> list[str]:
        return sorted({c.login for c in self.clients if c.role == "spectator" and not c.closed})

    def broadcast(self, message: dict[str, Any], *, players_only: bool = False) -> None:
        data = encode(message)  # encoded once for everyone
        for client in list(self.clients):
            if client.role == "player" or (client.role is not None and not players_only):
                client.send_data(data)

    def close_all(self) -> Awaitable[Any]:
        """Close every connection now; the result is done once they are closed."""
        writers = [c.writer for c in self.clients]
        for client in list(self.clients):
            client.close()
        return asyncio.gather(*(w.wait_closed() for w in writers), return_exceptions=True)

    # ------------------------------------------------------------ the door

    def knocked(self, connection: socket.socket) -> None:
        """A new connection (from the :class:`.door.Door`): one from a user who knocks
        too fast is closed unread, costing nothing more; any other is welcomed in a
        task."""
        try:
            peer = self.table.system.peer(connection)
        except OSError:
            connection.close()
            return
        knocks = self._knocks.setdefault(
            peer.uid, TokenBucket(CONNECT_RATE, CONNECT_BURST, self.table.clock.now))
        if not knocks.take():
            connection.close()
            self._refused_knock(peer.uid)
            return
        self.table.spawn(self._connected(connection, peer))

    def _lookup(self, uid: int) -> asyncio.Future[str]:
        """The login of ``uid``, asked of the user database once, in a thread: a slow
        directory service never stops the table for the players at it. Everything
        about ``uid`` waits for that one answer, so the log names a user one way."""
        lookup = self._logins.get(uid)
        if lookup is None:
            lookup = self._logins[uid] = asyncio.ensure_future(asyncio.to_thread(
                lambda: clean(login_of(uid, self.table.system), NAME_LIMIT)))
        return lookup

    async def _login(self, uid: int) -> str:
        return await asyncio.shield(self._lookup(uid))  # one going away stops no other's

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

    def _too_many(self, peer: Peer) -> bool:
        if len(self.clients) >= MAX_CLIENTS:
            return True
        return not self.table.access.is_host(peer.uid) and \
            sum(c.peer.uid == peer.uid for c in self.clients) >= MAX_PER_USER

    # ------------------------------------------------------- its messages

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
        client = Client(writer, peer, login, self.table.clock)
        self.clients.add(client)
        hello = self.table.clock.later(HELLO_TIMEOUT, self._too_slow, client)
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
            self.clients.discard(client)
            client.close()
            self.table.left(client)

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
            later = HANDLERS[kind](self.table, client, message)
        if later is not None:  # it waits for the user database: the table goes on
            self.table.spawn(self._answer_later(client, kind, later))
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
