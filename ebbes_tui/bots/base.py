"""What every bot is: one of the legal actions, from one seat's PlayerView and its own
seeded Random."""

from __future__ import annotations

import random
from typing import Protocol
from collections.abc import Sequence

from ..rules.actions import Action
from ..rules.view import PlayerView


class Bot(Protocol):
    """A player that sees only its :class:`PlayerView` (R18), never another hand."""

    level: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, the answers the pending decision allows."""
        ...
