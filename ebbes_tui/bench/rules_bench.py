"""``ebbes bench rules [--game G]``: random complete games per second, through the
validated path (every action checked, every event reported: what a match and ``ebbes
check`` use) and through the game's unchecked fast path; play-outs per second, the fast
path alone from a deal's first move to where it stops (what search plays out); the
cost of a clone and of a seat's view in the middle of a deal.

``--baseline DIR`` measures the game side by side with the ``ebbes_tui`` of another
checkout in one process, each side on its own game packages: the module functions
:func:`bench_config`, :func:`random_game` and :func:`play_outs` are the interface both
sides share, so keep their meaning (:func:`_play_outs_of` stands in for a checkout from
before the game seam).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from itertools import cycle
from operator import truediv
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, cast

from ..game.drive import next_to_decide
from ..game.protocols import AnyGame, AnyState, SeatInfo, Unlisted
from ..game.registry import DEFAULT_GAME, load_game

#: The rates measured, each with the word its column shows.
_KINDS = {"validated_games_per_s": "validated", "fast_games_per_s": "fast",
          "play_outs_per_s": "play-outs", "rollouts_per_s": "rollouts"}
#: A game set up for the bench: the game, its seats and options.
BenchConfig = tuple[AnyGame, tuple[SeatInfo, ...], dict[str, Any]]


def bench_config(players: int, game_id: str = DEFAULT_GAME) -> BenchConfig:
    """The game's default setup for ``players`` bots."""
    game = load_game(game_id)
    seats = game.rules.seats_for([SeatInfo(f"P{i}", "bot", "random") for i in range(players)])
    return game, seats, {}


def random_game(config: BenchConfig, rng: random.Random, fast: bool = False) -> AnyState:
    """Play a whole game with uniformly random decisions; ``fast`` plays on the game's
    unchecked path (:meth:`Players.random_playout`) wherever it has one."""
    game, seats, options = config
    state = game.rules.new_state(seats, options)
    seed = rng.randrange(2**32)
    pending = state.pending
    # next_to_decide() written out, as the benches before the seam had it: the loop
    # around the game is not what is measured
    while decisions := pending():
        seat = decisions[0].seat
        if seat is None:
            game.rules.resolve_chance(state, seed)
        elif not (fast and game.players.random_playout(state, rng)):
            _decide_at_random(state, seat, rng)
    return state


def _decide_at_random(state: AnyState, seat: int, rng: random.Random) -> None:
    """Answer ``seat``'s decision with a uniformly random legal action (picked as the
    benches before the seam picked, which a comparison with them must not change)."""
    legal = state.legal(seat)
    state.apply(legal.sample(rng) if isinstance(legal, Unlisted)
                else legal[int(rng.random() * len(legal))], seat)


def play_outs(config: BenchConfig, count: int = 64,
              search: bool = False) -> Callable[[random.Random], object]:
    """A play-out of ``count`` deals in turn: each call plays a copy of the next one on
    the fast path (:meth:`Players.random_playout`) from its first listed decision, which
    random decisions from the deal's own seed reached (a game with no fast path
    anywhere: from each game's first decision, the validated way to the deal's end).
    Not from an order of a hand, which Blindes Huhn's fast path makes too: a search
    rolls out only from a listed decision, and a baseline from before starts there.
    ``search``: a search's rollout instead (:meth:`Players.rollout`: the seat to move
    makes its first legal move, then the game's quick playout)."""
    game, seats, options = config
    starts = []  # (state, the seat to move)
    openings: list[tuple[AnyState, int]] = []  # each game's first decision
    for seed in range(count):
        state, rng = game.rules.new_state(seats, options), random.Random(seed)
        deal = partial(game.rules.resolve_chance, seed=seed)
        opening: tuple[AnyState, int] | None = None
        while (seat := next_to_decide(state, deal)) is not None:
            if not isinstance(state.legal(seat), Unlisted) and \
                    game.players.random_playout(state.clone(), rng):
                starts.append((state, seat))
                break
            opening = opening or (state.clone(), seat)
            _decide_at_random(state, seat, rng)
        else:  # the game ended without a fast path
            if opening is not None:
                openings.append(opening)
    if not starts:  # a game with no fast path anywhere
        starts = openings
        if not search:
            games = cycle([state for state, _ in starts])
            return lambda rng: _deal_out(game, next(games).clone(), rng)
    if not search:
        turn = cycle([state for state, _ in starts])
        return lambda rng: game.players.random_playout(next(turn).clone(), rng)
    firsts = []
    for state, seat in starts:
        legal = state.legal(seat)
        firsts.append((state, seat, legal.sample(random.Random(0)) if isinstance(legal, Unlisted)
                       else legal[0]))
    rollouts = cycle(firsts)
    return lambda rng: game.players.rollout(*next(rollouts), rng)


