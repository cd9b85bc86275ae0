"""Tables end to end, with real processes: `ebbes table serve` detached, headless bot
clients and a spectator through `ebbes table join`, stale sockets, signals, reopening a
saved table, the host's commands, and the command line's refusals. Every process is
killed at the end of its test. (Other users, without root: test_table_neighbours.py.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from table_support import Home, leaked_cards, read_trace, wait_for

from ebbes_tui.table.client import TableConnection, join_table
from ebbes_tui.table.arguments import ebbes_command, python_command
from ebbes_tui.table.commands import open_table
from ebbes_tui.table.rendezvous import TableError
from ebbes_tui.table.rendezvous import my_login, probe

ME = my_login()


@pytest.fixture
def home(tmp_path):
    home = Home(tmp_path)
    yield home
    home.kill_all()


def socket_of(home: Home, name: str):
    return home.socket_of(name)


def test_three_bots_and_a_spectator_play_a_whole_game_in_their_own_processes(home, tmp_path):
    served = home.run("table", "serve", "friday", "--seats", "player,player,player,bot:normal",
                      "--spectators", seed=12)
    assert served.returncode == 0, served.stderr
    assert served.stdout == (f"{ME}/friday is open (ebbes): friends join with "
                             f"'ebbes table join {ME}/friday'.\n")
    watch_trace = tmp_path / "watch.jsonl"
    watcher = home.start("table", "join", "friday", "--watch", "--trace", str(watch_trace))
    wait_for(lambda: watch_trace.exists() and '"lobby"' in watch_trace.read_text())
    traces = {k: tmp_path / f"seat{k}.jsonl" for k in (1, 2, 3)}
    bots = [home.start("table", "join", "friday", "--seat", str(k), "--bot", "normal",
                       "--trace", str(trace)) for k, trace in traces.items()]
    for process in (*bots, watcher):
        assert process.wait(60) == 0, process.stderr.read()
    # The watcher without a terminal prints the game as its log says it (it printed
    # nothing at all).
    told = watcher.stdout.read()
    assert "Trick 1: " in told and told.rstrip().splitlines()[-1].startswith("Game over: ")
    # Over and everyone gone: the server ends by itself and takes its socket away.
    wait_for(lambda: not socket_of(home, "friday").exists())
    assert home.tables_open() == []
    [saved] = home.finished()
    checked = home.run("check", str(saved))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    record = json.loads(saved.read_text())
    assert len(record["rounds"]) == 5
    for k, path in traces.items():
        trace = read_trace(path)
        assert trace[0]["type"] == "welcome" and trace[0]["seat"] == k - 1
        assert leaked_cards(trace, record, k - 1) == []
        states = [m for m in trace if m["type"] in ("state", "presence")]
        assert states and all(isinstance(m["round"], int) and isinstance(m["played"], int)
                              for m in states)
        assert any(m["type"] == "state" and m["event"]["type"] == "game_over" for m in trace)
    watched = read_trace(watch_trace)
    assert leaked_cards(watched, record, None) == []
    views = [m["view"] for m in watched if m["type"] == "state"]
    assert views and all(v["hand"] == [] and v["actions"] == [] for v in views)
    assert views[-1]["phase"] == "game_over"


def pid_of(home: Home, name: str) -> int:
    [table] = [t for t in home.tables_open() if t["name"] == name]
    return table["pid"]


def test_a_killed_servers_stale_socket_is_cleaned_up_and_the_name_reused(home):
    assert home.run("table", "serve", "stale").returncode == 0
    path = socket_of(home, "stale")
    os.kill(pid_of(home, "stale"), signal.SIGKILL)
    wait_for(lambda: probe(path) == "stale")
    assert path.exists()
    assert home.tables_open() == [] and not path.exists()  # its owner's list removes it
    again = home.run("table", "serve", "stale")
    assert again.returncode == 0, again.stderr
    assert probe(path) == "live"


def test_a_saved_table_reopens_as_it_was_and_the_server_ignores_hangups(home, tmp_path):
    assert home.run("table", "serve", "club", "--seats", "player,bot:random,bot:random",
                    "--seed", "3").returncode == 0
    saves = tmp_path / "data" / "ebbes-tui" / "tables"
    connection = join_table("club", directory=home.tables)
    wait_for(lambda: list(saves.glob("club.*.json")))  # the game started and was saved
    connection.sock.close()  # the only person left: saved, the server ends
    wait_for(lambda: not socket_of(home, "club").exists())
    changed = home.run("table", "serve", "club", "--seats", "player,player")
    assert changed.returncode == 2
    assert changed.stderr.startswith("ebbes: Your table club has a saved game") and \
        "leave out --seats" in changed.stderr and changed.stderr.count("\n") == 1
    # Reopened from a process that blocks SIGHUP and SIGTERM, as the game's terminal
    # guard does: the detached server must not inherit that mask.
    blocked = subprocess.run(
        [sys.executable, "-c", "import signal, sys; from ebbes_tui.cli import main; "
         "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP, signal.SIGTERM}); "
         "sys.exit(main(['table', 'serve', 'club']))"],
        env=home.env, capture_output=True, text=True, timeout=600)
    assert blocked.returncode == 0, blocked.stderr
    [table] = home.tables_open()
    assert table["reopened"] and table["phase"] == "lobby" and table["players"][0] == ME
    os.kill(table["pid"], signal.SIGHUP)  # no terminal to lose: ignored
    assert probe(socket_of(home, "club")) == "live" and home.tables_open()
    os.kill(table["pid"], signal.SIGTERM)  # saves (it is) and ends
    wait_for(lambda: not socket_of(home, "club").exists())
    assert list(saves.glob("club.*.json"))


def test_join_at_a_terminal_hands_the_admitted_connection_to_the_screens(home, monkeypatch):
    from ebbes_tui.cli import build_parser
    from ebbes_tui.table import commands

    assert home.run("table", "serve", "tty", "--seats", "player,player").returncode == 0
    monkeypatch.setattr(commands, "_terminal", lambda: True)
    handed = []

    def at_terminal(connection, args):
        handed.append((connection, args.name))
        connection.sock.close()
        return 0

    args = build_parser().parse_args(["table", "join", "tty", "--seat", "2",
                                      "--dir", str(home.tables)])
    assert commands.main(args, at_terminal) == 0
    [(connection, name)] = handed
    assert isinstance(connection, TableConnection) and name == "tty"
    assert (connection.role, connection.seat, connection.login) == ("player", 2, ME)
    assert connection.welcome["table"]["seats"] == 2  # with the dummy in seat 0


def test_the_command_line_refuses_in_one_sentence(home, tmp_path):
    unsafe = tmp_path / "unsafe"
    unsafe.mkdir()
    unsafe.chmod(0o777)
    cases = [
        (("table", "serve", "x", "--dir", str(unsafe)), "without the sticky bit"),
        (("table", "serve", "x", "--seats", "player,dragon"), "'dragon' is not a seat"),
        (("table", "serve", "x", "--seats", "player,player", "--more-cards"), "Variant 1"),
        (("table", "serve", "x", "--rounds", "7"), "--rounds goes with --choose-determiners"),
        (("table", "serve", "x", "--away-after", "soon"), "--away-after takes seconds"),
        (("table", "serve", "x", "--turn-time", "-1"), "--turn-time takes seconds"),
        (("table", "serve", "x", "--starter", "4"), "--starter names a player from 1 to 3"),
        (("table", "serve", "x", "--dealer", "1"), "ebbes with 3 players has no --dealer"),
        (("table", "close", "nothere"), "You have no table called nothere"),
        (("table", "set", "x"), "Say what to set"),
        (("table", "serve", "no.dots"), "cannot name a table"),
        # a seed in the process list would show every hand to every user of the machine
        (("table", "serve", "x", "--seats", "player,player", "--seed", "3"), "EBBES_TABLE_SEED=S"),
        (("table", "serve", "x", "--spectators", "--seed", "3"), "process list"),
        (("table", "join", "nothere", "--bot", "random"), "There is no table"),
        (("table", "join", "x", "--bot", "normal", "--watch"), "choose one"),
        (("table", "join", "x", "--bot", "genius"), "unknown bot level"),
        (("table", "join", "x"), "needs a terminal"),
        # it said "No tables are open.", as if the folder were there and empty
        (("table", "list", "--dir", str(tmp_path / "nonexistent")), "There is no folder"),
    ]
    for args, words in cases:
        done = home.run(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("ebbes: ") and done.stderr.count("\n") == 1, done.stderr
        assert words in done.stderr, (args, done.stderr)
    listed = home.run("table", "list")
    assert listed.returncode == 0 and listed.stdout == "No tables are open.\n"


def test_the_hosts_commands_from_the_command_line(home):
    assert home.run("table", "serve", "club", "--seats", "player,player").returncode == 0
    done = home.run("table", "set", "club", "--spectators", "--open")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (f"At {ME}/club anyone on this server may sit down, and anyone may "
                           "watch.\n")
    [table] = home.tables_open()
    assert table["spectators"] and table["access"] == "host"
    done = home.run("table", "invite", "club", ME)
    assert done.stdout == f"{ME} may now join {ME}/club.\n"
    done = home.run("table", "bot", "club", "--seat", "1")
    assert done.returncode == 2 and "only while the game runs" in done.stderr
    done = home.run("table", "close", "club")
    assert done.returncode == 0 and done.stdout == f"{ME} closed the table {ME}/club.\n"
    wait_for(lambda: not socket_of(home, "club").exists())
    assert home.tables_open() == []


def test_a_detached_tables_log_goes_to_its_capped_file_not_to_stderr(home, tmp_path):
    assert home.run("table", "serve", "quiet").returncode == 0
    log = tmp_path / "data" / "ebbes-tui" / "tables" / "quiet.log"
    wait_for(lambda: log.exists() and "open at" in log.read_text())
    assert home.run("table", "close", "quiet").returncode == 0
    wait_for(lambda: "closed" in log.read_text().splitlines()[-1])


def test_ps_shows_nobody_a_tables_seats_or_options_typed_or_opened_from_the_menu(home):
    """Every user of the server can read any process's command line: the table that
    stays open shows only ``table serve -`` (its arguments came on standard input),
    whether its host typed them at a shell or opened it from the menu."""
    seats = "player,bot:normal,bot:hard"
    typed = home.run("table", "serve", "typed", "--game", "huhn", "--seats", seats,
                     "--spectators", "--away-after", "77")
    assert typed.returncode == 0, typed.stderr
    assert "/typed is open (Blindes Huhn extrem)" in typed.stdout
    said = open_table(["menu", "--game", "hund", "--seats", seats, "--turn-time", "55"],
                      env=home.env)
    assert "/menu is open (Hund" in said
    for name in ("typed", "menu"):
        shown = home.command_line(name)
        assert shown[-3:] == ["table", "serve", "-"] and len(shown) == 6, shown
    # and the tables are what was asked
    tables = {t["name"]: t for t in home.tables_open()}
    assert tables["typed"]["players"] == [None, "bot:normal", "bot:hard"]
    assert tables["typed"]["spectators"] is True
    assert tables["menu"]["game"] == "hund"
    assert tables["menu"]["players"] == [None, "bot:normal", "bot:hard"]


def test_serve_minus_refuses_what_is_not_a_tables_arguments_in_one_sentence(home):
    def serve(given: bytes) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "ebbes_tui", "table", "serve", "-"],
                              env=home.env, input=given, capture_output=True, timeout=60)

    for given, said in ((b"", "reads the table's NAME, then its options"),
                        (b"--seats\nplayer\n-\n", "reads the table's NAME from standard input"),
                        (b"a" * 20000, "reads at most 16384 bytes"),
                        (b"\xff\xfe\n", "reads UTF-8 text"),
                        (b"nd\n--dir\n/tmp/a\0b\n", "cannot hold a NUL")):
        done = serve(given)
        assert done.returncode == 2
        assert said in done.stderr.decode(), done.stderr
    closed = subprocess.run([*ebbes_command("table", "serve", "-")], env=home.env,
                            capture_output=True, text=True, timeout=60, stdin=None,
                            preexec_fn=lambda: os.close(0))
    assert closed.returncode == 2 and "standard input, and it is closed" in closed.stderr
    typed = home.run("table", "serve", "nl", "--seats", "player\n,bot:normal")
    assert typed.returncode == 2 and "cannot hold a line break" in typed.stderr
    assert home.tables_open() == []  # not even one showing its arguments to everyone
    with pytest.raises(TableError, match="cannot hold a line break"):
        open_table(["two\nlines"], env=home.env)
    # a file saved on Windows, or with blank lines after the last argument, still opens
    windows = serve(b"crlf\r\n--seats\r\nplayer,bot:normal\r\n\r\n\n")
    assert windows.returncode == 0, windows.stderr
    assert [t["players"] for t in home.tables_open()] == [[None, "bot:normal"]]
    # options given beside '-' count as well
    beside = subprocess.run(ebbes_command("table", "serve", "-", "--dir", str(home.root / "b")),
                            env=home.env, input=b"beside\n", capture_output=True, timeout=60)
    assert beside.returncode == 0, beside.stderr
    assert (home.root / "b" / f"ebbes-tables-{os.geteuid()}" / "beside.sock").exists()
    assert home.run("table", "close", "beside", "--dir", str(home.root / "b")).returncode == 0


def test_a_table_opened_in_another_users_folder_runs_only_this_ebbes(home, tmp_path, monkeypatch):
    """``python -m`` puts the working directory first on the import path: a table opened
    from a folder where someone else left an ``ebbes_tui`` package (/tmp) must not run
    it, from the menu or from the command line."""
    folder = tmp_path / "theirs"
    (folder / "ebbes_tui").mkdir(parents=True)
    planted = "import pathlib; pathlib.Path(__file__).with_name('ran').touch()\n"
    for name in ("__init__.py", "__main__.py", "cli.py"):
        (folder / "ebbes_tui" / name).write_text(planted)
    monkeypatch.chdir(folder)
    assert "/menu is open" in open_table(["menu", "--seats", "player,bot:normal,bot:normal"],
                                         env=home.env)
    typed = subprocess.run(ebbes_command("table", "serve", "typed"), env=home.env,
                           capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert typed.returncode == 0, typed.stderr
    assert not (folder / "ebbes_tui" / "ran").exists()
    monkeypatch.chdir(tmp_path)  # the test's own `python -m ebbes_tui` runs from here
    assert {t["name"] for t in home.tables_open()} == {"menu", "typed"}


def test_ebbes_starts_python_only_without_the_working_directory_on_its_path(tmp_path,
                                                                           monkeypatch):
    """Every process ebbes starts (tables, the benches' apps) imports this ebbes, not an
    ``ebbes_tui`` someone left in the folder it was started from."""
    (tmp_path / "ebbes_tui").mkdir()
    (tmp_path / "ebbes_tui" / "__init__.py").write_text("PLANTED = True\n")
    monkeypatch.chdir(tmp_path)
    done = subprocess.run(python_command("import ebbes_tui; print(hasattr(ebbes_tui, 'PLANTED'))"),
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"
    # and no module of ebbes starts an interpreter another way
    package = Path(ebbes_command.__code__.co_filename).parents[1]
    starts = [str(p.relative_to(package)) for p in package.rglob("*.py")
              if "sys.executable" in p.read_text() and p.name != "arguments.py"]
    assert starts == []
