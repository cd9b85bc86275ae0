"""Blindes Huhn extrem views (H13) and the wire codec: what each seat sees, every view
and event of seeded games through JSON and back unchanged, hostile JSON refused."""

import copy
import dataclasses
import json

import pytest
from huhn_support import decisions_of, finished, hands_with, json_paths, play, state_of
from hypothesis import given, settings
from hypothesis import strategies as st

from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.rules.actions import ArrangeChoices
from ebbes_tui.games.huhn.rules.invariants import cards_shown, hidden_from
from ebbes_tui.games.huhn.rules.view import HuhnView, Table


def test_the_view_lists_exactly_these_fields():
    """``cards_shown`` (the privacy invariant) reads every field with cards: a new
    field must be added there, so this list is pinned."""
    assert [f.name for f in dataclasses.fields(HuhnView)] == [
        "seat", "deciding", "actions", "hand", "trick", "hand_sizes", "moves", "table"]
    assert list(Table._fields) == [
        "seats", "phase", "deal", "deals", "dealt", "dealer", "arranged", "leader", "named_by",
        "advantage", "tricks", "taken", "hens", "penalties", "rewards", "supply",
        "reward_log", "leader_log", "scores", "crossed", "totals"]


def test_no_view_holds_a_card_hidden_from_its_seat():
    """H13 over seeded games: another hand, a face-down card before its trick is
    complete; the spectator sees no hand at all."""
    for players in (2, 3, 5):
        for state in decisions_of(players, 11, deals=1):
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert not cards_shown(view) & hidden_from(state, seat)
                text = json.dumps(GAME.wire.view_to_json(view))
                assert '"hand": []' in text if seat is None else True


def test_the_deciding_seat_sees_its_answers_and_nobody_elses():
    state = state_of(hands_with(3, {0: ([20], [30])}), dealer=2)
    assert {a.card for a in state.view(0).actions} == {20, 30}
    assert state.view(1).actions == () and state.view(None).actions == ()
    assert state.view(1).to_move == 0 and state.view(1).deciding == (0,)


def test_position_counts_the_deal_and_its_decisions():
    state = state_of(hands_with(3, {}), dealer=2)
    assert state.view(0).position() == (1, 3)  # three arrangements
    play(state, "0 26")
    assert state.view(None).position() == (1, 5)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_view_of_seeded_games_round_trips_through_the_wire(players):
    arranging = False
    for state in decisions_of(players, 3, deals=2):
        for seat in [*range(players), None]:
            view = state.view(seat)
            arranging = arranging or isinstance(view.actions, ArrangeChoices)
            data = json.loads(json.dumps(GAME.wire.view_to_json(view)))
            assert GAME.wire.view_from_json(data) == view
    assert arranging


@pytest.mark.parametrize("players", [2, 4])
def test_every_event_of_seeded_games_round_trips(players):
    kinds = set()
    rec = GAME.records.to_record(finished(players, 8, deals=2))
    events = []
    GAME.records.replay(rec, lambda s, ev: events.extend(ev))
    for event in events:
        data = json.loads(json.dumps(GAME.wire.event_to_json(event)))
        kinds.add(data["type"])
        assert GAME.wire.event_from_json(data) == event
    assert {"deal_started", "hand_arranged", "play_begins", "card_played", "trick_taken",
            "reward_taken", "option_chosen", "deal_scored", "game_over"} <= kinds


def test_events_of_other_games_are_not_this_games():
    assert GAME.wire.event_to_json(object()) is None
    assert GAME.wire.event_from_json({"type": "round_scored"}) is None


def _a_view_json():
    state = state_of(hands_with(3, {0: ([28], [])}), dealer=2)
    play(state, "28d 25")
    return GAME.wire.view_to_json(state.view(1))


BASE = _a_view_json()


@pytest.mark.parametrize("change", [
    lambda d: d.update(seat=7),
    lambda d: d.update(hand=[50]),
    lambda d: d.update(hand=[True]),
    lambda d: d.update(phase="dance"),
    lambda d: d["trick"].append([1, 99, False, "left"]),
    lambda d: d["trick"][0].__setitem__(3, "top"),
    lambda d: d.update(supply=["gold"]),
    lambda d: d.update(penalties=[[-4], [], []]),
    lambda d: d.update(arranged=[True]),
    lambda d: d.update(actions=[7]),
    lambda d: d.pop("scores"),
    lambda d: d.update(seats=[{"name": 3, "kind": "human"}] * 3),
])
def test_a_hostile_view_is_refused(change):
    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises((ValueError, TypeError, KeyError)):
        GAME.wire.view_from_json(data)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fuzzed_views_raise_only_the_codec_errors(data):
    view = copy.deepcopy(BASE)
    paths = [p for p in json_paths(view) if p]
    path = data.draw(st.sampled_from(paths))
    parent = view
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = data.draw(st.none() | st.booleans() | st.integers(-5, 60)
                                 | st.text(max_size=5) | st.lists(st.integers(), max_size=3))
    try:
        GAME.wire.view_from_json(view)
    except (ValueError, TypeError, KeyError):
        pass
