"""How a Hund match is summed up in the History list and counted in the Statistics."""

from __future__ import annotations

from typing import Any

from .rules.state import GameResult, HundState, Phase


def describe(state: HundState) -> dict[str, str]:
    """``players``, ``variants`` (games and series), ``result`` (each game's order of
    going out and hund, then the winners) and ``saved`` (the Continue list's line)."""
    names = [s.name for s in state.seats]
    variants = f"{state.games} game{'s' * (state.games != 1)}, " + \
        ("series" if state.series else "single cards")
    if state.results:
        result = "; ".join(f"game {i}: {_result(r, names)}"
                           for i, r in enumerate(state.results, 1))
    else:
        result = "no game finished"
    if state.phase is Phase.OVER:
        outcome = state.outcome()
        assert outcome is not None
        result += "; won by " + ", ".join(names[s] for s in outcome.winners)
    tally = ", ".join(f"{n} {t}" for n, t in zip(names, state.tally))
    saved = f"{len(names)} players, " + (
        "match over" if state.phase is Phase.OVER
        else f"game {len(state.results) + 1} of {state.games}") + f": times hund {tally}"
    return {"players": ", ".join(names), "variants": variants, "result": result,
            "saved": saved}


def variant_key(options: dict[str, Any]) -> tuple[str, str]:
    """The kind of match the statistics group by: with series or single cards."""
    if options.get("series"):
        return "series", "with series"
    return "single", "single cards"


def games_played(state: HundState, seat: int) -> float:
    """The games of Hund in a finished match."""
    return len(state.results)


def times_hund(state: HundState, seat: int) -> float:
    """How often ``seat`` was the hund in a finished match (N16's tally)."""
    return state.tally[seat]


def match_place(state: HundState, seat: int) -> float:
    """``seat``'s place in a finished match, as its outcome gives it (N16)."""
    outcome = state.outcome()
    assert outcome is not None and outcome.places is not None
    return outcome.places[seat]


def wars_won(state: HundState, seat: int) -> float:
    """The wars (krig) ``seat`` won in a finished match."""
    return sum(1 for r in state.results for t in r.tricks if t.krig and t.winner == seat)


def _result(result: GameResult, names: list[str]) -> str:
    """One game's result in words: the order of going out and the hund."""
    order = ", ".join(names[s] for s in result.out)
    hund = names[result.hund]
    was = "were" if hund == "You" else "was"  # History reads the player's own seat as You
    notes = [f"out: {order}"] if order else []
    if result.shared:  # N17 ended it
        notes.append("the same position came round a third time")
    return f"{hund} {was} the hund" + (f" ({'; '.join(notes)})" if notes else "")
