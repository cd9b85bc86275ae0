"""The Determiner board: the face-up number (or Variant 2's pairs) and, as each is
fixed, the suit that is Trump, Plus, ebbes, Minus and nix (R4, R5)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import ALL_CARDS, MAX_VALUE, Card
from ..rules.categories import CATEGORY_LABELS, FIXED_BY_CARDS
from ..rules.view import PlayerView
from .look import ROMAN, Look


def fixing_plays(view: PlayerView) -> list[tuple[int, Card]]:
    """(seat, card) of each determiner card played this round, in play order: the k-th
    fixed the k-th category (R4, R5). Read off the public tricks, so it survives a
    resume or a take-back."""
    if view.config.options.choose_determiners:
        determiners = {ALL_CARDS[s * MAX_VALUE + v - 1] for s, v in view.pairs}
    else:
        determiners = {c for c in ALL_CARDS if c.value == view.number}
    found = []
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.leader, view.trick)]
    for leader, cards in tricks:
        seat = leader
        for card in cards:
            if card in determiners:
                found.append((seat, card))
            seat = view.next_seat(seat)
    return found[:FIXED_BY_CARDS]


class DeterminerBoard(Static):
    """Rows I-V; a newly fixed row flashes (the table adds ``-flash`` for a moment)."""

    def __init__(self, look: Look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView) -> None:
        look = self.look
        names = [look.text(s.name) for s in view.config.seats]
        text = Text()
        if view.config.options.choose_determiners:
            text.append("Pairs ", "bold")
            if not view.pairs:
                text.append("not chosen yet", "dim")
            for suit, number in view.pairs:
                card = ALL_CARDS[suit * MAX_VALUE + number - 1]
                text.append_text(look.card(card, style="dim" if suit in view.suits else ""))
                text.append(" ")
        else:
            text.append("Number Determiner ", "bold")
            text.append(f" {view.number or '-'} ", "bold reverse")
        plays = fixing_plays(view)
        for cat, label in enumerate(CATEGORY_LABELS):
            text.append(f"\n{ROMAN[cat]:>3} {label:<6} ", "bold")
            if cat < len(view.suits):
                text.append_text(look.suit(view.suits[cat], name=True))
                if cat < len(plays):
                    seat, card = plays[cat]
                    text.append(" ")
                    text.append_text(look.card(card))
                    text.append(f" {names[seat][:6]}", "dim")
                else:
                    text.append(" (last)", "dim")
            else:
                text.append("?", "dim")
        self.update(text)
