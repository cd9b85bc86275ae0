"""Records of seeded random games stopped near an end, to resume a game where a test's
screens come (a deal's summary, the final standings) without playing up to it."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from ebbes_tui.game.events import DealEnded
from ebbes_tui.game.protocols import Game, SeatInfo, any_answer


def play_out(game: Game, seats: Sequence[SeatInfo], options: dict[str, Any], seed: int,
             stop: int | None = None, *, whole_match: bool = False) -> tuple[Any, list[int]]:
    """The state after ``stop`` random decisions (None: all) of the first deal (or of
    the whole match), and the seat of each decision made."""
    state = game.rules.new_state(seats, options)
    rng = random.Random(seed)
    made: list[int] = []
    while pending := state.pending():
        decision = pending[0]
        if decision.seat is None:
            game.rules.resolve_chance(state, seed)
            continue
        if len(made) == stop:
            break
        events = state.apply(any_answer(state.legal(decision.seat), rng), decision.seat)
        made.append(decision.seat)
        if not whole_match and any(isinstance(e, DealEnded) for e in events):
            break
    return state, made


def near_the_end(game: Game, seats: Sequence[SeatInfo], options: dict[str, Any] | None = None,
                 *, seed: int = 3, before: int = 4, whole_match: bool = False,
                 ended_by: Collection[int] | None = None) -> dict:
    """The record of a seeded random first deal (or whole match) stopped ``before``
    decisions before its end: the first seed from ``seed`` on whose last decision a seat
    of ``ended_by`` makes (any seat: None). ``options`` not given keep their default."""
    chosen = {o.key: o.default for o in game.rules.options} | dict(options or {})
    for tried in range(seed, seed + 100):
        _, made = play_out(game, seats, chosen, tried, whole_match=whole_match)
        if ended_by is None or made[-1] in ended_by:
            state, _ = play_out(game, seats, chosen, tried, len(made) - before,
                                whole_match=whole_match)
            return game.records.to_record(state)
    raise AssertionError(f"no seed from {seed} ends by a seat of {ended_by}")
