"""How Blindes Huhn extrem's cards look, on top of the app's
:class:`~ebbes_tui.ui.look.Look` (ASCII or glyphs, a palette).

No meaning is carried by colour alone (STYLE.md): a card's symbol is a letter after
its number (``17H`` a hen, ``19P`` a pig, ``0S`` the Sau, ``16D`` the face-down
symbol), drawn bold, and coloured where the terminal has colours. A face-down card
is a back (``▒▒``, ``##`` in ASCII).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from ....ui.look import Look
from ..rules.cards import DOWN, HEN, PIG, SAU, SYMBOLS, Card
from ..rules.tricks import LEFT, RIGHT

#: The letter after a card's number for each symbol, and what it is called.
SYMBOL_LETTERS = {HEN: "H", PIG: "P", SAU: "S", DOWN: "D"}
SYMBOL_NAMES = {HEN: "hen", PIG: "pig", SAU: "Sau", DOWN: "face-down symbol"}
#: Symbol colours per palette ("ansi": the terminal's own 16 colours).
PALETTES = {
    "dark": {HEN: "#ff6f5f", PIG: "#ff87d7", SAU: "#d7a0ff", DOWN: "#5fafff"},
    "light": {HEN: "#b01818", PIG: "#b0207a", SAU: "#6a2fb0", DOWN: "#1f4fbf"},
    "ansi": {HEN: "bright_red", PIG: "bright_magenta", SAU: "magenta", DOWN: "bright_cyan"},
    "ansi-light": {HEN: "red", PIG: "magenta", SAU: "magenta", DOWN: "blue"},
}
#: What each reward card's advantage does in the next trick, in one line (H9).
REWARD_WORDS = {
    "down": "lead face down, whatever the card",
    "ear": "lead any card of your hand, not only an end card",
    "hand": "name who leads (any player, the taker too)",
}


@dataclass(frozen=True)
class HuhnLook(Look):
    """The app's look, with Blindes Huhn extrem's cards."""

    def colour(self, symbol: str) -> str:
        return PALETTES[self.palette][symbol]

    def card(self, card: Card, *, style: str = "") -> Text:
        """``17H``: the number and the symbol's letter, bold and coloured; a card
        without a symbol is its number."""
        symbol = SYMBOLS.get(card)
        if symbol is None:
            return Text(str(card), style=style)
        return Text(f"{card}{SYMBOL_LETTERS[symbol]}",
                    style=f"bold {self.colour(symbol)} {style}".strip())

    def back(self, style: str = "") -> Text:
        """A face-down card."""
        return Text(self.card_back, style=f"bold {style}".strip())

    def marks(self, *, down: bool = False, won: bool = False) -> str:
        """After a card of a completed trick: ``↓`` it was played face down, ``✓`` it
        took the trick. In ASCII in brackets (``16D[v]``, ``29[*]``, ``28D[v*]``): a
        bare ``v`` or ``*`` would read as part of the card's name."""
        if self.ascii:
            inner = ("v" if down else "") + ("*" if won else "")
            return f"[{inner}]" if inner else ""
        return ("↓" if down else "") + (self.won if won else "")

    def backs(self, count: int) -> str:
        """A hand of ``count`` cards as a row of backs, one column a card."""
        return self.card_back[0] * count

    def end_mark(self, end: str) -> str:
        """Which end of the hand a card came from, in a word."""
        return {LEFT: "left", RIGHT: "right"}.get(end, "middle")

    def card_name(self, card: Card) -> str:
        """A card in words for sentences: ``17 (hen)``."""
        symbol = SYMBOLS.get(card)
        return f"{card} ({SYMBOL_NAMES[symbol]})" if symbol else str(card)


def huhn_look(look: Look) -> HuhnLook:
    """The app's ``look`` with Blindes Huhn extrem's cards."""
    return look.as_kind(HuhnLook)
