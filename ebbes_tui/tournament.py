"""``ebbes tournament``: bot levels against each other on duplicate deals.

Every deal set (the hands of every round, the Number Determiners, round 1's starter
and dealer) is drawn from ``--seed`` and played once per seat rotation, the levels
moving one seat each time, so every hand is played by every level and the luck of
the deal cancels out. A level's figure is its mean final total per seat-game; the
difference between two levels is taken per deal set, so it is paired.
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
from dataclasses import dataclass
from itertools import combinations
from collections.abc import Iterator, Sequence

from .bots import LEVELS, make_bot
from .bots.base import Bot
from .rules.actions import Action
from .rules.deal import deal_hands
from .rules.events import Event
from .rules.loop import SeatPlayer, by_seat, forced
from .rules.loop import play_game as run
from .rules.state import GameState
from .rules.variants import BASIC_NUMBER_DETERMINERS, GameConfig, Options, SeatInfo
from .rules.view import PlayerView

Z95 = 1.96


@dataclass(frozen=True)
class Setup:
    """What every game of one tournament shares."""

    players: int
    levels: tuple[str, ...]
    more_cards: bool
    choose_determiners: bool
    seed: int
    hard_samples: int | None

    def config(self) -> GameConfig:
        """Seats of the table; two players get the dummy in seat 0 (R15)."""
        names = [SeatInfo(f"P{i + 1}", "bot") for i in range(self.players)]
        if self.players == 2:
            names.insert(0, SeatInfo("Dummy", "dummy"))
        return GameConfig(tuple(names), Options(self.more_cards, self.choose_determiners))

    @property
    def rotations(self) -> int:
        """Seat rotations per deal set: enough for each seat to get each level once."""
        return len(self.levels)


@dataclass(frozen=True)
class RoundDeal:
    hands: list[list]
    number: int | None


@dataclass(frozen=True)
class GameResult:
    deal_no: int
    rotation: int
    levels: tuple[str | None, ...]  # per seat; None for the dummy
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def deal_set(config: GameConfig, seed: int, deal_no: int) -> tuple[list[RoundDeal], int, int]:
    """The rounds' deals, round 1's starter and dealer for one deal set, from the seed."""
    rng = random.Random(f"ebbes-tournament/{seed}/{deal_no}")
    rand = rng.random
    numbers: list[int | None] = [None] * config.round_limit
    if not config.options.choose_determiners:
        numbers = sorted(BASIC_NUMBER_DETERMINERS, key=lambda _: rand())  # type: ignore[assignment]
    rounds = [RoundDeal(deal_hands(config, rng), numbers[r]) for r in range(config.round_limit)]
    players = [s for s in range(config.seat_count) if s != config.dummy]
    starter = players[int(rand() * len(players))]
    dealer = players[int(rand() * len(players))]
    return rounds, starter, dealer


def seat_levels(config: GameConfig, levels: tuple[str, ...], rotation: int) -> tuple[str | None, ...]:
    """Levels spread over the players' seats, moved on by ``rotation``; dummy None."""
    players = [s for s in range(config.seat_count) if s != config.dummy]
    seats: list[str | None] = [None] * config.seat_count
    for i, seat in enumerate(players):
        seats[seat] = levels[(i + rotation) % len(levels)]
    return tuple(seats)


def build_bot(level: str, hard_samples: int | None) -> Bot:
    if level == "hard" and hard_samples is not None:
        return make_bot(level, samples=hard_samples)
    return make_bot(level)


def play_game(setup: Setup, deal_no: int, rotation: int) -> GameResult:
    """One complete game of a deal set with one seat rotation; every move validated."""
    config = setup.config()
    rounds, starter, dealer = deal_set(config, setup.seed, deal_no)
    levels = seat_levels(config, setup.levels, rotation)
    steps = itertools.count()

    def player(bot: Bot) -> SeatPlayer:
        def choose(view: PlayerView, legal: Sequence[Action]) -> Action:
            rng = random.Random(f"ebbes-bot/{setup.seed}/{deal_no}/{rotation}/{next(steps)}")
            return bot.choose(view, legal, rng)
        return choose

    def deal(state: GameState) -> list[Event]:
        first = not state.results
        this = rounds[state.round_no]
        return state.start_round(this.hands, number=this.number,
                                 starter=starter if first else None,
                                 dealer=dealer if first and config.dummy is not None else None)

    players = {seat: player(build_bot(level, setup.hard_samples)) if level else forced
               for seat, level in enumerate(levels)}
    state = run(GameState(config), deal, by_seat(players))
    return GameResult(deal_no, rotation, levels, tuple(state.totals), state.winners())


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


def summarize(setup: Setup, games: int, results: list[GameResult]) -> dict[str, object]:
    """The JSON figures: per level mean score, interval and win rate; per pair of
    levels the paired difference per deal set."""
    scores: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    per_deal: dict[tuple[str, int], list[float]] = {}
    for result in results:
        for seat, level in enumerate(result.levels):
            if level is None:
                continue
            total = result.totals[seat]
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


def print_table(summary: dict[str, object], setup: Setup) -> None:
    games = summary["games"]
    print(f"ebbes tournament: {setup.players} players, {games} deal sets x "
          f"{setup.rotations} seat rotations, seed {setup.seed}")
    print(f"{'level':<8} {'mean score':>10}  {'95% interval':>18}  {'win rate':>8}")
    for level, row in summary["levels"].items():  # type: ignore[union-attr]
        lo, hi = row["ci95"]
        print(f"{level:<8} {row['mean_score']:>10.2f}  [{lo:>7.2f}, {hi:>7.2f}]  "
              f"{row['win_rate']:>8.1%}")
    for pair, row in summary["pairs"].items():  # type: ignore[union-attr]
        a, b = pair.split(">")
        lo, hi = row["ci95"]
        print(f"{a} - {b}: {row['mean_diff']:+.2f} per game, 95% interval "
              f"[{lo:+.2f}, {hi:+.2f}] (paired by deal set)")


def parse_levels(text: str) -> tuple[str, ...] | None:
    levels = tuple(part.strip() for part in text.split(",") if part.strip())
    if not levels or any(level not in LEVELS for level in levels):
        return None
    return levels


def main(args: argparse.Namespace) -> int:
    """Run the tournament the command line describes; 2 for unknown levels."""
    levels = parse_levels(args.levels)
    if levels is None:
        print(f"ebbes tournament: unknown bot level in {args.levels!r} "
              f"(choose from {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    setup = Setup(args.players, levels, args.more_cards, args.choose_determiners,
                  args.seed, args.hard_samples)
    try:
        setup.config()
    except ValueError as err:
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
