"""Nothing a table sends reaches a terminal raw (issue 23, item 1): for every game, the
views and events of seeded games come from the wire with hostile text (CSI, OSC, C1,
bidi, line breaks) in every place a string or a null stands. Each is refused in one
ProtocolError or decoded with only clean strings: no character of Unicode category C or
Z but the plain space. Names are cleaned, never refused."""

from __future__ import annotations

import copy
import json
import random

from table_support import unclean

from ebbes_tui.controller.events import SaveFailed, SeatChanged
from ebbes_tui.game.protocols import Game, SeatInfo, listed
from ebbes_tui.table.protocol import ProtocolError, event_from_json, event_to_json, view_from_json

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eevil\u2066 \n\r\u2028\x85\t\x00\u200b Bob"
SHORT = "\x9b2J"  # fits where a field takes a short word


def places(data: object, path: tuple = ()) -> list[tuple]:
    """The path of every string and null in a JSON value."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in places(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in places(v, (*path, i))]
    return [path] if data is None or isinstance(data, str) else []


def with_text(data: dict, path: tuple, text: str) -> dict:
    changed = copy.deepcopy(data)
    parent = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = text
    return changed


def seeded_game(game: Game, options: dict, seed: int = 3):
    """Every view a seat or a spectator is sent in a seeded game of three random
    players, and every event it has."""
    rng = random.Random(seed)
    seats = game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot", "random") for i in range(3)])
    state = game.rules.new_state(seats, options)
    views, events = [], []
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            events += game.rules.resolve_chance(state, seed)
        else:
            legal = state.legal(decision.seat)
            choices = listed(legal)
            action = rng.choice(choices) if choices is not None else legal.sample(rng)
            views.append(state.view(decision.seat))
            events += state.apply(action, decision.seat)
        views.append(state.view(None))
    return views, events


def setups(game: Game) -> list[dict]:
    """The game's defaults, and every on-off option on (more kinds of strings)."""
    return [{}, {o.key: True for o in game.rules.options if o.kind == "bool"}]


def attack(decode, messages: list[dict], kind) -> tuple[set, list]:
    """Hostile text at every place of each message a string or null stands (once per
    place in the message's shape, list positions alike): the places where it was
    accepted, and what came back unclean."""
    tried, accepted, dirty = set(), set(), []
    for data in messages:
        for path in places(data):
            shape = (kind(data), *(k if isinstance(k, str) else "*" for k in path))
            if shape in tried:
                continue
            tried.add(shape)
            for text in (HOSTILE, SHORT, f"{_at(data, path) or ''}{HOSTILE}"):
                try:
                    decoded = decode(json.loads(json.dumps(with_text(data, path, text))))
                except ProtocolError as refused:  # its sentence is shown: clean too
                    dirty += [(shape, s) for s in unclean(refused.text)]
                    continue
                accepted.add(shape)
                dirty += [(shape, s) for s in unclean(decoded)]
    return accepted, dirty


def _at(data: object, path: tuple) -> object:
    for key in path:
        data = data[key]  # type: ignore[index]
    return data


def test_every_string_of_a_view_or_event_from_the_wire_is_cleaned_or_refused(game):
    views, events = [], []
    for options in setups(game):
        more_views, more_events = seeded_game(game, options)
        views += more_views
        events += more_events
    events += [SeatChanged(1, False, "normal"), SaveFailed("The disk is full.")]
    view_data = [game.wire.view_to_json(v) for v in views]
    accepted, dirty = attack(lambda d: view_from_json(game, d), view_data, lambda d: "view")
    assert dirty == [], dirty[:5]
    # The hostile text reached the players' names: cleaned and shown, not a reason to
    # refuse the table.
    assert any(shape[-1] == "name" for shape in accepted), accepted
    event_data = [event_to_json(game, e) for e in events]
    accepted, dirty = attack(lambda d: event_from_json(game, d), event_data,
                             lambda d: d["type"])
    assert dirty == [], dirty[:5]
    assert ("save_failed", "message") in accepted
    # A stand-in's level is one of this ebbes' levels: any other text is refused (a
    # hostile table's "a ]0;pwned bot played for you", played as a neighbour).
    assert ("seat_changed", "level") not in accepted
