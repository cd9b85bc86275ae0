"""End to end in a real pseudo-terminal: play by keys, hang up, come back, continue.

The game runs as `python -m ebbes_tui` in its own pty session, as over SSH; closing
the pty is a real hang-up (the kernel sends SIGHUP). Waits are on conditions (text on
screen, the save file), never fixed sleeps.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import time
from pathlib import Path

import pytest

from ebbes_tui.bench.pty_session import PtySession, plain_text
from ebbes_tui.table.arguments import ebbes_command
from ebbes_tui.games.ebbes.rules import Phase, player_view, replay
from ebbes_tui.controller.settings import GameSettings, PlayerChoice, Settings, save

HUMAN = 0  # the default setup: "You" in seat 0 against two bots
#: Seconds a step may take before a test calls it a hang, and seconds of a silent
#: screen that mean the same: far beyond what a loaded machine needs.
HANG, STALL = 600.0, 120.0


class Player:
    """A home dir for one user, and ways to start ebbes and read its save."""

    def __init__(self, home: Path, term: str = "xterm-256color", no_color: bool = False):
        self.home = home
        self.env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.env.update(XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
                        TERM=term, LANG="C.UTF-8")
        self.env.pop("LC_ALL", None)
        if no_color:
            self.env["NO_COLOR"] = "1"

    def start(self, *args: str) -> PtySession:
        return PtySession(ebbes_command("--pace", "0", *args), self.env)

    def save_path(self) -> Path | None:
        saves = sorted((self.home / "data" / "ebbes-tui" / "ebbes" / "saves").glob("*.json"))
        return saves[-1] if saves else None

    def record(self) -> dict | None:
        path = self.save_path()
        if path is None:
            return None
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            return None  # between a write and the rename a reader may be unlucky: retry


def wait_until(session: PtySession, condition):
    """Drain the program's output until ``condition()`` is truthy; return its value.
    Only a hang fails it (issue 23, item 18): a program that has drawn nothing for
    :data:`STALL` seconds, or has not got there in :data:`HANG` (a loaded machine is
    slow, never that slow)."""
    start = last = time.monotonic()
    drawn = len(session.output)
    while True:
        value = condition()
        if value:
            return value
        now = time.monotonic()
        if now - last > STALL or now - start > HANG:
            raise AssertionError(f"the game never got there ({now - start:.0f} s, nothing "
                                 f"drawn for the last {now - last:.0f} s); the screen's last "
                                 f"words: {plain_text(bytes(session.output[-3000:]))!r}")
        if not session.read_available(0.05):
            raise AssertionError("the program ended before the game got there")
        if len(session.output) != drawn:
            drawn, last = len(session.output), now


def human_to_play(player: Player):
    """The replayed state when the human must play a card, else None."""
    record = player.record()
    if record is None:
        return None
    state = replay(record)
    pending = state.decision
    if pending and pending.phase is Phase.PLAY and pending.seat == HUMAN:
        return state
    return None


def play_a_card(player: Player, session: PtySession, rng: random.Random) -> str:
    """Wait for the human's turn, press the digit of a legal card, wait for the save."""
    state = wait_until(session, lambda: human_to_play(player))
    view = player_view(state, HUMAN)
    card = rng.choice(view.legal)
    digit = str((view.hand.index(card) + 1) % 10)
    played = sum(len(r["plays"]) for r in player.record()["rounds"])
    session.send(digit)
    wait_until(session, lambda: (player.record() or {"rounds": []}) and sum(
        len(r["plays"]) for r in player.record()["rounds"]) > played)
    return str(card)


def start_a_game(player: Player) -> PtySession:
    session = player.start()
    assert session.wait_for("New game", STALL)
    session.mark()
    session.send("n")
    assert session.wait_for("Which game?", STALL)
    session.mark()
    session.send("enter")  # ebbes, highlighted
    assert session.wait_for("Start game", STALL)
    session.send("enter")
    return session


