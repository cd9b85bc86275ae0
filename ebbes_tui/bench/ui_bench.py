"""``ebbes bench ui``: how the Textual table feels, in three figures.

- ``start_s``: from spawning the app in a pseudo-terminal (80x24) to the menu's text
  on that terminal (median of a few starts).
- ``key_ms``: from a card key at the table to the redrawn hand (in process, headless,
  a 3-player game against random bots; median).
- ``peak_rss_mb``: the peak resident memory of a process that plays a whole 5-player
  game through the UI (headless, bots at the default level).

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


async def time_keys(root: Path, presses: int = KEY_PRESSES) -> list[float]:
    """Milliseconds from the key that plays a card to the table drawn after it."""
    from ..controller import Library, SaveStore
    from ..ui.app import EbbesApp
    from ..ui.table import TableScreen

    _settings(root, 3, [("You", "human", "random"), ("B", "bot", "random"),
                        ("C", "bot", "random")])
    app = EbbesApp(library=Library(load_game(DEFAULT_GAME), SaveStore(root / "saves")),
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
                    await pilot.press("enter")  # a summary or the starter dialog
                    continue
                if not screen.feed.asks(screen.update):
                    await pilot.pause()
                    continue
                decision = screen.update.decision
                drawn.clear()
                start = time.perf_counter()
                await pilot.press("enter")
                if drawn and not screen.feed.asks(screen.update) or \
                        screen.update.decision != decision:
                    times.append((drawn[0] - start) * 1000.0)
    return times


def _settings(root: Path, players: int, seats: list[tuple[str, str, str]]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "settings.json").write_text(json.dumps({"game": DEFAULT_GAME, "games": {DEFAULT_GAME: {
        "players": players,
        "seats": [{"name": n, "kind": k, "level": lv} for n, k, lv in seats],
    }}}))


async def play_five_player_game(root: Path) -> None:
    """A whole 5-player game of bots through the UI; summaries closed with Enter."""
    from ..controller import Library, SaveStore
    from ..ui.app import EbbesApp
    from ..ui.table import TableScreen

    _settings(root, 5, [(f"Bot {i}", "bot", "normal") for i in range(1, 6)])
    app = EbbesApp(library=Library(load_game(DEFAULT_GAME), SaveStore(root / "saves")),
                   settings_path=root / "settings.json", pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        while app.game is None or not app.game.match.finished.is_set():
            if not isinstance(app.screen, TableScreen):  # the form, a summary: Enter
                await pilot.press("enter")
            else:
                await pilot.pause()


def peak_rss_mb(root: Path) -> float:
    """Peak RSS of a fresh process playing a 5-player game through the UI."""
    code = ("import asyncio, resource, sys; from pathlib import Path; "
            "from ebbes_tui.bench.ui_bench import play_five_player_game as play; "
            "asyncio.run(play(Path(sys.argv[1]))); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True,
                         text=True, check=True, env=_private_env(root))
    return int(out.stdout.split()[-1]) / 1024.0


def measure(seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="ebbes-bench-ui-") as tmp:
        root = Path(tmp)
        starts: list[float] = []
        end = time.perf_counter() + seconds
        while len(starts) < MIN_STARTS or (time.perf_counter() < end
                                           and len(starts) < MAX_STARTS):
            starts.append(time_start(root / "start"))
        keys = asyncio.run(time_keys(root / "keys"))
        rss = peak_rss_mb(root / "rss")
    return {"start_s": round(statistics.median(starts), 3),
            "key_ms": round(statistics.median(keys), 2),
            "peak_rss_mb": round(rss, 1)}


def main(as_json: bool, seconds: float) -> int:
    """Print the three figures (JSON or lines with their targets)."""
    figures = measure(seconds)
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"start to menu      {figures['start_s']:8.3f} s   (target <= 0.8 s)")
    print(f"key to table       {figures['key_ms']:8.2f} ms  (target <= 50 ms)")
    print(f"peak memory, 5p    {figures['peak_rss_mb']:8.1f} MB  (target <= 80 MB)")
    return 0
