"""Scoring a round: Plus, Minus, ebbes and who holds nix (R6-R9)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import NamedTuple, Protocol

from .cards import SUIT_OF, SUITS
from .categories import Category
from .tricks import Trick

EBBES_BONUS = 3
#: What one taken card of each category is worth to its taker (R6): Plus +1, Minus -1,
#: Trump nothing; ebbes pays by the counts (R7), nix only names the next starter (R8).
CARD_POINTS: dict[Category, int] = {Category.TRUMP: 0, Category.PLUS: 1, Category.EBBES: 0,
                                    Category.MINUS: -1, Category.NIX: 0}
#: A Plus and a Minus card's points, read at the end of every playout (a name, not two
#: enum lookups).
_PLUS, _MINUS = CARD_POINTS[Category.PLUS], CARD_POINTS[Category.MINUS]
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
        return self.plus_cards * _PLUS + self.ebbes_points + self.minus_cards * _MINUS


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
    return sum(taken[suit] * CARD_POINTS[Category(category)]
               for category, suit in enumerate(suits[:Category.MINUS + 1]))


class BySeat(Protocol):
    """A figure of each seat, looked up by seat: a list, or one worked out when asked."""

    def __getitem__(self, seat: int, /) -> int: ...


def nix_holder(nix_counts: list[int], highest_nix: BySeat) -> int:
    """R8: most nix cards; a tie goes to the tied seat holding the highest nix card
    (``highest_nix`` is asked only about tied seats)."""
    most = max(nix_counts)
    if nix_counts.count(most) == 1:
        return nix_counts.index(most)
    tied = [s for s, n in enumerate(nix_counts) if n == most]
    return max(tied, key=highest_nix.__getitem__)


def cards_taken(tricks: Iterable[Trick], seats: int) -> list[list[int]]:
    """The cards each seat took in ``tricks``, counted by suit: what a round is scored
    on (R6-R8), and the memory aid (R18)."""
    counts = [[0] * len(SUITS) for _ in range(seats)]
    for trick in tricks:
        count = counts[trick.winner]
        for c in trick.cards:
            count[SUIT_OF[c]] += 1
    return counts


class HighestTaken:
    """The highest card of ``suit`` each seat took in ``tricks`` (-1 for none), by seat,
    worked out only for the seats asked about: R8 breaks a tie on nix by it (and a
    round's summary names the card), and a round is scored at the end of every playout."""

    __slots__ = ("tricks", "suit")

    def __init__(self, tricks: Sequence[Trick], suit: int) -> None:
        self.tricks, self.suit = tricks, suit

    def __getitem__(self, seat: int) -> int:
        suit = self.suit
        return max((c for t in self.tricks if t.winner == seat for c in t.cards
                    if SUIT_OF[c] == suit), default=-1)


def score_round(
    suits: tuple[int, ...], counts: list[list[int]], highest: list[list[int]]
) -> RoundScore:
    """Score a finished round from each seat's taken cards counted by suit.

    ``counts[seat][suit]`` is how many cards of ``suit`` the seat took, ``highest``
    the highest such card (-1 for none), used only to break a nix tie.
    """
    return _scored(suits, counts, [h[suits[Category.NIX]] for h in highest])


def score_tricks(suits: tuple[int, ...], tricks: Sequence[Trick], seats: int) -> RoundScore:
    """Score a finished round from its tricks (R6-R9), as :func:`score_round`."""
    return _scored(suits, cards_taken(tricks, seats), HighestTaken(tricks, suits[Category.NIX]))


def _scored(suits: tuple[int, ...], counts: list[list[int]],
            highest_nix: BySeat) -> RoundScore:
    plus, ebbes, minus, nix = suits[_SCORED]
    bonus = ebbes_points([c[ebbes] for c in counts])
    seats = tuple([_new(SeatScore, (c[plus], c[ebbes], b, c[minus], c[nix]))
                   for c, b in zip(counts, bonus)])
    holder = nix_holder([c[nix] for c in counts], highest_nix)
    return _new(RoundScore, (suits, seats, holder, tuple(map(_TOTAL, seats))))


#: Makes the NamedTuples without their constructors' Python frames: a round is scored
#: at the end of every playout.
_new = tuple.__new__
_TOTAL: Callable[[SeatScore], int] = vars(SeatScore)["total"].fget
