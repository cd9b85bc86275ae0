"""The game log: every card, who won each trick and why, every determiner fixed, every
round score; kept by the table as updates arrive, shown with ``g`` (and beside the
table on wide screens), and read back for the hot-seat recap. The tricks before the
last completed one are part of the memory aid: with it off, the log leaves them out
(R18)."""

from __future__ import annotations

from ....controller import Update
from ..rules.events import CardPlayed, RoundStarted, TrickWon
from ..rules.view import PlayerView
from ....table.events import ChatLine
from ....ui.words import as_seen_by
from .explain import card_run, event_line, takes_line
from .look import EbbesLook


class GameLog:
    """Lines of what happened, each tagged with the update's sequence number."""

    def __init__(self, look: EbbesLook, *, personal: bool = True, memory_aid: bool = True) -> None:
        """``personal``: one player reads it, so their own seat is "You" (not in
        hot-seat, where the log is everyone's); ``memory_aid``: every trick, else only
        the last completed one (R18)."""
        self.look = look
        self.personal = personal
        self.memory_aid = memory_aid
        self.lines: list[tuple[int, str]] = []
        self._trick_lines: list[int] = []  # where in ``lines`` each trick's line is
        self._trick: list[tuple[int, object]] = []  # the current trick's cards so far

    def start(self, update: Update) -> None:
        """Begin from a full view (a new or resumed game): this round so far."""
        view = update.view
        names = self._names(view)
        if view.scores:
            self.lines.append((update.seq, f"Rounds so far: {len(view.scores)}; totals "
                               + ", ".join(f"{n} {t:+d}" for n, t in zip(names, view.totals))
                               + "."))
        if view.tricks or view.trick:
            self.lines.append((update.seq, f"Round {view.round_no + 1}, as it stands:"))
            for i, trick in enumerate(view.tricks):
                cards = card_run(list(zip(trick.seats, trick.cards)), names, self.look).plain
                self._trick_lines.append(len(self.lines))
                self.lines.append((update.seq, f"Trick {i + 1}: {cards}.  "
                                   f"{takes_line(view, trick, names, self.look)}."))
        self._trick = list(zip(view.trick_seats, view.trick))

    def add(self, update: Update) -> None:
        """Note what ``update`` says."""
        event = update.event
        if isinstance(event, CardPlayed):
            self._trick.append((event.seat, event.card))
            return
        if isinstance(event, (RoundStarted, TrickWon)):
            self._trick = []
        if isinstance(event, ChatLine):
            self.lines.append((update.seq, self.look.text(f"{event.sender} says: {event.text}")))
            return
        line = event_line(update, self._names(update.view), self.look)
        if line is not None:
            if isinstance(event, TrickWon):
                self._trick_lines.append(len(self.lines))
            self.lines.append((update.seq, self.look.text(line)))

    def _shown(self) -> list[tuple[int, str]]:
        """The lines a player may read: with the memory aid off, of the tricks only
        the last completed one (R18)."""
        if self.memory_aid:
            return self.lines
        earlier = set(self._trick_lines[:-1])
        return [line for i, line in enumerate(self.lines) if i not in earlier]

    def current(self, view: PlayerView) -> str | None:
        """The trick in progress, if any cards are down."""
        if not self._trick:
            return None
        return "Now: " + card_run(self._trick, self._names(view), self.look).plain  # type: ignore[arg-type]

    def since(self, seq: int, most: int = 8) -> list[str]:
        """The lines after update ``seq`` (the latest ``most``)."""
        return [line for s, line in self._shown() if s > seq][-most:]

    def text(self, view: PlayerView) -> str:
        lines = [line for _, line in self._shown()]
        now = self.current(view)
        if now:
            lines.append(self.look.text(now))
        return "\n".join(lines) or "Nothing has happened yet."

    def _names(self, view: PlayerView) -> list[str]:
        names = [self.look.text(s.name) for s in view.config.seats]
        return as_seen_by(names, view.seat) if self.personal else names
