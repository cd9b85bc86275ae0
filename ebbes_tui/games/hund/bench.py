"""Speed figures of Hund's rules and normal bot, for ``ebbes bench``: games per
second on the checked and the fast path, a clone and a seat's view in microseconds,
the normal bot's decision time. The caller passes the clock (``time.perf_counter``),
so this module stays free of I/O and time of its own."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...game.protocols import SeatInfo
from .deal import deal_next_game
from .game import GAME
from .normal import NormalBot
from .state import HundState, Phase
from .view import player_view

Clock = Callable[[], float]


def _new(players: int, seed: int, series: bool = False) -> HundState:
    state = GAME.new_state([SeatInfo(f"P{i + 1}", "bot") for i in range(players)],
                           {"games": 1, "series": series})
    deal_next_game(state, seed)
    return state


def _scripts(players: int, games: int, seed: int, series: bool) -> list[tuple[HundState, list]]:
    """Seeded random games as (the dealt state, every move with its seat), so the
    timing below measures the engine, not the choosing."""
    scripts = []
    for k in range(games):
        state = _new(players, seed + k, series)
        start = state.clone()
        rng = random.Random(seed + k)
        moves = []
        while state.phase is Phase.COLLECT or state.phase is Phase.SHED:
            seat = state.turn
            action = rng.choice(state.legal(seat))
            moves.append((action, seat))
            state.apply_fast(action, seat)
        scripts.append((start, moves))
    return scripts


def games_per_second(clock: Clock, players: int, games: int, *, fast: bool,
                     series: bool = False, seed: int = 0) -> float:
    """Seeded random games played from the deal to the end, on the checked path
    (``apply``: every rule checked, events made) or the fast one (``apply_fast``)."""
    scripts = _scripts(players, games, seed, series)
    start = clock()
    for dealt, moves in scripts:
        state = dealt.clone()
        step = state.apply_fast if fast else state.apply
        for action, seat in moves:
            step(action, seat)
    return games / (clock() - start)


def positions(players: int, count: int, seed: int = 0, series: bool = False) -> list[HundState]:
    """``count`` states at decisions along seeded random games, both phases."""
    found: list[HundState] = []
    k = 0
    while len(found) < count:
        state = _new(players, seed + k, series)
        rng = random.Random(seed + k)
        while (state.phase is Phase.COLLECT or state.phase is Phase.SHED) and len(found) < count:
            if rng.random() < 0.2:
                found.append(state.clone())
            seat = state.turn
            state.apply_fast(rng.choice(state.legal(seat)), seat)
        k += 1
    return found


def _per_call_us(clock: Clock, call: Callable[[], Any], repeat: int) -> float:
    start = clock()
    for _ in range(repeat):
        call()
    return (clock() - start) / repeat * 1e6


def clone_and_view_us(clock: Clock, players: int, count: int = 200, seed: int = 0) -> dict[str, float]:
    """Mean microseconds of a clone, and of building the deciding seat's view from
    nothing (the public part too, which later seats' views share), over states along
    seeded games."""
    states = positions(players, count, seed)
    clone = sum(_per_call_us(clock, s.clone, 50) for s in states) / len(states)
    view = sum(_per_call_us(clock, lambda s=s: (s._views.clear(), player_view(s, s.turn)), 50)
               for s in states) / len(states)
    return {"clone_us": round(clone, 2), "view_us": round(view, 2)}


def normal_latency_ms(clock: Clock, players: int, count: int = 500, seed: int = 0) -> dict[str, float]:
    """The normal bot's decision time over seeded positions: p50, p99 and max in ms."""
    bot = NormalBot()
    rng = random.Random(seed)
    times = []
    for state in positions(players, count, seed):
        view = state.view(state.turn)
        legal = state.legal(state.turn)
        start = clock()
        bot.choose(view, legal, rng)
        times.append((clock() - start) * 1e3)
    times.sort()
    return {"p50_ms": round(times[len(times) // 2], 3),
            "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
            "max_ms": round(times[-1], 3)}


def figures(clock: Clock, players: tuple[int, ...] = (2, 4, 6), games: int = 100) -> dict[str, Any]:
    """Every figure, per player count."""
    out: dict[str, Any] = {}
    for n in players:
        out[f"{n}p"] = {
            "games_per_s_checked": round(games_per_second(clock, n, games, fast=False), 1),
            "games_per_s_fast": round(games_per_second(clock, n, games, fast=True), 1),
            **clone_and_view_us(clock, n),
            "normal": normal_latency_ms(clock, n),
        }
    return out
