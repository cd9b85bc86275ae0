"""``ebbes bench tables``: many shared tables on this machine at once.

Ten table servers (``ebbes table serve --foreground``, one process each) and four
headless ``normal`` bot clients at each (one process each, forked from this one), every
client pausing 0.1 s before each decision like a brisk human. The latency of a decision
runs from the moment its client sends it to the moment the last client of that table
has received the state after it (all processes read the same monotonic clock). The
servers' memory is their peak resident size, from the kernel when each exits.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import tempfile
import time
from bisect import bisect_right
from pathlib import Path
from typing import Any

from ..game.records import load_record
from ..table.client import TableClient, connect_table
from ..table.arguments import ebbes_command
from ..table.commands import SEED_VARIABLE
from ..table.headless import play_bot
from .bots_bench import percentile

TABLES, SEATS, THINK, LEVEL = 10, 4, 0.1, "normal"
#: Seconds the whole benchmark may take before its stragglers count as lost.
DEADLINE = 600.0


def measure(tables: int = TABLES, seats: int = SEATS, think: float = THINK,
            level: str = LEVEL) -> dict[str, Any]:
    """Play ``tables`` games of ``seats`` bot clients each and return the figures."""
    with tempfile.TemporaryDirectory(prefix="ebbes-bench-tables-") as tmp:
        root = Path(tmp)
        env = dict(os.environ, XDG_DATA_HOME=str(root / "data"),
                   XDG_CONFIG_HOME=str(root / "config"))
        directory = root / "tables"
        deadline = time.monotonic() + DEADLINE
        servers = [_serve(f"bench{k}", seats, k, directory, env) for k in range(tables)]
        clients = {(k, i): _client(f"bench{k}", i, directory, root, level, think)
                   for k in range(tables) for i in range(seats)}
        lost = {k for (k, _), pid in clients.items() if _wait(pid, deadline)[0] != 0}
        why = {text for k in lost for i in range(seats)
               for text in _said(root / f"bench{k}-{i}.json")}
        rss = []
        for k, server in enumerate(servers):
            code, peak_kb = _wait(server.pid, deadline)
            server.returncode = code  # reaped here, with its rusage
            rss.append(peak_kb / 1024)
            if code != 0:
                why.add(f"a table's server ended with {code}")
            elif not _finished(root, f"bench{k}"):
                why.add("a table's game was not archived, finished")
            else:
                continue
            lost.add(k)
        latencies = _latencies(root, tables, seats)
    return {"tables": tables, "clients": tables * seats,
            "p50_ms": round(percentile(latencies, 50), 2) if latencies else -1.0,
            "p99_ms": round(percentile(latencies, 99), 2) if latencies else -1.0,
            "server_rss_mb": round(max(rss), 1), "lost_games": len(lost),
            "lost_why": sorted(why)}


def _said(path: Path) -> list[str]:
    """What a client of a lost game was told (or failed with)."""
    try:
        return list(json.loads(path.read_text())["said"])
    except (OSError, ValueError, KeyError):
        return ["(the client left no notes)"]


def _serve(name: str, seats: int, seed: int, directory: Path,
           env: dict[str, str]) -> subprocess.Popen[str]:
    """A table server in the foreground of its own process, once it listens (its seed
    where only its owner reads it: a table for several players takes no ``--seed``)."""
    server = subprocess.Popen(
        ebbes_command("table", "serve", name, "--seats", ",".join(["player"] * seats),
                      "--dir", str(directory), "--foreground"),
        env={**env, SEED_VARIABLE: str(seed)}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    server.stdout.readline()  # the socket path, printed once it accepts
    return server


def _client(name: str, seat: int, directory: Path, root: Path, level: str, think: float) -> int:
    """A forked bot client at ``name``'s seat ``seat`` that notes when it sent each
    decision and when each state arrived; its times go to a file."""
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        sent: list[tuple[int, float]] = []
        received: list[tuple[int, float]] = []

        def tap(way: str, message: dict[str, object]) -> None:
            decision = message.get("decision")
            if not isinstance(decision, int):
                return
            if message.get("type") == "decide":
                sent.append((decision, time.monotonic()))
            elif message.get("type") == "state":
                received.append((decision, time.monotonic()))

        said: list[str] = []

        async def play() -> int:
            connection = await connect_table(name, directory=directory, player=seat + 1)
            client = await TableClient.start(connection, tap=tap)
            try:
                return await play_bot(client, level, think=think, say=said.append)
            finally:
                client.close()

        try:
            code = asyncio.run(play())
        except Exception as e:  # noted for the figures: why a game was lost
            said.append(f"{type(e).__name__}: {e}")
        (root / f"{name}-{seat}.json").write_text(json.dumps({"sent": sent, "received": received,
                                                              "said": said}))
    finally:
        os._exit(code)


def _wait(pid: int, deadline: float) -> tuple[int, int]:
    """Exit status and peak RSS (KiB) of a child; killed if it outlives ``deadline``."""
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), usage.ru_maxrss
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.05)


def _finished(root: Path, name: str) -> bool:
    """Whether the table's game was archived, finished and valid."""
    for path in (root / "data" / "ebbes-tui" / "tables" / "finished").glob(f"{name}.*.json"):
        return load_record(path)[2].outcome() is not None
    return False


def _latencies(root: Path, tables: int, seats: int) -> list[float]:
    """Milliseconds from each decision sent to the last client of its table holding
    the state after it."""
    latencies = []
    for k in range(tables):
        logs = []
        for i in range(seats):
            path = root / f"bench{k}-{i}.json"
            if path.exists():
                logs.append(json.loads(path.read_text()))
        if len(logs) < seats:
            continue
        arrivals = [sorted((t, d) for d, t in log["received"]) for log in logs]
        times = [[t for t, _ in arrival] for arrival in arrivals]
        for log in logs:
            for decision, sent in log["sent"]:
                last = 0.0
                for arrival, stamps in zip(arrivals, times):
                    start = bisect_right(stamps, sent)
                    after = next((t for t, d in arrival[start:] if d > decision), None)
                    if after is None:
                        break
                    last = max(last, after)
                else:
                    latencies.append((last - sent) * 1000.0)
    return latencies


def main(as_json: bool, seconds: float) -> int:
    """Print the figures (a whole game per table: ``seconds`` is not used)."""
    figures = measure()
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"{figures['tables']} tables, {figures['clients']} bot clients ({LEVEL}, "
          f"{THINK} s before each decision)")
    print(f"decision to last client: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms")
    print(f"peak server memory: {figures['server_rss_mb']} MB; lost games: "
          f"{figures['lost_games']}")
    for why in figures["lost_why"]:
        print(f"  a lost game's client: {why}")
    return 0
