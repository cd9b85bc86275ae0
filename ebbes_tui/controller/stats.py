"""Statistics of this user's finished games of one game, per player name and for all
players.

The finished records are the truth (RULINGS, "Game records"): :class:`Statistics` is a
pure computation from them (``from_records``, ``add``), and :class:`KeptStatistics`
keeps it in ``<data dir>/stats.json`` (private, as the saves) so that a finished game
only adds its own record. The kept file names the games it counts; when it is missing,
unreadable, or does not account for exactly the records in ``finished/``, it is
rebuilt from them. A game counts once however often its record was kept (a table may
send it twice): each is known by :func:`~ebbes_tui.game.records.record_key`, and a
record of a game already counted is noted as a copy.

The figures, for each human seat of each finished game (bots are the opponents; a
seat nobody plays is no player):

- the game's figures (:attr:`Presentation.statistics`: games played and won, the final
  scores, ebbes payouts, hens taken, times hund ...), each kept as its sum and its best
  of one game, grouped by number of players and the game's variant;
- hints used, as the record counts them;
- bots beaten, per bot level: of the games with a bot of that level at the table, those
  the player finished strictly ahead of every such bot (by the outcome's scores).

"All people" adds up every human seat: a hot-seat game of two counts once for each.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..game.errors import RecordError
from ..game.protocols import AnyFigure, AnyGame, AnyState, Record
from ..game.records import load_record, record_key
from .match import hints_of
from .private_files import private_dir, write_atomically
from .saves import FINISHED_DIR, SAVE_SUFFIX

FORMAT = "ebbes-stats/4"
#: Kept files of earlier versions are counted anew, and nothing is wrong.
FORMATS = "ebbes-stats/"
STATS_FILE = "stats.json"
#: The level of a bot whose record names none (the match plays it as ``normal``).
DEFAULT_LEVEL = "normal"


class EarlierFormat(ValueError):
    """A kept file of another version's format: counted anew, and nothing is wrong."""


@dataclass
class Tally:
    """Games of one kind: how many, and each figure's values (by its key) added up and
    the best of one game."""

    games: int = 0
    sums: dict[str, float] = field(default_factory=dict)
    bests: dict[str, float] = field(default_factory=dict)

    def add(self, values: Mapping[str, float]) -> None:
        """Count one game with these figures."""
        self.games += 1
        for key, value in values.items():
            value = int(value) if isinstance(value, bool) else value  # kept as a number
            self.sums[key] = self.sums.get(key, 0) + value
            self.bests[key] = max(self.bests.get(key, value), value)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for key, value in other.sums.items():
            self.sums[key] = self.sums.get(key, 0) + value
        for key, value in other.bests.items():
            self.bests[key] = max(self.bests.get(key, value), value)

    def shown(self, figure: AnyFigure) -> float | None:
        """What ``figure``'s column shows for these games (None: nothing to show, as an
        average of no games)."""
        if figure.shown == "best":
            return self.bests.get(figure.key)
        total = self.sums.get(figure.key, 0)
        if figure.shown == "total":
            return total
        whole = self.games if figure.per is None else self.sums.get(figure.per, 0)
        return total / whole if whole else None


@dataclass
class BotsFaced:
    """Games against a bot level, and in how many of them the player beat every such bot."""

    games: int = 0
    beaten: int = 0


@dataclass
class PlayerStats:
    """One player's figures (or all players' added up)."""

    #: Keyed by (number of players, the variant as players read it).
    kinds: dict[tuple[int, str], Tally] = field(default_factory=dict)
    hints: int = 0
    #: Keyed by bot level.
    bots: dict[str, BotsFaced] = field(default_factory=dict)

    @property
    def total(self) -> Tally:
        """All kinds of game together."""
        total = Tally()
        for tally in self.kinds.values():
            total.merge(tally)
        return total

    def merge(self, other: PlayerStats) -> None:
        for kind, tally in other.kinds.items():
            self.kinds.setdefault(kind, Tally()).merge(tally)
        self.hints += other.hints
        for level, faced in other.bots.items():
            mine = self.bots.setdefault(level, BotsFaced())
            mine.games += faced.games
            mine.beaten += faced.beaten