@pytest.mark.parametrize("term, no_color", [("xterm-256color", False), ("vt100", True)])
def test_hang_up_saves_and_exits_and_continue_resumes_the_same_game(tmp_path, term, no_color):
    player = Player(tmp_path, term, no_color)
    rng = random.Random(7)
    session = start_a_game(player)
    for _ in range(4):
        play_a_card(player, session, rng)
    wait_until(session, lambda: human_to_play(player))  # bots done: the human's turn again
    before = player.save_path().read_text()

    session.hang_up()  # the connection drops
    assert session.wait(STALL) is not None, "still running after the hang-up"
    with pytest.raises(ProcessLookupError):
        os.kill(session.pid, 0)  # no process left behind
    assert player.save_path().read_text() == before

    again = player.start()  # the menu offers to continue, with the game's summary
    assert again.wait_for("Continue", STALL)
    assert again.wait_for("round 1 of 5", STALL)
    again.send("q")
    assert again.wait(STALL) == 0

    resumed = player.start("--continue")
    assert resumed.wait_for("Your turn", STALL)
    state_before = replay(json.loads(before))
    state_now = human_to_play(player)
    assert state_now is not None
    assert player_view(state_now, HUMAN) == player_view(state_before, HUMAN)
    card = play_a_card(player, resumed, rng)
    plays_before = [p for r in json.loads(before)["rounds"] for p in r["plays"]]
    plays_after = [p for r in player.record()["rounds"] for p in r["plays"]]
    assert plays_after[: len(plays_before) + 1] == plays_before + [card]
    resumed.signal(signal.SIGTERM)
    assert resumed.wait(STALL) is not None


def bots_only(player: Player) -> None:
    settings = Settings(games={"ebbes": GameSettings(
        players=4, seats=[PlayerChoice(f"Bot {i}", "bot", "random") for i in range(6)])})
    save(player.home / "config" / "ebbes-tui" / "settings.json", settings)


def played(player: Player) -> int:
    record = player.record()
    return sum(len(r["plays"]) for r in record["rounds"]) if record else 0


def bots_played_to(player: Player, session: PtySession, target: int) -> int:
    """Cards played once at least ``target`` are saved; Enter dismisses round summaries
    only until then, so the bots stop at the latest at the end of that round (a game run
    to its end goes to History, and --continue would have nothing to continue)."""
    def reached():
        count = played(player)
        if count >= target:
            return count
        if "\u23ce Continue" in session.text_since_mark():  # a round's summary, not the menu
            session.mark()
            session.send("enter")
        return 0
    return wait_until(session, reached)


def test_kill_9_at_a_random_moment_loses_at_most_the_decision_in_flight(tmp_path):
    player = Player(tmp_path)
    bots_only(player)
    rng = random.Random(2026)  # which moments: seeded, so a failure can be replayed
    for _ in range(2):
        session = start_a_game(player) if player.save_path() is None \
            else player.start("--continue")
        seen = bots_played_to(player, session, played(player) + rng.randrange(3, 60))
        session.signal(signal.SIGKILL)
        session.wait(STALL)
        session.hang_up()
        record = player.record()
        assert record is not None
        replay(record)  # the save is whole and valid
        assert played(player) >= seen  # nothing saved before the kill was lost
    resumed = player.start("--continue")  # the lock died with the process
    bots_played_to(player, resumed, seen + 1)
    resumed.signal(signal.SIGTERM)
    assert resumed.wait(STALL) is not None


def test_an_unknown_option_is_one_line_and_exit_2(tmp_path):
    session = Player(tmp_path).start("--colour")
    assert session.wait(STALL) == 2
    session.read_available(0.5)
    lines = [line for line in session.text_since_mark().splitlines() if line.strip()]
    assert lines == ["ebbes: unrecognized arguments: --colour (try 'ebbes --help')"]


def colours_sent(output: bytes) -> set[str]:
    """The colour parameters of every SGR sequence in ``output`` (not the terminal's
    default colours, 39 and 49, which every terminal has)."""
    found = set()
    for params in re.findall(rb"\x1b\[([0-9;]*)m", output):
        for p in params.decode().split(";"):
            if p in ("38", "48") or (p.isdigit() and int(p) // 10 in (3, 4, 9, 10)
                                     and int(p) % 10 < 8):
                found.add(p)
    return found


@pytest.mark.parametrize("term", ["xterm", "xterm-256color", "screen", "tmux-256color", "linux",
                                  "vt100"])
