"""``ebbes bench ui``'s key figures: from a move to the redrawn screen painted, at the
position of :mod:`.ui_position`, on three screens:

- ``key_ms``: the local table, one player against random bots. From the key that makes
  the player's move entering the app to the first frame the compositor paints after the
  table has drawn the update with that move.
- ``client_key_ms``: the same at a shared table: the key goes to the table server, and
  the frame is painted once its answer has come back and been drawn. The server runs
  in this process, on a Unix socket in a private temporary directory; every other seat
  is a client of this process that moves only between the timed keys.
- ``spectator_ms``: a spectator's screen at that table, every seat such a client. From
  the server handing the first message of a seat's move to the spectator's connection
  (to be encoded and written) to the spectator's first frame painted after drawing it.

All in process and headless at 80x24: the painted frame is built into the bytes a
terminal would get (Textual only skips writing them when headless), so each figure runs
to the end of the paint and leaves out only the terminal's own work. The local table
keeps the player's pace (other seats' moves wait; a key, timed or not, hurries them);
the shared tables run at pace 0, other seats moving only when the bench says.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, cast
from unittest import mock

from textual.app import App
from textual.pilot import Pilot

from ..controller import Library, SaveStore
from ..game.protocols import any_answer
from ..table.client import TableConnection, connect_table
from ..table.connections import Client
from ..table.protocol import SERVER_LINE_LIMIT, LineSplitter, encode
from ..table.rendezvous import my_login, own_address
from ..table.saved import table_store
from ..table.server import TableServer, TableSpec
from ..ui.app import EbbesApp
from ..ui.table import TableScreen
from ..ui.table_follow import TABLE_EVENTS
from .ui_position import Position, cards_held

#: Keys tried in turn until one makes the move: Enter plays the chosen card or ends
#: arranging; "1" answers where Enter does not (Hund's first choice); "t" is Hund's
#: undertrekk, its only move when nothing beats.
MOVE_KEYS = ("enter", "1", "t")
#: A key no screen binds: it hurries the local table past other seats' moves.
HURRY_KEY = "f12"
#: Seconds the screen stays untouched before a timed move, so that no frame of what
#: came before is painted inside the figure (a frame is due every 1/60 s at most).
SETTLE_S = 0.03
#: The clock of every figure (a test may count frames with it instead).
stamp: Callable[[], float] = time.perf_counter
#: Seconds any one wait may take before the bench calls it a hang.
HANG_S = 60.0
SIZE = (80, 24)


class Frames:
    """When each update of the game was drawn on a table screen, and when the first
    frame after it was painted, while :meth:`watching`."""

    def __init__(self) -> None:
        self.drawn: list[tuple[int, int, float]] = []  # (seq, decision, when)
        self.painted: dict[int, float] = {}  # seq -> the first frame after its drawing
        self._unpainted: list[int] = []

    @contextlib.contextmanager
    def watching(self) -> Iterator[Frames]:
        """Stamp every drawing of a fresh update and every frame painted."""
        redraw, display = TableScreen.redraw, App._display
        frames = self

        def drawn(screen: TableScreen, *args: Any, **kw: Any) -> None:
            redraw(screen, *args, **kw)
            update = screen.update
            if kw.get("fresh") and not isinstance(update.event, TABLE_EVENTS):
                frames.drawn.append((update.seq, update.decision, stamp()))
                frames._unpainted.append(update.seq)

        def painted(app: App[Any], screen: Any, renderable: Any) -> None:
            display(app, screen, renderable)
            if renderable is None or app._batch_count or not frames._unpainted:
                return  # nothing painted (a batch paints when it ends)
            if app.is_headless:  # the bytes a terminal would be sent, built as they would be
                renderable.render_segments(app.console)
            now = stamp()
            for seq in frames._unpainted:
                frames.painted.setdefault(seq, now)
            frames._unpainted.clear()

        with mock.patch.object(TableScreen, "redraw", drawn), \
                mock.patch.object(App, "_display", painted):
            yield self

    async def settled(self) -> None:
        """Everything drawn is painted, and the screen has been left alone a moment."""
        await until(lambda: not self._unpainted, "the table's last frame")
        await asyncio.sleep(SETTLE_S)

    async def painted_after(self, start: float, decision: int) -> float:
        """When the first frame was painted after the table drew the update that
        answers ``decision`` (drawn after ``start``)."""
        def found() -> float | None:
            seq = next((s for s, d, t in self.drawn if t >= start and d > decision), None)
            return None if seq is None else self.painted.get(seq)
        return await until(found, "the move's frame")


async def until(condition: Callable[[], Any], what: str, timeout: float = HANG_S) -> Any:
    """Wait (letting the loop run) until ``condition()`` is truthy; return it."""
    deadline = time.perf_counter() + timeout
    while not (value := condition()):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"waited {timeout:.0f} s in vain for {what}")
        await asyncio.sleep(0.001)
    return value


async def _past_cover(pilot: Pilot[Any]) -> None:
    """Enter for what covers the table (a summary, a dialog); nothing before the table
    has come (a key pressed then would reach it, and could play)."""
    if any(isinstance(s, TableScreen) for s in pilot.app.screen_stack):
        await pilot.press("enter")
    else:
        await asyncio.sleep(0.001)


async def _figures(pilot: Pilot[Any], wanted: int,
                   turn: Callable[[], Awaitable[float | None]]) -> list[float]:
    """``wanted`` figures, each from a ``turn`` taken while the table is on top (it
    gives None while the figure is not to be had yet); Enter for what covers it."""
    figures: list[float] = []
    deadline = time.perf_counter() + HANG_S
    while len(figures) < wanted:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{wanted} moves did not come in {HANG_S:.0f} s")
        if not isinstance(pilot.app.screen, TableScreen):
            await _past_cover(pilot)
        elif (figure := await turn()) is not None:
            figures.append(figure)
        else:
            await asyncio.sleep(0.001)
    return figures


async def _time_key(pilot: Pilot[Any], screen: TableScreen, frames: Frames) -> float:
    """Milliseconds from the key that makes the player's move to its frame painted."""
    decision = screen.update.decision
    for key in MOVE_KEYS:
        await frames.settled()  # a refused key's news painted first
        start = stamp()
        await pilot.press(key)
        if not screen.feed.asks(screen.update) or screen.update.decision != decision:
            return (await frames.painted_after(start, decision) - start) * 1000.0
    raise RuntimeError(f"none of the keys {', '.join(MOVE_KEYS)} made a move")


