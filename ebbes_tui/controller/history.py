"""The History: this user's finished games, newest first, each summed up for the list
(when, who, which variants, the result) with its record to watch it again.

A finished game is its record in ``finished/`` of the saves dir (``SaveSlot.archive``);
records carry no time of their own, so the file's time is when the game ended. A file
there that cannot be replayed is listed too, with why, and is never opened. A game
kept twice (the same :func:`~ebbes_tui.game.records.record_key`) is listed once, as it
was first kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..game.errors import RecordError
from ..game.protocols import Record
from ..game.records import load_record, record_key
from .saves import FINISHED_DIR, SAVE_SUFFIX, SaveStore


@dataclass(frozen=True)
class FinishedGame:
    """One game of the History. ``record`` is None when the file cannot be replayed,
    and ``problem`` says why in one line."""

    path: Path
    finished: float  # the file's modification time
    record: Record | None
    players: str = ""
    variants: str = ""
    result: str = ""
    problem: str = ""
    table: str = ""  # "alice/friday" for a game played at a shared table


def finished_games(store: SaveStore) -> list[FinishedGame]:
    """The finished games in ``store``, newest first."""
    games = []
    listed: set[str] = set()  # the games' keys
    files = []
    for path in (store.root / FINISHED_DIR).glob(f"*{SAVE_SUFFIX}"):
        try:
            files.append((path.stat().st_mtime, path))
        except FileNotFoundError:
            continue
    for finished, path in sorted(files, key=lambda f: (f[0], f[1].name)):
        try:
            game, record, state = load_record(path)
        except RecordError as e:
            games.append(FinishedGame(path, finished, None, problem=str(e)))
            continue
        key = record_key(game, state)
        if key in listed:
            continue
        listed.add(key)
        lines = game.presentation.describe(state)
        games.append(FinishedGame(path, finished, record, lines["players"], lines["variants"],
                                  lines["result"], table=table_of(record)))
    return sorted(games, key=lambda g: (g.finished, g.path.name), reverse=True)


def table_of(record: Record) -> str:
    """``alice/friday``: the shared table a game was played at (its host and name, as
    the player's own client noted them), or "" for a game played here."""
    table = record.get("table")
    if not isinstance(table, dict):
        return ""
    host, name = table.get("host"), table.get("name")
    return f"{host}/{name}" if isinstance(host, str) and isinstance(name, str) else ""
