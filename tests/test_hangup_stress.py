"""Hang-ups at random moments while keys arrive (issue 9, bug 3): after the pty closes,
the ebbes process must be gone, every time, and the save intact.

The leak this guards against was a process that lived on for 30 s and more (until it was
killed), so a run fails when the process outlives its terminal by ``EXIT_S``: far beyond
a loaded machine's slowness, far below the leak. How fast it goes is a figure, not a
test: ``ebbes bench ssh`` prints the slowest exit after a hang-up (under a second).

Each run resumes a saved game against bots in a real pseudo-terminal, types a stream
of keys (card keys that are legal and illegal, arrows, Enter, the last-trick key) and
closes the terminal at a seeded random moment, as a dropped SSH connection does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import random
import time

from test_e2e_pty import Player, wait_until

from ebbes_tui.bench.pty_session import PtySession
from ebbes_tui.games.ebbes.rules import replay
from ebbes_tui.controller.settings import GameSettings, PlayerChoice, Settings, save

HANG_UPS = 24
EXIT_S = 10
#: Seconds a screen may take to come up before the test calls it a hang.
STALL = 120.0
KEYS = list("1234567890") + ["enter", "left", "right", "p", " "]
#: What --continue says when the saved game had ended (it is in History, not continued).
ENDED = "Your last game had ended"


def one_human(player: Player) -> None:
    settings = Settings(games={"ebbes": GameSettings(players=3, seats=[PlayerChoice("Ann", "human")] + [
        PlayerChoice(f"Bot {i}", "bot", "normal") for i in range(1, 6)])})
    save(player.home / "config" / "ebbes-tui" / "settings.json", settings)


def first_save(player: Player) -> None:
    session = player.start()
    assert session.wait_for("New game", STALL)
    session.mark()
    session.send("n")
    assert session.wait_for("Which game?", STALL)
    session.mark()
    session.send("enter")  # ebbes, highlighted
    assert session.wait_for("Start game", STALL)
    session.send("enter")
    wait_until(session, lambda: player.record() is not None)
    session.kill()


def test_every_hang_up_under_a_stream_of_keys_ends_the_process(tmp_path):
    player = Player(tmp_path)
    one_human(player)
    first_save(player)
    rng = random.Random(909)  # seeded moments: a failure can be replayed
    slow = []
    for run in range(HANG_UPS):
        session = player.start("--continue")
        if run % 2:  # every other run hangs up once the table is up, the rest any time
            assert _table_or_ended(session), \
                f"run {run}: the table never came up: {session.text_since_mark()[-1500:]!r}"
            if ENDED in session.text_since_mark():  # the last run's final decision had landed
                _stop(session)  # as the line dropped, after the save was read: a new game
                first_save(player)
                continue
        deadline = time.monotonic() + rng.uniform(0.0, 1.0)
        while time.monotonic() < deadline:
            session.send(rng.choice(KEYS))
            session.read_available(rng.uniform(0.0, 0.03))
        saved = player.save_path()  # None: the game ended and went to the finished games
        before = saved.read_text() if saved else None
        session.hang_up()
        if session.wait(EXIT_S) is None:
            slow.append(run)
            _stop(session)
            continue
        record = player.record()
        if before is None:  # the game ended: Enter on its final standings may start the next
            assert record is None or len(record["rounds"]) <= 1, \
                "a finished game came back as a save"
            first_save(player)
            continue
        assert record is not None
        # the save is whole and valid; one whose game ended (its last decision landed as the
        # line dropped) is not continued but archived, so the next run needs a new game
        if replay(record).phase.value == "game_over":
            first_save(player)
    assert not slow, f"ebbes outlived its terminal in runs {slow} of {HANG_UPS}"


def _table_or_ended(session: PtySession) -> bool:
    """Whether the table comes up, or --continue says the saved game had ended."""
    deadline = time.monotonic() + STALL
    while not any(text in session.text_since_mark() for text in ("Round", ENDED)):
        if time.monotonic() > deadline:
            return False
        session.read_available(0.2)
    return True


def _stop(session: PtySession) -> None:
    try:
        os.kill(session.pid, 9)
    except ProcessLookupError:
        pass
    session.wait(5)


def test_a_hang_up_signal_that_lands_on_another_thread_still_ends_the_process(tmp_path):
    """The kernel may hand a process-wide SIGHUP to any thread (it prefers another when
    the main one already has a signal pending). Sent to a thread's own id, it lands
    there: before the fix the main thread slept on in epoll_wait and never ran the
    handler, which was the leak."""
    player = Player(tmp_path)
    one_human(player)
    first_save(player)
    for sig in (signal.SIGHUP, signal.SIGTERM):
        session = player.start("--continue")
        assert session.wait_for("Round", STALL)
        _until_quiet(session)  # the main thread now sleeps in epoll_wait
        others = [int(t) for t in os.listdir(f"/proc/{session.pid}/task")
                  if int(t) != session.pid]
        assert others, "ebbes runs more than one thread"
        os.kill(others[-1], sig)  # a thread id: the signal goes to that thread first
        try:
            assert session.wait(EXIT_S) is not None, f"{sig.name} on a thread was never handled"
        finally:
            _stop(session)


def _until_quiet(session: PtySession, quiet: float = 0.5) -> None:
    """Drain output until the program has written nothing for ``quiet`` seconds."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        size = len(session.output)
        session.read_available(quiet)
        if len(session.output) == size:
            return
    raise AssertionError("the game never went quiet")


def test_a_hang_up_saves_what_is_queued_before_the_process_ends(tmp_path):
    """The hang-up guard calls ``save_now`` (the app writes its match's queued record)
    before it ends the process; a save that hangs does not keep the process alive."""
    for hangs, expected in ((False, "saved"), (True, "")):
        marker = tmp_path / f"marker-{hangs}"
        script = (
            "import os, signal, threading, time\n"
            "from ebbes_tui.terminal import exit_on_hangup\n"
            f"def save_now():\n"
            f"    if {hangs}: threading.Event().wait()\n"
            f"    open({str(marker)!r}, 'w').write('saved')\n"
            "exit_on_hangup(lambda: False, save_now=save_now)\n"
            "print('ready', flush=True)\n"
            "threading.Event().wait()\n")
        process = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
        try:
            assert process.stdout.readline().strip() == "ready"
            process.send_signal(signal.SIGHUP)
            assert process.wait(10) == 0
        finally:
            process.kill()
            process.wait()
        assert (marker.read_text() if marker.exists() else "") == expected