# ------------------------------------------------------------ the local table


async def time_keys(root: Path, position: Position, presses: int) -> tuple[list[float], int]:
    """``presses`` moves at the local table: their milliseconds, and the fewest cards in
    the player's hand at a timed key."""
    store = SaveStore(root / "saves")
    position.save_local(store)
    app = EbbesApp(library=Library(position.game, store), settings_path=root / "settings.json",
                   continue_game=True, game=position.game.id, animation=False)
    cards = []
    with Frames().watching() as frames:
        async with app.run_test(size=SIZE) as pilot:

            async def turn() -> float | None:
                screen = cast(TableScreen, app.screen)
                if not screen.feed.asks(screen.update):
                    await pilot.press(HURRY_KEY)
                    return None
                cards.append(cards_held(screen.view))
                return await _time_key(pilot, screen, frames)

            times = await _figures(pilot, presses, turn)
    return times, min(cards)


# ------------------------------------------------------------ a shared table


class OtherSeat:
    """A seat played from another terminal, as this process's bench sees it: the table's
    newest state kept as it came, read only when the bench asks whether the seat must
    decide, and a random legal move when told (so the screens under test share the
    loop with the server alone, as they would share the machine)."""

    def __init__(self, connection: TableConnection, rng: random.Random) -> None:
        self.game = connection.game
        self.answered = -1  # the last decision answered
        self._connection = connection
        self._rng = rng
        self._line = b""  # the newest state message
        self._read: tuple[bytes, int, Any] = (b"", -1, None)  # a line, its decision, its view
        self._writer: asyncio.StreamWriter | None = None
        self._reading: asyncio.Task[None] | None = None

    async def start(self) -> None:
        reader, self._writer = await asyncio.open_unix_connection(
            sock=self._connection.sock, limit=SERVER_LINE_LIMIT)
        self._reading = asyncio.get_running_loop().create_task(
            self._keep(reader, self._connection.rest))

    async def _keep(self, reader: asyncio.StreamReader, data: bytes) -> None:
        splitter = LineSplitter(SERVER_LINE_LIMIT)
        while True:
            for line in splitter.feed(data):
                if line is not None and line.startswith(b'{"type":"state"'):
                    self._line = line
            data = await reader.read(65536)
            if not data:
                return

    def _newest(self) -> tuple[int, Any]:
        """The decision pending in the newest state, and the seat's view then."""
        if self._read[0] is not self._line:
            message = json.loads(self._line)
            self._read = (self._line, message["decision"],
                          self.game.wire.view_from_json(message["view"]))
        return self._read[1], self._read[2]

    @property
    def playing(self) -> bool:
        return bool(self._line)

    @property
    def decision(self) -> int:
        return self._newest()[0] if self._line else -1

    def asked(self) -> bool:
        if not self._line:
            return False
        decision, view = self._newest()
        return decision > self.answered and bool(view.actions)

    def move(self) -> None:
        decision, view = self._newest()
        action = any_answer(view.actions, self._rng)
        assert self._writer is not None
        self._writer.write(encode({"type": "decide", "decision": decision, "action": str(action)}))
        self.answered = decision

    def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
        if self._writer is not None:
            self._writer.close()


