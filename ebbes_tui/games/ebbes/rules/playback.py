"""A recorded game, step by step, to watch it again: the position before the first
deal, then one position after every step of the record (each deal, starter named,
Variant 2 pair and card), forward and back, card by card, trick by trick or round by
round.

The record stays the single source of truth: the steps are the ones
:func:`.record.replay` goes through with every rule checked, each kept as a copy of
the state after it, never a second reading of the record. (The module is not called
``replay``: a submodule of that name would take the place of ``rules.replay``, the
function.)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from .events import CardPlayed, Event, PairChosen, RoundScored, RoundStarted, TrickWon
from .record import Record, config_of, replay
from .state import GameState


@dataclass(frozen=True, slots=True)
class Step:
    """A position: what its step caused (nothing for the start) and the state after it.
    The state is the replay's own: read it, never change it."""

    events: tuple[Event, ...]
    state: GameState

    @property
    def kind(self) -> str:
        """``start``, ``deal``, ``starter`` (named by the nix holder, R8), ``pair`` (R5)
        or ``card``."""
        if not self.events:
            return "start"
        first = self.events[0]
        if isinstance(first, RoundStarted):
            return "deal"
        if isinstance(first, CardPlayed):
            return "card"
        return "pair" if isinstance(first, PairChosen) else "starter"

    @property
    def played(self) -> CardPlayed | None:
        """The card this step played, if it played one."""
        first = self.events[0] if self.events else None
        return first if isinstance(first, CardPlayed) else None


class Replay:
    """Every position of a record; RecordError (one line) when it cannot be replayed."""

    def __init__(self, record: Record) -> None:
        steps = [Step((), GameState(config_of(record)))]
        replay(record, lambda state, events: steps.append(Step(tuple(events), state.clone())))
        self.steps: tuple[Step, ...] = tuple(steps)
        #: Positions where a trick has just been won, where a round has just been scored
        #: (every round end is a trick end too), and where a round has just been dealt.
        self.trick_ends = self._where(TrickWon)
        self.round_ends = self._where(RoundScored)
        self.deals = self._where(RoundStarted)

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
