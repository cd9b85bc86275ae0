"""A shared table played by two people in their own terminals (issue 10): real `ebbes`
processes in real pseudo-terminals pressing keys, one hung up mid-trick and re-joined;
the game finishes and nothing is lost. Also the Tables menu, the lobby, chat and the
presence line through the screens (Pilot)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ebbes_tui.bench.pty_session import PtySession, plain_text
from ebbes_tui.table.arguments import ebbes_command
from ebbes_tui.check import check_file
from ebbes_tui.games.ebbes.rules import Phase, replay
from ebbes_tui.ui.unhurried import STREAM_GAP

WAIT = 60.0


class Host:
    """One user's private home and the shared rendezvous dir of these tests."""

    def __init__(self, tmp_path: Path) -> None:
        self.home = tmp_path
        self.tables = tmp_path / "tables"
        self.env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.env.update(XDG_DATA_HOME=str(tmp_path / "data"),
                        XDG_CONFIG_HOME=str(tmp_path / "config"), TERM="xterm-256color",
                        LANG="C.UTF-8", EBBES_TABLES_DIR=str(self.tables))

    def serve(self, *args: str, seed: int | None = None) -> None:
        env = self.env if seed is None else {**self.env, "EBBES_TABLE_SEED": str(seed)}
        done = subprocess.run(ebbes_command("table", "serve", *args), env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr

    def join(self, name: str, seat: int) -> PtySession:
        return PtySession(ebbes_command("--pace", "0", "--no-animation", "table", "join", name,
                                        "--seat", str(seat)), self.env)

    def record(self) -> dict | None:
        """The table's game: archived once over, else the save."""
        root = self.home / "data" / "ebbes-tui" / "tables"
        paths = sorted((root / "finished").glob("*.json")) or sorted(root.glob("*.json"))
        try:
            return json.loads(paths[-1].read_text()) if paths else None
        except (OSError, ValueError):
            return None  # caught between a write and its rename: ask again


def plays(record: dict | None) -> list[str]:
    return [c for r in (record or {}).get("rounds", []) for c in r["plays"]]


def phase(record: dict | None) -> Phase | None:
    return replay(record).phase if record else None


def press_until(sessions: list[PtySession], done, timeout: float = WAIT) -> None:
    """Every player presses Enter (the marked card is always one they may play; Enter
    also closes a summary and takes a dialog's first choice) until ``done()``. A player
    told to let go (Enters still coming when a cover went: Ann's "Welcome back" when the
    others had played on) lets go, as a person does, for as long as the table asks: CI
    pressed on every 0.1 s, and Ann's keys were refused for ten minutes."""
    deadline = time.monotonic() + timeout
    resting = [0.0] * len(sessions)  # until when each player has let go
    while not done():
        if time.monotonic() > deadline:
            screens = [plain_text(bytes(s.output[-2500:]))[-1200:] for s in sessions]
            raise AssertionError("the table never got there:\n" + "\n=====\n".join(screens))
        for i, session in enumerate(sessions):
            if time.monotonic() >= resting[i]:
                session.mark()
                session.send("enter")
            session.read_available(0.05)
            if "let go" in session.text_since_mark():
                resting[i] = time.monotonic() + STREAM_GAP
                session.mark()  # told once: what comes after is looked at


def test_two_players_in_their_own_terminals_one_hangs_up_and_comes_back(tmp_path):
    host = Host(tmp_path)
    host.serve("duo", "--seats", "player,player,bot:normal,bot:normal", "--away-after", "never",
               seed=7)
    ann, bob = host.join("duo", 1), host.join("duo", 2)
    try:
        assert ann.wait_for("Round 1 of 5", 30) and bob.wait_for("Round 1 of 5", 30)
        # Play until a trick is half done with Ann's cards in this round, then Ann's
        # connection drops.
        press_until([ann, bob], lambda: len(plays(host.record())) >= 14
                    and len(plays(host.record())) % 4 in (1, 2, 3))
        before = plays(host.record())
        ann.hang_up()
        assert ann.wait(WAIT) is not None, "ann's ebbes outlived its terminal"
        assert bob.wait_for("away", WAIT)  # the presence line says Ann is away
        settled = plays(host.record())
        assert settled[:len(before)] == before  # nothing played before the drop is lost
        ann = host.join("duo", 1)  # Ann comes back to her seat: the table, or first the
        deadline = time.monotonic() + 30  # recap's cover, when the others played on
        while not (ann.wait_for("Round", 0.5) or "Welcome back" in ann.text_since_mark()):
            assert time.monotonic() < deadline, "Ann's table never came back"
        press_until([ann, bob], lambda: phase(host.record()) is Phase.GAME_OVER, timeout=600)
    finally:
        for session in (ann, bob):
            session.kill()
    record = host.record()
    assert plays(record)[:len(settled)] == settled
    root = host.home / "data" / "ebbes-tui" / "tables" / "finished"
    finished = sorted(root.glob("*.json"))
    assert finished and check_file(str(finished[-1]))[0]["valid"]


def test_the_tables_command_lists_an_open_table_for_the_menu(tmp_path):
    host = Host(tmp_path)
    host.serve("menu", "--seats", "player,player,bot:random", "--spectators")
    done = subprocess.run([sys.executable, "-m", "ebbes_tui", "table", "list", "--json"],
                          env=host.env, capture_output=True, text=True, timeout=600)
    table = json.loads(done.stdout.splitlines()[0])
    try:
        assert table["name"] == "menu" and table["free_seats"] == 2 and table["spectators"]
    finally:
        os.kill(table["pid"], signal.SIGTERM)
