"""What the games share, written once: a game's facet builds on these and overrides only
what its rulebook changes (ebbes' dummy seat, its own rollout, Hund's check)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Generic, Protocol, TypeVar

from .errors import IllegalMove
from .protocols import (
    ActionT, Bot, Figure, GameOption, Outcome, SeatInfo, State, StateT, Unlisted, ViewT,
    ViewT_contra,
)


@dataclass(frozen=True)
class CodecWire(Generic[ViewT]):
    """The wire of a game whose codec has the four functions (every game's has)."""

    view_to_json: Callable[[ViewT], dict[str, Any]]
    view_from_json: Callable[[Any], ViewT]
    event_to_json: Callable[[object], dict[str, Any] | None]
    event_from_json: Callable[[dict[str, Any]], object | None]


class RulesBase(Generic[StateT, ViewT, ActionT]):
    """Rules whose players are the seats, whose tournament deals are the game's own
    deals from the seed, and whose legal answers a seat's view lists."""

    options: tuple[GameOption, ...] = ()

    def resolve_chance(self, state: StateT, seed: int | str) -> Sequence[object]:
        raise NotImplementedError

    def seats_for(self, players: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
        return tuple(players)

    def duplicate_dealer(self, seed: int | str) -> Callable[[StateT], Sequence[object]]:
        """A game's deals depend on the seed and where they fall, never on who plays
        which seat, so a tournament's deals are the game's own."""
        return lambda state: self.resolve_chance(state, seed)

    def check(self, view: ViewT, action: ActionT) -> None:
        if action not in view.actions:
            raise IllegalMove(view.seat, "cannot do that now")

    def draft(self, state: StateT, seat: int, action: ActionT) -> None:
        raise IllegalMove(None, "this game keeps no answer before it is made")


class Explaining(Bot[ViewT_contra, ActionT], Protocol[ViewT_contra, ActionT]):
    """A game's own (``normal``) bot: it can say why it would do what it does."""

    def explain(self, view: ViewT_contra) -> tuple[ActionT, str]:
        ...


class PlayersBase(Generic[StateT, ViewT, ActionT]):
    """A game's players: its own ``normal`` bot (the generic layers bring ``random``
    and ``hard``), hints from it, search on listed decisions."""

    levels: tuple[str, ...] = ("random", "normal", "hard", "expert")
    search_samples = 40
    search_keep = 4
    expert_samples = 320
    expert_keep = 6  # hard's and two more: the expert's budget affords a wider choice

    def normal(self) -> Explaining[ViewT, ActionT]:
        """The game's own heuristic bot."""
        raise NotImplementedError

    def bot(self, level: str) -> Bot[ViewT, ActionT]:
        if level == "normal":
            return self.normal()
        raise ValueError(f"the {level!r} bot comes from the generic bots (ebbes_tui.bots)")

    def hint(self, view: ViewT) -> tuple[ActionT, str]:
        return self.normal().explain(view)

    def searches(self, view: ViewT) -> bool:
        """Every decision whose answers are listed (an :class:`Unlisted` one, such as
        the orders of a hand, is the normal bot's)."""
        return not isinstance(view.actions, Unlisted)

    def search_share(self, view: ViewT) -> float:
        """Every decision gets all the samples."""
        return 1.0

    def rollout(self, state: StateT, seat: int, first: ActionT, rng: random.Random) -> float:
        raise NotImplementedError

    def candidates(self, view: ViewT, legal: Sequence[ActionT], keep: int) -> list[ActionT]:
        raise NotImplementedError


class FastPath(State[Any, Any], Protocol):
    """A state with an unchecked fast path, for playouts: an action known legal,
    applied without checks or events."""

    def apply_fast(self, action: Any, seat: int) -> None:
        ...


FastStateT = TypeVar("FastStateT", bound=FastPath)


class FastRollouts(PlayersBase[FastStateT, ViewT, ActionT]):
    """Players whose rollouts play the first action on the state's fast path, then on
    to the end of the deal (:meth:`play_out`)."""

    def play_out(self, state: FastStateT, seat: int, rng: random.Random) -> float:
        """From ``state`` (a copy), on to the end of the deal quickly: how well it went
        for ``seat``."""
        raise NotImplementedError

    def rollout(self, state: FastStateT, seat: int, first: ActionT, rng: random.Random) -> float:
        start = state.clone()
        start.apply_fast(first, seat)
        return self.play_out(start, seat, rng)


def _outcome(state: State[Any, Any]) -> Outcome:
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("statistics count finished games only")
    return outcome


def _played(state: State[Any, Any], seat: int) -> float:
    return 1


def _won(state: State[Any, Any], seat: int) -> float:
    return seat in _outcome(state).winners


def _final(state: State[Any, Any], seat: int) -> float:
    return _outcome(state).scores[seat]


#: Every game's first figures: games played and won, as the outcome says; a game
#: whose record is a match of several games calls them matches (``dataclasses.replace``).
PLAYED: Figure[State[Any, Any]] = Figure("played", "Games", "games finished.", _played,
                                         by_kind=True)
WON: Figure[State[Any, Any]] = Figure(
    "won", "Won", "games won, as the game's result says (a tie shares the win).", _won,
    by_kind=True)
WIN_RATE: Figure[State[Any, Any]] = Figure("win_rate", "Win rate", "won of those played.",
                                           _won, shown="percent", by_kind=True)
#: A game that ends with scores: the final score's average and best.
AVERAGE: Figure[State[Any, Any]] = Figure("average", "Average", "final score per game.",
                                          _final, shown="average", signed=True, by_kind=True)
BEST: Figure[State[Any, Any]] = Figure("best", "Best", "the best final score of a game.",
                                       _final, shown="best", signed=True, by_kind=True)


class PresentationBase:
    """A game's words: its rules text is ``rules.md`` in its own package; its
    Statistics count games played and won and the final scores (a game adds its own
    figures, or counts others)."""

    statistics: tuple[Figure[Any], ...] = (PLAYED, WON, WIN_RATE, AVERAGE, BEST)
    motto = ""

    def rules_text(self) -> str:
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
