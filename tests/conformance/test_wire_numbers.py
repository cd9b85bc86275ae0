"""Numbers from another user's table cannot take the game down (issue 23): for every
game, the state messages of seeded games come from the wire with hostile numbers (a
seat beyond the table, negative counts, huge numbers) at every place a whole number
stands, and every list one entry short, one too long, or empty. Each is refused in one
ProtocolError, or the update it decodes to is one the game's log can take (started with
the update before it, as the table screen and the headless watcher use it) without an
exception. (What the log cannot catch, a table that names real seats in a nonsense
order, the table screen's second line of defence does: test_table_unshowable.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_wire_strings import _at, setups, with_text

from ebbes_tui.game import registry
from ebbes_tui.controller.events import SeatChanged, Synced, Update
from ebbes_tui.game.protocols import Game, SeatInfo, any_answer
from ebbes_tui.table.protocol import ProtocolError, state_message, update_from_message
from ebbes_tui.ui.game_ui import screens_of
from ebbes_tui.ui.look import Look

PLAYERS = 3
#: A seat just past the table, past any table, before the first; counts below zero,
#: and numbers no game reaches.
NUMBERS = (PLAYERS + 1, 8, 99, -1, -2, 10**6, 10**9, -10**9, 10**30)


def seeded_updates(game: Game, options: dict, seed: int = 3) -> list[dict[str, Any]]:
    """The state messages seat 0 is sent in a seeded game of three random players: the
    table before the first deal, then one for every event (its own decisions too)."""
    rng = random.Random(seed)
    seats = game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot", "random") for i in range(PLAYERS)])
    state = game.rules.new_state(seats, options)
    # What a player joining before the first deal is sent first.
    messages = [state_message(game, Update(0, Synced(), state.view(0), 0))]
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            events = game.rules.resolve_chance(state, seed)
        else:
            events = state.apply(any_answer(state.legal(decision.seat), rng), decision.seat)
        if len(messages) == 5:  # the seam's own event, at the table of this game
            events = [*events, SeatChanged(1, False, "normal")]
        for event in events:
            messages.append(state_message(game, Update(len(messages), event, state.view(0),
                                                       state.decisions_made())))
    return messages


def numbers(data: object, path: tuple = ()) -> list[tuple]:
    """The path of every whole number in a JSON value (not true or false)."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in numbers(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in numbers(v, (*path, i))]
    return [path] if type(data) is int else []


def lists(data: object, path: tuple = ()) -> list[tuple]:
    """The path of every list in a JSON value."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in lists(v, (*path, k))]
    if isinstance(data, list):
        return [path, *(p for i, v in enumerate(data) for p in lists(v, (*path, i)))]
    return []


def attacks(message: dict[str, Any]) -> list[tuple[tuple, str, Any]]:
    """Every hostile change to the message's event and view: its path, what kind of
    change it is, and the value put there."""
    changed = [(path, repr(n), n) for part in ("event", "view")
               for path in numbers(message[part], (part,)) for n in NUMBERS]
    for part in ("event", "view"):
        for path in lists(message[part], (part,)):
            values = _at(message, path)
            changed.append((path, "empty", []))
            if values:
                changed += [(path, "short", values[:-1]), (path, "long", [*values, values[-1]])]
    return changed


def shape(message: dict[str, Any], path: tuple) -> tuple:
    """A place as the same place in every message of its kind (list positions alike)."""
    return (message["event"]["type"] if path[0] == "event" else "view",
            *(k if isinstance(k, str) else "*" for k in path))


def test_every_number_and_list_of_an_update_from_the_wire_is_refused_or_handled(game):
    screens = screens_of(game)
    tried: set[tuple] = set()
    refused, handled, failed = 0, 0, []
    for options in setups(game):
        messages = seeded_updates(game, options)
        for before, message in zip(messages[:1] + messages, messages):
            previous = update_from_message(game, before)  # every honest one is read,
            assert game.wire.view_to_json(previous.view) == before["view"]  # exactly
            for path, change, value in attacks(message):
                if (shape(message, path), change) in tried:
                    continue
                tried.add((shape(message, path), change))
                try:
                    update = update_from_message(game, with_text(message, path, value))
                except ProtocolError:
                    refused += 1
                    continue
                for personal in (True, False):  # a player's log, a watcher's
                    log = screens.log(Look(), personal=personal, memory_aid=True)
                    try:
                        log.start(previous)
                        log.add(update)
                        log.text(update.view)
                    except Exception as e:  # each is reported below
                        failed.append((shape(message, path), change, repr(e)[:120]))
                handled += 1
    assert failed == [], "\n".join(map(str, failed))
    # Seats beyond the table are refused; the test reached both outcomes.
    assert refused and handled


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_hand_of_more_cards_than_the_deck_or_a_card_twice_is_refused(game_id):
    """A hostile table's hand of 81,000 cards was read and drawn (the client spent its
    time on it); a card twice in a hand is no deal either. Both are one ProtocolError,
    in every game (Tiny's cards repeat by design, so it is not asked)."""
    game = registry.load_game(game_id)
    [message] = [m for m in seeded_updates(game, setups(game)[0]) if len(m["view"]["hand"]) > 1][:1]
    hand = message["view"]["hand"]
    assert update_from_message(game, message).view.hand  # the honest one is read
    for bad in (hand * 81_000, [hand[0], *hand]):
        with pytest.raises(ProtocolError, match="cannot read"):
            update_from_message(game, with_text(message, ("view", "hand"), bad))
