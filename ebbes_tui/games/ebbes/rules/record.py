"""Game records in the ``ebbes-record/1`` format (RULINGS, "Game records").

A record is the single source of truth: a save is a record, loading is replaying it
with every rule checked, undo is replaying a shorter record. This module turns JSON
text into a :class:`GameState` and back, and nothing else (no files).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .actions import choose_pair, name_starter, play
from .cards import SUIT_NAMES, Card, parse_card, parse_suit
from ....game.protocols import players_entry
from ....game.errors import RecordError
from .errors import RulesError
from .events import Event
from .state import GameState, Phase, RoundResult
from .variants import BASIC_ROUNDS, GameConfig, Options, SeatInfo, SetupError

FORMAT = "ebbes-record/1"
Record = dict[str, Any]
#: Told about every step of a replay (a deal, a starter named, a pair, a card): the
#: state just after it, and what it caused. The state is the replay's own: copy it.
StepObserver = Callable[[GameState, list[Event]], None]


def parse_record(text: str) -> Record:
    """The JSON object in ``text``; RecordError for anything that is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except UnicodeDecodeError:
        raise RecordError("not valid JSON: the file is not UTF-8 text") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: the JSON is not an object")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(f"unknown format {fmt!r} (expected {FORMAT!r})")
    return data


def config_of(record: Record) -> GameConfig:
    """The game setup a record describes: seats and variants."""
    players = _field(record, "players", list, "the record")
    seats = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RecordError(f"player {i} needs a name")
        level = p.get("level")
        seats.append(SeatInfo(p["name"], p.get("kind", "human"), level if isinstance(level, str) else None))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object")
    flags = {}
    for key in ("more_cards", "choose_determiners"):
        value = options.get(key, False)
        if not isinstance(value, bool):
            raise RecordError(f"option {key} must be true or false")
        flags[key] = value
    rounds = options.get("rounds", BASIC_ROUNDS)
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        raise RecordError("option rounds must be a whole number")
    def first(key: str) -> int | None:  # a save's round-1 choices (R11, R15); odd ones: random
        value = record.get(key)
        return value if type(value) is int and 0 <= value < len(seats) else None

    try:
        return GameConfig(tuple(seats), Options(**flags, rounds=rounds),
                          first_starter=first("first_starter"), first_dealer=first("first_dealer"))
    except SetupError as e:
        raise RecordError(str(e)) from None


def replay(record: Record, observe: StepObserver | None = None) -> GameState:
    """Replay a record with full legality checks; RecordError names the first fault.
    ``observe`` sees every step as it is replayed (watching a game again)."""
    state = GameState(config_of(record))
    rounds = _field(record, "rounds", list, "the record")
    for r, rnd in enumerate(rounds):
        where = f"round {r + 1}"
        if not isinstance(rnd, dict):
            raise RecordError(f"{where}: not an object")
        if state.phase is Phase.GAME_OVER:
            raise RecordError(f"{where}: the game was already over")
        if state.phase is not Phase.DEAL:
            raise RecordError(f"{where}: round {r} is unfinished")
        try:
            _replay_round(state, rnd, where, observe)
        except RulesError as e:
            raise RecordError(f"{where}: {e}") from None
    return state


def _replay_round(state: GameState, rnd: Record, where: str,
                  observe: StepObserver | None) -> None:
    options = state.config.options
    hands = [_cards(h, f"{where}, hand {i}") for i, h in enumerate(_field(rnd, "hands", list, where))]
    starter = _field(rnd, "starter", int, where)
    number = None if options.choose_determiners else _field(rnd, "number_determiner", int, where)
    first = not state.results
    dealer = _field(rnd, "dealer", int, where) if rnd.get("dealer") is not None else None
    events = state.start_round(
        hands, number=number, starter=starter if first else None, dealer=dealer
    )
    if observe is not None:
        observe(state, events)
    if state.phase is Phase.CHOOSE_STARTER:
        events = state.apply(name_starter(starter))
        if observe is not None:
            observe(state, events)
    elif state.starter != starter:
        raise RulesError(
            f"the dummy held the most nix cards, so seat {state.starter} starts, not seat {starter}"
        )
    if options.choose_determiners:
        pairs = _field(rnd, "determiners", dict, where)
        for name, value in pairs.items():
            try:
                suit = parse_suit(name)
            except ValueError as e:
                raise RulesError(str(e)) from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"the number paired with {name} must be a whole number")
            if state.phase is not Phase.CHOOSE_PAIR:
                raise RulesError("more than five determiner pairs")
            events = state.apply(choose_pair(suit, value))
            if observe is not None:
                observe(state, events)
    plays = _cards(_field(rnd, "plays", list, where), f"{where}, plays")
    if plays and state.phase is not Phase.PLAY:
        raise RulesError("all five suits must be paired before the first card is played")
    for k, card in enumerate(plays):
        if state.phase is not Phase.PLAY:
            raise RecordError(f"{where}, play {k + 1}: every card has already been played")
        try:
            events = state.apply(play(card))
        except RulesError as e:
            raise RecordError(f"{where}, play {k + 1}: {e}") from None
        if observe is not None:
            observe(state, events)


def _field(obj: Record, key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        article = {list: "a list", dict: "an object", int: "a whole number"}[kind]
        raise RecordError(f"{where}: {key!r} must be {article}")
    return value


def _cards(codes: Any, where: str) -> list[Card]:
    if not isinstance(codes, list):
        raise RecordError(f"{where}: must be a list of cards")
    try:
        return [parse_card(c) for c in codes]
    except ValueError as e:
        raise RecordError(f"{where}: {e}") from None


# ------------------------------------------------------------------ writing


def to_record(state: GameState, extra: Record | None = None) -> Record:
    """The record of ``state``: every round dealt so far whose starter is known.

    A round whose starter the nix holder has not yet named is not written; its deal
    is the controller's to repeat (from the record's seed) on resume.
    """
    config = state.config
    players = players_entry(config.seats)
    options: Record = {
        "more_cards": config.options.more_cards,
        "choose_determiners": config.options.choose_determiners,
    }
    if config.options.choose_determiners:
        options["rounds"] = config.options.rounds
    rounds = [_round_record(r, config) for r in state.results]
    if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
        rounds.append(_round_record(state.current_round(), config))
    record: Record = {"format": FORMAT, "players": players, "options": options}
    record.update(extra or {})
    record.update(first_starter=config.first_starter, first_dealer=config.first_dealer)
    record["rounds"] = rounds
    return record


def _round_record(result: RoundResult, config: GameConfig) -> Record:
    out: Record = {"starter": result.starter}
    if config.dummy is not None:
        out["dealer"] = result.dealer
    if config.options.choose_determiners:
        out["determiners"] = {SUIT_NAMES[s]: v for s, v in result.pairs}
    else:
        out["number_determiner"] = result.number
    out["hands"] = [[c.code for c in hand] for hand in result.hands]
    out["plays"] = [c.code for c in result.plays]
    return out
