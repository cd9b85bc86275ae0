"""How the game looks: suit colours, letters and glyphs, disc colours, ASCII mode.

No meaning is carried by colour alone (STYLE.md): every suit has a letter and a
glyph too, and ``ascii`` mode draws nothing outside ASCII (names transliterated).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rich.text import Text

from ..rules.cards import SUIT_NAMES, Card

#: Per suit (blue, brown, yellow, green, red): the letter, the glyph, the colour.
SUIT_LETTERS = ("B", "N", "Y", "G", "R")
SUIT_GLYPHS = ("●", "■", "▲", "♣", "♥")
SUIT_COLOURS = ("#5f9fff", "#c0803f", "#f0d030", "#50c050", "#ff5050")
#: The five wooden discs of the rulebook, by seat: pink, gray, orange, black, white.
DISC_STYLES = (
    "bold #000000 on #ff87c8", "bold #000000 on #a8a8a8", "bold #000000 on #ff9a2a",
    "bold #ffffff on #303030", "bold #000000 on #f4f4f4",
)
ROMAN = ("I", "II", "III", "IV", "V")

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                       "ß": "ss", "—": "-", "–": "-", "·": "-", "…": "..."})


def to_ascii(text: str) -> str:
    """German umlauts as ae/oe/ue, everything else stripped of accents or dropped."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return folded.encode("ascii", "ignore").decode("ascii")


@dataclass(frozen=True)
class Look:
    """The drawing choices of one app run: Unicode glyphs, or plain ASCII."""

    ascii: bool = False

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

    def suit(self, suit: int, *, name: bool = False) -> Text:
        """A suit as glyph and letter (and its name), in the suit's colour."""
        mark = SUIT_LETTERS[suit] if self.ascii else f"{SUIT_GLYPHS[suit]}{SUIT_LETTERS[suit]}"
        if name:
            mark = f"{mark} {SUIT_NAMES[suit]}"
        return Text(mark, style=f"bold {SUIT_COLOURS[suit]}")

    def card(self, card: Card, *, width: int = 0, style: str = "") -> Text:
        """A card as glyph, letter and value (``●B12``), padded to ``width``."""
        body = f"{SUIT_LETTERS[card.suit]}{card.value}"
        if not self.ascii:
            body = SUIT_GLYPHS[card.suit] + body
        return Text(body.ljust(width), style=f"bold {SUIT_COLOURS[card.suit]} {style}".strip())

    def card_name(self, card: Card) -> str:
        """A card in words for messages: ``blue 1``."""
        return f"{SUIT_NAMES[card.suit]} {card.value}"


def disc_marks(names: list[str]) -> list[str]:
    """One distinct character per seat for its disc: the initial, else another letter
    of the name, else the seat number."""
    marks: list[str] = []
    for seat, name in enumerate(names):
        letters = [c.upper() for c in to_ascii(name) if c.isalnum()]
        tries = letters[:1] + letters[-1:] + letters[1:]  # "Bot 2" -> "2" after "B"
        mark = next((c for c in tries if c not in marks), str(seat + 1))
        marks.append(mark)
    return marks


def disc(seat: int, mark: str) -> Text:
    """A player's disc: its mark on the disc colour."""
    return Text(mark, style=DISC_STYLES[seat % len(DISC_STYLES)])
