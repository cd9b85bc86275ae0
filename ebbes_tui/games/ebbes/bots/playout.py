"""ebbes' playouts for the generic search bot (``hard``): finish the round from a
sampled state, a random leader and greedy followers (followers take tricks worth
something and duck the others), and judge it by the seat's points minus the other
players' average (the dummy scores for nobody, R17)."""

from __future__ import annotations

import random

from ..rules.cards import SUIT_OF, Card
from ..rules.scoring import CARD_POINTS
from ..rules.state import GameState
from ..rules.tricks import beats, trick_winner, trump_of


#: What a taken card of each category is worth (R6), by ``cat_of`` + 1: an open suit
#: first (nothing yet), then Trump to nix.
_PLAYOUT_VALUE = (0, *CARD_POINTS.values())


def playout(state: GameState, first: Card, seat: int, rng: random.Random,
            greedy: bool = True) -> float:
    """Play ``first`` in a copy of ``state``, finish the round (a random leader and
    greedy followers, or all random), and return ``seat``'s points minus the other
    players' average."""
    s = state.clone()
    s.play_fast(first)
    rand = rng.random

    def pick(s: GameState, legal: list[Card]) -> Card:
        if greedy and s.trick:
            return greedy_card(s, legal)
        return legal[int(rand() * len(legal))]

    s.play_out(pick)
    points = s.results[-1].scored.points
    others = [p for i, p in enumerate(points) if i != seat and i != s.dummy]
    return points[seat] - sum(others) / len(others)


def greedy_card(s: GameState, legal: list[Card]) -> Card:
    """A quick follower: take a trick worth something with the lowest card that wins,
    else duck with the card that hurts the winner most (R6 values, open suits 0)."""
    trick = s.trick
    cat_of = s.cat_of
    trump = trump_of(s.suits)
    best = trick[trick_winner(trick, trump)]
    value = 0
    for c in trick:
        value += _PLAYOUT_VALUE[cat_of[SUIT_OF[c]] + 1]
    winners: list[Card] = []
    losers: list[Card] = []
    for c in legal:
        (winners if beats(c, best, trump) else losers).append(c)
    # the cheapest card (every search's hot path: a scan, not min() with a key): to
    # take the trick the lowest one, to duck the highest one
    take = bool(winners) and (value > 0 or not losers)
    pick, low = legal[0], 2  # the first card looked at replaces it (every worth is lower)
    for c in winners if take else losers:
        worth = _PLAYOUT_VALUE[cat_of[SUIT_OF[c]] + 1]
        if worth < low or (worth == low and (c < pick) is take):
            pick, low = c, worth
    return pick


__all__ = ["greedy_card", "playout"]
