"""The game loop, written once: deal the chance steps as they come, ask a seat, apply
its answer, until the game is over. A match (its async loop too), a tournament,
``ebbes simulate`` and the benches all drive a game through :func:`next_to_decide`;
those that only answer and apply use :func:`play`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .protocols import Action, Choices, Decision, State, Unlisted


#: Chooses among simultaneous decisions; None: the first, the one a game that asks one
#: seat at a time asks (the benches' and search's hot path: no call for it).
Pick = Callable[[Sequence[Decision]], Decision] | None


def next_to_decide(state: State, deal: Callable[[State], object],
                   pick: Pick = None) -> int | None:
    """The seat whose decision comes next, ``pick`` choosing among simultaneous ones;
    every chance step picked before it is dealt by ``deal``. None once the game is over."""
    while pending := state.pending():
        seat = (pending[0] if pick is None else pick(pending)).seat
        if seat is not None:
            return seat
        deal(state)
    return None


def play(state: State, deal: Callable[[State], object], answer: Callable[[State, int], Action],
         pick: Pick = None) -> State:
    """Play ``state`` to its end: each decision answered by ``answer(state, seat)``."""
    while (seat := next_to_decide(state, deal, pick)) is not None:
        state.apply(answer(state, seat), seat)
    return state


def random_action(choices: Choices, rng: random.Random) -> Action:
    """Any legal answer, uniformly: from the list, or sampled where the answers are too
    many to list (the orders of a hand)."""
    if isinstance(choices, Unlisted):
        return choices.sample(rng)
    return rng.choice(choices)


def only_action(choices: Choices, seat: int) -> Action:
    """The one legal move of a seat nobody plays (a game leaves no choice to such a
    seat)."""
    if isinstance(choices, Unlisted) or len(choices) != 1:
        raise RuntimeError(f"seat {seat} has nobody to play it")
    return choices[0]
