"""The command line names the games: `ebbes --game G` opens the menu on a game, an
unknown game is refused in one line, and `--continue` without a terminal says whether
any game is saved."""

import subprocess
import sys

from ebbes_tui.cli import build_parser


def ebbes(*args, env=None):
    return subprocess.run([sys.executable, "-m", "ebbes_tui", *args], capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL, env=env)


def test_a_reader_that_stops_early_gets_no_traceback():
    """`ebbes table list | head -1` ended in a BrokenPipeError traceback."""
    from pathlib import Path

    records = sorted(str(p) for p in (Path(__file__).parent / "records").glob("*.json")
                     if not p.name.endswith(".expected.json"))
    proc = subprocess.Popen([sys.executable, "-m", "ebbes_tui", "check", "--json",
                             *records * 20], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)
    proc.stdout.close()  # as head does once it has its line
    err = proc.stderr.read().decode()
    assert proc.wait(120) == 1 and "Traceback" not in err and "BrokenPipe" not in err


def test_a_flag_says_whose_option_it_is_in_each_games_words():
    """`--dealer` explained only ebbes' dummy to someone opening a Hund table."""
    from contextlib import redirect_stdout
    from io import StringIO

    import pytest

    out = StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        build_parser().parse_args(["table", "serve", "--help"])
    text = " ".join(out.getvalue().split())
    assert "ebbes: Two players: who deals round 1" in text
    assert "hund: Who deals the first game" in text and "huhn: Who deals first" in text
    assert "rank order may be played together as one play. [hund]" in text


def test_a_table_commands_mistake_names_that_commands_help():
    """`ebbes table set` said "(try 'ebbes --help')", whose help says nothing of set's
    flags (issue 23, item 12): each table command's mistakes name its own help, words
    it does not take included."""
    from contextlib import redirect_stderr
    from io import StringIO

    import pytest

    actions = ("serve", "list", "join", "close", "invite", "uninvite", "set", "bot", "remove")
    for action, words in [(a, w) for a in actions for w in ([], ["x", "--bogus"])]:
        if action == "list" and not words:
            continue  # nothing is missing
        err = StringIO()
        with redirect_stderr(err), pytest.raises(SystemExit) as ended:
            build_parser().parse_args(["table", action, *words])
        text = err.getvalue()
        assert ended.value.code == 2 and text.count("\n") == 1, text
        assert text.startswith(f"ebbes table {action}: ") and \
            text.endswith(f"(try 'ebbes table {action} --help')\n"), text
