"""The ``random`` level of every game: any legal answer, uniformly (an answer that
cannot be listed, such as the order of a hand, is sampled). A baseline and a test
partner."""

from __future__ import annotations

import random

from ..game.drive import random_action
from ..game.protocols import Action, Choices


class RandomBot:
    level = "random"

    def choose(self, view: object, legal: Choices, rng: random.Random) -> Action:
        return random_action(legal, rng)
