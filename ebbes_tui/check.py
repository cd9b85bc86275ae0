"""``ebbes check FILE...``: replay game records of any game with every rule checked;
the game is told by the record's ``format``.

Imports no screens (no Textual), so it starts fast and other tools can use it.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .game.clean import clean
from .game.errors import RecordError
from .game.protocols import AnyGame, AnyState
from .game.records import read_record


def check_file(path: str) -> tuple[dict[str, Any], tuple[AnyGame, AnyState] | None]:
    """Check one file: (JSON result, the game and its replayed state, or None when
    invalid)."""
    try:
        game, record = read_record(path)
    except RecordError as e:
        return {"file": path, "valid": False, "error": str(e)}, None
    try:
        state = game.records.replay(record)
    except (RecordError, RecursionError) as e:
        error = str(e) if isinstance(e, RecordError) else "not valid JSON: nested too deeply"
        return {"file": path, "valid": False, **game.records.check_tag, "error": error}, None
    return {"file": path, "valid": True, **game.records.check_summary(state)}, (game, state)


def main(paths: list[str], as_json: bool, out: TextIO | None = None) -> int:
    """Check every file; exit status 0 when all are valid, 2 otherwise. Lines go to
    ``out``, else to standard output as it is when called (a caller may redirect it)."""
    out = out or sys.stdout
    ok = True
    for path in paths:
        result, checked = check_file(path)
        ok = ok and result["valid"]
        if as_json:
            line = json.dumps(result)
        elif checked is None:
            line = f"{path}: invalid: {result['error']}"
        else:
            game, state = checked
            line = f"{path}: {game.records.check_line(state)}"
        # A record's names and a file's name may be anyone's: no escape reaches the terminal.
        out.write((line if as_json else clean(line, len(line))) + "\n")
    return 0 if ok else 2
