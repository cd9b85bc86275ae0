"""Figures for ``ebbes bench rules|bots --game huhn``: games per second through the
validated path (:meth:`HuhnState.apply`, every rule checked, events reported) and the
fast path (:meth:`HuhnState.apply_fast`), a clone and a seat's view in microseconds,
and the normal bot's time per decision.

The clock is passed in (``time.perf_counter`` from the bench command), so this module
stays as pure as the rules it measures. Every figure comes from seeded games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...game.protocols import SeatInfo
from .game import GAME
from .normal import NormalBot
from .rollout import play_out
from .state import HuhnState
from .view import HuhnView

Clock = Callable[[], float]
SEED = 2024


def _new(players: int) -> HuhnState:
    return GAME.new_state([SeatInfo(f"P{i + 1}", "bot") for i in range(players)], {})


def _random_game(players: int, seed: int, fast: bool, keep: list[Any] | None = None) -> HuhnState:
    """One game of ``players`` with random legal answers (the same answers on both
    paths); ``keep`` collects the states met at play decisions (copies)."""
    state = _new(players)
    rng = random.Random(seed)
    choice = rng.choice
    while pending := state.pending():
        seat = pending[0].seat
        if seat is None:
            GAME.resolve_chance(state, seed, {})
            continue
        legal = state.legal(seat)
        listed_ = type(legal) is list  # cheaper than the seam's listed() in this loop
        action = choice(legal) if listed_ else legal.sample(rng)
        if keep is not None and state.phase == "play" and listed_ and len(legal) > 1:
            keep.append(state.clone())
        if fast:
            state.apply_fast(action, seat)
        else:
            state.apply(action, seat)
    return state


def games_per_second(players: int, seconds: float, clock: Clock, fast: bool = False) -> float:
    """Whole games (one deal per player) per second."""
    start = clock()
    games = 0
    while games < 3 or clock() - start < seconds:
        _random_game(players, SEED + games, fast)
        games += 1
    return games / (clock() - start)


def playouts_per_second(players: int, seconds: float, clock: Clock) -> float:
    """Deals per second played out by search's rollout policy from a fresh deal (the
    arrangement included): the fast path as search uses it."""
    rng = random.Random(SEED)
    start = clock()
    deals = 0
    while deals < 3 or clock() - start < seconds:
        state = _new(players)
        GAME.resolve_chance(state, SEED + deals, {})
        play_out(state, rng)
        deals += 1
    return deals / (clock() - start)


def positions(players: int, count: int, seed: int = SEED) -> list[HuhnState]:
    """States at play decisions with a choice, from seeded random games."""
    kept: list[HuhnState] = []
    game = 0
    while len(kept) < count:
        _random_game(players, seed + game, True, kept)
        game += 1
    rng = random.Random(seed)
    return rng.sample(kept, count)


def microseconds(work: Callable[[], Any], clock: Clock, repeat: int = 2000) -> float:
    start = clock()
    for _ in range(repeat):
        work()
    return (clock() - start) / repeat * 1e6


def clone_and_view_us(players: int, clock: Clock, count: int = 50) -> dict[str, float]:
    """Mean microseconds for a clone and for the deciding seat's view (each a fresh
    view, as a screen or a bot asks for it after a move)."""
    states = positions(players, count)
    repeat = 100
    clone = sum(microseconds(s.clone, clock, repeat) for s in states) / count

    def fresh_view(s: HuhnState) -> HuhnView:
        s.public = None  # as after a trick: the public table is built again
        s.public_trick = ()
        return s.view(s.to_move)

    view = sum(microseconds(lambda s=s: s.view(s.to_move), clock, repeat) for s in states) / count
    fresh = sum(microseconds(lambda s=s: fresh_view(s), clock, repeat) for s in states) / count
    return {"clone_us": clone, "view_us": view, "view_fresh_us": fresh}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def normal_latency(clock: Clock, count: int = 300, seed: int = SEED) -> dict[str, float]:
    """The normal bot's milliseconds per decision over seeded decisions of every
    kind (arrangements, cards, rewards, leaders, options) at 2 to 5 players."""
    bot = NormalBot()
    views: list[HuhnView] = []
    game = 0
    while len(views) < count:
        players = 2 + game % 4
        state = _new(players)
        rng = random.Random(seed + game)
        game += 1
        while (pending := state.pending()) and len(views) < count:
            decision = rng.choice(pending)
            if decision.seat is None:
                GAME.resolve_chance(state, seed + game, {})
                continue
            view = state.view(decision.seat)
            if state.phase != "play" or len({a.card for a in view.actions}) > 1:
                views.append(view)
            state.apply(bot.choose(view, view.actions, rng), decision.seat)
    times = []
    for view in views:
        start = clock()
        bot.decide(view)
        times.append((clock() - start) * 1000)
    return {"p50_ms": percentile(times, 0.50), "p95_ms": percentile(times, 0.95),
            "p99_ms": percentile(times, 0.99), "decisions": float(len(times))}


def rules_figures(clock: Clock, seconds: float = 1.0) -> dict[str, Any]:
    """``ebbes bench rules --game huhn``: per player count, games per second on both
    paths, clone and view in microseconds."""
    out: dict[str, Any] = {}
    for players in (2, 3, 4, 5):
        out[f"{players}p"] = {
            "games_per_s": games_per_second(players, seconds / 2, clock),
            "fast_games_per_s": games_per_second(players, seconds / 2, clock, fast=True),
            "playout_deals_per_s": playouts_per_second(players, seconds / 4, clock),
            **clone_and_view_us(players, clock),
        }
    return out


def bots_figures(clock: Clock) -> dict[str, Any]:
    """``ebbes bench bots --game huhn``: the normal bot's latency."""
    return {"normal": normal_latency(clock)}


def rollout_figures(clock: Clock, count: int = 200) -> dict[str, float]:
    """Microseconds for a sample of a seat's view and one rollout from it to the end
    of the deal, the work of one search iteration (4 players)."""
    states = positions(4, count)
    rng = random.Random(SEED)
    start = clock()
    samples = [GAME.sample(s.view(s.to_move), rng) for s in states]
    sample = (clock() - start) / count * 1e6
    start = clock()
    for s, state in zip(samples, states):
        GAME.rollout(s, state.to_move, rng)
    rollout = (clock() - start) / count * 1e6
    return {"sample_us": sample, "rollout_us": rollout}


__all__ = ["bots_figures", "games_per_second", "normal_latency", "rollout_figures",
           "rules_figures"]
