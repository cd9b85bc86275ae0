"""Reading a game record of any game: the JSON object, and the game its ``format``
names (the registry's). Replaying it is the game's own (:meth:`Records.replay`)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .errors import RecordError
from .protocols import AnyGame, AnyState, Record
from .registry import game_of_format


def parse_record_text(text: str) -> tuple[AnyGame, Record]:
    """The game and the record in ``text``; RecordError says in one line why it is
    not a record of a game this app knows."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: the JSON is not an object")
    try:
        return game_of_format(data.get("format")), data
    except ValueError as e:
        raise RecordError(str(e)) from None


def read_record(path: str | Path) -> tuple[AnyGame, Record]:
    """The game and the record in the file at ``path`` (see :func:`parse_record_text`)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as e:
        raise RecordError(f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError("not a game record: not UTF-8 text") from None
    return parse_record_text(text)


def load_record(path: str | Path) -> tuple[AnyGame, Record, AnyState]:
    """Read a record file and replay it with every rule checked; RecordError says in
    one line why it cannot be."""
    game, record = read_record(path)
    try:
        return game, record, game.records.replay(record)
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None


def record_key(game: AnyGame, state: AnyState) -> str:
    """What tells one game from another: the sha256 of the game's own record of
    ``state`` (``state``: a record replayed), as compact JSON with sorted keys. Keys the
    record format does not define (a table's name, the seed, hints used) are not in
    it, so the same game kept twice, whatever else its files say, has one key."""
    text = json.dumps(game.records.to_record(state), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def dumps(record: Record) -> str:
    """A record as JSON text that diffs well: one top-level key a line, and the entries
    of its last key (the rounds, deals or games, which every record format puts last)
    one a line."""
    keys = list(record)
    last = keys[-1] if keys and isinstance(record[keys[-1]], list) else None
    lines = ["{"]
    for key in keys:
        if key != last:
            lines.append(f"  {json.dumps(key)}: {json.dumps(record[key], ensure_ascii=False)},")
    if last is not None:
        entries = record[last]
        lines.append(f"  {json.dumps(last)}: [")
        for i, entry in enumerate(entries):
            comma = "," if i < len(entries) - 1 else ""
            lines.append(f"    {json.dumps(entry, ensure_ascii=False)}{comma}")
        lines.append("  ]")
    else:
        lines[-1] = lines[-1].rstrip(",") if len(lines) > 1 else lines[-1]
    lines.append("}")
    return "\n".join(lines) + "\n"
