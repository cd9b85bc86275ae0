"""``ebbes bench bots``: how long each bot level takes per decision.

The positions are a fixed, seeded set of real decisions (cards with a choice, next
starters, Variant 2 pairs) met in random games of every player count and variant.
Each level decides them in turn for about ``seconds`` (and at least a few decisions
each); the figures are the 50th, 95th and 99th percentile of the time per decision.
``hard`` runs at its default budget of samples.
"""

from __future__ import annotations

import json
import random
import time

from ..bots import LEVELS, make_bot
from ..rules.actions import Action
from ..rules.deal import dealer_from
from ..rules.loop import play_game
from ..rules.state import Decision, GameState
from ..rules.variants import GameConfig, Options, SeatInfo
from ..rules.view import PlayerView

POSITIONS = 240
MIN_DECISIONS = 10
SEED = 2024
#: (players, more cards, choose determiners) visited in turn while collecting.
SETUPS = ((2, False, False), (3, False, False), (4, False, True), (5, False, False),
          (3, True, False), (4, True, True), (5, True, False), (2, False, True))


def bench_config(players: int, more: bool, choose: bool) -> GameConfig:
    seats = [SeatInfo(f"P{i + 1}", "bot") for i in range(players)]
    if players == 2:
        seats.insert(0, SeatInfo("Dummy", "dummy"))
    return GameConfig(tuple(seats), Options(more, choose))


def collect_positions(count: int = POSITIONS, seed: int = SEED) -> list[PlayerView]:
    """Views of decisions with a real choice, from seeded random games."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    game = 0
    while len(views) < count:
        players, more, choose = SETUPS[game % len(SETUPS)]
        game += 1
        _random_game(bench_config(players, more, choose), rng, views, count)
    return views


def _random_game(config: GameConfig, rng: random.Random, views: list[PlayerView],
                 count: int) -> None:
    """Play one game at random, keeping about one decision in four with a choice."""

    def choose(state: GameState, decision: Decision) -> Action:
        legal = state.legal_actions()
        if decision.seat != state.dummy and len(legal) > 1 and len(views) < count \
                and rng.random() < 0.25:
            views.append(state.view(decision.seat))
        return rng.choice(legal)

    play_game(GameState(config), dealer_from(rng), choose)


def time_level(level: str, views: list[PlayerView], seconds: float) -> list[float]:
    """Milliseconds per decision of ``level`` over the positions, for about ``seconds``."""
    bot = make_bot(level)
    times: list[float] = []
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end or len(times) < MIN_DECISIONS:
        view = views[i % len(views)]
        rng = random.Random(i)
        start = time.perf_counter()
        bot.choose(view, view.actions, rng)
        times.append((time.perf_counter() - start) * 1000.0)
        i += 1
    return times


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` from 0 to 100)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def measure(seconds: float) -> dict[str, dict[str, float]]:
    views = collect_positions()
    figures = {}
    for level in ("normal", "hard", "random"):
        times = time_level(level, views, seconds)
        figures[level] = {f"p{q}_ms": round(percentile(times, q), 3) for q in (50, 95, 99)}
        figures[level]["decisions"] = len(times)
    return figures


def main(as_json: bool, seconds: float) -> int:
    """Print the latency figures of every level (JSON or a table)."""
    figures = measure(seconds)
    if as_json:
        levels = {lv: {k: v for k, v in f.items() if k != "decisions"} for lv, f in figures.items()}
        print(json.dumps({"levels": levels}))
        return 0
    print("Bot decision time, ms (positions from seeded random games, 2-5 players)")
    print(f"{'level':<8} {'p50':>9} {'p95':>9} {'p99':>9} {'decisions':>10}")
    for level, f in figures.items():
        print(f"{level:<8} {f['p50_ms']:>9.3f} {f['p95_ms']:>9.3f} {f['p99_ms']:>9.3f} "
              f"{int(f['decisions']):>10}")
    return 0


__all__ = ["LEVELS", "collect_positions", "main", "percentile"]
