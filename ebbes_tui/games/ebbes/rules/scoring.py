"""Scoring a round: Plus, Minus, ebbes and who holds nix (R6-R9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import NamedTuple

from .cards import SUIT_OF, SUITS
from .categories import Category
from .tricks import Trick

EBBES_BONUS = 3
#: The categories a round is scored by, Plus to nix (Trump scores nothing, R6).
_SCORED = slice(Category.PLUS.value, Category.NIX.value + 1)


class SeatScore(NamedTuple):
    """One seat's round, as a round summary shows it."""

    plus_cards: int
    ebbes_cards: int
    ebbes_points: int
    minus_cards: int
    nix_cards: int

    @property
    def total(self) -> int:
        """Plus +1 each, ebbes +3 or 0, Minus -1 each; Trump and nix score nothing (R6, R7)."""
        return self.plus_cards + self.ebbes_points - self.minus_cards


class RoundScore(NamedTuple):
    """The scored round: the suit of each category, every seat's breakdown, the nix holder."""

    suits: tuple[int, ...]  # suit per Category, in Category order
    seats: tuple[SeatScore, ...]
    nix_holder: int
    points: tuple[int, ...]  # each seat's round total (R9)


def ebbes_points(counts: Sequence[int]) -> list[int]:
    """R7: the highest and the lowest ebbes counts (zero included) score 0, all others +3."""
    high, low = max(counts), min(counts)
    return [0 if n in (high, low) else EBBES_BONUS for n in counts]


class EbbesPlace(Enum):
    """Where a seat's ebbes count stands among all counts (R7), which says why it paid."""

    ALL_EQUAL = "all equal"
    MOST = "most"
    TIED_FOR_MOST = "tied for most"
    FEWEST = "fewest"
    TIED_FOR_FEWEST = "tied for fewest"
    BETWEEN = "between"

    @property
    def pays(self) -> bool:
        return self is EbbesPlace.BETWEEN


def ebbes_places(counts: Sequence[int]) -> list[EbbesPlace]:
    """R7 for each seat: the most or fewest (perhaps tied) score nothing, those strictly
    between get the bonus; all equal, nobody."""
    high, low = max(counts), min(counts)
    if high == low:
        return [EbbesPlace.ALL_EQUAL] * len(counts)
    places = []
    for n in counts:
        if n in (high, low):
            tied = counts.count(n) > 1
            if n == high:
                places.append(EbbesPlace.TIED_FOR_MOST if tied else EbbesPlace.MOST)
            else:
                places.append(EbbesPlace.TIED_FOR_FEWEST if tied else EbbesPlace.FEWEST)
        else:
            places.append(EbbesPlace.BETWEEN)
    return places


def certain_points(taken: Sequence[int], suits: Sequence[int]) -> int:
    """What a seat's taken cards (counted by suit) are sure to be worth already: +1 a
    Plus card, -1 a Minus card once those suits are fixed (R6); ebbes is decided only
    by the final counts (R7)."""
    points = 0
    if len(suits) > Category.PLUS:
        points += taken[suits[Category.PLUS]]
    if len(suits) > Category.MINUS:
        points -= taken[suits[Category.MINUS]]
    return points


def nix_holder(nix_counts: list[int], highest_nix: list[int]) -> int:
    """R8: most nix cards; a tie goes to the tied seat holding the highest nix card."""
    most = max(nix_counts)
    tied = [s for s, n in enumerate(nix_counts) if n == most]
    return max(tied, key=lambda s: highest_nix[s])


def cards_taken(tricks: Iterable[Trick], seats: int) -> tuple[list[list[int]], list[list[int]]]:
    """The cards each seat took in ``tricks``, counted by suit, and the highest of
    each (-1 for none): what a round is scored on (R6-R8), and the memory aid (R18)."""
    counts = [[0] * len(SUITS) for _ in range(seats)]
    highest = [[-1] * len(SUITS) for _ in range(seats)]
    for trick in tricks:
        count, top = counts[trick.winner], highest[trick.winner]
        for c in trick.cards:
            suit = SUIT_OF[c]
            count[suit] += 1
            if c > top[suit]:
                top[suit] = c
    return counts, highest


def score_round(
    suits: tuple[int, ...], counts: list[list[int]], highest: list[list[int]]
) -> RoundScore:
    """Score a finished round from each seat's taken cards counted by suit.

    ``counts[seat][suit]`` is how many cards of ``suit`` the seat took, ``highest``
    the highest such card (-1 for none), used only to break a nix tie.
    """
    plus, ebbes, minus, nix = suits[_SCORED]
    ebbes_counts = [c[ebbes] for c in counts]
    bonus = ebbes_points(ebbes_counts)
    seats = tuple(
        SeatScore(c[plus], c[ebbes], b, c[minus], c[nix]) for c, b in zip(counts, bonus)
    )
    holder = nix_holder([c[nix] for c in counts], [h[nix] for h in highest])
    return RoundScore(suits, seats, holder, tuple(s.total for s in seats))
