"""`ebbes bench bots --game G`: each level's decision time at every player count of
the game, and over all of them (figures, never asserted on speed)."""

import json
import subprocess
import sys

import pytest

from ebbes_tui.bench.bots_bench import collect_positions
from ebbes_tui.game.registry import game_ids, load_game

LEVELS = {"normal", "hard", "random"}
FIGURES = {"p50_ms", "p95_ms", "p99_ms"}


def bench_bots(*args: str) -> subprocess.CompletedProcess:
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "bots", *args,
                          "--seconds", "0.01"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out


def test_bench_bots_json_gives_percentiles_for_every_level_at_every_player_count():
    figures = json.loads(bench_bots("--json").stdout)
    assert set(figures) == {"game", "load_average", "levels", "players"}
    assert figures["game"] == "ebbes" and figures["load_average"] >= 0
    assert set(figures["players"]) == {str(n) for n in load_game("ebbes").player_counts}
    for rows in (figures["levels"], *figures["players"].values()):
        assert set(rows) == LEVELS
        for row in rows.values():
            assert set(row) == FIGURES
            assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    assert figures["levels"]["hard"]["p50_ms"] > figures["levels"]["normal"]["p50_ms"]


def test_bench_bots_table_has_a_row_per_player_count_and_level_and_all_together():
    lines = bench_bots("--game", "huhn").stdout.splitlines()
    assert lines[0].startswith("Bot decision time, ms (Blindes Huhn extrem") and "load average" in lines[0]
    rows = [line.split()[:2] for line in lines[2:]]
    counts = [str(n) for n in load_game("huhn").player_counts] + ["all"]
    assert rows == [[players, level] for players in counts for level in ("normal", "hard", "random")]


@pytest.mark.parametrize("game_id", game_ids())
def test_each_player_counts_positions_are_decisions_of_that_many_players(game_id):
    """The figures of a player count are timed on its own positions only: decisions
    with a choice, from games of that many players (ebbes' dummy is no player)."""
    game = load_game(game_id)
    positions = collect_positions(game, count=6)
    assert list(positions) == list(game.player_counts)
    for players, views in positions.items():
        assert len(views) == 6
        for view in views:
            assert sum(seat.kind == "bot" for seat in view.seats) == players
            assert view.deciding and view.actions


def test_bench_bots_times_only_the_levels_asked_and_refuses_an_unknown_one():
    """``--levels``: the expert takes a second or two a decision, so it is timed only
    when asked (``--levels expert``); the plumbing is shown here with a quick level."""
    figures = json.loads(bench_bots("--game", "hund", "--levels", "random", "--json").stdout)
    assert set(figures["levels"]) == {"random"}
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "bots", "--levels",
                          "master"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unknown bot level in 'master'" in out.stderr
