"""Playing a trick: who may play what (R1), who wins it (R2), who plays next (R3, R15).

Pure functions over plain card numbers, the one place these rules are written; the
game state, the bots, the determinizer and the screens all call them.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import NamedTuple
from collections.abc import Sequence

from .cards import MAX_VALUE, SUIT_OF, Card

#: The led suit when nobody has led yet.
NO_SUIT = -1


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order, who won it (R2), and the
    seat that played each card (R3)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    seats: tuple[int, ...]


def trump_of(suits: Sequence[int]) -> int:
    """The trump suit once fixed (the first category, R4), else :data:`NO_SUIT`."""
    return suits[0] if suits else NO_SUIT


def led_suit(trick: Sequence[Card]) -> int:
    """The suit of the trick's first card, or :data:`NO_SUIT` before the lead."""
    return SUIT_OF[trick[0]] if trick else NO_SUIT


def playable_range(hand: Sequence[Card], led: int) -> tuple[int, int]:
    """R1 Follow suit: holding a card of the led suit, play one of those; void in it (or
    leading), any card. Trumping is never obligatory. ``hand`` is sorted (by suit,
    then value), so the cards that may be played are ``hand[low:high]``."""
    if led >= 0:
        low = bisect_left(hand, led * MAX_VALUE)
        high = bisect_left(hand, (led + 1) * MAX_VALUE, low)
        if high > low:
            return low, high
    return 0, len(hand)


def legal_cards(hand: Sequence[Card], led: int) -> Sequence[Card]:
    """The cards of ``hand`` that may be played to a trick led in ``led`` (R1)."""
    low, high = playable_range(hand, led)
    return hand[low:high]


def beats(card: Card, best: Card, trump: int) -> bool:
    """R2 Whether ``card`` takes the trick from ``best``, the card winning it so far:
    a higher card of the same suit, or a trump over a card that is not one. A
    discard (neither) never wins. ``trump`` is -1 while no suit is trump."""
    suit = SUIT_OF[card]
    if suit == SUIT_OF[best]:
        return card > best
    return suit == trump


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """R2 The index of the winning card, with trump as it stands once the last card is
    down: each card that :func:`beats` the best so far takes over, so the highest
    trump wins, else the highest card of the led suit (written out here: it is the
    engine's hot path)."""
    best = cards[0]
    best_suit = SUIT_OF[best]
    for c in cards:
        suit = SUIT_OF[c]
        if (c > best) if suit == best_suit else (suit == trump):
            best, best_suit = c, suit
    return cards.index(best)


@lru_cache(maxsize=64)
def turn_order(seats: int, dummy: int | None, dealer: int | None) -> tuple[int, ...]:
    """R3, R15 Who plays after each seat: clockwise by seat number; with two players
    (and the dummy) the order is dealer, dummy, partner, whatever the seat numbers."""
    if dummy is None:
        return tuple((s + 1) % seats for s in range(seats))
    if dealer is None or dealer == dummy:
        raise ValueError("a two-player round needs a dealer who is a player (R15)")
    partner = next(s for s in range(seats) if s not in (dealer, dummy))
    order = [0] * seats
    order[dealer], order[dummy], order[partner] = dummy, partner, dealer
    return tuple(order)


def seats_from(leader: int, count: int, order: Sequence[int]) -> tuple[int, ...]:
    """R3 The seats that play ``count`` cards of a trick led by ``leader``, in turn."""
    seats = []
    seat = leader
    for _ in range(count):
        seats.append(seat)
        seat = order[seat]
    return tuple(seats)


@lru_cache(maxsize=64)
def trick_turns(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """R3 The seats of a whole trick led by each seat, in turn (``order`` as
    :func:`turn_order` gives it), made once per order: playouts read them."""
    return tuple(seats_from(leader, len(order), order) for leader in range(len(order)))
