"""What every bot is: a function of one seat's PlayerView and its own seeded Random."""

from __future__ import annotations

import random
from typing import Protocol

from ..rules.cards import Card
from ..rules.state import Phase
from ..rules.view import PlayerView

#: A decision's answer: a card (play), a seat (next starter), or (suit, number) (pair).
Answer = Card | int | tuple[int, int]


class Bot(Protocol):
    """A player that sees only its :class:`PlayerView` (R18), never another hand."""

    level: str

    def choose_card(self, view: PlayerView, rng: random.Random) -> Card: ...

    def choose_starter(self, view: PlayerView, rng: random.Random) -> int: ...

    def choose_pair(self, view: PlayerView, rng: random.Random) -> tuple[int, int]: ...


def open_pairs(view: PlayerView) -> tuple[list[int], list[int]]:
    """Suits still unpaired and numbers still free in Variant 2 (R5)."""
    suits = {s for s, _ in view.pairs}
    numbers = {v for _, v in view.pairs}
    return (
        [s for s in range(5) if s not in suits],
        [v for v in view.config.number_choices if v not in numbers],
    )


def decide(bot: Bot, view: PlayerView, rng: random.Random) -> Answer:
    """Ask ``bot`` for the decision pending for ``view.seat``."""
    if view.phase is Phase.PLAY:
        return bot.choose_card(view, rng)
    if view.phase is Phase.CHOOSE_STARTER:
        return bot.choose_starter(view, rng)
    if view.phase is Phase.CHOOSE_PAIR:
        return bot.choose_pair(view, rng)
    raise ValueError(f"a bot has nothing to decide in phase {view.phase.value}")
