"""The ``random`` level of every game: any legal answer, uniformly (an answer that
cannot be listed, such as the order of a hand, is sampled). A baseline and a test
partner."""

from __future__ import annotations

import random

from ..game.protocols import ActionT, Choices, any_answer


class RandomBot:
    level = "random"

    def choose(self, view: object, legal: Choices[ActionT], rng: random.Random) -> ActionT:
        return any_answer(legal, rng)
