"""The ``random`` level of every game: any legal answer, uniformly (an answer that
cannot be listed, such as the order of a hand, is sampled). A baseline and a test
partner."""

from __future__ import annotations

import random

from ..game.protocols import Action, Choices, listed


class RandomBot:
    level = "random"

    def choose(self, view: object, legal: Choices, rng: random.Random) -> Action:
        choices = listed(legal)
        return rng.choice(choices) if choices is not None else legal.sample(rng)  # type: ignore[union-attr]
