"""How an ebbes game is summed up in the History list and counted in the Statistics."""

from __future__ import annotations

from typing import Any

from .rules.state import GameState, Phase

#: The kinds of game the statistics group by, with the names players see.
VARIANTS = {
    "basic": "basic game",
    "more-cards": "more cards (V1)",
    "choose-determiners": "choose determiners (V2)",
    "both": "V1 + V2",
}


def describe(state: GameState) -> dict[str, str]:
    """``players``: ``Ann, Bea (hard bot), Cyd``, the dummy last (R15); ``variants``:
    ``basic, 5 rounds`` or ``choose determiners, 3 of 7 rounds`` when a disc reached an
    end of the track first (R13) or the game is unfinished; ``result``: the winners (a
    tie shares the win, R10; never the dummy, R17) and every player's total; ``saved``:
    the Continue list's line, ``3 players, round 2 of 5: Ann +3, ...``."""
    config = state.config
    names = []
    for seat in config.seats:
        if seat.kind == "bot":
            names.append(f"{seat.name} ({seat.level} bot)" if seat.level else f"{seat.name} (bot)")
        elif seat.kind != "dummy":
            names.append(seat.name)
    players = ", ".join(names) + (" and the dummy" if config.dummy is not None else "")
    options = config.options
    chosen = [name for name, on in (("more cards", options.more_cards),
                                    ("choose determiners", options.choose_determiners)) if on]
    played, limit = len(state.results), config.round_limit
    rounds = f"{played} rounds" if played == limit else f"{played} of {limit} rounds"
    seats = config.seats
    totals = ", ".join(f"{s.name} {t:+d}" for s, t in zip(seats, state.totals) if s.kind != "dummy")
    if state.phase is not Phase.GAME_OVER:
        result = f"unfinished: {totals}"
    else:
        winners = [seats[s].name for s in state.winners()]
        won = f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} share the win"
        result = f"{won}: {totals}"
    current = min(state.round_no + 1, limit)
    count = sum(1 for s in seats if s.kind != "dummy")
    saved = f"{count} players, " + (f"game over: {totals}" if state.phase is Phase.GAME_OVER
                                    else f"round {current} of {limit}: {totals}")
    return {"players": players, "variants": f"{' + '.join(chosen) or 'basic'}, {rounds}",
            "result": result, "saved": saved}


def variant_key(options: dict[str, Any]) -> tuple[str, str]:
    """The kind of game (key, label) of ``options``, for grouping statistics."""
    more, choose = options.get("more_cards"), options.get("choose_determiners")
    key = "both" if more and choose else "more-cards" if more else \
        "choose-determiners" if choose else "basic"
    return key, VARIANTS[key]


def ebbes_payouts(state: GameState, seat: int) -> float:
    """Rounds of a finished game in which ``seat`` got the +3 ebbes bonus (R7)."""
    return sum(r.score.seats[seat].ebbes_points > 0 for r in state.results if r.score is not None)


def nix_held(state: GameState, seat: int) -> float:
    """Rounds of a finished game in which ``seat`` held nix (R8)."""
    return sum(r.score.nix_holder == seat for r in state.results if r.score is not None)