def _deal_out(game: AnyGame, state: AnyState, rng: random.Random) -> None:
    """Play on with uniformly random decisions the validated way to the end of the deal."""
    deal = _deals(state)
    chance = partial(game.rules.resolve_chance, seed=rng.randrange(2**32))
    while _deals(state) == deal and (seat := next_to_decide(state, chance)) is not None:
        _decide_at_random(state, seat, rng)


def _play_outs_of(module: ModuleType, config: Any,
                  search: bool = False) -> Callable[[random.Random], object]:
    """:func:`play_outs` of a baseline's rules bench: its own; this one's on its game
    for a checkout from after the game seam that had none; for one from before it
    (0e16b66 and earlier: ebbes only), the same made of its own state, deal and hard
    bot's playout (before ``play_out``, e3df712, its fast path was ``play_fast`` card by
    card, as its own bench played it)."""
    if hasattr(module, "play_outs"):
        return module.play_outs(config, search=search)
    if not hasattr(module, "GameState"):  # the seam's Game, its methods flat, not in facets
        game, *rest = config
        flat = SimpleNamespace(rules=game, players=game)
        return play_outs(cast(BenchConfig, (flat, *rest)), search=search)
    starts = []
    for seed in range(64):
        state = module.GameState(config)
        module.deal_next_round(state, random.Random(seed))
        starts.append(state)
    if search:
        playout = importlib.import_module(f"{module.__name__.split('.')[0]}.bots.hard").playout
        rollouts = cycle([(s, s.legal_moves()[0], s.to_move) for s in starts])
        return lambda rng: playout(*next(rollouts), rng)
    turn = cycle(starts)
    if hasattr(module.GameState, "play_out"):
        return lambda rng: next(turn).clone().play_out(rng)
    return lambda rng: _play_fast_out(next(turn).clone(), rng)


def _play_fast_out(state: Any, rng: random.Random) -> None:
    """The round's cards uniformly at random through ``play_fast`` (e3df712's fast path)."""
    rand, legal_moves, play_fast, playing = rng.random, state.legal_moves, state.play_fast, state.phase
    while state.phase is playing:
        legal = legal_moves()
        play_fast(legal[int(rand() * len(legal))])


def _rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``fn`` over about ``seconds``."""
    count, elapsed = _calls_in(fn, seconds, time.perf_counter)
    return count / elapsed


def _calls_in(fn: Callable[[], object], seconds: float,
              clock: Callable[[], float]) -> tuple[int, float]:
    """Calls ``fn`` until ``seconds`` have passed by ``clock``: how many calls, and the
    seconds they took."""
    count, start = 0, clock()
    deadline = start + seconds
    while True:
        fn()
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def _cpu_time(fn: Callable[[], object], calls: int) -> float:
    """Seconds of this process's CPU time that ``calls`` calls of ``fn`` take."""
    start = time.process_time()
    for _ in range(calls):
        fn()
    return time.process_time() - start


def mid_deal(config: BenchConfig, seed: int = 7) -> AnyState:
    """A state half way through the first deal's decisions, from random play."""
    game, seats, options = config
    rng = random.Random(seed)
    whole = random_game(config, random.Random(seed))
    half = whole.decisions_made() // (2 * max(1, _deals(whole)))
    state = game.rules.new_state(seats, options)
    deal = partial(game.rules.resolve_chance, seed=seed)
    while state.decisions_made() < half and (seat := next_to_decide(state, deal)) is not None:
        _decide_at_random(state, seat, rng)
    return state


