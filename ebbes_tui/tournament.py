"""``ebbes tournament``: bot levels against each other on duplicate deals, in any game.

Every deal set (every chance step of one game: the hands of every deal, and whatever
else the game draws) comes from ``--seed`` and is played once per seat rotation, the
levels moving one seat each time, so every hand is played by every level and the luck
of the deal cancels out. A level's figure is its mean final score per seat-game (the
game's outcome scores: totals, or Hund's minus times hund); the difference between two
levels is taken per deal set, so it is paired.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations
from collections.abc import Iterator
from typing import Any

from .bots import EXPERIMENTS, LEVELS, SEARCHING, make_bot
from .game.errors import SetupError
from .flags import from_flags
from .game.options import complete
from .game.drive import only_action, play
from .game.protocols import AnyBot, AnyGame, AnyState, SeatInfo
from .game.registry import DEFAULT_GAME, load_game

Z95 = 1.96


@dataclass(frozen=True)
class Setup:
    """What every game of one tournament shares."""

    players: int
    levels: tuple[str, ...]
    seed: int
    hard_samples: int | None
    game_id: str = DEFAULT_GAME
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> AnyGame:
        return load_game(self.game_id)

    def seats(self) -> tuple[SeatInfo, ...]:
        """The table's seats, as the game seats its players (with any seat nobody
        plays)."""
        return self.game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot") for i in range(self.players)])

    def check(self) -> None:
        """SetupError if the game does not allow this tournament's setup."""
        self.game.rules.new_state(self.seats(), complete(self.game, self.players, self.options))

    @property
    def rotations(self) -> int:
        """Seat rotations per deal set: enough for each seat to get each level once."""
        return len(self.levels)


@dataclass(frozen=True)
class GameResult:
    deal_no: int
    rotation: int
    levels: tuple[str | None, ...]  # per seat; None for a seat nobody plays
    scores: tuple[float, ...]
    winners: tuple[int, ...]


def seat_levels(seats: tuple[SeatInfo, ...], levels: tuple[str, ...],
                rotation: int) -> tuple[str | None, ...]:
    """Levels spread over the players' seats, moved on by ``rotation``; None for a seat
    nobody plays."""
    players = [s for s, info in enumerate(seats) if info.kind in ("human", "bot")]
    out: list[str | None] = [None] * len(seats)
    for i, seat in enumerate(players):
        out[seat] = levels[(i + rotation) % len(levels)]
    return tuple(out)


def build_bot(game: AnyGame, level: str, hard_samples: int | None) -> AnyBot:
    """The bot of ``level``; ``hard_samples`` replaces the hard bot's budget (and the
    expert's in proportion)."""
    if level not in SEARCHING:
        return make_bot(game, level)
    if hard_samples is None:
        return make_bot(game, level, cap_ms=math.inf)
    players = game.players
    share = players.expert_samples / players.search_samples if level == "expert" else 1
    return make_bot(game, level, samples=max(1, round(hard_samples * share)), cap_ms=math.inf)


def play_game(setup: Setup, deal_no: int, rotation: int) -> GameResult:
    """One complete game of a deal set with one seat rotation; every move validated."""
    game = setup.game
    seats = setup.seats()
    levels = seat_levels(seats, setup.levels, rotation)
    deal = game.rules.duplicate_dealer(f"ebbes-tournament/{setup.seed}/{deal_no}")
    bots = {seat: build_bot(game, level, setup.hard_samples)
            for seat, level in enumerate(levels) if level is not None}
    steps = itertools.count()

    def answer(state: AnyState, seat: int) -> object:
        legal, bot = state.legal(seat), bots.get(seat)
        if bot is None:
            return only_action(legal, seat)
        rng = random.Random(f"ebbes-bot/{setup.seed}/{deal_no}/{rotation}/{next(steps)}")
        return bot.choose(state.view(seat), legal, rng)

    state = play(game.rules.new_state(seats, complete(game, setup.players, setup.options)),
                 deal, answer)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(deal_no, rotation, levels, outcome.scores, outcome.winners)


def tournament_workers() -> int:
    """One process per core, up to two: every bot's budget is counted in work, not
    time (``hard`` in samples), so sharing the machine changes no result."""
    return min(2, os.cpu_count() or 1)


def _play_task(task: tuple[Setup, int, int]) -> GameResult:
    return play_game(*task)


