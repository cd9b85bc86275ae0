"""The ``random`` level: any legal choice, uniformly. A baseline and a test partner."""

from __future__ import annotations

import random

from ..rules.cards import Card
from ..rules.view import PlayerView
from .base import open_pairs


class RandomBot:
    level = "random"

    def choose_card(self, view: PlayerView, rng: random.Random) -> Card:
        return rng.choice(view.legal)

    def choose_starter(self, view: PlayerView, rng: random.Random) -> int:
        return rng.randrange(view.config.seat_count)

    def choose_pair(self, view: PlayerView, rng: random.Random) -> tuple[int, int]:
        suits, numbers = open_pairs(view)
        return rng.choice(suits), rng.choice(numbers)
