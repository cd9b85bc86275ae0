"""What ``ebbes check`` prints for a valid ``huhn-record/1`` record: the JSON body
(RULINGS-huhn, "ebbes check --json") and the one human line."""

from __future__ import annotations

from typing import Any

from .cards import code
from .state import DEAL, OVER, HuhnState
from .tricks import Trick


def summarize(state: HuhnState) -> dict[str, Any]:
    """Every deal's tricks, hens, penalties, rewards and result (None while it is
    unfinished), the deals crossed out and the totals without them."""
    deals = []
    for played, score in zip(state.played, state.scores):
        deals.append({
            "complete": True,
            "tricks": [_trick(t) for t in played.tricks],
            "hens": list(score.hens),
            "penalties": [list(p) for p in score.penalties],
            "rewards": [list(r) for r in score.rewards],
            "points": list(score.points),
        })
    if state.phase not in (DEAL, OVER):
        tricks = [_trick(t) for t in state.tricks]
        if state.trick:
            tricks.append({"leader": state.leader,
                           "cards": [code(c, d) for c, d in zip(state.trick, state.trick_downs)],
                           "winner": None})
        deals.append({
            "complete": False,
            "tricks": tricks,
            "hens": list(state.hens),
            "penalties": [list(p) for p in state.penalties],
            "rewards": [list(r) for r in state.rewards],
            "points": None,
        })
    return {
        "game": "huhn",
        "deals": deals,
        "crossed": [list(c) for c in state.crossed],
        "totals": list(state.totals),
    }


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader,
            "cards": [code(c, d) for c, d in zip(trick.cards, trick.downs)],
            "winner": trick.winner}


def check_line(state: HuhnState) -> str:
    """``valid, 3 deals complete; totals Ann -5, Bob +12; won by Bob`` (with a deal in
    progress and the deals crossed out where there are any)."""
    names = [s.name for s in state.seats]
    complete = len(state.scores)
    line = f"valid, {complete} deal{'s' * (complete != 1)} complete"
    if state.phase not in (DEAL, OVER):
        line += f", deal {complete + 1} in progress"
    line += "; totals " + ", ".join(f"{n} {t:+d}" for n, t in zip(names, state.totals))
    crossed = [f"{n} deal {', '.join(map(str, c))}" for n, c in zip(names, state.crossed) if c]
    if crossed:
        line += "; crossed out: " + ", ".join(crossed)
    outcome = state.outcome()
    if outcome is not None:
        line += "; won by " + " and ".join(names[s] for s in outcome.winners)
    return line


def hens_taken(state: HuhnState, seat: int) -> float:
    """The hen cards ``seat`` took in a finished game, every deal's."""
    return sum(s.hens[seat] for s in state.scores)


def penalty_points(state: HuhnState, seat: int) -> float:
    """``seat``'s penalty points of a finished game, as each deal scored them (H7; the
    penalties option of H11 may change the last trick's)."""
    return sum(s.penalty_points[seat] for s in state.scores)


def rewards_taken(state: HuhnState, seat: int) -> float:
    """The reward cards ``seat`` took in a finished game."""
    return sum(len(s.rewards[seat]) for s in state.scores)
