"""``ebbes bench bots``: how long each bot level takes per decision.

The positions are a fixed, seeded set of real decisions (every decision with a choice)
met in random games of the game at every player count, with and without its options.
Each level decides them in turn for about ``seconds`` (and at least a few decisions
each); the figures are the 50th, 95th and 99th percentile of the time per decision.
``hard`` runs at its default budget of samples.
"""

from __future__ import annotations

import json
import random
import time

from ..bots import LEVELS, make_bot
from ..game.drive import play
from ..game.protocols import AnyGame, AnyState, AnyView, SeatInfo, any_answer, listed
from ..game.registry import DEFAULT_GAME, load_game

POSITIONS = 240
MIN_DECISIONS = 10
SEED = 2024


def setups(game: AnyGame) -> list[tuple[int, dict[str, object]]]:
    """(players, options) visited in turn while collecting: every player count, once
    with the defaults and once with every on/off option on where it applies."""
    found: list[tuple[int, dict[str, object]]] = []
    for players in game.player_counts:
        found.append((players, {}))
        on: dict[str, object] = {o.key: True for o in game.rules.options
                                 if o.kind == "bool" and o.applies(players)}
        if on:
            found.append((players, on))
    return found


def collect_positions(game: AnyGame, count: int = POSITIONS, seed: int = SEED) -> list[AnyView]:
    """Views of decisions with a real choice, from seeded random games."""
    rng = random.Random(seed)
    views: list[AnyView] = []
    kinds = setups(game)
    played = 0
    while len(views) < count:
        players, options = kinds[played % len(kinds)]
        played += 1
        _random_game(game, players, options, rng, views, count)
    return views


def _random_game(game: AnyGame, players: int, options: dict[str, object], rng: random.Random,
                 views: list[AnyView], count: int) -> None:
    """Play one game at random, keeping about one decision in four with a choice."""
    seats = game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot") for i in range(players)])
    state = game.rules.new_state(seats, dict(options))
    seed = rng.randrange(2**32)

    def answer(state: AnyState, seat: int) -> object:
        legal = state.legal(seat)
        moves = listed(legal)
        if (moves is None or len(moves) > 1) and len(views) < count and rng.random() < 0.25:
            views.append(state.view(seat))
        return any_answer(legal, rng)

    play(state, lambda state: game.rules.resolve_chance(state, seed), answer, rng.choice)


def time_level(game: AnyGame, level: str, views: list[AnyView], seconds: float) -> list[float]:
    """Milliseconds per decision of ``level`` over the positions, for about ``seconds``."""
    bot = make_bot(game, level)
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


def measure(game: AnyGame, seconds: float) -> dict[str, dict[str, float]]:
    views = collect_positions(game)
    figures = {}
    for level in ("normal", "hard", "random"):
        times = time_level(game, level, views, seconds)
        figures[level] = {f"p{q}_ms": round(percentile(times, q), 3) for q in (50, 95, 99)}
        figures[level]["decisions"] = len(times)
    return figures


def main(as_json: bool, seconds: float, game_id: str = DEFAULT_GAME) -> int:
    """Print the latency figures of every level (JSON or a table)."""
    game = load_game(game_id)
    figures = measure(game, seconds)
    if as_json:
        levels = {lv: {k: v for k, v in f.items() if k != "decisions"} for lv, f in figures.items()}
        print(json.dumps({"game": game.id, "levels": levels}))
        return 0
    print(f"Bot decision time, ms ({game.title}: positions from seeded random games)")
    print(f"{'level':<8} {'p50':>9} {'p95':>9} {'p99':>9} {'decisions':>10}")
    for level, f in figures.items():
        print(f"{level:<8} {f['p50_ms']:>9.3f} {f['p95_ms']:>9.3f} {f['p99_ms']:>9.3f} "
              f"{int(f['decisions']):>10}")
    return 0


__all__ = ["LEVELS", "collect_positions", "main", "percentile"]
