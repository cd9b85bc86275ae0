"""How the game looks: suit colours, letters and glyphs, discs, ASCII mode, palettes.

No meaning is carried by colour alone (STYLE.md): every suit has a letter and a glyph
too, a playable card is marked by its key and an underline as well as by its colour,
and ``ascii`` mode draws nothing outside ASCII (names transliterated). The suit colours
come in palettes: for dark and light themes in full colour, and one of the 16 ANSI
colours (the terminal's own palette, chosen so the five suits differ) for 16-colour
terminals and the "terminal's own colours" theme.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rich.text import Text

from ..games.ebbes.rules.cards import SUIT_NAMES, Card

#: From this width screens use the room: the long job texts, the log beside the table,
#: the standard names on the board (the app's "-wide" screen class starts here too).
WIDE = 110
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
#: The five wooden discs of the rulebook, by seat: pink, gray, orange, black, white.
DISC_STYLES = (
    "bold #000000 on #ff87c8", "bold #000000 on #a8a8a8", "bold #000000 on #ff9a2a",
    "bold #ffffff on #303030", "bold #000000 on #f4f4f4",
)
DISC_ANSI = ("bold black on bright_magenta", "bold black on white", "bold black on yellow",
             "bold white on black", "bold black on bright_white")
ROMAN = ("I", "II", "III", "IV", "V")

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                       "ß": "ss", "—": "-", "–": "-", "·": "-", "…": "...", "→": "->",
                       "←": "<-", "▶": ">", "▲": "^", "✓": "*"})


def to_ascii(text: str) -> str:
    """German umlauts as ae/oe/ue, everything else stripped of accents or dropped."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return folded.encode("ascii", "ignore").decode("ascii")


def palette_for(theme: str, color_system: str | None) -> str:
    """The suit palette for a theme and what the terminal can show."""
    if theme.startswith("ansi") or color_system in (None, "standard", "windows"):
        return "ansi-light" if theme.endswith("light") else "ansi"
    return "light" if theme.endswith("light") else "dark"


@dataclass(frozen=True)
class Look:
    """The drawing choices of one app run: glyphs or plain ASCII, and a palette."""

    ascii: bool = False
    palette: str = "dark"

    def text(self, text: str) -> str:
        """Any text about to be drawn: transliterated in ASCII mode."""
        return to_ascii(text) if self.ascii else text

    @property
    def dot(self) -> str:
        return "-" if self.ascii else "·"

    @property
    def arrow(self) -> str:
        return ">" if self.ascii else "▶"

    @property
    def cursor(self) -> str:
        return "^" if self.ascii else "▲"

    @property
    def card_back(self) -> str:
        return "##" if self.ascii else "▒▒"

    @property
    def won(self) -> str:
        """Marks the card that took a trick."""
        return "*" if self.ascii else "✓"

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

    def disc(self, seat: int) -> Text:
        """A player's disc: the seat number (never a suit letter) on the disc colour."""
        styles = DISC_ANSI if self.palette.startswith("ansi") else DISC_STYLES
        return Text(str(seat + 1), style=styles[seat % len(styles)])