def test_every_terminal_type_gets_a_working_menu_with_escape_and_split_keys(tmp_path, term):
    session = Player(tmp_path, term).start()
    assert session.wait_for("New game", STALL)
    if term == "vt100":  # no colours there: the launcher sends none, and the menu says why
        assert session.wait_for("TERM=vt100 has no colours", STALL)
    assert (colours_sent(bytes(session.output)) == set()) == (term == "vt100"), term
    session.mark()
    session.send("n")
    assert session.wait_for("Which game?", STALL)
    session.mark()
    session.send("enter")  # ebbes, highlighted
    assert session.wait_for("Start game", STALL)
    session.mark()
    session.send("escape")  # a lone Escape goes back
    # The menu's own title, not "New game": the form is titled that too, and a late piece
    # of its paint would let the next "n" follow Escape so closely it reads as Alt+n.
    assert session.wait_for("e b b e s", STALL)
    session.mark()
    session.send("n")
    assert session.wait_for("Which game?", STALL)
    session.mark()
    session.send("enter")
    assert session.wait_for("Start game", STALL)
    session.mark()
    for byte in "\x1b[C":  # Right arrow arriving byte by byte, as over a slow link
        session.send(byte)
        session.read_available(0.08)
    assert session.wait_for("Player 4", STALL)  # 3 players became 4, not Escape + "[C"
    session.send("q")
    session.kill()


def test_help_and_version_on_the_command_line(tmp_path):
    player = Player(tmp_path)
    for args, expected in ((["--version"], "ebbes 0."), (["--help"], "--continue")):
        session = player.start(*args)
        assert session.wait_for(expected, STALL)
        assert session.wait(STALL) == 0


def test_a_second_ebbes_can_take_over_the_open_game(tmp_path):
    player = Player(tmp_path)
    first = start_a_game(player)
    wait_until(first, lambda: human_to_play(player))
    before = player.save_path().read_text()
    second = player.start()
    assert second.wait_for("open in another ebbes window", STALL)
    assert second.wait_for("Take it over", STALL) and second.wait_for("Start a separate game", STALL)
    second.mark()
    second.send("down", "enter")  # past the greyed-out Continue, onto "Take it over"
    assert first.wait(STALL) == 0  # the first one saved and exited
    assert second.wait_for("Your turn", STALL)
    assert player.save_path().read_text() == before
    second.kill()


def test_a_second_ebbes_can_start_a_separate_game(tmp_path):
    player = Player(tmp_path)
    first = start_a_game(player)
    wait_until(first, lambda: human_to_play(player))
    second = player.start()
    assert second.wait_for("Start a separate game", STALL)
    second.mark()
    second.send("down", "down", "enter")
    assert second.wait_for("Which game?", STALL)
    second.mark()
    second.send("enter")  # ebbes, highlighted
    assert second.wait_for("Start game", STALL)
    second.mark()
    second.send("enter")
    assert second.wait_for("Your turn", STALL)
    saves = tmp_path / "data" / "ebbes-tui" / "ebbes" / "saves"
    # the table is drawn before its save reaches the disk; a loaded machine shows the gap
    wait_until(second, lambda: len(list(saves.glob("*.json"))) == 2)
    assert first.alive()
    first.kill()
    second.kill()


def test_every_file_is_private_to_the_user_and_nothing_goes_to_temp(tmp_path):
    player = Player(tmp_path)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    player.env["TMPDIR"] = str(tmp)
    session = start_a_game(player)
    play_a_card(player, session, random.Random(3))
    session.signal(signal.SIGTERM)
    assert session.wait(STALL) is not None
    roots = [tmp_path / base / "ebbes-tui" for base in ("data", "config")]
    mine = roots + [p for root in roots for p in root.rglob("*")]
    assert any(p.name == "settings.json" for p in mine)
    assert any(p.parent.name == "saves" and p.suffix == ".json" for p in mine)
    for path in mine:
        mode = path.stat().st_mode & 0o777
        assert mode & 0o077 == 0, f"{path} is open to others: {oct(mode)}"
    assert list(tmp.iterdir()) == []
