"""How Hund's cards look: rank and suit as on a real card (``A♠``, ``10♥``; ``AS``,
``10H`` in ASCII), over the app's :class:`~ebbes_tui.ui.look.Look`.

No meaning is carried by colour alone (STYLE.md): the suit is always written, as a
glyph or its letter. The colours are a four-colour deck's (spades dark, hearts red,
diamonds blue, clubs green), so a glance tells ♥ from ♦ as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from ....ui.look import Look
from ..rules.cards import RANK_CODES, SUIT_OF, SUIT_WORDS, SUITS, Card

SUIT_GLYPHS = ("♠", "♥", "♦", "♣")
#: Suit colours per palette; "" is the terminal's own text colour (spades on any
#: background). The ANSI palettes are the terminal's own 16 colours.
PALETTES = {
    "dark": ("#e4e4e4", "#ff5f5f", "#5fafff", "#5fd75f"),
    "light": ("#1c1c1c", "#c01818", "#1f4fbf", "#16751f"),
    "ansi": ("", "bright_red", "bright_cyan", "bright_green"),
    "ansi-light": ("", "red", "blue", "green"),
}


@dataclass(frozen=True)
class HundLook(Look):
    """The app's look, with Hund's cards."""

    def colour(self, suit: int) -> str:
        return PALETTES[self.palette][suit]

    def mark(self, suit: int) -> str:
        """A suit's mark on a card: its glyph, or its letter in ASCII."""
        return SUITS[suit] if self.ascii else SUIT_GLYPHS[suit]

    def suit(self, suit: int, *, name: bool = True) -> Text:
        """A suit as its mark and (``name``) its word: ``♥ hearts``, ``H hearts``."""
        mark = self.mark(suit) + (f" {SUIT_WORDS[suit]}" if name else "")
        return Text(mark, style=f"bold {self.colour(suit)}".strip())

    def face(self, card: Card) -> str:
        """A card's face as plain text: ``10♥``, ``10H`` in ASCII."""
        return RANK_CODES[card % 13] + self.mark(SUIT_OF[card])

    def card(self, card: Card, *, style: str = "") -> Text:
        """A card in its suit's colour."""
        return Text(self.face(card), style=f"bold {self.colour(SUIT_OF[card])} {style}".strip())

    def cards(self, cards: tuple[Card, ...] | list[Card], sep: str = " ") -> Text:
        """Several cards in a row (a series: low to high)."""
        return Text(sep).join(self.card(c) for c in cards)

    def play(self, cards: tuple[Card, ...] | list[Card]) -> str:
        """A play as plain text: one card, or a series joined by hyphens."""
        return "-".join(self.face(c) for c in cards)


def hund_look(look: Look) -> HundLook:
    """The app's ``look`` with Hund's cards."""
    return look.as_kind(HundLook)
