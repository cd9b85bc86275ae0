"""A recorded game of any game, step by step, to watch it again: the position before
the first deal, then one position after every step of the record (each deal and each
decision), forward and back, move by move, trick by trick or deal by deal.

The record stays the single source of truth: the steps are the ones the game's replay
goes through with every rule checked (:meth:`Records.replay`), each kept as a copy of the
state after it, never a second reading of the record.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any, Generic

from ..game.events import DealEnded, Dealt, TrickEnded
from ..game.protocols import Game, Record, StateT


@dataclass(frozen=True, slots=True)
class Step(Generic[StateT]):
    """A position: what its step caused (nothing for the start) and the state after it.
    The state is the replay's own: read it, never change it."""

    events: tuple[object, ...]
    state: StateT

    @property
    def kind(self) -> str:
        """``start``, ``deal`` (new hands) or ``move`` (a decision)."""
        if not self.events:
            return "start"
        return "deal" if isinstance(self.events[0], Dealt) else "move"


class Replay(Generic[StateT]):
    """Every position of a record; RecordError (one line) when it cannot be replayed."""

    def __init__(self, game: Game[StateT, Any, Any], record: Record) -> None:
        seats, options = game.records.setup_of(record)
        steps: list[Step[StateT]] = [Step((), game.rules.new_state(seats, options))]
        game.records.replay(record, lambda state, events: steps.append(Step(tuple(events), state.clone())))
        self.game = game
        self.steps: tuple[Step[StateT], ...] = tuple(steps)
        #: Positions where a trick has just been taken, where a deal has just been scored
        #: (every deal's end is a trick's end too), and where hands have just been dealt.
        self.trick_ends = self._where(TrickEnded)
        self.round_ends = self._where(DealEnded)
        self.deals = self._where(Dealt)

    def _where(self, kind: type) -> tuple[int, ...]:
        return tuple(i for i, step in enumerate(self.steps)
                     if any(isinstance(e, kind) for e in step.events))

    @property
    def last(self) -> int:
        """The final position: the game over (or as far as a saved game went)."""
        return len(self.steps) - 1

    def step(self, position: int, by: int) -> int:
        """The position ``by`` steps on (back when negative), within the game."""
        return max(0, min(self.last, position + by))

    def next_trick(self, position: int) -> int:
        """The next trick's end, or the final position."""
        return _after(self.trick_ends, position, self.last)

    def previous_trick(self, position: int) -> int:
        """The previous trick's end, or the start."""
        return _before(self.trick_ends, position)

    def next_round(self, position: int) -> int:
        """The end of this round (or of the next, at a round's end), or the final position."""
        return _after(self.round_ends, position, self.last)

    def previous_round(self, position: int) -> int:
        """The previous round's end, or the start."""
        return _before(self.round_ends, position)

    def round_of(self, position: int) -> int:
        """The 0-based round a position belongs to (the start: round 1's)."""
        return max(0, bisect_right(self.deals, position) - 1)

    def round_start(self, position: int) -> int:
        """The deal of the round a position belongs to (the start, before any)."""
        k = bisect_right(self.deals, position)
        return self.deals[k - 1] if k else 0


def _after(marks: tuple[int, ...], position: int, last: int) -> int:
    k = bisect_right(marks, position)
    return marks[k] if k < len(marks) else last


def _before(marks: tuple[int, ...], position: int) -> int:
    k = bisect_left(marks, position)
    return marks[k - 1] if k else 0
