"""The game log: every card, who won each trick and why, every determiner fixed, every
round score; kept by the table as updates arrive, shown with ``g`` (and beside the
table on wide screens), and read back for the hot-seat recap. The tricks before the
last completed one are part of the memory aid: with it off, the log leaves them out
(R18)."""

from __future__ import annotations

from dataclasses import replace

from ....controller import Update
from ....game.events import ChatLine
from ....ui.game_log import END, TrickLog
from ..rules.cards import Card
from ..rules.events import CardPlayed, RoundScored, RoundStarted, TrickWon
from ..rules.view import PlayerView
from .explain import card_run, event_line, takes_line
from .look import EbbesLook


class GameLog(TrickLog[PlayerView]):
    """ebbes' lines (:class:`~ebbes_tui.ui.game_log.TrickLog`), and the current
    trick's cards so far."""

    look: EbbesLook

    def __init__(self, look: EbbesLook, *, personal: bool = True, memory_aid: bool = True) -> None:
        super().__init__(look, personal=personal, memory_aid=memory_aid)
        self._trick: list[tuple[int, Card]] = []  # the current trick's cards so far

    def start(self, update: Update[PlayerView]) -> None:
        """Begin from a full view (a new or resumed game): this round so far."""
        view = update.view
        names = self.names(view)
        deal = view.position()[0]
        # Between rounds (a game continued before the next deal) and at the end, the
        # tricks are of the round just scored (they were called the next round's), and
        # its score comes after them, as it came when played.
        scored = len(view.scores) >= deal
        if view.scores and not scored:
            self.note(update.seq, f"Rounds so far: {len(view.scores)}; totals "
                      + ", ".join(f"{n} {t:+d}" for n, t in zip(names, view.totals)) + ".",
                      at=(deal - 1, END))
        if view.tricks or view.trick:
            self.note(update.seq, f"Round {deal}:" if scored else f"Round {deal}, as it stands:",
                      at=(deal, 0))
            for i, trick in enumerate(view.tricks):
                cards = card_run(list(zip(trick.seats, trick.cards)), names, self.look).plain
                self.note(update.seq, f"Trick {i + 1}: {cards}.  "
                          f"{takes_line(view, trick, names, self.look)}.", trick=True,
                          at=(deal, i + 1))
        if view.scores and scored:
            event = RoundScored(deal - 1, view.scores[-1], view.totals)
            line = event_line(replace(update, event=event), names, self.look)
            if line:
                self.note(update.seq, line, at=(deal, END))
        self._trick = list(zip(view.trick_seats, view.trick))

    def add(self, update: Update[PlayerView]) -> None:
        """Note what ``update`` says."""
        event = update.event
        if isinstance(event, CardPlayed):
            self._trick.append((event.seat, event.card))
            return
        if isinstance(event, (RoundStarted, TrickWon)):
            self._trick = []
        if isinstance(event, ChatLine):
            self.said(update.seq, event)
            return
        line = event_line(update, self.names(update.view), self.look)
        if line is not None:
            self.note(update.seq, line, trick=isinstance(event, TrickWon))

    def current(self, view: PlayerView) -> str | None:
        """The trick in progress, if any cards are down."""
        if not self._trick:
            return None
        return "Now: " + card_run(self._trick, self.names(view), self.look).plain
