"""Game records in the ``hund-record/1`` format (RULINGS-hund, "Game records").

A record is the single source of truth: a save is a record, loading is replaying it
with every rule checked, take-back is replaying a shorter one. A record may stop at
any move (a save); the seat of each move follows from the rules (N3-N13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....game.errors import RecordError, RuleBroken
from ....game.protocols import SeatInfo, players_entry
from .actions import parse_action
from .cards import CODES, MAX_PLAYERS, MIN_PLAYERS, Card, parse_card
from .deal import deal_fault
from .events import Event
from .state import Deal, HundState, Phase

FORMAT = "hund-record/1"
Record = dict[str, Any]
#: Told about every step of a replay: the state just after it and what it caused.
StepObserver = Callable[[HundState, list[Event]], None]


def setup_of(record: Record) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
    """The seats and options a record was set up with; game 1's dealer as the
    ``dealer`` option (None when the record has no game yet)."""
    if not isinstance(record, dict):
        raise RecordError("not a game record: the JSON is not an object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown format {record.get('format')!r} (expected {FORMAT!r})")
    seats = _seats(record)
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object")
    games = options.get("games", len(seats))
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise RecordError("option 'games' must be a whole number of at least 1 (N16)")
    series = options.get("series", False)
    if not isinstance(series, bool):
        raise RecordError("option 'series' must be true or false (N14)")
    first = record.get("games")
    dealer = None
    if isinstance(first, list) and first and isinstance(first[0], dict):
        value = first[0].get("dealer")
        dealer = value if isinstance(value, int) and not isinstance(value, bool) else None
    return seats, {"games": games, "series": series, "dealer": dealer}


def _seats(record: Record) -> tuple[SeatInfo, ...]:
    players = record.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"'players' must list {MIN_PLAYERS} to {MAX_PLAYERS} players (N1)")
    seats = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RecordError(f"player {i} needs a name")
        kind = p.get("kind", "human")
        level = p.get("level")
        seats.append(SeatInfo(p["name"], kind if isinstance(kind, str) else "human",
                              level if isinstance(level, str) else None))
    return tuple(seats)


def replay(record: Record, observe: StepObserver | None = None) -> HundState:
    """Replay a record with every rule checked; RecordError names the game, the move
    and the ruling of the first fault. ``observe`` sees the state after every step
    (each deal and each move), as a replay screen steps through them."""
    seats, options = setup_of(record)
    state = HundState(seats, series=options["series"], games=options["games"], dealer=None)
    games = record.get("games")
    if not isinstance(games, list):
        raise RecordError("'games' must be a list")
    for g, game in enumerate(games, 1):
        where = f"game {g}"
        if state.phase is Phase.OVER:
            raise RecordError(f"{where}: the match has only {state.games} "
                              f"game{'s' * (state.games != 1)} (N16)")
        if state.phase is not Phase.DEAL:
            raise RecordError(f"{where}: game {g - 1} is unfinished, nobody is the hund yet (N13)")
        if not isinstance(game, dict):
            raise RecordError(f"{where}: not an object")
        deal = _deal(game, where)
        fault = deal_fault(deal, state.n, state.next_dealer())
        if fault:
            raise RecordError(f"{where}: {fault}")
        events = state.start_game(deal)
        if observe is not None:
            observe(state, events)
        plays = game.get("plays")
        if not isinstance(plays, list):
            raise RecordError(f"{where}: 'plays' must be a list")
        for k, text in enumerate(plays, 1):
            _replay_move(state, text, f"{where}, move {k}", observe)
    return state


def _replay_move(state: HundState, text: object, where: str, observe: StepObserver | None) -> None:
    if state.game_over():
        ruling = "N17" if state.results and state.results[-1].shared else "N13"
        raise RecordError(f"{where}: the game is over, seat {state.hund} is the hund ({ruling})")
    try:
        action = parse_action(text)
    except ValueError as e:
        raise RecordError(f"{where}: {e} (N1, N14)") from None
    try:
        events = state.apply(action, state.turn)
    except RuleBroken as e:
        raise RecordError(f"{where}: {e} ({e.ruling})") from None
    if observe is not None:
        observe(state, events)


def _deal(game: Record, where: str) -> Deal:
    dealer = game.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError(f"{where}: 'dealer' must be a seat number (N2)")
    hands = game.get("hands")
    if not isinstance(hands, list):
        raise RecordError(f"{where}: 'hands' must be a list of hands (N2)")
    return Deal(dealer, _cards(game.get("aside"), f"{where}, aside"),
                tuple(_cards(h, f"{where}, hand {i}") for i, h in enumerate(hands)),
                _cards(game.get("pile"), f"{where}, pile"))


def _cards(codes: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise RecordError(f"{where}: must be a list of cards (N2)")
    try:
        return tuple(parse_card(c) for c in codes)
    except ValueError as e:
        raise RecordError(f"{where}: {e} (N1)") from None


# ------------------------------------------------------------------ writing


def to_record(state: HundState, extras: Record | None = None) -> Record:
    """The record of ``state``: every game dealt so far, the current one up to its
    last move (a save may stop anywhere)."""
    players = players_entry(state.seats)
    record: Record = {"format": FORMAT, "players": players,
                      "options": {"games": state.games, "series": state.series}}
    record.update(extras or {})
    games = [_game(r.deal, r.moves) for r in state.results if r.deal is not None]
    if state.phase in (Phase.COLLECT, Phase.SHED) and state.deal is not None:
        games.append(_game(state.deal, state.moves))
    record["games"] = games
    return record


def _game(deal: Deal, moves: Any) -> Record:
    return {"dealer": deal.dealer,
            "aside": [CODES[c] for c in deal.aside],
            "hands": [[CODES[c] for c in h] for h in deal.hands],
            "pile": [CODES[c] for c in deal.pile],
            "plays": [str(a) for a in moves]}

