"""Which cards are determiners and what each one fixes (R4, R5), and Variant 2's pairs
(R5, R19): the one place these rules are written.

A round's categories are kept as ``suits``: the suit of each category fixed so far,
in the Determiner board's order (Trump, Plus, ebbes, Minus, nix).
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterable, Sequence

from .cards import ALL_CARDS, SUIT_OF, SUITS, Card, card
from .categories import FIXED_BY_CARDS

#: Sum of the suit numbers 0-4: the one suit left after Minus is this minus the others.
_SUIT_SUM = sum(SUITS)


def determiner_cards(number: int | None, pairs: Iterable[tuple[int, int]]) -> frozenset[Card]:
    """R4 every card of the face-up Number Determiner's value; R5 (Variant 2, no number)
    each suit's paired card."""
    if number is not None:
        return frozenset(card(s, number) for s in SUITS)
    return frozenset(card(s, v) for s, v in pairs)


@lru_cache(maxsize=64)
def determiner_flags(number: int | None, pairs: tuple[tuple[int, int], ...]) -> tuple[bool, ...]:
    """:func:`determiner_cards` as one flag per card number, for the engine's hot path
    (``pairs`` sorted, so equal pairings share one table)."""
    cards = determiner_cards(number, pairs)
    return tuple(c in cards for c in ALL_CARDS)


def fix_next_category(suits: list[int], suit: int) -> None:
    """R4, R5 A determiner card of ``suit`` was played: it fixes the next open category
    (Trump, Plus, ebbes, Minus) at once; fixing Minus makes the last suit nix."""
    if len(suits) < FIXED_BY_CARDS:
        suits.append(suit)
        if len(suits) == FIXED_BY_CARDS:
            suits.append(_SUIT_SUM - sum(suits))


def fix_categories(suits: list[int], cat_of: list[int], suit: int) -> None:
    """:func:`fix_next_category`, and each suit it fixes given its category in
    ``cat_of`` (a suit's category by suit, -1 while open)."""
    before = len(suits)
    fix_next_category(suits, suit)
    for category in range(before, len(suits)):
        cat_of[suits[category]] = category


def categories_after(cards: Iterable[Card], suits: Sequence[int],
                     determiners: frozenset[Card]) -> tuple[int, ...]:
    """The categories' suits once ``cards`` are played after ``suits``, each determiner
    card resolved in play order (R4)."""
    fixed = list(suits)
    for c in cards:
        if c in determiners:
            fix_next_category(fixed, SUIT_OF[c])
    return tuple(fixed)


def fixing_plays(plays: Iterable[tuple[int, Card]],
                 determiners: frozenset[Card]) -> list[tuple[int, Card]]:
    """(seat, card) of each determiner card among ``plays`` (seat, card in play order)
    that fixed a category: the k-th fixed the k-th category (R4, R5)."""
    return [(seat, c) for seat, c in plays if c in determiners][:FIXED_BY_CARDS]


def open_pairs(pairs: Iterable[tuple[int, int]],
               choices: Sequence[int]) -> tuple[list[int], list[int]]:
    """R5 The suits not yet paired and the numbers not yet taken this round."""
    pairs = list(pairs)
    taken_suits = {s for s, _ in pairs}
    taken_numbers = {v for _, v in pairs}
    return ([s for s in SUITS if s not in taken_suits],
            [v for v in choices if v not in taken_numbers])


def pair_choosers(starter: int, order: Sequence[int], dummy: int | None) -> list[int]:
    """R5, R19 Who takes the 1st, 2nd, ... 5th pair: the players from the left of the
    starter, clockwise and round again, the dummy taking none."""
    if not order or starter < 0:
        return []  # no round dealt, or its starter not named yet
    players = []
    seat = starter
    for _ in range(len(order)):
        seat = order[seat]
        if seat != dummy:
            players.append(seat)
    return [players[k % len(players)] for k in range(len(SUITS))]


__all__ = [
    "categories_after", "determiner_cards", "determiner_flags", "fix_categories",
    "fix_next_category", "fixing_plays", "open_pairs", "pair_choosers",
]
