"""The news line of a table: what the update on show means (moves speak for themselves
on the table), a hint, a refusal, a chat line, a shared table's word; each said until
an update makes it stale (the game says which update makes which kind stale).

An explanation stays long enough to be read. The game's news that come meanwhile
wait their turn, every one of them, in order: once the explanation has stayed its time
they are said together, as many as the line holds. News that go stale while they wait
are dropped, because a newer one says it better (the end of the trick says how a krig
ended); the game log keeps every move. An explanation whose facts no longer hold (the
game makes it stale) gives way at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from ..controller import SeatChanged, TakenBack, Update
from ..game.events import ChatLine, Dealt
from ..table.events import Disconnected, Presence, Refused

if TYPE_CHECKING:
    from textual.timer import Timer

    from .table import TableScreen

#: The kind of news a game gives to what explains one of its words the first time: it
#: stays on the line at least :data:`HOLD` seconds. Gone stale within them, it lapses:
#: it stays its time, then goes (the moves after it no longer show what it explains). A
#: game may name its explanations apart (``explain krig``): those it makes stale have
#: facts that no longer hold, and give way at once; they lapse too, with the moves that
#: make :data:`EXPLAIN` stale (the first krig's stayed on through the next trick).
EXPLAIN = "explain"
#: The kinds of news about the deal on the table (a move, a hint, a refusal): stale once
#: the next deal is dealt ("Bea took the last trick ..." stayed over the next deal's hands).
LAST_DEALS = ("event", "hint", "refusal")
#: The kind of news that a bot took a seat or gave it back ("You are back."), or that a
#: move was taken back: stale at the next event, a change of who is at the table too
#: ("taken back" stayed on under the next trick in Blindes Huhn).
SEAT = "seat"
#: After a chat line cut to the news line's room: where it is whole.
CUT_CHAT = "… (g: the log has it whole)"
#: Seconds an explanation stays before the next news replaces it.
HOLD = 4.0
#: A hint's hold while news wait behind it: it stays until the next update (a move).
UNTIL_A_MOVE = float("inf")
#: Seconds news that had to wait stay when more wait behind them (they did not all fit
#: on the line, or an explanation comes next).
READ = 2.0


def explains(kind: str) -> bool:
    """Whether news of ``kind`` is an explanation (:data:`EXPLAIN`)."""
    return kind.split(" ", 1)[0] == EXPLAIN


class News:
    """One table screen's news line: its text, the kind of news it is, and the game's
    news waiting for their turn."""

    #: The clock the hold is measured by (a test's own clock: no sleeps).
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.text = ""
        self.kind = ""  # what the news line says: stale at different moments
        self.until = 0.0  # the news on show stays until then
        self.waiting: list[tuple[str, str]] = []  # the game's (news, kind) to come
        self._timer: Timer | None = None
        self.lapsing = False  # the explanation on show goes once its time is up

    def say(self, message: str, kind: str = "event") -> None:
        """Put ``message`` on the news line now (the answer to a key, a chat line, a
        shared table's word): an explanation it interrupts, and the game's news
        waiting, come after it in turn. Its ``kind`` says when it goes stale (the game
        says which move makes which kind stale): an ``event``, a ``hint``, a
        ``refusal``, :data:`EXPLAIN`, or the game's own kinds."""
        if message and self.held() and explains(self.kind):
            self.waiting.insert(0, (self.text, self.kind))
        hold = HOLD if explains(kind) else READ if self.waiting else 0.0
        if kind == "hint" and self.waiting:  # asked for: the news waiting come after a move
            hold = UNTIL_A_MOVE
        self._show(message, kind, hold)
        self.flush()

    def clear(self) -> None:
        """Nothing on the news line, nothing waiting: what it said is of another moment
        (a lesson went on past a stretch of play)."""
        self.waiting = []
        self._show("", "", 0.0)

    def _show(self, message: str, kind: str, hold: float) -> None:
        self.lapsing = False
        self.text = self.screen.app.look.text(message)
        self.kind = kind if message else ""
        self.until = self.clock() + hold if message else 0.0
        self.screen.query_one("#news", Static).update(self.text)

    def held(self) -> bool:
        """Whether the news on show must stay."""
        return self.clock() < self.until

    def flush(self) -> None:
        """Once the news on show has stayed its time: the news waiting, together as
        far as the line holds them, up to and with the first explanation."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.waiting:
            if self.lapsing:  # stale: nothing after it, so gone once its time is up
                if self.held():
                    self._timer = self.screen.set_timer(self.until - self.clock() + 0.05, self._woken)
                else:
                    self._show("", "", 0.0)
            return
        if self.held():
            if self.until != UNTIL_A_MOVE:
                self._timer = self.screen.set_timer(self.until - self.clock() + 0.05, self._woken)
            return
        said = [self.waiting.pop(0)]
        while self.waiting and not explains(said[-1][1]) and \
                self._fits([*said, self.waiting[0]]):
            said.append(self.waiting.pop(0))
        kind = next((k for _, k in said if explains(k)), said[-1][1])
        self._show(" ".join(m for m, _ in said), kind,
                   HOLD if explains(kind) else READ if self.waiting else 0.0)
        if self.waiting:
            self.flush()

    def _woken(self) -> None:
        self._timer = None  # it has run out: nothing to stop
        self.flush()

    def _fits(self, said: list[tuple[str, str]]) -> bool:
        """Whether the news ``said`` together fit on the news line."""
        line = self.screen.query_one("#news", Static)
        rows = line.styles.max_height
        text = Text(self.screen.app.look.text(" ".join(m for m, _ in said)))
        return len(text.wrap(self.screen.app.console, max(line.content_size.width, 20))) <= \
            (int(rows.value) if rows is not None else 1)

    def _fitted(self, message: str, tail: str) -> str:
        """``message`` whole where the news line holds it, else as much of it as fits
        before ``tail`` (which says where the rest is)."""
        if self._fits([(message, "")]):
            return message
        low, high = 0, len(message)  # message[:low] + tail fits, message[:high] not
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (mid, high) if self._fits([(message[:mid] + tail, "")]) else (low, mid)
        return message[:low].rstrip() + tail

    def note(self, update: Update) -> None:
        """Say what an update means on the news line (moves speak for themselves on the
        table)."""
        screen = self.screen
        event = update.event
        if self.until == UNTIL_A_MOVE:
            self.until = self.clock()  # the hint has been read: what waited comes now
        if isinstance(event, TakenBack):
            self.waiting = []  # news of the moves taken back, an explanation too
            self._show("Your last move was taken back.", SEAT, 0.0)
        elif isinstance(event, ChatLine):
            if not event.earlier:  # what was said before: in the log (g), not news
                self.say(self._fitted(f"{event.sender}: {event.text}", CUT_CHAT), "chat")
        elif isinstance(event, (Refused, Disconnected)):
            self.say(event.text + (" Esc: back to the menu." if isinstance(
                event, Disconnected) else ""), "table")
        elif isinstance(event, Presence):
            if screen.link is not None:
                screen.link.show_presence()
            if self.kind == SEAT:  # who plays which seat has changed since: stale
                self._show("", "", 0.0)
            mine = next((s for s in event.seats if s.seat == update.view.seat), None)
            if mine is not None and mine.connected and mine.bot and not update.view.over:
                self.say(f"A {mine.bot} bot plays for you (your time ran out, or the host "
                         "handed your seat to it): press any key to play again.", "table")
        else:
            def stale(kind: str, update: Update) -> bool:  # a new deal: the last one's news too
                return screen.screens.stale(kind, update) or (
                    isinstance(update.event, Dealt) and kind in LAST_DEALS)
            self.waiting = [(m, k) for m, k in self.waiting  # an explanation lapses once said
                            if k == EXPLAIN or not stale(k, update)]
            if self.kind == SEAT or self.kind and stale(self.kind, update) and \
                    not (self.kind == EXPLAIN and self.held()):
                self._show("", "", 0.0)  # a named explanation too: its facts no longer hold
            elif explains(self.kind) and stale(EXPLAIN, update):
                self.lapsing = True  # every explanation lapses: read first, then gone
            names = screen.screens.names(update.view, not screen.hot_seat, screen.app.look)
            said = screen.screens.note(update, names, screen.app.look, self.text)
            if said is not None:
                self.waiting.append((said[0], SEAT) if isinstance(event, SeatChanged) else said)
            self.flush()
