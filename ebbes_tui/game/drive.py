"""The game loop, written once: deal the chance steps as they come, ask a seat, apply
its answer, until the game is over. A match (its async loop too), a tournament,
``ebbes simulate`` and the benches all drive a game through :func:`next_to_decide`;
those that only answer and apply use :func:`play`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .protocols import Choices, Decision, State, Unlisted

ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound=State[Any, Any])

#: Chooses among simultaneous decisions; None: the first, the one a game that asks one
#: seat at a time asks (the benches' and search's hot path: no call for it).
Pick = Callable[[Sequence[Decision]], Decision] | None


def next_to_decide(state: StateT, deal: Callable[[StateT], object],
                   pick: Pick = None) -> int | None:
    """The seat whose decision comes next, ``pick`` choosing among simultaneous ones;
    every chance step picked before it is dealt by ``deal``. None once the game is over."""
    while pending := state.pending():
        seat = (pending[0] if pick is None else pick(pending)).seat
        if seat is not None:
            return seat
        deal(state)
    return None


def play(state: StateT, deal: Callable[[StateT], object],
         answer: Callable[[StateT, int], object], pick: Pick = None) -> StateT:
    """Play ``state`` to its end: each decision answered by ``answer(state, seat)``."""
    while (seat := next_to_decide(state, deal, pick)) is not None:
        state.apply(answer(state, seat), seat)
    return state


def only_action(choices: Choices[ActionT], seat: int) -> ActionT:
    """The one legal move of a seat nobody plays (a game leaves no choice to such a
    seat)."""
    if isinstance(choices, Unlisted) or len(choices) != 1:
        raise RuntimeError(f"seat {seat} has nobody to play it")
    return choices[0]
