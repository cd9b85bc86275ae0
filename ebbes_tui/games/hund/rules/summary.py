"""What ``ebbes check`` says about a valid Hund record (RULINGS-hund, the check
spec): per game its phase-1 tricks, the trump card and its holder, the hands phase 2
began with, the order of going out and the hund; the match's tally."""

from __future__ import annotations

from typing import Any

from .cards import CODES, SUITS
from .state import HundState, Phase
from .tricks import Trick


def summarize(state: HundState) -> dict[str, Any]:
    """The body of ``ebbes check --json`` (without ``file`` and ``valid``)."""
    games = [_game(True, r.tricks, r.trump_card, r.trump_holder, r.phase2_hands, r.out, r.hund)
             for r in state.results]
    if state.phase in (Phase.COLLECT, Phase.SHED):
        games.append(_game(False, state.tricks, state.trump_card, state.trump_holder,
                           state.phase2_hands, state.out, None))
    return {"game": "hund", "games": games, "tally": list(state.tally)}


def _game(complete: bool, tricks: Any, trump_card: int, holder: int, hands: Any,
          out: Any, hund: int | None) -> dict[str, Any]:
    laid = trump_card >= 0
    return {
        "complete": complete,
        "tricks": [_trick(t) for t in tricks],
        "trump": SUITS[trump_card // 13] if laid else None,
        "trump_holder": holder if laid else None,
        "phase2_hands": [[CODES[c] for c in h] for h in hands] if hands is not None else None,
        "out": list(out),
        "hund": hund,
    }


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [CODES[c] for c in trick.cards],
            "winner": trick.winner}


def check_line(state: HundState) -> str:
    """One line for people: games complete, each game's hund (and why, when a position
    came round a third time: N17), the tally, and where an unfinished game stands."""
    names = [s.name for s in state.seats]
    done = state.results
    line = f"valid, {len(done)} game{'s' * (len(done) != 1)} of {state.games} complete"
    if done:
        line += "; hund: " + ", ".join(
            names[r.hund] + (" (most cards when a position came round a third time, N17)"
                             if r.shared else "") for r in done)
    if state.phase in (Phase.COLLECT, Phase.SHED):
        line += f"; game {len(done) + 1} in progress ({_where(state)})"
    tally = ", ".join(f"{n}: {t}" for n, t in zip(names, state.tally))  # not "Bot 1 2"
    return f"{line}; times hund: {tally}"


def _where(state: HundState) -> str:
    if state.phase is Phase.COLLECT:
        return f"phase 1, trick {len(state.tricks) + 1}"
    return f"phase 2, {len(state.out)} out"

