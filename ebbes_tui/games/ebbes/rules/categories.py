"""The five categories a round gives its suits, in the order they are fixed (R4)."""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Trump, Plus, ebbes, Minus, nix: the Determiner board's order, I to V."""

    TRUMP = 0
    PLUS = 1
    EBBES = 2
    MINUS = 3
    NIX = 4

    @property
    def label(self) -> str:
        """Name as the rulebook writes it: ``Trump``, ``Plus``, ``ebbes``, ``Minus``, ``nix``."""
        return CATEGORY_LABELS[self]

    @property
    def key(self) -> str:
        """Lower-case key used in ``ebbes check --json``: ``trump`` ... ``nix``."""
        return self.name.lower()


CATEGORIES: tuple[Category, ...] = tuple(Category)
CATEGORY_LABELS: tuple[str, ...] = ("Trump", "Plus", "ebbes", "Minus", "nix")
#: Categories fixed by determiner cards; the last suit left is nix (R4, R5).
FIXED_BY_CARDS = 4
