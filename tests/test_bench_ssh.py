"""`ebbes bench ssh` on a small scale: several users' games at once, all hung up, none lost."""

from ebbes_tui.bench.ssh_bench import measure


def test_concurrent_games_survive_hang_ups_and_report_every_figure():
    figures = measure(processes=3, seconds=6, pace=0.1)
    assert figures["lost_games"] == 0
    assert figures["games_started"] == 3 and figures["cards_played"] > 0
    assert figures["killed_after_hang_up"] == 0  # every process went by itself
    assert 0 < figures["slowest_exit_s"]
    assert figures["peak_rss_mb_per_process"] > 0 and figures["cpu_s"] > 0

