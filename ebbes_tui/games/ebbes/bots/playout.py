"""ebbes' playouts for the generic search bot (``hard``): finish the round from a
sampled state, a random leader and greedy followers (followers take tricks worth
something and duck the others), and judge it by the seat's points minus the other
players' average (the dummy scores for nobody, R17)."""

from __future__ import annotations

import random

from ..rules.cards import SUIT_OF, Card
from ..rules.state import GameState
from ..rules.tricks import beats, trick_winner


#: What a taken card of each category is worth in a playout, by ``cat_of`` (-1 open).
_PLAYOUT_VALUE = {-1: 0, 0: 0, 1: 1, 2: 0, 3: -1, 4: 0}


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
    points = s.results[-1].score.points  # type: ignore[union-attr]
    others = [p for i, p in enumerate(points) if i != seat and i != s.dummy]
    return points[seat] - sum(others) / len(others)


def greedy_card(s: GameState, legal: list[Card]) -> Card:
    """A quick follower: take a trick worth something with the lowest card that wins,
    else duck with the card that hurts the winner most (R6 values, open suits 0)."""
    trick = s.trick
    cat_of = s.cat_of
    trump = s.trump
    best = trick[trick_winner(trick, trump)]
    value = sum(_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]] for c in trick)
    winners, losers = [], []
    for c in legal:
        (winners if beats(c, best, trump) else losers).append(c)
    if winners and (value > 0 or not losers):
        return min(winners, key=lambda c: (_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]], c))
    return min(losers, key=lambda c: (_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]], -c))


__all__ = ["greedy_card", "playout"]
