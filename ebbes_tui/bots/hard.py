"""The ``hard`` level: Perfect Information Monte Carlo over the seat's view.

For each decision it samples where the unseen cards could be, consistent with what
the seat saw (hand sizes, voids shown, the dummy's face-up cards; R18), plays each
candidate card in each sample and finishes the round with a quick playout (followers
take tricks worth something and duck the others), and keeps the card with the best
average round result: its own points minus the other players' average (the dummy
scores for nobody, R17). The candidates are the normal bot's four best cards, so the
samples are not spread thin. Its budget is a number of samples, so a seeded decision
is the same every time (a resumed game gets the same answers); a time cap only
guards against a very slow machine.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Sequence

from ..rules.actions import Action, play
from ..rules.cards import SUIT_OF, Card
from ..rules.determinize import HiddenDeals, determinized_state
from ..rules.state import GameState, Phase
from ..rules.tricks import beats, trick_winner
from ..rules.view import PlayerView
from .normal import Judge, NormalBot
from .table import Table

#: Samples per decision (the budget) and the safety cap on its time.
DEFAULT_SAMPLES = 600
DEFAULT_CAP_MS = 2000


class HardBot:
    """Sampling and playing out: stronger, slower; starter and pairs as ``normal``."""

    level = "hard"

    def __init__(self, samples: int = DEFAULT_SAMPLES, cap_ms: float = DEFAULT_CAP_MS,
                 greedy: bool = True, keep: int = 4) -> None:
        self.samples = samples
        self.cap_ms = cap_ms
        self.greedy = greedy  # greedy followers in playouts, else random
        self.keep = keep  # search only the normal bot's best ``keep`` cards (0: all)
        self.helper = NormalBot()
        #: Samples per searched decision (the latest 1000), for tuning.
        self.samples_used: deque[int] = deque(maxlen=1000)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is not Phase.PLAY:
            return self.helper.choose(view, legal, rng)
        return play(self.choose_card(view, rng))

    def choose_card(self, view: PlayerView, rng: random.Random) -> Card:
        """The candidate with the best mean playout result; no search when forced."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.cap_ms / 1000.0
        estimate = Judge(Table(view), self.helper.weights).score
        candidates = list(legal)
        if self.keep and len(candidates) > self.keep:
            candidates = sorted(candidates, key=estimate, reverse=True)[:self.keep]
        totals = dict.fromkeys(candidates, 0.0)
        samples = 0
        deals = HiddenDeals(view)
        while samples < self.samples:
            if samples and time.perf_counter() >= deadline:
                break
            state = determinized_state(view, deals.sample(rng), rng)
            for c in candidates:
                totals[c] += playout(state, c, view.seat, rng, self.greedy)  # type: ignore[arg-type]
            samples += 1
        self.samples_used.append(samples)
        return max(candidates, key=lambda c: totals[c])


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


__all__ = ["DEFAULT_CAP_MS", "DEFAULT_SAMPLES", "HardBot", "greedy_card", "playout"]