@dataclass
class Statistics:
    """What the finished games say, per player name; ``games`` are the ids counted,
    ``keys`` their games' keys (key -> id), ``copies`` the ids of records of a game
    already counted (-> the id counted), ``skipped`` the ids of records that could not
    be counted, with the reason."""

    players: dict[str, PlayerStats] = field(default_factory=dict)
    games: set[str] = field(default_factory=set)
    skipped: dict[str, str] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    copies: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_records(cls, game: AnyGame, records: Mapping[str, Record]) -> Statistics:
        """The statistics of ``records`` (game id -> record); a record that does not
        replay to a finished game is skipped with the reason. Ids are taken in order,
        so of two copies of one game the first id is the one counted, whatever order
        the records came in."""
        stats = cls()
        for game_id, record in sorted(records.items()):
            try:
                stats.add(game, game_id, record)
            except RecordError as e:
                stats.skip(game_id, str(e))
        return stats

    @property
    def seen(self) -> set[str]:
        """Every game id accounted for: counted, a copy, or skipped."""
        return self.games | set(self.copies) | set(self.skipped)

    def add(self, game: AnyGame, game_id: str, record: Record, state: AnyState | None = None) -> None:
        """Count one finished game (once: an id already counted is left alone, and a
        record of a game counted under another id is noted as its copy); ``state`` is
        the record replayed, when the caller has it. RecordError, and nothing changes,
        when it does not replay to its end."""
        if game_id in self.games or game_id in self.copies:
            return
        if state is None:
            state = game.records.replay(record)
        outcome = state.outcome()
        if outcome is None:
            raise RecordError("the game is not finished")
        same = record_key(game, state)
        if same in self.keys:
            self.copies[game_id] = self.keys[same]
            self.skipped.pop(game_id, None)
            return
        seats, options = game.records.setup_of(record)
        players = sum(1 for s in seats if s.kind in ("human", "bot"))
        kind = (players, game.presentation.variant_key(options)[1])
        scores = outcome.scores
        bots: dict[str, float] = {}  # level -> the best score of its bots
        for seat, info in enumerate(seats):
            if info.kind == "bot":
                level = info.level or DEFAULT_LEVEL
                bots[level] = max(bots.get(level, scores[seat]), scores[seat])
        hints = hints_of(record, len(seats))
        for seat, info in enumerate(seats):
            if info.kind != "human":
                continue
            player = self.players.setdefault(info.name, PlayerStats())
            score = scores[seat]
            player.kinds.setdefault(kind, Tally()).add(
                {f.key: f.value(state, seat) for f in game.presentation.statistics})
            player.hints += hints.get(seat, 0)
            for level, best in bots.items():
                faced = player.bots.setdefault(level, BotsFaced())
                faced.games += 1
                faced.beaten += score > best
        self.games.add(game_id)
        self.keys[same] = game_id
        self.skipped.pop(game_id, None)

    def counts(self, game: AnyGame, state: AnyState) -> bool:
        """Whether the game ``state`` replays is counted already (under any id)."""
        return record_key(game, state) in self.keys

    def skip(self, game_id: str, why: str) -> None:
        """Note a record that could not be counted."""
        self.skipped[game_id] = why

    def overall(self) -> PlayerStats:
        """All people together: every human seat of every game, added up."""
        overall = PlayerStats()
        for player in self.players.values():
            overall.merge(player)
        return overall

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The kept file's content; :meth:`from_json` reads it back."""
        return {
            "format": FORMAT,
            "games": {game_id: key for key, game_id in sorted(self.keys.items(),
                                                              key=lambda item: item[1])},
            "copies": dict(sorted(self.copies.items())),
            "skipped": dict(sorted(self.skipped.items())),
            "players": {name: _player_json(p) for name, p in sorted(self.players.items())},
        }

    @classmethod
    def from_json(cls, data: object) -> Statistics:
        """Statistics from :meth:`to_json`'s form; ValueError for anything else."""
        found = data.get("format") if isinstance(data, dict) else None
        if isinstance(found, str) and found != FORMAT and found.startswith(FORMATS):
            raise EarlierFormat(f"{found}, not {FORMAT}")
        if not isinstance(data, dict) or found != FORMAT:
            raise ValueError(f"not {FORMAT}")
        games = _of(data, "games", dict)
        copies = _of(data, "copies", dict)
        skipped = _of(data, "skipped", dict)
        players = _of(data, "players", dict)
        if not all(isinstance(v, str) for v in [*games.values(), *copies.values(),
                                                  *skipped.values()]):
            raise ValueError("game ids, keys and reasons must be text")
        keys = {key: game_id for game_id, key in games.items()}
        if len(keys) != len(games) or not set(copies.values()) <= set(games):
            raise ValueError("a game is counted twice, or a copy of one not counted")
        return cls({name: _player_from(p) for name, p in players.items()}, set(games), skipped,
                   keys, copies)


def _player_json(p: PlayerStats) -> dict[str, Any]:
    return {
        "kinds": [{"players": players, "variant": variant, "games": t.games,
                   "sums": dict(sorted(t.sums.items())), "bests": dict(sorted(t.bests.items()))}
                  for (players, variant), t in sorted(p.kinds.items())],
        "hints": p.hints,
        "bots": {level: {"games": b.games, "beaten": b.beaten} for level, b in sorted(p.bots.items())},
    }


