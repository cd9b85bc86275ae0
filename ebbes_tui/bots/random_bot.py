"""The ``random`` level: any legal choice, uniformly. A baseline and a test partner."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules.actions import Action
from ..rules.view import PlayerView


class RandomBot:
    level = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
