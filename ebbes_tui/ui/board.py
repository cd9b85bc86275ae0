"""The Determiner board: the face-up number (or Variant 2's pairs) and, as each is
fixed, the suit that is Trump, Plus, ebbes, Minus and nix (R4, R5)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import card
from ..rules.categories import CATEGORY_LABELS
from ..rules.determiners import determiner_cards, fixing_plays
from ..rules.view import PlayerView
from .look import ROMAN, Look


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
                text.append_text(look.card(card(suit, number),
                                           style="dim" if suit in view.suits else ""))
                text.append(" ")
        else:
            text.append("Number Determiner ", "bold")
            text.append(f" {view.number or '-'} ", "bold reverse")
        plays = fixing_plays(view.plays(), determiner_cards(view.number, view.pairs))
        for cat, label in enumerate(CATEGORY_LABELS):
            text.append(f"\n{ROMAN[cat]:>3} {label:<6} ", "bold")
            if cat < len(view.suits):
                text.append_text(look.suit(view.suits[cat], name=True))
                if cat < len(plays):
                    seat, fixer = plays[cat]
                    text.append(" ")
                    text.append_text(look.card(fixer))
                    text.append(f" {names[seat][:6]}", "dim")
                else:
                    text.append(" (last)", "dim")
            else:
                text.append("?", "dim")
        self.update(text)
