"""The ``normal`` level: a readable heuristic bot (FreeDoko style).

Cards are chosen by walking :data:`~.heuristics.HEURISTICS` (the first that fires
plays; ``NormalBot.fired`` counts them); the arrangement by the Tactics strategies of
:mod:`..rules.arrange`; a reward card, a leader and the last trick's option by the short
rules below. Each decision comes with the sentence a hint shows. Everything is read
from the seat's view (H13).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..rules.actions import PLAY, REWARD, Action, Arrange, ArrangeChoices, name_leader
from ..rules.arrange import arrangement, arrangements, last_in_first_trick
from ..rules.cards import REWARD_DOWN, REWARD_EAR, REWARD_HAND, Card
from .heuristics import HEURISTICS, Heuristic, face_down
from .hints import SENTENCES
from .reading import DEFAULT_WEIGHTS, Reading, Weights
from ..rules.view import HuhnView

#: The reward card the bot takes when it may choose, best first.
REWARD_PREFERENCE: tuple[str, ...] = (REWARD_HAND, REWARD_EAR, REWARD_DOWN)


class NormalBot:
    """Heuristic bot: named rules in order, the first that fires decides."""

    level = "normal"

    def __init__(self, heuristics: tuple[Heuristic, ...] = HEURISTICS,
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.heuristics = heuristics
        self.weights = weights
        self.fired: Counter[str] = Counter()
        #: The name of the rule behind the latest decision.
        self.last = ""

    def choose(self, view: HuhnView, legal: Any, rng: random.Random) -> Action:
        return self.decide(view, say=False)[0]

    def _fire(self, name: str) -> None:
        self.fired[name] += 1
        self.last = name

    def explain(self, view: HuhnView) -> tuple[Action, str]:
        """What this bot would do for ``view``'s seat now, and why (a hint; nothing is
        played)."""
        return self.decide(view)

    def decide(self, view: HuhnView, say: bool = True) -> tuple[Action, str]:
        """The answer and its sentence; a card's sentence, which may sample deals, only
        when ``say``."""
        phase = view.phase
        if phase == "play":
            return self._play(view, say)
        if phase == "arrange":
            name, order = arrangement(view.hand, last_in_first_trick(view.seat, view.dealer))
            self._fire(name)
            return Arrange(order), SENTENCES.say(f"arrange_{name}")
        if phase == "reward":
            return self._reward(view)
        if phase == "leader":
            if view.seat is None:
                raise ValueError("a bot decides from a seat's view, not the public table")
            seat = (view.seat + 1) % len(view.seats)
            self._fire("name_left_neighbour")
            return name_leader(seat), SENTENCES.say("leader", name=view.seats[seat].name)
        if phase == "option":
            return self._option(view)
        raise ValueError(f"seat {view.seat} has nothing to decide")

    # ------------------------------------------------------------------ cards

    def _play(self, view: HuhnView, say: bool) -> tuple[Action, str]:
        reading = Reading(view, self.weights)
        cards = _cards(view.actions)
        for heuristic in self.heuristics:
            card = heuristic.pick(reading, cards)
            if card is not None:
                self._fire(heuristic.name)
                down = PLAY[card][1] in view.actions
                if not say:
                    return PLAY[card][down], ""
                why = heuristic.why(reading, card)
                if down and heuristic.name != "use_down":  # that sentence says so itself
                    why = face_down(why)
                return PLAY[card][down], why
        raise AssertionError("best_estimate always picks a card")

    # ------------------------------------------------------- other decisions

    def _reward(self, view: HuhnView) -> tuple[Action, str]:
        if len(view.tricks) == view.dealt:  # the deal's last trick earned it
            kind = view.supply[0]
            self._fire("reward_after_last_trick")
            return REWARD[kind], SENTENCES.say("reward_last", kind=kind)
        for kind in REWARD_PREFERENCE:
            if kind in view.supply:
                self._fire(f"reward_{kind}")
                # "you may lead any card" was said with only the two ends in hand
                said = "reward_ear_ends" if kind == "ear" and len(view.hand) <= 2 \
                    else f"reward_{kind}"
                return REWARD[kind], SENTENCES.say(said, kind=kind)
        raise AssertionError("a reward is chosen only from a supply of two or more")

    def _option(self, view: HuhnView) -> tuple[Action, str]:
        """H11: the option worth most to the game total, as the app preselects it."""
        best = view.preselected_option()
        if best is None:
            raise AssertionError("an option is chosen only when there is one to choose")
        gain = dict(view.option_effects())[best]
        self._fire("best_option")
        if gain == 0:
            return best, SENTENCES.say("option_none", option=best.word)
        return best, SENTENCES.say("option_best", option=best.word, gain=gain)

    # ---------------------------------------------------------------- search

    def candidates(self, view: HuhnView, legal: Any, keep: int) -> list[Action]:
        """The ``keep`` best answers, best first: for the orders of a hand, the
        arrangement strategies' orders; for cards, by the bot's estimate (face down
        where allowed); otherwise the bot's choice, then the rest."""
        if isinstance(legal, ArrangeChoices):
            last = last_in_first_trick(view.seat, view.dealer)
            orders: list[Action] = [Arrange(o) for _, o in arrangements(legal.hand, last)]
            return orders[:keep]
        chosen = self.decide(view, say=False)[0]
        if view.phase == "play":
            reading = Reading(view, self.weights)
            cards = sorted(_cards(legal), key=reading.score, reverse=True)
            plays = [PLAY[c][PLAY[c][1] in legal] for c in cards]
            rest = [p for p in plays if p != chosen]
        else:
            rest = [a for a in legal if a != chosen]
        return [chosen, *rest][:keep]


def _cards(actions: Any) -> tuple[Card, ...]:
    """The distinct cards of a list of plays, in its order."""
    return tuple(dict.fromkeys(a.card for a in actions))