def _player_from(data: object) -> PlayerStats:
    if not isinstance(data, dict):
        raise ValueError("a player must be an object")
    kinds = {}
    for k in _of(data, "kinds", list):
        if not isinstance(k, dict) or not isinstance(k.get("variant"), str):
            raise ValueError("a kind of game needs a variant")
        sums, bests = _of(k, "sums", dict), _of(k, "bests", dict)
        kinds[(_count(k, "players"), k["variant"])] = Tally(
            _count(k, "games"), {key: _number(sums, key) for key in sums},
            {key: _number(bests, key) for key in bests})
    bots = {level: BotsFaced(_count(b, "games"), _count(b, "beaten"))
            for level, b in _of(data, "bots", dict).items()}
    return PlayerStats(kinds, _count(data, "hints"), bots)


def _of(obj: object, key: str, kind: type) -> Any:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{key!r} must be a {kind.__name__}")
    return value


def _number(obj: object, key: str) -> float:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"{key!r} must be a number")
    return value


def _count(obj: object, key: str) -> int:
    value: int = _of(obj, key, int)
    if value < 0:
        raise ValueError(f"{key!r} must not be negative")
    return value


# ------------------------------------------------------------------ the kept file


class Loaded(NamedTuple):
    """Statistics as :meth:`KeptStatistics.load` found them; ``rebuilt`` says what was
    wrong with the kept file, so that they were rebuilt from the finished records (""
    when nothing was: it was right, or there was none yet, or another version's)."""

    stats: Statistics
    rebuilt: str


class KeptStatistics:
    """``stats.json`` beside a saves dir (``<data dir>/stats.json`` for
    ``<data dir>/saves``), counting the records in its ``finished/``."""

    def __init__(self, game: AnyGame, saves_root: Path) -> None:
        self.game = game
        self.path = saves_root.parent / STATS_FILE
        self.finished = saves_root / FINISHED_DIR

    def load(self) -> Loaded:
        """The kept statistics, or (rewritten) ones rebuilt from the finished records
        when the kept file is missing, unreadable or counts other games. A bad file
        never raises; OSError only if the disk fails while listing ``finished/``."""
        finished = self.finished_ids()
        kept, why = self._read()
        if kept is not None and kept.seen != finished:
            kept, why = None, "the kept ones counted other games"
        if kept is not None:
            return Loaded(kept, "")
        stats = self.rebuild()
        try:
            self._write(stats)
        except OSError as e:
            why = "; ".join(filter(None, [why, f"they could not be kept ({e.strerror or e})"]))
        return Loaded(stats, why)

    def add_finished(self, record_path: Path, played: tuple[Record, AnyState] | None = None) -> None:
        """Count the game just archived at ``record_path`` (``played``: its record and
        final state, when the caller has them, so it is not read and replayed again):
        only this game is counted when the kept file counts exactly the other finished
        games (else all are, see :meth:`load`). Never raises: what fails here the next
        rebuild mends."""
        game_id = record_path.name[: -len(SAVE_SUFFIX)]
        try:
            kept, _ = self._read()
            if kept is None or kept.seen - {game_id} != self.finished_ids() - {game_id}:
                kept = self.rebuild()
            elif played is not None:
                try:
                    kept.add(self.game, game_id, *played)
                except RecordError as e:
                    kept.skip(game_id, str(e))
            else:
                _count_file(self.game, kept, game_id, record_path)
            self._write(kept)
        except OSError:
            pass

    def finished_ids(self) -> set[str]:
        """The ids (slot names) of the records in ``finished/`` (none while it is missing)."""
        return {p.name[: -len(SAVE_SUFFIX)] for p in self.finished.glob(f"*{SAVE_SUFFIX}")}

    def rebuild(self) -> Statistics:
        """Statistics from every finished record; unreadable ones are skipped, noted."""
        stats = Statistics()
        for game_id in sorted(self.finished_ids()):
            _count_file(self.game, stats, game_id, self.finished / f"{game_id}{SAVE_SUFFIX}")
        return stats

    def _read(self) -> tuple[Statistics | None, str]:
        """The kept statistics, or None and why they cannot be used."""
        try:
            return Statistics.from_json(json.loads(self.path.read_bytes())), ""
        except (FileNotFoundError, EarlierFormat):  # a first run, another version's file
            return None, ""
        except (OSError, ValueError, RecursionError):  # JSONDecodeError is a ValueError
            return None, "the kept ones could not be read"

    def _write(self, stats: Statistics) -> None:
        private_dir(self.path.parent)
        text = json.dumps(stats.to_json(), ensure_ascii=False, indent=1)
        write_atomically(self.path, text.encode("utf-8"))


def _count_file(game: AnyGame, stats: Statistics, game_id: str, path: Path) -> None:
    """Add the record at ``path`` to ``stats``, or note why it cannot be counted."""
    try:
        found, record, state = load_record(path)
        if found is not game:
            raise RecordError(f"a record of {found.title}, not of {game.title}")
        stats.add(game, game_id, record, state)
    except RecordError as e:
        stats.skip(game_id, str(e))
