"""Seeded random games of any game, with the game's invariants checked after every
action and every chance step (OpenSpiel's RandomSimTest): the suite runs a few
thousand, ``ebbes simulate`` as many as asked.

Every pending decision is answered by a uniformly random legal action, and when
several seats decide at once (a simultaneous decision) a random one of them answers
first, so every order is tried.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .drive import next_to_decide
from .protocols import AnyGame, AnyState, SeatInfo, any_answer


@dataclass
class SimulationReport:
    """What the random games found: games and actions played, and every fault with
    the seed that replays it."""

    games: int = 0
    actions: int = 0
    faults: list[str] = field(default_factory=list)


def random_game(game: AnyGame, players: int, seed: int, options: dict[str, Any] | None = None,
                report: SimulationReport | None = None) -> AnyState:
    """Play one game with random legal actions from ``seed``, checking the invariants
    after every step; faults go to ``report`` (or raise AssertionError without one)."""
    rng = random.Random(f"simulate:{game.id}:{seed}")
    options = dict(options or {})
    seats = game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot", "random") for i in range(players)])
    state = game.rules.new_state(seats, options)
    steps = 0

    def check(where: str) -> None:
        faults = game.rules.invariants(state)
        if faults:
            text = f"{game.id} seed {seed}, {where}: {'; '.join(faults)}"
            if report is None:
                raise AssertionError(text)
            report.faults.append(text)

    check("at the start")

    def deal(state: AnyState) -> None:
        nonlocal steps
        steps += 1
        game.rules.resolve_chance(state, seed)
        check(f"step {steps} (chance)")

    while (seat := next_to_decide(state, deal, rng.choice)) is not None:
        steps += 1
        action = any_answer(state.legal(seat), rng)
        state.apply(action, seat)
        if report is not None:
            report.actions += 1
        check(f"step {steps} ({action} by seat {seat})")
        if report is not None and len(report.faults) > 20:
            break
    if state.outcome() is None and (report is None or not report.faults):
        text = f"{game.id} seed {seed}: no decision pending, but no outcome"
        if report is None:
            raise AssertionError(text)
        report.faults.append(text)
    if report is not None:
        report.games += 1
    return state


def random_games(game: AnyGame, players: int, games: int, seed: int = 0,
                 options: dict[str, Any] | None = None) -> SimulationReport:
    """``games`` random games of ``players`` from seeds ``seed``, ``seed + 1``, ..."""
    report = SimulationReport()
    for k in range(games):
        random_game(game, players, seed + k, options, report)
    return report
