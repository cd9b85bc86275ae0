"""``ebbes check FILE...``: replay game records with every rule checked.

Imports only the rules (no Textual), so it starts fast and other tools can use it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from .game.registry import game_of_format
from .rules.cards import SUIT_NAMES
from .rules.categories import CATEGORIES
from .rules.record import FORMAT, RecordError, parse_record, replay
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
        other = _other_game(text)
        if other is not None:
            return other(path)
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


def _other_game(text: str) -> Any:
    """A checker for a record of another game than ebbes (told by its ``format``), or
    None for ebbes' own (and for anything that is no record: ebbes' reader says why)."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") == FORMAT:
            return None
        game = game_of_format(data.get("format"))
    except (ValueError, RecursionError):
        return None

    def check(path: str) -> tuple[dict[str, Any], Any]:
        try:
            state = game.replay(data)
        except RecordError as e:
            return {"file": path, "valid": False, "game": game.id, "error": str(e)}, None
        return {"file": path, "valid": True, **game.check_summary(state)}, _Checked(game, state)

    return check


class _Checked:
    """A valid record of another game, for the human line."""

    def __init__(self, game: Any, state: Any) -> None:
        self.game = game
        self.state = state


def _human_line(result: dict[str, Any], state: GameState | _Checked | None) -> str:
    if state is None:
        return f"{result['file']}: invalid: {result['error']}"
    if isinstance(state, _Checked):
        return f"{result['file']}: {state.game.check_line(state.state)}"
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
