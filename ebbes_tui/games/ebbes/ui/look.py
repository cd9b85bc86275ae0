"""How ebbes' cards look: the five suits' colours, letters and glyphs, on top of the
app's :class:`~ebbes_tui.ui.look.Look` (ASCII or glyphs, a palette).

No meaning is carried by colour alone (STYLE.md): every suit has a letter and a glyph
too. The suit colours come in palettes: for dark and light themes in full colour, and
one of the 16 ANSI colours (the terminal's own palette, chosen so the five suits
differ) for 16-colour terminals and the "terminal's own colours" theme.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from ....ui.look import Look
from ..rules.cards import SUIT_NAMES, Card

#: Per suit (blue, brown, yellow, green, red): the letter and the glyph.
SUIT_LETTERS = ("B", "N", "Y", "G", "R")
SUIT_GLYPHS = ("●", "■", "▲", "♣", "♥")
#: Suit colours per palette. "ansi" names the terminal's own colours: brown is ANSI
#: yellow, which VGA and the Linux console draw brown; yellow is bright yellow.
PALETTES = {
    "dark": ("#5f9fff", "#c8884a", "#f0d030", "#50c050", "#ff5f5f"),
    # Yellow not "#8a7000": on 256 colours it became 94, brown's colour too.
    "light": ("#1f4fbf", "#8a4b12", "#9a7b00", "#16751f", "#c01818"),
    "ansi": ("bright_blue", "yellow", "bright_yellow", "bright_green", "bright_red"),
    "ansi-light": ("blue", "yellow", "magenta", "green", "red"),
}
#: The categories' numerals on the Determiner board.
ROMAN = ("I", "II", "III", "IV", "V")


@dataclass(frozen=True)
class EbbesLook(Look):
    """The app's look, with ebbes' suits and cards."""

    def colour(self, suit: int) -> str:
        return PALETTES[self.palette][suit]

    def suit(self, suit: int, *, name: bool = False) -> Text:
        """A suit as glyph and letter (and its name), in the suit's colour."""
        mark = SUIT_LETTERS[suit] if self.ascii else f"{SUIT_GLYPHS[suit]}{SUIT_LETTERS[suit]}"
        if name:
            mark = f"{mark} {SUIT_NAMES[suit]}"
        return Text(mark, style=f"bold {self.colour(suit)}")

    def card(self, card: Card, *, width: int = 0, style: str = "", plain: bool = False) -> Text:
        """A card as glyph, letter and value (``●B12``), padded to ``width``; ``plain``
        leaves out the suit colour (a card that cannot be played now)."""
        body = f"{SUIT_LETTERS[card.suit]}{card.value}"
        if not self.ascii:
            body = SUIT_GLYPHS[card.suit] + body
        colour = "" if plain else f"bold {self.colour(card.suit)}"
        return Text(body.ljust(width), style=f"{colour} {style}".strip())

    def card_name(self, card: Card) -> str:
        """A card in words for messages: ``blue 1``."""
        return f"{SUIT_NAMES[card.suit]} {card.value}"


def ebbes_look(look: Look) -> EbbesLook:
    """The app's ``look`` with ebbes' cards."""
    return look.as_kind(EbbesLook)