class SharedTable:
    """The position at a table served in this loop, every seat a person's; the seats
    not at a screen under test are each an :class:`OtherSeat`."""

    def __init__(self, root: Path, position: Position, name: str) -> None:
        self.directory = root / "tables"
        store = table_store(root / "table-saves")
        slot = position.save_table(store, name)
        spec = TableSpec(name, my_login(), position.game.id, spectators=True,
                         away_after=None, turn_time=None)
        self.server = TableServer(spec, own_address(name, self.directory), store, saved=slot)
        self.name = name
        self.others: list[OtherSeat] = []
        self._task: asyncio.Task[None] | None = None
        self._rng = random.Random(position.seed)

    async def __aenter__(self) -> SharedTable:
        ready = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self.server.serve(ready=ready.set))
        await asyncio.wait_for(ready.wait(), HANG_S)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for seat in self.others:
            seat.close()
        self.server.shutdown("The bench is over.")
        assert self._task is not None
        await asyncio.wait_for(self._task, HANG_S)

    async def connect(self, *, watch: bool = False, player: int | None = None) -> TableConnection:
        return await asyncio.wait_for(connect_table(
            self.name, directory=self.directory, watch=watch, player=player), HANG_S)

    async def sit_down(self, seats: range) -> None:
        """Another terminal's seat at each of ``seats`` (from 0)."""
        for seat in seats:
            other = OtherSeat(await self.connect(player=seat + 1), self._rng)
            await other.start()
            self.others.append(other)

    def asked(self) -> OtherSeat | None:
        """Another seat whose decision is open now."""
        return next((s for s in self.others if s.asked()), None)

    async def move(self, seat: OtherSeat) -> None:
        """``seat`` makes a random legal move; back once the table has taken it."""
        seat.move()
        await until(lambda: seat.decision > seat.answered, "the table taking a move")


def _table_app(root: Path, position: Position, connection: TableConnection) -> EbbesApp:
    """The app at a shared table, at pace 0, with saves and settings of its own."""
    return EbbesApp(pace=0, animation=False, table=connection, settings_path=root / "settings.json",
                    library=Library(position.game, SaveStore(root / "saves")))


def _shown_all(app: EbbesApp) -> TableScreen | None:
    """The table screen, once it shows the newest update come from the table."""
    screen = app.screen
    if not isinstance(screen, TableScreen) or screen.remote is None:
        return None
    latest = screen.remote.latest
    return screen if screen.update.seq >= latest.seq and not screen.feed.waiting() else None


async def time_client_keys(root: Path, position: Position,
                           presses: int) -> tuple[list[float], int]:
    """``presses`` moves of the player at seat 0 of a shared table: milliseconds from
    the key to the frame with the move, the table server's answer included; and the
    fewest cards in the player's hand at a timed key."""
    cards = []
    async with SharedTable(root, position, "client") as table:
        await table.sit_down(range(1, position.players))
        app = _table_app(root, position, await table.connect(player=1))
        with Frames().watching() as frames:
            async with app.run_test(size=SIZE) as pilot:

                async def turn() -> float | None:
                    other, screen = table.asked(), _shown_all(app)
                    if other is not None:
                        await table.move(other)
                    elif screen is not None and screen.feed.asks(screen.update):
                        cards.append(cards_held(screen.view))
                        return await _time_key(pilot, screen, frames)
                    return None

                times = await _figures(pilot, presses, turn)
    return times, min(cards)


async def time_spectator(root: Path, position: Position, moves: int) -> list[float]:
    """``moves`` moves at a shared table, each seat played by a client of this process:
    milliseconds from the server's first message of each move to the spectator to the
    spectator's frame with it painted."""
    sent: dict[int, float] = {}
    async with SharedTable(root, position, "watch") as table:
        await table.sit_down(range(position.players))
        await until(lambda: all(s.playing for s in table.others), "the game at the table")
        with Frames().watching() as frames, _states_to_spectators(sent):
            app = _table_app(root, position, await table.connect(watch=True))
            async with app.run_test(size=SIZE) as pilot:

                async def turn() -> float | None:
                    mover = table.asked()
                    if _shown_all(app) is None or mover is None:
                        return None  # the table, or a seat, still reading
                    await frames.settled()
                    return await _time_watched(table, mover, sent, frames)

                return await _figures(pilot, moves, turn)


async def _time_watched(table: SharedTable, mover: OtherSeat, sent: dict[int, float],
                        frames: Frames) -> float:
    """Milliseconds from the server's first message of ``mover``'s move to the
    spectator to the spectator's frame with it painted."""
    before = max(sent, default=0)
    await table.move(mover)
    seq = await until(lambda: min((s for s in sent if s > before), default=0),
                      "the server's message")
    painted = await until(lambda: frames.painted.get(seq), "the spectator's frame")
    return float((painted - sent[seq]) * 1000.0)


@contextlib.contextmanager
def _states_to_spectators(sent: dict[int, float]) -> Iterator[None]:
    """Note when the server hands each state message to a spectator's connection (by
    its seq). (Patched before the spectator comes: a connection's pump takes its send
    before it waits for the next update.)"""
    send = Client.send

    def stamped(client: Client, message: dict[str, Any]) -> None:
        if client.role == "spectator" and message.get("type") == "state":
            sent.setdefault(message["seq"], stamp())
        send(client, message)

    with mock.patch.object(Client, "send", stamped):
        yield
