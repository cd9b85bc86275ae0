"""``ebbes bench ui``: how the Textual screens feel, in figures with their units.

- ``start_s``: from spawning the app in a pseudo-terminal (80x24) to the menu's text
  on that terminal (median of a few starts).
- ``key_ms``, ``client_key_ms``, ``spectator_ms``: from a move to the redrawn screen
  painted (median of several moves; :mod:`.ui_keys` says exactly what each times): the
  local table, a shared table's client, a shared table's spectator. Taken at the
  game's own table (:mod:`.ui_position`): ebbes at 3 players and Blindes Huhn at 5 on
  a fresh deal, Hund at 6 with at least 30 cards in the hand at every timed key.
- ``peak_rss_mb``: the peak resident memory (Linux's VmHWM) of a fresh process that
  plays a whole game of the game's most players through the UI (headless, bots at the
  default level).

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
import tempfile
import time
from pathlib import Path
from typing import Any

from ..game.registry import DEFAULT_GAME, load_game
from ..table.arguments import python_command

#: The app as the lead will start it; spawned in a pty for the start-up figure.
APP_COMMAND = "from ebbes_tui.ui.app import EbbesApp; EbbesApp().run()"
MENU_TEXT = "New game"
_ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|[PX^_].*?\x1b\\|\][^\x07]*\x07|.)", re.S)
MIN_STARTS, MAX_STARTS = 2, 7
#: Moves timed for each key figure (the figure is their median).
KEY_PRESSES = 9
#: Seconds the whole game of the memory figure may take before it counts as hung.
GAME_TIMEOUT = 300
#: The goals (issue 26), by figure.
GOALS = {"start_s": 0.8, "key_ms": 50.0, "client_key_ms": 50.0, "spectator_ms": 50.0,
         "peak_rss_mb": 80.0}


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
    proc = subprocess.Popen(python_command(APP_COMMAND), stdin=slave, stdout=slave,
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


def own_peak_kb() -> int:
    """This program's peak resident memory in KiB: Linux's VmHWM, which starts afresh
    at exec (``ru_maxrss`` keeps the peak of the process before the exec, here the
    bench's own, grown by its screens); ``ru_maxrss`` elsewhere."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_rss_mb(root: Path, game_id: str = DEFAULT_GAME) -> float:
    """Peak RSS of a fresh process playing a whole game through the UI."""
    code = ("import asyncio, sys; from pathlib import Path; "
            "from ebbes_tui.bench.ui_bench import own_peak_kb, play_whole_game as play; "
            "asyncio.run(play(Path(sys.argv[1]), sys.argv[2])); print(own_peak_kb())")
    out = subprocess.run(python_command(code, str(root), game_id), capture_output=True,
                         text=True, check=True, env=_private_env(root), timeout=GAME_TIMEOUT)
    return int(out.stdout.split()[-1]) / 1024.0


def measure(seconds: float, game_id: str = DEFAULT_GAME,
            presses: int | None = None) -> dict[str, Any]:
    """Every figure of ``game_id`` (``presses`` moves to a key figure, else
    :data:`KEY_PRESSES`), named with its unit, with the goals beside them."""
    with tempfile.TemporaryDirectory(prefix="ebbes-bench-ui-") as tmp:
        root = Path(tmp)
        starts: list[float] = []
        end = time.perf_counter() + seconds
        while len(starts) < MIN_STARTS or (time.perf_counter() < end
                                           and len(starts) < MAX_STARTS):
            starts.append(time_start(root / "start"))
        keys = key_figures(root / "keys", game_id, presses or KEY_PRESSES)
        rss = peak_rss_mb(root / "rss", game_id)
    return {"game": game_id, **keys, "start_s": round(statistics.median(starts), 3),
            "peak_rss_mb": round(rss, 1), "goals": GOALS,
            "units": {name: unit for name, _, unit in FIGURES}}


def key_figures(root: Path, game_id: str, presses: int) -> dict[str, Any]:
    """The key figures of ``game_id`` (medians of ``presses`` moves) and where they
    were taken."""
    from .ui_keys import time_client_keys, time_keys, time_spectator
    from .ui_position import find_position

    position = find_position(load_game(game_id), presses)
    keys, cards = asyncio.run(time_keys(root / "local", position, presses))
    client, client_cards = asyncio.run(time_client_keys(root / "client", position, presses))
    watched = asyncio.run(time_spectator(root / "watch", position, presses))
    return {"players": position.players,
            "position": {"seed": position.seed, "decisions": position.decisions},
            "moves": presses, "hand_cards": min(cards, client_cards),
            "key_ms": round(statistics.median(keys), 2),
            "client_key_ms": round(statistics.median(client), 2),
            "spectator_ms": round(statistics.median(watched), 2)}


#: Each figure: its name, what it times or weighs, its unit.
FIGURES = (
    ("start_s", "start: spawned in a pty to the menu's text", "s"),
    ("key_ms", "local table: key to the move's frame painted", "ms"),
    ("client_key_ms", "shared-table client: key to that frame painted", "ms"),
    ("spectator_ms", "spectator: server's move out to its frame painted", "ms"),
    ("peak_rss_mb", "peak memory of a whole game through the UI", "MB"),
)


def report(figures: dict[str, Any], as_json: bool) -> str:
    """The figures as JSON (each name ends in its unit), or a line each with its goal."""
    if as_json:
        return json.dumps(figures)
    where = figures["position"]
    lines = [f"{figures['game']} at {figures['players']} players, from seed {where['seed']} "
             f"after {where['decisions']} decisions; medians of {figures['moves']} moves; "
             f"the fewest cards in the hand at a timed key: {figures['hand_cards']}",
             "frames painted headless in this process and built into a terminal's bytes; "
             "the shared table's server runs in it too (ebbes_tui/bench/ui_keys.py)"]
    for name, text, unit in FIGURES:
        lines.append(f"{text:50} {figures[name]:8.2f} {unit:2}  "
                     f"(goal <= {figures['goals'][name]:g} {unit})")
    return "\n".join(lines)


def main(as_json: bool, seconds: float, game_id: str = DEFAULT_GAME) -> int:
    """Print every figure (JSON, or a line each with its goal)."""
    print(report(measure(seconds, game_id), as_json))
    return 0
