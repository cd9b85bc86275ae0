"""`ebbes bench rules|bots --game G --json` print the figures the issues ask for, for
every game (never asserted on speed)."""

import json
import subprocess
import sys

import pytest

from ebbes_tui.game.registry import load_game


def bench(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", *args, "--json"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("game", ["ebbes", "huhn", "hund"])
def test_bench_rules_json_has_every_figure(game):
    figures = bench("rules", "--game", game, "--seconds", "0.05")
    assert figures["game"] == game
    counts = {str(n) for n in load_game(game).player_counts}
    for key in ("validated_games_per_s", "fast_games_per_s"):
        assert set(figures[key]) == counts
        assert all(v > 0 for v in figures[key].values())
    assert figures["clone_us"] > 0 and figures["view_us"] > 0


@pytest.mark.parametrize("game", ["huhn", "hund"])
def test_bench_bots_json_gives_percentiles_for_every_level_of_the_new_games(game):
    figures = bench("bots", "--game", game, "--seconds", "0.01")
    assert figures["game"] == game and set(figures["levels"]) == {"normal", "hard", "random"}
    for row in figures["levels"].values():
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]


def test_bench_refuses_a_game_for_an_area_that_has_none():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "ui", "--game", "huhn"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--game works with" in out.stderr
