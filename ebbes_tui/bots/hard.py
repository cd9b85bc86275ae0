"""The ``hard`` level: Perfect Information Monte Carlo over the seat's view.

For each decision it samples where the unseen cards could be, consistent with what
the seat saw (hand sizes, voids shown, the dummy's face-up cards; R18), plays each
candidate card in each sample and finishes the round with a quick playout (followers
take tricks worth something and duck the others), and keeps the card with the best
average round result: its own points minus the other players' average (the dummy
scores for nobody, R17). The candidates are the normal bot's four best cards, so the
samples are not spread thin. Time per decision is capped; with ``max_samples`` set
and the cap not reached it is deterministic for a seeded rng.
"""

from __future__ import annotations

import random
import time
from collections import deque

from ..rules.cards import SUIT_OF, Card
from ..rules.determinize import determinized_state, sample_hidden
from ..rules.state import GameState, Phase
from ..rules.view import PlayerView
from .normal import Judge, NormalBot
from .table import Table

DEFAULT_BUDGET_MS = 300


class HardBot:
    """Sampling and playing out: stronger, slower; starter and pairs as ``normal``."""

    level = "hard"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, max_samples: int | None = None,
                 greedy: bool = True, keep: int = 4) -> None:
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.greedy = greedy  # greedy followers in playouts, else random
        self.keep = keep  # search only the normal bot's best ``keep`` cards (0: all)
        self.helper = NormalBot()
        #: Samples per searched decision (the latest 1000), for tuning.
        self.samples_used: deque[int] = deque(maxlen=1000)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Card:
        """The candidate with the best mean playout result; no search when forced."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        estimate = Judge(Table(view), self.helper.weights).score
        candidates = list(legal)
        if self.keep and len(candidates) > self.keep:
            candidates = sorted(candidates, key=estimate, reverse=True)[:self.keep]
        totals = dict.fromkeys(candidates, 0.0)
        samples = 0
        while self.max_samples is None or samples < self.max_samples:
            if samples and time.perf_counter() >= deadline:
                break
            state = determinized_state(view, sample_hidden(view, rng))
            for c in candidates:
                totals[c] += playout(state, c, view.seat, rng, self.greedy)
            samples += 1
        self.samples_used.append(samples)
        return max(candidates, key=lambda c: totals[c])

    def choose_starter(self, view: PlayerView, rng: random.Random) -> int:
        return self.helper.choose_starter(view, rng)

    def choose_pair(self, view: PlayerView, rng: random.Random) -> tuple[int, int]:
        return self.helper.choose_pair(view, rng)


#: What a taken card of each category is worth in a playout, by ``cat_of`` (-1 open).
_PLAYOUT_VALUE = {-1: 0, 0: 0, 1: 1, 2: 0, 3: -1, 4: 0}


def playout(state: GameState, first: Card, seat: int, rng: random.Random,
            greedy: bool = True) -> float:
    """Play ``first`` in a copy of ``state``, finish the round (greedy or random
    playout), and return ``seat``'s points minus the other players' average."""
    s = state.clone()
    s.play_fast(first)
    rand = rng.random
    legal_moves, play_fast = s.legal_moves, s.play_fast
    while s.phase is Phase.PLAY:
        legal = legal_moves()
        if len(legal) == 1:
            play_fast(legal[0])
        elif greedy and s.trick:
            play_fast(greedy_card(s, legal))
        else:
            play_fast(legal[int(rand() * len(legal))])
    points = s.results[-1].score.points  # type: ignore[union-attr]
    others = [p for i, p in enumerate(points) if i != seat and i != s.dummy]
    return points[seat] - sum(others) / len(others)


def greedy_card(s: GameState, legal: list[Card]) -> Card:
    """A quick follower: take a trick worth something with the lowest card that wins,
    else duck with the card that hurts the winner most (R6 values, open suits 0)."""
    trick = s.trick
    cat_of = s.cat_of
    trump = s.suits[0] if s.suits else -1
    led = SUIT_OF[trick[0]]
    best = max((c for c in trick if SUIT_OF[c] == trump), default=-1)
    best_suit = trump if best >= 0 else led
    if best < 0:
        best = max(c for c in trick if SUIT_OF[c] == led)
    value = sum(_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]] for c in trick)
    winners, losers = [], []
    for c in legal:
        suit = SUIT_OF[c]
        wins = (c > best) if suit == best_suit else (suit == trump)
        (winners if wins else losers).append(c)
    if winners and (value > 0 or not losers):
        return min(winners, key=lambda c: (_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]], c))
    return min(losers, key=lambda c: (_PLAYOUT_VALUE[cat_of[SUIT_OF[c]]], -c))


__all__ = ["DEFAULT_BUDGET_MS", "HardBot", "greedy_card", "playout"]
