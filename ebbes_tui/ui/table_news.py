"""The news line of a table: what the update on show means (moves speak for themselves
on the table), a hint, a refusal, a chat line, a shared table's word; each said until
an update makes it stale (the game says which update makes which kind stale). An
explanation stays long enough to be read: news that comes meanwhile waits its turn."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widgets import Static

from ..controller import TakenBack, Update
from ..game.events import ChatLine
from ..table.events import Disconnected, Presence, Refused

if TYPE_CHECKING:
    from textual.timer import Timer

    from .table import TableScreen

#: The kind of news a game gives to what explains one of its words the first time: it
#: stays on the line at least :data:`HOLD` seconds, even when a move makes it stale.
EXPLAIN = "explain"
#: Seconds an explanation stays before the next news replaces it.
HOLD = 4.0


class News:
    """One table screen's news line: its text, and the kind of news it is."""

    #: The clock the hold is measured by (a test's own clock: no sleeps).
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.text = ""
        self.kind = ""  # what the news line says: stale at different moments
        self.until = 0.0  # an explanation on show stays until then
        self.expired = False  # it went stale while it stayed
        self.waiting: list[tuple[str, str, bool]] = []  # (news, kind, stale) to come
        self._timer: Timer | None = None

    def say(self, message: str, kind: str = "event") -> None:
        """Put ``message`` on the news line now. Its ``kind`` says when it goes stale
        (the game says which move makes which kind stale): an ``event``, a ``hint``,
        a ``refusal``, :data:`EXPLAIN`, or the game's own kinds."""
        self.text = self.screen.app.look.text(message)
        self.kind = kind if message else ""
        self.until = self.clock() + HOLD if message and kind == EXPLAIN else 0.0
        self.expired = False
        self.screen.query_one("#news", Static).update(self.text)

    def held(self) -> bool:
        """Whether an explanation on show must stay."""
        return self.clock() < self.until

    def tell(self, message: str, kind: str) -> None:
        """Say a game's news, after the explanation on show (and those waiting) have
        stayed their time; of the other news only the newest waits."""
        if not self.held() and not self.waiting:
            self.say(message, kind)
            return
        if kind != EXPLAIN:
            self.waiting = [w for w in self.waiting if w[1] == EXPLAIN]
        self.waiting.append((message, kind, False))
        self._wake()

    def flush(self) -> None:
        """Once the explanation on show has stayed its time: the next news waiting, or
        an empty line if it went stale meanwhile."""
        self._timer = None
        if self.held():
            self._wake()
        elif self.waiting:
            message, kind, stale = self.waiting.pop(0)
            self.say(message, kind)
            self.expired = stale
            if self.waiting or stale:
                self._wake()
        elif self.expired:
            self.say("")

    def _wake(self) -> None:
        if self._timer is None:
            self._timer = self.screen.set_timer(max(self.until - self.clock(), 0.0) + 0.05,
                                                self.flush)

    def _stale(self) -> None:
        """The news on show (and the other news waiting) no longer applies; an
        explanation stays or waits its time all the same."""
        self.waiting = [(m, k, True) for m, k, _ in self.waiting if k == EXPLAIN]
        if self.held() or self.waiting:
            self.expired = True
            self._wake()
        else:
            self.say("")

    def note(self, update: Update) -> None:
        """Say what an update means on the news line (moves speak for themselves on the
        table)."""
        screen = self.screen
        event = update.event
        if isinstance(event, TakenBack):
            self.waiting = []  # news of the moves taken back
            self.say("Your last move was taken back.")
        elif isinstance(event, ChatLine):
            if not event.earlier:  # what was said before: in the log (g), not news
                self.say(f"{event.sender}: {event.text}", "chat")
        elif isinstance(event, (Refused, Disconnected)):
            self.say(event.text + (" Esc: back to the menu." if isinstance(
                event, Disconnected) else ""), "table")
        elif isinstance(event, Presence):
            if screen.link is not None:
                screen.link.show_presence()
            mine = next((s for s in event.seats if s.seat == update.view.seat), None)
            if mine is not None and mine.connected and mine.bot:
                self.say(f"A {mine.bot} bot plays for you (your time ran out, or the host "
                         "handed your seat to it): press any key to play again.", "table")
        else:
            if self.kind and screen.screens.stale(self.kind, update):
                self._stale()
            names = screen.screens.names(update.view, not screen.hot_seat, screen.app.look)
            said = screen.screens.note(update, names, screen.app.look, self.text)
            if said is not None:
                self.tell(*said)
