"""``ebbes bench rules``: random complete games per second, clone and view cost."""

from __future__ import annotations

import gc
import importlib
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from collections.abc import Callable

from ..rules.actions import Action, play
from ..rules.deal import dealer_from, deal_next_round
from ..rules.loop import play_game
from ..rules.state import Decision, GameState
from ..rules.variants import GameConfig, SeatInfo
from ..rules.view import player_view

PLAYER_COUNTS = (2, 3, 4, 5)


def bench_config(players: int) -> GameConfig:
    """A basic game for ``players``; two players get the dummy in seat 0."""
    if players == 2:
        seats = (SeatInfo("Dummy", "dummy"), SeatInfo("A"), SeatInfo("B"))
    else:
        seats = tuple(SeatInfo(f"P{i}") for i in range(players))
    return GameConfig(seats)


def random_game(config: GameConfig, rng: random.Random, fast: bool = False) -> GameState:
    """Play a whole game with uniformly random decisions through the game loop.
    ``fast`` plays the cards on the unchecked path (:meth:`GameState.play_out`);
    every other step is validated either way."""
    rand = rng.random

    def choose(state: GameState, decision: Decision) -> Action:
        legal = state.legal_actions()
        return legal[int(rand() * len(legal))]

    return play_game(GameState(config), dealer_from(rng), choose, playout=rng if fast else None)


def _rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``fn`` over about ``seconds``."""
    count, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        fn()
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def _mid_round_state(players: int) -> GameState:
    rng = random.Random(7)
    state = GameState(bench_config(players))
    deal_next_round(state, rng)
    for _ in range(state.config.hand_size * state.n // 2):
        state.apply(play(rng.choice(state.legal_moves())))
    return state


def measure(seconds: float = 1.0) -> dict[str, object]:
    rng = random.Random(1)
    figures: dict[str, object] = {"validated_games_per_s": {}, "fast_games_per_s": {}}
    for players in PLAYER_COUNTS:
        config = bench_config(players)
        for key, fast in (("validated_games_per_s", False), ("fast_games_per_s", True)):
            rate = _rate(lambda c=config, f=fast: random_game(c, rng, f), seconds)
            figures[key][str(players)] = round(rate, 1)  # type: ignore[index]
    state = _mid_round_state(4)
    figures["clone_us"] = round(1e6 / _rate(state.clone, seconds / 2), 3)
    figures["view_us"] = round(1e6 / _rate(lambda: player_view(state, 1), seconds / 2), 3)
    return figures


def compare(baseline: Path, seconds: float, rounds: int = 9) -> dict[str, object]:
    """This code against the ``ebbes_tui`` of another checkout (``baseline``), measured
    side by side in one process: each figure in turn for both, ``rounds`` times, the
    garbage collected before each, the median kept. The ratio says how much faster
    this code is (1.15: 15% more games per second)."""
    other = _import_baseline(baseline)
    slice_s = max(0.05, seconds / rounds)
    result: dict[str, dict[str, dict[str, float]]] = {"baseline": {}, "current": {}, "ratio": {}}
    for key, fast in (("validated_games_per_s", False), ("fast_games_per_s", True)):
        for name in result:
            result[name][key] = {}
        for players in PLAYER_COUNTS:
            rates: dict[str, list[float]] = {"baseline": [], "current": []}
            for i in range(rounds):
                order = (("current", sys.modules[__name__]), ("baseline", other))
                for name, module in order if i % 2 else order[::-1]:
                    gc.collect()
                    config, rng = module.bench_config(players), random.Random(i)
                    rates[name].append(module._rate(
                        lambda m=module, c=config, r=rng, f=fast: m.random_game(c, r, f), slice_s))
            for name, values in rates.items():
                result[name][key][str(players)] = round(statistics.median(values), 1)
            result["ratio"][key][str(players)] = round(
                result["current"][key][str(players)] / result["baseline"][key][str(players)], 3)
    return result  # type: ignore[return-value]


def _import_baseline(checkout: Path) -> ModuleType:
    """The baseline's rules bench, imported under another package name from a copy."""
    source = checkout / "ebbes_tui"
    if not (source / "bench" / "rules_bench.py").is_file():
        raise SystemExit(f"ebbes bench: {checkout} holds no ebbes_tui/bench/rules_bench.py")
    folder = Path(tempfile.mkdtemp(prefix="ebbes-baseline-"))
    shutil.copytree(source, folder / "ebbes_tui_baseline",
                    ignore=shutil.ignore_patterns("__pycache__", "ui", "assets"))
    sys.path.insert(0, str(folder))
    return importlib.import_module("ebbes_tui_baseline.bench.rules_bench")


def main(as_json: bool, seconds: float, baseline: Path | None = None) -> int:
    if baseline is not None:
        figures = compare(baseline, seconds)
        if as_json:
            print(json.dumps(figures))
            return 0
        print(f"Games per second, this code against {baseline} (median of runs in turn)")
        print("players   kind         baseline     current   ratio")
        for key in ("validated_games_per_s", "fast_games_per_s"):
            for p in PLAYER_COUNTS:
                b, c, r = (figures[n][key][str(p)] for n in ("baseline", "current", "ratio"))  # type: ignore[index]
                print(f"{p:>7}   {key.split('_')[0]:<10} {b:>10,.0f} {c:>11,.0f} {r:>7.3f}")
        return 0
    figures = measure(seconds)
    if as_json:
        print(json.dumps(figures))
        return 0
    print("Complete random 5-round games per second")
    print("players   validated        fast")
    for p in PLAYER_COUNTS:
        v = figures["validated_games_per_s"][str(p)]  # type: ignore[index]
        f = figures["fast_games_per_s"][str(p)]  # type: ignore[index]
        print(f"{p:>7} {v:>11,.0f} {f:>11,.0f}")
    print(f"clone of a 4-player mid-round state: {figures['clone_us']:.2f} us")
    print(f"PlayerView of a 4-player mid-round state: {figures['view_us']:.2f} us")
    return 0
