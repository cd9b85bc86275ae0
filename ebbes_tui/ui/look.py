"""How the app looks, for every game: ASCII mode or glyphs, the palette the game draws
its cards in (each game's ``ui`` has its own colours per palette), the players' discs.

No meaning is carried by colour alone (STYLE.md): a playable card is marked by its key
and an underline as well as by its colour, and ``ascii`` mode draws nothing outside
ASCII (names transliterated). Palettes: ``dark`` and ``light`` in full colour, and
``ansi`` / ``ansi-light``, the terminal's own 16 colours (16-colour terminals and the
"terminal's own colours" theme).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from typing import TypeVar

from rich.text import Text


#: From this width screens use the room: the long job texts, the log beside the table,
#: the standard names on the board (the app's "-wide" screen class starts here too).
WIDE = 110
#: The players' discs, by seat: ebbes' five wooden ones (pink, gray, orange, black,
#: white), and a sixth, light blue, for six players.
DISC_STYLES = (
    "bold #000000 on #ff87c8", "bold #000000 on #a8a8a8", "bold #000000 on #ff9a2a",
    "bold #ffffff on #303030", "bold #000000 on #f4f4f4", "bold #000000 on #87d7ff",
)
DISC_ANSI = ("bold black on bright_magenta", "bold black on white", "bold black on yellow",
             "bold white on black", "bold black on bright_white", "bold black on bright_cyan")

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                       "ß": "ss", "—": "-", "–": "-", "·": "-", "…": "...", "→": "->",
                       "←": "<-", "▶": ">", "◀": "<", "▲": "^", "✓": "*", "ø": "o", "Ø": "O",
                       "æ": "ae", "Æ": "Ae", "å": "aa", "Å": "Aa"})


def to_ascii(text: str) -> str:
    """German umlauts as ae/oe/ue, everything else stripped of accents or dropped."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return folded.encode("ascii", "ignore").decode("ascii")


def palette_for(theme: str, color_system: str | None) -> str:
    """The suit palette for a theme and what the terminal can show."""
    if theme.startswith("ansi") or color_system in (None, "standard", "windows"):
        return "ansi-light" if theme.endswith("light") else "ansi"
    return "light" if theme.endswith("light") else "dark"


L = TypeVar("L", bound="Look")


@dataclass(frozen=True)
class Look:
    """The drawing choices of one app run: glyphs or plain ASCII, and a palette; and of
    one screen: ``hot_seat``, several people read it, so each seat is called by its
    name (one person's screen calls their own seat "You")."""

    ascii: bool = False
    palette: str = "dark"
    hot_seat: bool = False
    #: A lesson's table: one round, deal or game, so no count of games to come.
    lesson: bool = False

    def as_kind(self, kind: type[L]) -> L:
        """This look as a game's own (its cards drawn its way), every choice kept."""
        if isinstance(self, kind):
            return self
        return kind(**{f.name: getattr(self, f.name) for f in fields(Look)})

    def text(self, text: str) -> str:
        """Any text about to be drawn: transliterated in ASCII mode."""
        return to_ascii(text) if self.ascii else text

    @property
    def dot(self) -> str:
        return "-" if self.ascii else "·"

    @property
    def ellipsis(self) -> str:
        """What ends a name cut short."""
        return "." if self.ascii else "…"

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

    def disc(self, seat: int) -> Text:
        """A player's disc: the seat number (never a suit letter) on the disc colour."""
        styles = DISC_ANSI if self.palette.startswith("ansi") else DISC_STYLES
        return Text(str(seat + 1), style=styles[seat % len(styles)])