def _deals(state: AnyState) -> int:
    return state.view(None).position()[0]


def measure(game: AnyGame, seconds: float = 1.0) -> dict[str, Any]:
    rng = random.Random(1)
    figures: dict[str, Any] = {"game": game.id, **{key: {} for key in _KINDS}}
    this = sys.modules[__name__]
    for players in game.player_counts:
        config = bench_config(players, game.id)
        for key in _KINDS:
            rate = _rate(partial(_step(this, config, key), rng), seconds)
            figures[key][str(players)] = round(rate, 1)
    players = 4 if 4 in game.player_counts else game.player_counts[-1]
    state = mid_deal(bench_config(players, game.id))
    seat = next(d.seat for d in state.pending() if d.seat is not None)
    figures["clone_us"] = round(1e6 / _rate(state.clone, seconds / 2), 3)
    figures["view_us"] = round(1e6 / _rate(lambda: state.view(seat), seconds / 2), 3)
    figures["state_players"] = players
    return figures


def compare(baseline: Path, seconds: float, rounds: int = 25,
            game_id: str = DEFAULT_GAME) -> dict[str, Any]:
    """The game here against the same game of another checkout's ``ebbes_tui``
    (``baseline``), measured side by side in one process: each figure for both back to
    back (which goes first alternates), ``rounds`` times, the garbage collected before
    each; the median rate of each, per second of this process's CPU time (what others
    run on a shared machine does not count). Both sides make the same calls from the
    same seeds (as many as this code makes in ``seconds / rounds``), so where the rules
    did not change, each round gives both the same games. The ratio says how much
    faster this code is (1.15: 15% more games per second): the median of the rounds'
    ratios, as each round's pair met the same machine (a shared one drifts by a fifth
    within seconds); ``all`` is the geometric mean of every figure's ratio."""
    other, counts = _import_baseline(baseline, game_id)
    slice_s = seconds / rounds
    result: dict[str, Any] = {"game": game_id, "baseline": {}, "current": {}, "ratio": {}}
    modules = {"current": sys.modules[__name__], "baseline": other}
    sides = tuple(modules)
    for key in _KINDS:
        for name in modules:
            result[name][key] = {}
        result["ratio"][key] = {}
        for players in counts:
            rates: dict[str, list[float]] = {"baseline": [], "current": []}
            steps = {name: _step(module, _config_of(module, players, game_id), key)
                     for name, module in modules.items()}
            gc.collect()
            gc.freeze()  # what the steps hold is no garbage: no collection walks it again
            # A first round, not counted, warms both up and finds the calls a round makes.
            calls, _ = _calls_in(partial(steps["current"], random.Random(rounds)), slice_s,
                                 time.process_time)
            _cpu_time(partial(steps["baseline"], random.Random(rounds)), calls)
            for i in range(rounds):
                for name in sides if i % 2 else sides[::-1]:
                    gc.collect()
                    rates[name].append(calls / _cpu_time(partial(steps[name], random.Random(i)),
                                                         calls))
            gc.unfreeze()
            for name, values in rates.items():
                result[name][key][str(players)] = round(statistics.median(values), 1)
            result["ratio"][key][str(players)] = round(statistics.median(
                map(truediv, rates["current"], rates["baseline"])), 3)
    result["ratio"]["all"] = round(statistics.geometric_mean(
        ratio for key in _KINDS for ratio in result["ratio"][key].values()), 3)
    return result


def _config_of(module: ModuleType, players: int, game_id: str) -> Any:
    """``module``'s bench set up for ``game_id``; a bench from before the game seam takes
    no game, and measures the default one."""
    if game_id == DEFAULT_GAME:
        return module.bench_config(players)
    return module.bench_config(players, game_id)


