"""``ebbes check FILE...``: replay game records with every rule checked.

Imports only the rules (no Textual), so it starts fast and other tools can use it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from .rules.cards import SUIT_NAMES
from .rules.categories import CATEGORIES
from .rules.record import RecordError, parse_record, replay
from .rules.state import GameState, Phase, RoundResult


def summarize(state: GameState) -> dict[str, Any]:
    """The ``--json`` body for a replayed game: rounds and totals (issue spec)."""
    rounds = [_round_summary(r) for r in state.results]
    if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
        rounds.append({"complete": False, "determined": _determined(state.suits)})
    return {"valid": True, "rounds": rounds, "totals": list(state.totals)}


def _determined(suits: list[int] | tuple[int, ...]) -> dict[str, str]:
    return {CATEGORIES[i].key: SUIT_NAMES[s] for i, s in enumerate(suits)}


def _round_summary(result: RoundResult) -> dict[str, Any]:
    score = result.score
    assert score is not None
    return {
        "complete": True,
        "determined": _determined(score.suits),
        "tricks": [
            {"leader": t.leader, "cards": [c.code for c in t.cards], "winner": t.winner}
            for t in result.tricks
        ],
        "points": list(score.points),
        "nix_holder": score.nix_holder,
    }


def check_file(path: str) -> tuple[dict[str, Any], GameState | None]:
    """Check one file: (JSON result, replayed state or None when invalid)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
        state = replay(parse_record(text))
    except OSError as e:
        return {"file": path, "valid": False, "error": f"cannot read: {e.strerror}"}, None
    except UnicodeDecodeError:
        return {"file": path, "valid": False, "error": "not a game record: not UTF-8 text"}, None
    except RecordError as e:
        return {"file": path, "valid": False, "error": str(e)}, None
    except RecursionError:
        return {"file": path, "valid": False, "error": "not valid JSON: nested too deeply"}, None
    return {"file": path, **summarize(state)}, state


def _human_line(result: dict[str, Any], state: GameState | None) -> str:
    if state is None:
        return f"{result['file']}: invalid: {result['error']}"
    names = [s.name for s in state.config.seats]
    complete = len(state.results)
    totals = ", ".join(f"{n} {t:+d}" for n, t in zip(names, state.totals))
    line = f"{result['file']}: valid, {complete} round{'s' * (complete != 1)} complete"
    if len(result["rounds"]) > complete:
        line += f", round {complete + 1} in progress"
    line += f"; totals {totals}"
    if state.phase is Phase.GAME_OVER:
        line += "; won by " + " and ".join(names[s] for s in state.winners())
    return line


def main(paths: list[str], as_json: bool, out: TextIO = sys.stdout) -> int:
    """Check every file; exit status 0 when all are valid, 2 otherwise."""
    ok = True
    for path in paths:
        result, state = check_file(path)
        ok = ok and result["valid"]
        out.write((json.dumps(result) if as_json else _human_line(result, state)) + "\n")
    return 0 if ok else 2
