"""`ebbes bench rules --json` prints the figures the issue asks for (never asserted on speed)."""

import json
import subprocess
import sys


def test_bench_rules_json_has_every_figure():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "rules", "--json",
                          "--seconds", "0.05"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    for key in ("validated_games_per_s", "fast_games_per_s"):
        assert set(figures[key]) == {"2", "3", "4", "5"}
        assert all(v > 0 for v in figures[key].values())
    assert figures["clone_us"] > 0 and figures["view_us"] > 0
