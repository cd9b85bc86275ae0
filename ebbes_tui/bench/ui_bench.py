"""``ebbes bench ui``: how the Textual table feels, in three figures.

- ``start_s``: from spawning the app in a pseudo-terminal (80x24) to the menu's text
  on that terminal (median of a few starts).
- ``key_ms``: from the key that makes a move at the table to the redrawn table (in
  process, headless, against random bots; median): ebbes at 3 players, Blindes Huhn
  at 5, Hund at 6 (``--game``).
- ``peak_rss_mb``: the peak resident memory of a process that plays a whole game of
  the game's most players through the UI (headless, bots at the default level).

Private data and config dirs are used, so a bench run leaves no saves behind.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from ..game.registry import DEFAULT_GAME, load_game

#: The app as the lead will start it; spawned in a pty for the start-up figure.
APP_COMMAND = "from ebbes_tui.ui.app import EbbesApp; EbbesApp().run()"
MENU_TEXT = "New game"
_ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|[PX^_].*?\x1b\\|\][^\x07]*\x07|.)", re.S)
MIN_STARTS, MAX_STARTS = 2, 7
KEY_PRESSES = 9
#: The players at the table whose key figure is taken, per game.
KEY_PLAYERS = {"ebbes": 3, "huhn": 5, "hund": 6}
#: Keys tried in turn until one makes the move (Enter plays the chosen card or ends
#: arranging; "1" answers where Enter does not, as Hund's first choice).
MOVE_KEYS = ("enter", "1")


def _private_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(XDG_DATA_HOME=str(root / "data"), XDG_CONFIG_HOME=str(root / "config"),
               TERM="xterm-256color", COLUMNS="80", LINES="24")
    return env


def time_start(root: Path, timeout: float = 20.0) -> float:
    """Seconds from spawning the app in an 80x24 pty to the menu text on screen."""
    import fcntl
    import pty
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", APP_COMMAND], stdin=slave, stdout=slave,
                            stderr=slave, env=_private_env(root), close_fds=True,
                            start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while True:
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise RuntimeError("the menu did not appear")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            seen += os.read(master, 65536)
            if MENU_TEXT.encode() in _ANSI.sub(b"", seen):
                elapsed = time.perf_counter() - start
                break
        os.write(master, b"\x11")  # ctrl+q: quit
        _drain(master, proc)
        return elapsed
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def _drain(master: int, proc: subprocess.Popen[bytes], timeout: float = 5.0) -> None:
    """Read the terminal until the app has gone (a full pty would block its exit)."""
    end = time.perf_counter() + timeout
    while proc.poll() is None and time.perf_counter() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break


async def time_keys(root: Path, presses: int = KEY_PRESSES,
                    game_id: str = DEFAULT_GAME) -> list[float]:
    """Milliseconds from the key that makes a move to the table drawn after it."""
    from ..controller import Library, SaveStore
    from ..ui.app import EbbesApp
    from ..ui.table import TableScreen

    players = KEY_PLAYERS.get(game_id, 3)
    _settings(root, game_id, [("You", "human", "random")] +
              [(f"Bot {i}", "bot", "random") for i in range(1, players)])
    app = EbbesApp(library=Library(load_game(game_id), SaveStore(root / "saves")),
                   settings_path=root / "settings.json")
    times: list[float] = []
    drawn: list[float] = []
    original = TableScreen.redraw

    def timed_redraw(screen: TableScreen, *args: Any, **kw: Any) -> None:
        original(screen, *args, **kw)
        drawn.append(time.perf_counter())

    with mock.patch.object(TableScreen, "redraw", timed_redraw):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n", "enter")
            while len(times) < presses:
                screen = app.screen
                if not isinstance(screen, TableScreen):
                    await pilot.press("enter")  # the form, a summary or a dialog
                    continue
                if not screen.feed.asks(screen.update):
                    await pilot.pause()
                    continue
                decision = screen.update.decision
                for key in MOVE_KEYS:
                    drawn.clear()
                    start = time.perf_counter()
                    await pilot.press(key)
                    if drawn and (not screen.feed.asks(screen.update)
                                  or screen.update.decision != decision):
                        times.append((drawn[0] - start) * 1000.0)
                        break
    return times


def _settings(root: Path, game_id: str, seats: list[tuple[str, str, str]]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "settings.json").write_text(json.dumps({"game": game_id, "games": {game_id: {
        "players": len(seats),
        "seats": [{"name": n, "kind": k, "level": lv} for n, k, lv in seats],
    }}}))


async def play_whole_game(root: Path, game_id: str = DEFAULT_GAME) -> None:
    """A whole game of bots at the game's most players through the UI; summaries
    closed with Enter."""
    from ..controller import Library, SaveStore
    from ..ui.app import EbbesApp
    from ..ui.table import TableScreen

    game = load_game(game_id)
    _settings(root, game_id, [(f"Bot {i}", "bot", "normal")
                              for i in range(1, max(game.player_counts) + 1)])
    app = EbbesApp(library=Library(game, SaveStore(root / "saves")),
                   settings_path=root / "settings.json", pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        while app.game is None or not app.game.match.finished.is_set():
            if not isinstance(app.screen, TableScreen):  # the form, a summary: Enter
                await pilot.press("enter")
            else:
                await pilot.pause()


def peak_rss_mb(root: Path, game_id: str = DEFAULT_GAME) -> float:
    """Peak RSS of a fresh process playing a whole game through the UI."""
    code = ("import asyncio, resource, sys; from pathlib import Path; "
            "from ebbes_tui.bench.ui_bench import play_whole_game as play; "
            "asyncio.run(play(Path(sys.argv[1]), sys.argv[2])); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, str(root), game_id], capture_output=True,
                         text=True, check=True, env=_private_env(root))
    return int(out.stdout.split()[-1]) / 1024.0


def measure(seconds: float, game_id: str = DEFAULT_GAME) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="ebbes-bench-ui-") as tmp:
        root = Path(tmp)
        starts: list[float] = []
        end = time.perf_counter() + seconds
        while len(starts) < MIN_STARTS or (time.perf_counter() < end
                                           and len(starts) < MAX_STARTS):
            starts.append(time_start(root / "start"))
        keys = asyncio.run(time_keys(root / "keys", game_id=game_id))
        rss = peak_rss_mb(root / "rss", game_id)
    return {"game": game_id, "key_players": KEY_PLAYERS.get(game_id, 3),
            "start_s": round(statistics.median(starts), 3),
            "key_ms": round(statistics.median(keys), 2),
            "peak_rss_mb": round(rss, 1)}


def main(as_json: bool, seconds: float, game_id: str = DEFAULT_GAME) -> int:
    """Print the three figures (JSON or lines with their targets)."""
    figures = measure(seconds, game_id)
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"start to menu      {figures['start_s']:8.3f} s   (target <= 0.8 s)")
    print(f"key to table, {figures['key_players']}p {figures['key_ms']:8.2f} ms  "
          "(target <= 50 ms)")
    print(f"peak memory        {figures['peak_rss_mb']:8.1f} MB  (target <= 80 MB)")
    return 0
