"""The ``hard`` level: Perfect Information Monte Carlo over the seat's view.

For each decision it samples where the unseen cards could be, consistent with what
the seat saw (hand sizes, voids shown, the dummy's face-up cards; R18), plays every
legal card in each sample and finishes the round with a quick playout policy, and
keeps the card with the best average round result: its own points minus the average
of the other players' (the dummy scores for nobody, R17). Time per decision is capped;
with ``max_samples`` set and the cap not reached it is deterministic for a seeded rng.
"""

from __future__ import annotations

import random
import time

from ..rules.cards import Card
from ..rules.determinize import determinized_state, sample_hidden
from ..rules.state import GameState, Phase
from ..rules.view import PlayerView
from .normal import NormalBot

DEFAULT_BUDGET_MS = 300


class HardBot:
    """Sampling and playing out: stronger, slower; starter and pairs as ``normal``."""

    level = "hard"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, max_samples: int | None = None) -> None:
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.helper = NormalBot()
        self.samples_used: list[int] = []  # per searched decision, for tuning

    def choose_card(self, view: PlayerView, rng: random.Random) -> Card:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        totals = dict.fromkeys(legal, 0.0)
        samples = 0
        while self.max_samples is None or samples < self.max_samples:
            if samples and time.perf_counter() >= deadline:
                break
            state = determinized_state(view, sample_hidden(view, rng))
            for c in legal:
                totals[c] += playout(state, c, view.seat, rng)
            samples += 1
        self.samples_used.append(samples)
        return max(legal, key=lambda c: totals[c])

    def choose_starter(self, view: PlayerView, rng: random.Random) -> int:
        return self.helper.choose_starter(view, rng)

    def choose_pair(self, view: PlayerView, rng: random.Random) -> tuple[int, int]:
        return self.helper.choose_pair(view, rng)


def playout(state: GameState, first: Card, seat: int, rng: random.Random) -> float:
    """Play ``first`` in a copy of ``state``, finish the round at random, and return
    ``seat``'s points minus the other players' average."""
    s = state.clone()
    s.play_fast(first)
    rand = rng.random
    legal_moves, play_fast = s.legal_moves, s.play_fast
    while s.phase is Phase.PLAY:
        legal = legal_moves()
        play_fast(legal[int(rand() * len(legal))])
    points = s.results[-1].score.points  # type: ignore[union-attr]
    others = [p for i, p in enumerate(points) if i != seat and i != s.dummy]
    return points[seat] - sum(others) / len(others)


__all__ = ["DEFAULT_BUDGET_MS", "HardBot", "playout"]
