"""Who takes a phase-1 trick (N5) and what beats what in phase 2 (N10, N14): pure
functions over card numbers, the one place these rules are written; the state, the
checks, the bots and the sampler call them."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

from .actions import PLAY, SERIES, Play
from .cards import RANK_OF, SUIT_OF, Card


class Trick(NamedTuple):
    """A completed phase-1 trick: its leader, every card in play order (war cards
    too), who played each, which were turned from the pile (sjanse), its taker, and
    whether a war decided it."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    sjanse: tuple[bool, ...]
    winner: int
    krig: bool


class Move(NamedTuple):
    """One phase-2 move: ``seat`` played ``cards`` (one card or a series), or took
    them in by undertrekk when ``took``, unable to beat the card ``top`` (else -1)."""

    seat: int
    cards: tuple[Card, ...]
    took: bool
    top: Card = -1


# ------------------------------------------------------------------ phase 1 (N5)


def first_round(seats: Sequence[int], cards: Sequence[Card]) -> tuple[int | None, tuple[int, ...], int]:
    """The trick's first round decided: (taker, (), 0) when no rank is doubled, else
    (None, the warriors in play order, the highest doubled rank) -- a pair starts a war
    even when a higher single card lies there (N5)."""
    ranks = [RANK_OF[c] for c in cards]
    doubled = 0
    for r in ranks:
        if r > doubled and ranks.count(r) > 1:
            doubled = r
    if doubled:
        return None, tuple(s for s, r in zip(seats, ranks) if r == doubled), doubled
    return seats[ranks.index(max(ranks))], (), 0


def war_round(warriors: Sequence[int], seats: Sequence[int],
              cards: Sequence[Card]) -> tuple[int | None, tuple[int, ...], int]:
    """A war round decided (N5): ``seats`` are the warriors who played a new card
    (``cards``). Nobody played: the war's first warrior takes; one played: they take;
    else the highest new card takes, and a tie for it wars on (ties below do not)."""
    if not seats:
        return warriors[0], (), 0
    if len(seats) == 1:
        return seats[0], (), 0
    ranks = [RANK_OF[c] for c in cards]
    top = max(ranks)
    tied = tuple(s for s, r in zip(seats, ranks) if r == top)
    if len(tied) > 1:
        return None, tied, top
    return tied[0], (), 0


# ------------------------------------------------------------- phase 2 (N10, N14)


def beats(card: Card, top: Card, trump: int) -> bool:
    """``card`` beats a play whose highest card is ``top`` (N10, N14): a higher card
    of its suit (a lower card number), or a trump on a non-trump."""
    suit = SUIT_OF[card]
    if suit == SUIT_OF[top]:
        return card < top
    return suit == trump


def runs(hand: Sequence[Card]) -> list[tuple[Card, Card]]:
    """The longest unbroken rank runs of two or more cards in a sorted hand, each as
    (highest card, lowest card): card numbers count down the ranks of a suit."""
    found = []
    start = 0
    for i in range(1, len(hand) + 1):
        if i < len(hand) and hand[i] == hand[i - 1] + 1 and SUIT_OF[hand[i]] == SUIT_OF[hand[start]]:
            continue
        if i - start > 1:
            found.append((hand[start], hand[i - 1]))
        start = i
    return found


#: The play of one card, as a function (mapped over a hand at every move).
_PLAY_OF = PLAY.__getitem__


def legal_plays(hand: Sequence[Card], top: Card | None, trump: int, series: bool) -> list[Play]:
    """The plays a sorted phase-2 hand may make (N10, N14): any card or series to lead
    (``top`` None), else every card or series that beats ``top``. A series beats as its
    highest card does, so only runs topped by a beating card count."""
    if top is None:
        plays: list[Play] = list(map(_PLAY_OF, hand))
    else:  # as beats() says, found by bisection: this runs at every beat
        # card numbers count down the ranks of a suit: the higher cards of top's suit
        # are a run of numbers up to top, the trumps the trump suit's thirteen
        suit = SUIT_OF[top]
        same = hand[bisect_left(hand, suit * 13):bisect_left(hand, top)]
        if suit == trump or trump < 0:
            plays = list(map(_PLAY_OF, same))
        else:
            first = trump * 13
            trumps = hand[bisect_left(hand, first):bisect_left(hand, first + 13)]
            plays = list(map(_PLAY_OF, [*same, *trumps] if suit < trump else [*trumps, *same]))
    if series:
        for high, low in runs(hand):
            for h in range(high, low):
                if top is None or beats(h, top, trump):
                    plays.extend(SERIES[h, lo] for lo in range(h + 1, low + 1))
    return plays


def can_beat(hand: Sequence[Card], top: Card, trump: int) -> bool:
    """Some card of ``hand`` beats ``top``; then every series is no better (N14)."""
    return any(beats(c, top, trump) for c in hand)