def run_games(setup: Setup, games: int, workers: int) -> Iterator[GameResult]:
    """Every game of the tournament, in any order, on ``workers`` processes."""
    tasks = [(setup, d, r) for d in range(games) for r in range(setup.rotations)]
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_task, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


# ----------------------------------------------------------------- statistics

def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def summarize(setup: Setup, games: int, results: list[GameResult]) -> dict[str, Any]:
    """The JSON figures: per level mean score, interval and win rate; per pair of
    levels the paired difference per deal set."""
    scores: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    per_deal: dict[tuple[str, int], list[float]] = {}
    for result in results:
        for seat, level in enumerate(result.levels):
            if level is None:
                continue
            total = result.scores[seat]
            scores.setdefault(level, []).append(total)
            wins[level] = wins.get(level, 0) + (seat in result.winners)
            per_deal.setdefault((level, result.deal_no), []).append(total)
    levels_out = {}
    for level in _unique(setup.levels):
        mean, lo, hi = mean_ci(scores[level])
        levels_out[level] = {"mean_score": round(mean, 3), "ci95": [round(lo, 3), round(hi, 3)],
                             "win_rate": round(wins[level] / len(scores[level]), 4)}
    pairs_out = {}
    for a, b in combinations(_unique(setup.levels), 2):
        diffs = [_mean(per_deal[(a, d)]) - _mean(per_deal[(b, d)]) for d in range(games)]
        mean, lo, hi = mean_ci(diffs)
        pairs_out[f"{a}>{b}"] = {"mean_diff": round(mean, 3), "ci95": [round(lo, 3), round(hi, 3)]}
    return {"games": games, "players": setup.players, "levels": levels_out, "pairs": pairs_out}


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _unique(levels: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(levels))


# ------------------------------------------------------------------ printing

def progress(done: int, total: int, width: int = 30) -> None:
    """A plain-text progress bar on stderr, redrawn in place when it moves."""
    if done < total and width * done // total == width * (done - 1) // total:
        return
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def print_table(summary: dict[str, Any], setup: Setup) -> None:
    games = summary["games"]
    print(f"{setup.game.title} tournament: {setup.players} players, {games} deal sets x "
          f"{setup.rotations} seat rotations, seed {setup.seed}")
    print(f"{'level':<8} {'mean score':>10}  {'95% interval':>18}  {'win rate':>8}")
    for level, row in summary["levels"].items():
        lo, hi = row["ci95"]
        print(f"{level:<8} {row['mean_score']:>10.2f}  [{lo:>7.2f}, {hi:>7.2f}]  "
              f"{row['win_rate']:>8.1%}")
    for pair, row in summary["pairs"].items():
        a, b = pair.split(">")
        lo, hi = row["ci95"]
        print(f"{a} - {b}: {row['mean_diff']:+.2f} per game, 95% interval "
              f"[{lo:+.2f}, {hi:+.2f}] (paired by deal set)")


def parse_levels(text: str) -> tuple[str, ...] | None:
    levels = tuple(part.strip() for part in text.split(",") if part.strip())
    if not levels or any(level not in LEVELS + EXPERIMENTS for level in levels):
        return None
    return levels


def main(args: argparse.Namespace) -> int:
    """Run the tournament the command line describes; 2 for unknown levels."""
    levels = parse_levels(args.levels)
    if levels is None:
        print(f"ebbes tournament: unknown bot level in {args.levels!r} "
              f"(choose from {', '.join(LEVELS + EXPERIMENTS)})", file=sys.stderr)
        return 2
    try:
        game = load_game(args.game)
        setup = Setup(args.players, levels, args.seed, args.hard_samples, game.id,
                      from_flags(game, args))
        if args.players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise SetupError(f"{game.title} is played by {counts} players, not {args.players}")
        setup.check()
    except (SetupError, ValueError) as err:
        print(f"ebbes tournament: {err}", file=sys.stderr)
        return 2
    total = args.games * setup.rotations
    results = []
    workers = tournament_workers()
    for result in run_games(setup, args.games, workers):
        results.append(result)
        progress(len(results), total)
    results.sort(key=lambda r: (r.deal_no, r.rotation))
    summary = summarize(setup, args.games, results)
    if args.json:
        print(json.dumps(summary))
    else:
        print_table(summary, setup)
    return 0
