"""What a seat may see in Hund (N15), the wire codec of views and events, and the
view's speed-relevant shape."""

from __future__ import annotations

import dataclasses
import json
from typing import get_args

import pytest

from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.cards import CODES
from ebbes_tui.games.hund.codec import EVENTS, VIEW_FIELDS
from ebbes_tui.games.hund.rules.events import Event
from ebbes_tui.games.hund.rules.invariants import codes_in_json, faults
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.rules.view import HundView

from hund_support import decisions, late, play, random_match


def _seen(state, seat) -> set[str]:
    """Every card ``seat`` has seen in this game, worked out from the state alone."""
    seen = {c for t in state.tricks for c in t.cards}
    if state.phase is Phase.COLLECT:
        seen.update(state.t_cards)
    seen.update(c for m in state.log2 for c in m.cards)
    if state.phase2_hands is not None:
        seen.add(state.trump_card)
    if seat is not None:
        seen.update(state.hands[seat])
    return {CODES[c] for c in seen}


GAMES = [(2, 11, False), (3, 12, True), (4, 13, False), (5, 14, True), (6, 15, False)]


@pytest.mark.parametrize("players, seed, series", GAMES)
def test_every_view_round_trips_the_wire_and_shows_only_cards_the_seat_has_seen(
        players, seed, series):
    events_seen = 0
    for state in decisions(players, seed, series=series, games=1):
        for seat in (None, *range(players)):
            view = state.view(seat)
            data = json.loads(json.dumps(GAME.wire.view_to_json(view)))
            assert GAME.wire.view_from_json(data) == view
            assert codes_in_json(data) <= _seen(state, seat)
        clone = state.clone()
        for event in clone.apply(clone.legal(clone.turn)[-1], clone.turn):
            data = json.loads(json.dumps(GAME.wire.event_to_json(event)))
            assert data["type"] == type(event).__name__
            assert GAME.wire.event_from_json(data) == event
            assert codes_in_json(data) <= _seen(clone, None) | _seen(state, None)
            events_seen += 1
    assert events_seen > 100


def test_a_view_never_holds_another_hand_the_pile_the_trump_card_or_the_aside():
    state = random_match(2, 21)
    hidden = {CODES[c] for c in state.deal.aside} | {CODES[c] for c in state.pile}
    hidden |= {CODES[c] for c in state.hands[1]}
    data = GAME.wire.view_to_json(state.view(0))
    assert not codes_in_json(data) & hidden
    assert data["hand"] == [CODES[c] for c in state.hands[0]]
    assert data["aside_size"] == 10 and data["pile_size"] == 36
    assert GAME.wire.view_to_json(state.view(None))["hand"] == []


def test_the_trump_card_shows_only_when_phase_2_begins():
    state = late(["AS", "2C", "4C"], leader=0, trump="7D", holder=2)
    assert state.view(2).trump_card == -1 and state.view(2).trump_holder == 2
    play(state, "AS 2C 4C")
    assert state.view(0).trump_card == state.trump_card and state.view(0).trump == 2


def test_the_hand_is_sorted_by_suit_and_rank_and_the_last_trick_is_shown():
    for state in decisions(4, 31):
        if state.phase is Phase.SHED and len(state.hands[state.turn]) > 8 and state.last2:
            view = state.view(state.turn)
            codes = [CODES[c] for c in view.hand]
            suits = [c[-1] for c in codes]
            assert suits == sorted(suits, key="SHDC".index)
            assert list(view.hand) == sorted(view.hand)
            assert view.last_trick == state.last2 and view.tricks == tuple(state.tricks)
            return
    raise AssertionError("no big phase-2 hand")


def test_the_invariants_catch_a_view_showing_another_seats_hand(monkeypatch):
    state = random_match(3, 5)
    assert faults(state) == []
    leak = state.view(0)._replace(hand=tuple(state.hands[1]))
    state._views[0] = leak
    assert any("not its own" in f for f in faults(state))


def test_the_invariants_catch_a_lost_card():
    state = random_match(3, 5)
    state.pile.pop()
    assert any("51 different cards" in f for f in faults(state))


def test_a_malformed_view_is_refused():
    data = GAME.wire.view_to_json(random_match(3, 1).view(0))
    for key, value in (("hand", ["ZZ"]), ("seat", "0"), ("phase", "war"), ("log", [[0, [], True]])):
        bad = dict(data, **{key: value})
        with pytest.raises((ValueError, TypeError, KeyError)):
            GAME.wire.view_from_json(bad)
    with pytest.raises(KeyError):
        GAME.wire.view_from_json({k: v for k, v in data.items() if k != "tally"})
    assert GAME.wire.event_from_json({"type": "Unknown"}) is None


def test_the_view_has_the_seam_fields():
    view = random_match(4, 2).view(1)
    assert isinstance(view, HundView)
    assert view.seat == 1 and len(view.seats) == 4 and view.deciding == (view.to_play[0],)
    assert view.position() == (1, 0) and not view.over
    assert view.actions == () or view.seat in view.deciding


def test_every_event_and_every_field_is_on_the_wire():
    assert set(VIEW_FIELDS) == set(HundView._fields)
    assert {cls for cls, _ in EVENTS.events.values()} == set(get_args(Event))
    for cls, kinds in EVENTS.events.values():
        assert set(kinds) == {f.name for f in dataclasses.fields(cls)}, cls
