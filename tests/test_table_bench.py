"""`ebbes bench tables` on a small scale: every game finished, every figure reported
(never asserted on speed)."""

import json
import subprocess
import sys

CODE = ("import json; from ebbes_tui.bench.tables_bench import measure; "
        "print(json.dumps(measure(tables=2, seats=3, think=0.0, level='random')))")


def test_bench_tables_plays_every_game_and_reports_every_figure():
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["tables"] == 2 and figures["clients"] == 6
    assert figures["lost_games"] == 0 and figures["lost_why"] == [], figures
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
    assert figures["server_rss_mb"] > 0
