"""The ``normal`` level: a readable heuristic bot in the FreeDoko style.

A move is chosen by walking :data:`~.heuristics.RULES` for the pending decision;
each heuristic returns a move with its sentence or passes, and the first that fires
wins. ``NormalBot.fired`` counts how often each decided, so a tuner can see which
heuristics carry the bot. Everything is read from the seat's view (N15).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ....game.protocols import Choices, Unlisted
from ..rules.actions import Action, PlayCard
from ..rules.cards import RANK_OF, SUIT_OF
from .heuristics import RULES, Choice
from .judge import DEFAULT_WEIGHTS, Judge, Weights
from ..rules.view import HundView


class NormalBot:
    """Hund's heuristic player."""

    level = "normal"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights
        self.fired: Counter[str] = Counter()

    def choose(self, view: HundView, legal: Choices[Action], rng: random.Random) -> Action:
        action = self.decide(view, rng)[0].action
        return action if action in legal or isinstance(legal, Unlisted) else legal[0]

    def explain(self, view: HundView) -> tuple[Action, str]:
        """What this bot would do for ``view``'s seat now, and why, in the words of
        the heuristic that decided (a hint; nothing is played)."""
        choice, _ = self.decide(view)
        return choice.action, choice.why

    def decide(self, view: HundView, rng: random.Random | None = None) -> tuple[Choice, str]:
        """The move, its sentence, and the name of the heuristic that chose it."""
        if not view.actions:
            raise ValueError("this seat has no decision to make")
        judge = Judge(view, self.weights, rng)
        for rule in RULES[view.kind]:
            choice = rule(judge)
            if choice is not None:
                self.fired[rule.__name__] += 1
                return choice, rule.__name__
        raise AssertionError(f"no heuristic fired for a {view.kind} decision")


def rank_candidates(view: HundView, legal: Sequence[Action]) -> list[Action]:
    """``legal`` best first for search: the normal bot's move, then the rest cheapest
    first (phase 1: the card least worth holding; phase 2: the lowest card)."""
    chosen = NormalBot().decide(view)[0].action if view.actions else None
    if view.phase == "collect":
        judge = Judge(view)

        def cost(a: Action) -> float:
            return judge.worth(a.cards[0]) if type(a) is PlayCard else judge.expected  # or SJANSE
    else:
        trump = view.trump

        def cost(a: Action) -> float:
            cards = getattr(a, "cards", None)
            if not cards:
                return 0.0
            return (SUIT_OF[cards[-1]] == trump) * 20 + RANK_OF[cards[-1]] - len(cards) * 0.1

    rest = sorted((a for a in legal if a != chosen), key=cost)
    return ([chosen] if chosen is not None and chosen in legal else []) + rest
