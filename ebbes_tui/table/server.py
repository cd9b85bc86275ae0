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

A :class:`TableServer` runs that life and holds the table's parts, each with one job:
its connections and their limits (:mod:`.connections`), what they may say
(:mod:`.messages`), the lobby (:mod:`.lobby`), the game (:mod:`.play`), the players
away from it (:mod:`.away`), the chat (:mod:`.chat`) and the save (:mod:`.saved`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from ..controller.match import Match
from ..controller.saves import SaveStore
from ..controller.setup import players_setup
from ..game.registry import load_game
from .access import Access
from .away import Away
from .chat import Chat
from .clock import Clock, Timer
from .connections import Client, Connections
from .door import Door
from .lobby import Lobby
from .play import Play
from .rendezvous import BACKLOG, TableAddress, listen_socket
from .saved import TableSave
from .seats import Seating, SeatSpec
from .system import SYSTEM, System

log = logging.getLogger("ebbes.table")

#: Seconds an empty lobby waits for someone before the table closes.
LOBBY_IDLE = 600.0


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


class TableServer:
    """One table, from its opening to its end: the parts that do the work, and when the
    table ends."""

    def __init__(self, spec: TableSpec, address: TableAddress, store: SaveStore, *,
                 saved: str | None = None, system: System = SYSTEM,
                 clock: Clock | None = None) -> None:
        self.spec = spec
        self.address = address
        self.system = system
        self.clock = clock or Clock()
        self.access = Access(address.uid, spec.invite, spec.open, spec.spectators)
        self.save = TableSave(store, spec.name, saved)
        if saved is not None:  # the save knows its game
            self.game, resumed = self.save.reopen()
            seats, self.options = self.game.records.setup_of(resumed)
            self.seating = Seating.from_game(seats, self.save.holders(), system)
        else:
            self.game = load_game(spec.game)
            self.options = dict(spec.options)
            self.seating = Seating.from_specs(self.game, spec.seats, system)
        self.connections = Connections(self)
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.away = Away(self)
        self.chat = Chat(self)
        self.done = asyncio.Event()
        self._idle: Timer | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def serve(self, sock: socket.socket | None = None,
                    ready: Callable[[], None] | None = None) -> None:
        """Listen (on ``sock``, else a new socket at the address) until the table ends;
        ``ready`` is called once connections are accepted. SaveError, SlotLocked or
        TableError if the table cannot open."""
        await self.save.open()
        try:
            sock = sock or listen_socket(self.address, self.system)
            inode = os.lstat(self.address.path).st_ino
            door = Door(sock, self.connections.knocked, BACKLOG)
        except BaseException:
            self.save.abandon()
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
            await self.save.let_go(played=self.play.match is not None)
            log.info("table %s closed", self.address.label)

    def _unlink(self, inode: int) -> None:
        """Remove the socket, if it is still the one this server made."""
        with contextlib.suppress(OSError):
            if os.lstat(self.address.path).st_ino == inode:
                os.unlink(self.address.path)

    async def _close_all(self) -> None:
        self.play.stop()
        closed = self.connections.close_all()
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(closed, 2.0)

    def shutdown(self, reason: str) -> None:
        """End the table: say why to everyone connected (the game is already saved)."""
        if self.done.is_set():
            return
        log.info("closing: %s", reason)
        for client in self.connections.clients:
            client.send({"type": "closed", "text": reason})
        self.away.cancel()
        if self._idle is not None:
            self._idle.cancel()
        self.done.set()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``coro`` as one of the table's tasks, which closing cancels."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def reopen_hint(self) -> str:
        return f"{self.spec.host} can reopen it with 'ebbes table serve {self.spec.name}'"

    def start(self) -> None:
        """The lobby's seats become the game's players (or the saved game resumes)."""
        extras = {"table": {"name": self.spec.name, "host": self.spec.host}}
        if self.save.resumed is not None:
            match = Match.resume(self.game, self.save.resumed, save=self.save.slot,
                                 extras=extras, waits_for_people=True)
        else:
            setup = players_setup(self.game, self.seating.players(), self.options,
                                  seed=self.spec.seed)
            match = Match(setup, save=self.save.slot, extras=extras, waits_for_people=True)
            self.save.keep_holders(self.seating.holders())
        self.play.begin(match)

    # ------------------------------------------------- who comes and goes

    def someone_came(self) -> None:
        """A person joined or sat down: the empty lobby no longer counts down to closing.
        A connection that only asks (a ``table list``'s info) does not stop the count,
        or anyone listing tables would keep an empty table open for ever."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def left(self, client: Client) -> None:
        """``client``'s connection is closed: a seat left in the lobby is free again, a
        player who left the game is away (R21), and the table may end."""
        if client.role is None or self.done.is_set():
            self.check_end()
            return
        log.info("%s left (%s)", client.login, client.role)
        seat = client.seat
        if client.player and seat is not None and \
                seat not in self.connections.connected_seats():
            if self.play.match is None:
                self.seating.release(seat)
            elif not self.play.match.finished.is_set():  # after the game nobody is away
                self.play.left(seat)
        if self.play.match is None:
            self.lobby.broadcast()
        else:
            self.away.arm_turn()
            self.play.broadcast_presence()
        self.check_end()

    def check_end(self) -> None:
        """End the table when the game is over and everyone has gone, or when no person
        is connected to a game that is not over (saved: ``serve NAME`` reopens it)."""
        if self.done.is_set():
            return
        match = self.play.match
        if match is None:
            if not any(c.role is not None for c in self.connections.clients):
                self._wait_idle()
        elif self.play.over:
            if not self.connections.clients and self.save.archived():
                self.shutdown("The game is over.")
        elif match.finished.is_set():
            return  # the last save is being written: the table ends once it is archived
        elif not self.connections.connected_seats():
            self.shutdown(f"Everyone has left, so the game is saved: {self.reopen_hint()}.")

    def _wait_idle(self) -> None:
        if self._idle is None:
            self._idle = self.clock.later(LOBBY_IDLE, self.shutdown, "Nobody came to the table.")
