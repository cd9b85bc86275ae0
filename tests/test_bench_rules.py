"""`ebbes bench rules|bots --game G --json` print the figures the issues ask for, for
every game (never asserted on speed)."""

import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from ebbes_tui.game.registry import load_game


def bench(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", *args, "--json"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("game", ["ebbes", "huhn", "hund"])
def test_bench_rules_json_has_every_figure(game):
    figures = bench("rules", "--game", game, "--seconds", "0.05")
    assert figures["game"] == game
    counts = {str(n) for n in load_game(game).player_counts}
    for key in ("validated_games_per_s", "fast_games_per_s", "play_outs_per_s", "rollouts_per_s"):
        assert set(figures[key]) == counts
        assert all(v > 0 for v in figures[key].values())
    assert figures["clone_us"] > 0 and figures["view_us"] > 0


def test_bench_rules_against_a_baseline_gives_every_figure_side_by_side(tmp_path):
    """`--baseline DIR` measures another checkout's ebbes in the same run (here this
    checkout's own): games both ways, play-outs and search's rollouts, for every
    player count."""
    root = Path(__file__).resolve().parents[1]
    figures = bench("rules", "--baseline", str(root), "--seconds", "0.02")
    counts = {str(n) for n in load_game("ebbes").player_counts}
    for name in ("baseline", "current", "ratio"):
        for key in ("validated_games_per_s", "fast_games_per_s", "play_outs_per_s",
                    "rollouts_per_s"):
            assert set(figures[name][key]) == counts
            assert all(v > 0 for v in figures[name][key].values())


def test_a_baseline_from_before_the_game_seam_plays_out_its_own_deals(monkeypatch):
    """A checkout from before the seam (0e16b66) has no play_outs in its bench: its
    GameState is dealt by its own deal_next_round and played out with a Random, and
    its hard bot's playout is search's rollout, from the seat to move's first card."""
    from ebbes_tui.bench.rules_bench import _play_outs_of
    from ebbes_tui.games.ebbes.rules import GameConfig, GameState, Phase, SeatInfo, deal_next_round

    played = []

    class Counted(GameState):
        __slots__ = ()

        def clone(self):
            played.append(self)
            return GameState.clone(self)

    rolled = []
    hard = ModuleType("old_ebbes.bots.hard")
    hard.playout = lambda state, first, seat, rng: rolled.append((state, first, seat))
    for name in ("old_ebbes", "old_ebbes.bots"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, "old_ebbes.bots.hard", hard)
    old = SimpleNamespace(__name__="old_ebbes.bench.rules_bench", GameState=Counted,
                          deal_next_round=deal_next_round,
                          bench_config=lambda n: GameConfig(tuple(SeatInfo(f"P{i}") for i in range(n))))
    play_out = _play_outs_of(old, old.bench_config(4))
    for _ in range(3):
        play_out(random.Random(1))
    assert len(set(map(id, played))) == 3  # three deals in turn, each kept for the next round
    assert all(s.phase is Phase.PLAY and not s.tricks for s in played)
    _play_outs_of(old, old.bench_config(4), search=True)(random.Random(1))
    (state, first, seat), = rolled
    assert seat == state.to_move and first in state.hands[seat] and not state.trick


def test_a_baseline_from_after_the_seam_without_play_outs_is_measured_by_this_bench():
    """A checkout between the seam and the play-out figures (bb87d34) has a Game but no
    play_outs: this bench's play_outs play its deals through that Game's methods."""
    from ebbes_tui.bench.rules_bench import _play_outs_of, bench_config

    played = []
    game, seats, options = bench_config(4)

    class Watched:  # the baseline's Game, as far as play_outs asks it
        def __getattr__(self, name):
            return getattr(game, name)

        def random_playout(self, state, rng):
            played.append(state)
            return game.players.random_playout(state, rng)

    old = SimpleNamespace(bench_config=lambda n: (Watched(), seats, options))
    play_out = _play_outs_of(old, old.bench_config(4))  # finds each deal's first move through the Game
    before = len(played)
    play_out(random.Random(1))
    assert len(played) == before + 1 and played[-1].outcome() is None and not played[-1].view(None).trick


@pytest.mark.parametrize("game", ["huhn", "hund"])
def test_bench_bots_json_gives_percentiles_for_every_level_of_the_new_games(game):
    figures = bench("bots", "--game", game, "--seconds", "0.01")
    assert figures["game"] == game and set(figures["levels"]) == {"normal", "hard", "random"}
    for row in figures["levels"].values():
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]


def test_bench_refuses_a_game_for_an_area_that_has_none():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "ui", "--game", "huhn"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 2 and "--game works with" in out.stderr
