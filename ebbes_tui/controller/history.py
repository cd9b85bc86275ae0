"""The History: this user's finished games, newest first, each summed up for the list
(when, who, which variants, the result) with its record to watch it again.

A finished game is its record in ``finished/`` of the saves dir (``SaveSlot.archive``);
records carry no time of their own, so the file's time is when the game ended. A file
there that cannot be replayed is listed too, with why, and is never opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..rules.record import Record, RecordError, parse_record, replay
from ..rules.state import GameState, Phase
from ..rules.variants import GameConfig
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
    for path in (store.root / FINISHED_DIR).glob(f"*{SAVE_SUFFIX}"):
        try:
            finished = path.stat().st_mtime
        except FileNotFoundError:
            continue
        try:
            record, state = load_record(path)
        except RecordError as e:
            games.append(FinishedGame(path, finished, None, problem=str(e)))
            continue
        config = state.config
        games.append(FinishedGame(path, finished, record, players_of(config),
                                  variants_of(config, len(state.results)), result_of(state),
                                  table=table_of(record)))
    return sorted(games, key=lambda g: (g.finished, g.path.name), reverse=True)


def load_record(path: Path) -> tuple[Record, GameState]:
    """Read a record file and replay it with every rule checked; RecordError says in
    one line why it cannot be."""
    try:
        record = parse_record(path.read_bytes().decode("utf-8"))
        return record, replay(record)
    except OSError as e:
        raise RecordError(f"cannot be read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError("not a game record: not UTF-8 text") from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None


def table_of(record: Record) -> str:
    """``alice/friday``: the shared table a game was played at (its host and name, as
    the player's own client noted them), or "" for a game played here."""
    table = record.get("table")
    if not isinstance(table, dict):
        return ""
    host, name = table.get("host"), table.get("name")
    return f"{host}/{name}" if isinstance(host, str) and isinstance(name, str) else ""


def players_of(config: GameConfig) -> str:
    """``Ann, Bea (hard bot), Cyd``; the dummy last (R15)."""
    names = []
    for seat in config.seats:
        if seat.kind == "bot":
            names.append(f"{seat.name} ({seat.level} bot)" if seat.level else f"{seat.name} (bot)")
        elif seat.kind != "dummy":
            names.append(seat.name)
    return ", ".join(names) + (" and the dummy" if config.dummy is not None else "")


def variants_of(config: GameConfig, played: int) -> str:
    """``basic, 5 rounds``; ``choose determiners, 3 of 7 rounds`` when a disc reached an
    end of the track first (R13) or the game is unfinished."""
    options = config.options
    chosen = [name for name, on in (("more cards", options.more_cards),
                                    ("choose determiners", options.choose_determiners)) if on]
    limit = config.round_limit
    rounds = f"{played} rounds" if played == limit else f"{played} of {limit} rounds"
    return f"{' + '.join(chosen) or 'basic'}, {rounds}"


def result_of(state: GameState) -> str:
    """``Ann wins: Ann +8, Bea +0``: the winners (a tie shares the win, R10; never the
    dummy, R17) and every player's total."""
    seats = state.config.seats
    totals = ", ".join(f"{s.name} {t:+d}" for s, t in zip(seats, state.totals) if s.kind != "dummy")
    if state.phase is not Phase.GAME_OVER:
        return f"unfinished: {totals}"
    winners = [seats[s].name for s in state.winners()]
    won = f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} share the win"
    return f"{won}: {totals}"
