"""``ebbes bench bots``: how long each bot level takes per decision.

The positions are a fixed, seeded set of real decisions (every decision with a choice)
met in random games of the game, :data:`POSITIONS` at each player count, with and
without its options. Each level decides a player count's positions in turn for about
``seconds`` (and at least a few decisions); the figures are the 50th, 95th and 99th
percentile of the time per decision, at each player count and over all of them
together. ``hard`` runs at its default budget of samples.
"""

from __future__ import annotations

import json
import os
import random
import time

from ..bots import LEVELS, make_bot
from ..game.drive import play
from ..game.protocols import AnyGame, AnyState, AnyView, SeatInfo, any_answer, listed
from ..game.registry import DEFAULT_GAME, load_game

#: Positions collected at each player count.
POSITIONS = 120
MIN_DECISIONS = 10
#: Seconds the bench waits before each decision it times (see :func:`time_level`).
PAUSE = 0.001
SEED = 2024
BENCH_LEVELS = ("normal", "hard", "random")

Figures = dict[str, float]


def setups(game: AnyGame, players: int) -> list[dict[str, object]]:
    """The options visited in turn at ``players``: the defaults, and every on/off
    option on where there is one that applies."""
    found: list[dict[str, object]] = [{}]
    on: dict[str, object] = {o.key: True for o in game.rules.options
                             if o.kind == "bool" and o.applies(players)}
    if on:
        found.append(on)
    return found


def collect_positions(game: AnyGame, count: int = POSITIONS,
                      seed: int = SEED) -> dict[int, list[AnyView]]:
    """Views of ``count`` decisions with a real choice at each player count, from
    seeded random games."""
    rng = random.Random(seed)
    found: dict[int, list[AnyView]] = {}
    for players in game.player_counts:
        views: list[AnyView] = []
        kinds = setups(game, players)
        played = 0
        while len(views) < count:
            _random_game(game, players, kinds[played % len(kinds)], rng, views, count)
            played += 1
        found[players] = views
    return found


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
    """Milliseconds per decision of ``level`` over the positions, for about ``seconds``.

    In a game a bot's turn comes after the others' moves and the pace, never straight
    after its own last decision, so each decision is timed after a short pause
    (:data:`PAUSE`): deciding back to back, a process that never waits is the one a
    busy machine's scheduler interrupts, and on two loaded cores one decision in fifty
    would wait several milliseconds for its core, whatever the bot did."""
    bot = make_bot(game, level)
    times: list[float] = []
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end or len(times) < MIN_DECISIONS:
        view = views[i % len(views)]
        rng = random.Random(i)
        time.sleep(PAUSE)
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


def figures_of(times: list[float]) -> Figures:
    return {f"p{q}_ms": round(percentile(times, q), 3) for q in (50, 95, 99)}


def measure(game: AnyGame, seconds: float, levels: tuple[str, ...] = BENCH_LEVELS
            ) -> dict[str, dict[str, tuple[Figures, int]]]:
    """Figures and decisions timed of each level, by player count ("2", "3", ...) and
    over all of them ("all"); each player count is timed for about ``seconds``."""
    positions = collect_positions(game)
    result: dict[str, dict[str, tuple[Figures, int]]] = {}
    for level in levels:
        pooled: list[float] = []
        for players, views in positions.items():
            times = time_level(game, level, views, seconds)
            pooled += times
            result.setdefault(str(players), {})[level] = (figures_of(times), len(times))
        result.setdefault("all", {})[level] = (figures_of(pooled), len(pooled))
    return result


def main(as_json: bool, seconds: float, game_id: str = DEFAULT_GAME,
         levels: tuple[str, ...] = BENCH_LEVELS) -> int:
    """Print the latency figures of each level at each player count (JSON or a table)."""
    game = load_game(game_id)
    load = round(os.getloadavg()[0], 2)
    result = measure(game, seconds, levels)
    if as_json:
        print(json.dumps({
            "game": game.id, "load_average": load,
            "levels": {level: f for level, (f, _) in result.pop("all").items()},
            "players": {players: {level: f for level, (f, _) in row.items()}
                        for players, row in result.items()},
        }))
        return 0
    print(f"Bot decision time, ms ({game.title}: positions from seeded random games; "
          f"load average {load})")
    print(f"{'players':<8} {'level':<8} {'p50':>9} {'p95':>9} {'p99':>9} {'decisions':>10}")
    for players, row in result.items():
        for level, (f, decisions) in row.items():
            print(f"{players:<8} {level:<8} {f['p50_ms']:>9.3f} {f['p95_ms']:>9.3f} "
                  f"{f['p99_ms']:>9.3f} {decisions:>10}")
    return 0


__all__ = ["LEVELS", "collect_positions", "main", "percentile"]
