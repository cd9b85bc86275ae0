"""The game log (``g``, beside the table on wide screens, and the hot-seat recap):
every deal, every trick with why it was won, every penalty, reward, named leader,
option and score. The log of the deal's tricks is a memory aid (H13): with it off,
the log keeps only the last completed trick."""

from __future__ import annotations

from dataclasses import replace

from ....controller import Update
from ....game.events import ChatLine
from ....ui.game_log import END, TrickLog
from ..rules.events import CardPlayed, DealStarted, HandArranged, PlayBegins, TrickTaken
from ..rules.view import HuhnView
from .explain import event_line, takes_line, trick_cards, trick_gives
from .look import HuhnLook


class HuhnLog(TrickLog[HuhnView]):
    """Blindes Huhn extrem's lines (:class:`~ebbes_tui.ui.game_log.TrickLog`)."""

    look: HuhnLook

    def start(self, update: Update[HuhnView]) -> None:
        """Begin from a full view (a new or resumed game): this deal so far."""
        view: HuhnView = update.view
        names = self.names(view)
        deal = view.position()[0]
        if view.scores:
            self.note(update.seq, f"Deals so far: {len(view.scores)}; totals "
                      + ", ".join(f"{n} {t:+d}" for n, t in zip(names, view.totals)) + ".",
                      at=(deal - 1, END))
        if view.tricks:
            self.note(update.seq, f"Deal {view.deal}, as it stands:", at=(deal, 0))
        elif view.phase in ("arrange", "play"):  # no trick yet: how the deal began (a
            # player back at a shared table read only the totals)
            began: list[object] = [DealStarted(view.deal, view.dealer, view.leader, view.dealt)]
            began += [HandArranged(s) for s, done in enumerate(view.arranged) if done] \
                if view.phase == "arrange" else [PlayBegins(view.leader)]
            for event in began:
                line = event_line(replace(update, event=event), names, self.look)
                if line is not None:
                    self.note(update.seq, line, at=(deal, 0))
        for i, trick in enumerate(view.tricks):
            gives = trick_gives(trick)
            self.note(update.seq, f"Trick {i + 1}: {trick_cards(trick, names, self.look)}. "
                      f"{takes_line(trick, names, self.look)}{f' ({gives})' if gives else ''}.",
                      trick=True, at=(deal, i + 1))

    def add(self, update: Update[HuhnView]) -> None:
        """Note what ``update`` says (a card: part of its trick's line; the trick in
        progress is :meth:`current`)."""
        event = update.event
        if isinstance(event, CardPlayed):
            return
        if isinstance(event, ChatLine):
            self.said(update.seq, event)
            return
        line = event_line(update, self.names(update.view), self.look)
        if line is not None:
            self.note(update.seq, line, trick=isinstance(event, TrickTaken))

    def current(self, view: HuhnView) -> str | None:
        """The trick in progress, if any cards are down (a back for a face-down card
        of another player's)."""
        if not view.trick:
            return None
        names = self.names(view)
        look = self.look
        cards = "  ".join(
            f"{names[tc.seat]} {look.card_back if tc.card is None else look.card(tc.card).plain}"
            f" ({look.end_mark(tc.end)}{', face down' if tc.down else ''})" for tc in view.trick)
        return f"Now: {cards}"
