"""``ebbes bench ssh``: many users' games at once on one machine, as on a shared server.

Starts N games, each ``ebbes`` in its own pseudo-terminal with its own data and config
dirs (one user each), playing a bots-only game with paced moves. Meanwhile a probe in
this process measures how late a 50 ms timer fires (is the machine still responsive?).
At the end every terminal is hung up, as when connections drop, and each save must be
whole, replayable, and hold every card seen saved before the hang-up.
"""

from __future__ import annotations

import json
import os
import resource
import tempfile
import time
from pathlib import Path

from ..game.errors import RecordError
from ..game.records import load_record
from ..game.registry import DEFAULT_GAME
from ..table.arguments import ebbes_command
from .pty_session import PtySession

PROCESSES = 20
PROBE_S = 0.05
EXIT_WAIT_S = 5.0


def _user_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LC_ALL")}
    env.update(XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               TERM="xterm-256color", LANG="C.UTF-8", SSH_CONNECTION="10.0.0.1 50000 10.0.0.2 22")
    return env


def _bots_only_settings(home: Path) -> None:
    from ..controller.settings import GameSettings, PlayerChoice, Settings, save  # the menu's own

    seats = [PlayerChoice(f"Bot {i}", "bot", "normal") for i in range(6)]
    save(home / "config" / "ebbes-tui" / "settings.json",
         Settings(games={DEFAULT_GAME: GameSettings(players=4, seats=seats)}))


def _saved_plays(home: Path) -> int | None:
    """Cards in the user's save, or None when there is no readable, valid save."""
    saves = sorted((home / "data" / "ebbes-tui" / DEFAULT_GAME / "saves").glob("*.json"))
    if not saves:
        return None
    try:
        _, record, _ = load_record(saves[-1])
    except RecordError:
        return None
    return sum(len(r["plays"]) for r in record["rounds"])


class _Game:
    def __init__(self, home: Path, pace: float) -> None:
        self.home = home
        _bots_only_settings(home)
        self.session = PtySession(ebbes_command("--pace", str(pace)), _user_env(home))
        self.stage = "menu"
        self.peak_mb = 0.0
        self.cpu_s = 0.0

    def step(self) -> None:
        """Drain output; press the keys a watching player would press."""
        s = self.session
        s.read_available(0)
        text = s.text_since_mark()
        if self.stage == "menu" and "New game" in text:
            s.mark()
            s.send("n")
            self.stage = "game"
        elif self.stage == "game" and "Which game?" in text:
            s.mark()
            s.send("enter")  # the game the menu is about (several games have screens)
            self.stage = "setup"
        elif self.stage == "setup" and "Start game" in text:
            s.mark()
            s.send("enter")
            self.stage = "playing"
        elif self.stage == "playing" and "Continue" in text:
            s.mark()
            s.send("enter")  # a round summary: on to the next round
        if s.alive():
            self.peak_mb = max(self.peak_mb, s.peak_rss_mb())
            self.cpu_s = s.cpu_seconds()


def measure(processes: int = PROCESSES, seconds: float = 30.0, pace: float = 0.5) -> dict:
    with tempfile.TemporaryDirectory(prefix="ebbes-bench-ssh-") as tmp:
        games = [_Game(Path(tmp) / f"user{i}", pace) for i in range(processes)]
        lags: list[float] = []
        end = time.monotonic() + seconds
        next_tick = time.monotonic() + PROBE_S
        while time.monotonic() < end:
            for game in games:
                game.step()
            now = time.monotonic()
            if now >= next_tick:
                lags.append((now - next_tick) * 1000)
                next_tick = now + PROBE_S
            time.sleep(max(0.0, min(PROBE_S / 5, next_tick - time.monotonic())))
        seen = [_saved_plays(g.home) for g in games]
        hung_up = []
        for game in games:
            game.step()
            game.session.hang_up()
            hung_up.append(time.monotonic())
        exit_s, killed = _exits(games, hung_up, EXIT_WAIT_S)
        # Lost: a game that had a valid save before the hang-up and has no valid save
        # afterwards, or one with fewer cards. Games still starting up had nothing to lose.
        after = [_saved_plays(g.home) for g in games]
        lost = sum(1 for n, m in zip(seen, after) if n is not None and (m is None or m < n))
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        lags.sort()
        return {
            "processes": processes,
            "seconds": seconds,
            "peak_rss_mb_per_process": round(max(g.peak_mb for g in games), 1),
            "mean_peak_rss_mb": round(sum(g.peak_mb for g in games) / processes, 1),
            "cpu_s": round(children.ru_utime + children.ru_stime, 2),
            "games_started": sum(1 for n in seen if n is not None),
            "cards_played": sum(n or 0 for n in seen),
            "probe_lag_ms_p99": round(lags[int(len(lags) * 0.99) - 1], 1) if lags else 0.0,
            "slowest_exit_s": round(max(exit_s, default=0.0), 2),
            "killed_after_hang_up": killed,
            "lost_games": lost,
        }


def _exits(games: list[_Game], hung_up: list[float], wait_s: float) -> tuple[list[float], int]:
    """Seconds from each terminal's hang-up until its process was gone, all watched at
    once (one waited for in turn would hide the others' time), and how many were still
    running ``wait_s`` after their hang-up (killed then; their time is left out)."""
    waiting = dict(zip(games, hung_up))
    exit_s: list[float] = []
    killed = 0
    while waiting:
        for game, hung in list(waiting.items()):
            now = time.monotonic()
            if game.session.wait(0) is not None:
                exit_s.append(now - hung)
            elif now - hung >= wait_s:
                game.session.kill()
                killed += 1
            else:
                continue
            del waiting[game]
        time.sleep(0.005)
    return exit_s, killed


def main(as_json: bool, seconds: float) -> int:
    figures = measure(seconds=max(seconds, 5.0))
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"{figures['processes']} games at once for {figures['seconds']:.0f} s: "
          f"{figures['games_started']} under way, {figures['cards_played']} cards played")
    print(f"peak memory per process: {figures['peak_rss_mb_per_process']} MB "
          f"(mean {figures['mean_peak_rss_mb']} MB)")
    print(f"total CPU: {figures['cpu_s']} s")
    print(f"responsiveness: a 50 ms timer was late by {figures['probe_lag_ms_p99']} ms (p99)")
    print(f"after hanging up every terminal: slowest exit {figures['slowest_exit_s']} s, "
          f"still running after {EXIT_WAIT_S:.0f} s {figures['killed_after_hang_up']}, "
          f"lost games {figures['lost_games']}")
    return 0