def _step(module: ModuleType, config: Any, key: str) -> Callable[[random.Random], object]:
    """One timed call of ``key``'s figure in ``module`` (this bench or a baseline's) for
    its ``config``, given a Random."""
    if key in ("play_outs_per_s", "rollouts_per_s"):
        return _play_outs_of(module, config, search=key == "rollouts_per_s")
    return partial(module.random_game, config, fast=key == "fast_games_per_s")


#: The package name a baseline's copy of ``ebbes_tui`` is imported as.
_BASELINE = "ebbes_tui_baseline"


def _import_baseline(checkout: Path, game_id: str) -> tuple[ModuleType, tuple[int, ...]]:
    """The baseline's rules bench, imported under another package name from a copy, and
    the player counts that both it and this code have for ``game_id``. Every absolute
    name of ``ebbes_tui`` in the copy is renamed, so the copy runs its own code
    wherever it names a module absolutely: a registry from before it named its games
    relatively (3a65866 and older) loads the baseline's games, not this checkout's."""
    source = checkout / "ebbes_tui"
    if not (source / "bench" / "rules_bench.py").is_file():
        raise SystemExit(f"ebbes bench: {checkout} holds no ebbes_tui/bench/rules_bench.py")
    folder = Path(tempfile.mkdtemp(prefix="ebbes-baseline-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    shutil.copytree(source, folder / _BASELINE,
                    ignore=shutil.ignore_patterns("__pycache__", "ui", "assets"))
    for module in (folder / _BASELINE).rglob("*.py"):
        module.write_text(re.sub(r"\bebbes_tui\b", _BASELINE, module.read_text("utf-8")),
                          "utf-8")
    sys.path.insert(0, str(folder))
    bench = importlib.import_module(f"{_BASELINE}.bench.rules_bench")
    counts = load_game(game_id).player_counts
    try:
        registry = importlib.import_module(f"{_BASELINE}.game.registry")
    except ModuleNotFoundError:  # from before the game seam: ebbes alone
        if game_id == DEFAULT_GAME:
            return bench, counts
        raise SystemExit(f"ebbes bench: {checkout} is from before the game seam, with "
                         f"{DEFAULT_GAME} alone; compare {game_id} with a newer checkout") from None
    if game_id not in registry.game_ids():
        raise SystemExit(f"ebbes bench: {checkout} has no game {game_id!r} (its games: "
                         f"{', '.join(registry.game_ids())}); compare with a newer checkout")
    theirs = registry.load_game(game_id).player_counts
    return bench, tuple(n for n in counts if n in theirs)


def main(as_json: bool, seconds: float, baseline: Path | None = None,
         game_id: str = DEFAULT_GAME) -> int:
    if baseline is not None:
        figures = compare(baseline, seconds, game_id=game_id)
        if as_json:
            print(json.dumps(figures))
            return 0
        print(f"{load_game(game_id).title}, this code against {baseline}, per second of CPU "
              "time:")
        print("medians of runs in turn, the ratio the median of back-to-back pairs")
        print("players   kind         baseline     current   ratio")
        for key in _KINDS:
            for p in figures["ratio"][key]:
                b, c, r = (figures[n][key][p] for n in ("baseline", "current", "ratio"))
                print(f"{p:>7}   {_KINDS[key]:<10} {b:>10,.0f} {c:>11,.0f} {r:>7.3f}")
        print(f"{'all':>7}   {'(geometric mean)':<39} {figures['ratio']['all']:>7.3f}")
        return 0
    game = load_game(game_id)
    figures = measure(game, seconds)
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"Complete random games of {game.title} per second; play-outs on the fast path and")
    print("search's rollouts per second")
    print("players" + "".join(f"{word:>12}" for word in _KINDS.values()))
    for p in game.player_counts:
        print(f"{p:>7}" + "".join(f"{figures[key][str(p)]:>12,.0f}" for key in _KINDS))
    players = figures["state_players"]
    print(f"clone of a {players}-player mid-deal state: {figures['clone_us']:.2f} us")
    print(f"a seat's view of a {players}-player mid-deal state: {figures['view_us']:.2f} us")
    return 0
