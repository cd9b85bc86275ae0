"""What ``ebbes check`` says of a replayed ebbes record: the ``--json`` body (rounds
and totals, as RULINGS' record section and ``../shared/records`` specify) and the
human line."""

from __future__ import annotations

from typing import Any

from .cards import SUIT_NAMES
from .categories import CATEGORIES
from .state import GameState, Phase, RoundResult


def summarize(state: GameState) -> dict[str, Any]:
    """Every round (an unfinished one with what it has determined so far) and the totals."""
    rounds = [_round_summary(r) for r in state.results]
    if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
        rounds.append({"complete": False, "determined": _determined(state.suits)})
    return {"rounds": rounds, "totals": list(state.totals)}


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


def check_line(state: GameState) -> str:
    """``valid, 5 rounds complete; totals Ann +3, Bo -2; won by Ann``."""
    names = [s.name for s in state.config.seats]
    complete = len(state.results)
    totals = ", ".join(f"{n} {t:+d}" for n, t in zip(names, state.totals))
    line = f"valid, {complete} round{'s' * (complete != 1)} complete"
    if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
        line += f", round {complete + 1} in progress"
    line += f"; totals {totals}"
    if state.phase is Phase.GAME_OVER:
        line += "; won by " + " and ".join(names[s] for s in state.winners())
    return line
