"""The command line names the games: `ebbes --game G` opens the menu on a game, an
unknown game is refused in one line, and `--continue` without a terminal says whether
any game is saved."""

import subprocess
import sys

from ebbes_tui.cli import build_parser


def ebbes(*args, env=None):
    return subprocess.run([sys.executable, "-m", "ebbes_tui", *args], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL, env=env)


def test_the_game_is_chosen_on_the_command_line():
    assert build_parser().parse_args(["--game", "hund"]).game == "hund"
    assert build_parser().parse_args([]).game is None  # the last game played
    out = ebbes("--game", "chess")
    assert out.returncode == 2 and "invalid choice: 'chess'" in out.stderr
    assert len(out.stderr.strip().splitlines()) <= 2


def test_continue_without_a_terminal_says_there_is_nothing_to_continue(tmp_path):
    import os

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    for args in (["--continue"], ["--game", "huhn", "--continue"]):
        out = ebbes(*args, env=env)
        assert out.returncode == 2
        assert out.stderr.strip() == "ebbes: There is no saved game to continue."
