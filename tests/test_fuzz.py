"""Hostile input never crashes anything: records of every game changed at random replay
or are refused in one line (RecordError); a protocol line of any bytes is a message or
one ProtocolError; a view or event of any JSON from a table is read or refused; a byte
stream cut anywhere gives the same lines."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ebbes_tui.game.errors import RecordError
from ebbes_tui.game.records import parse_record_text
from ebbes_tui.game.registry import all_games
from ebbes_tui.table.protocol import (
    CLIENT_LINE_LIMIT, LineSplitter, ProtocolError, parse_client_message, update_from_message,
)

RECORDS = sorted(p for p in (Path(__file__).parent / "records").rglob("*.json")
                 if not p.name.endswith(".expected.json"))
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


def _paths(record: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a record a value sits, as a path of keys and indexes."""
    found = [prefix]
    if isinstance(record, dict):
        for key, value in record.items():
            found += _paths(value, prefix + (key,))
    elif isinstance(record, list):
        for i, value in enumerate(record):
            found += _paths(value, prefix + (i,))
    return found


@st.composite
def changed_records(draw: st.DrawFn) -> dict:
    """A shared record of some game with one to three values replaced or removed."""
    path = draw(st.sampled_from(RECORDS))
    record = json.loads(path.read_text())
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _paths(record) if p]
        place = draw(st.sampled_from(places))
        parent = record
        for key in place[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[place[-1]]
        else:
            parent[place[-1]] = draw(JSON)
    return record


@SETTINGS
@given(changed_records())
def test_a_changed_record_of_any_game_replays_or_is_refused_in_one_line(record):
    try:
        game, data = parse_record_text(json.dumps(record))
        game.records.replay(data)
    except RecordError as e:
        assert str(e) and "\n" not in str(e)


@SETTINGS
@given(st.binary(max_size=300))
def test_any_bytes_from_a_client_are_a_message_or_one_protocol_error(line):
    try:
        message = parse_client_message(line)
    except ProtocolError as e:
        assert e.code and e.text
    else:
        assert isinstance(message, dict) and isinstance(message["type"], str)


@SETTINGS
@given(st.sampled_from([g.id for g in all_games()]), JSON, JSON)
def test_any_state_message_from_a_table_is_read_or_refused(game_id, view, event):
    game = next(g for g in all_games() if g.id == game_id)
    try:
        update_from_message(game, {"type": "state", "seq": 1, "decision": 0, "view": view,
                                   "event": event})
    except ProtocolError as e:
        assert e.text


@SETTINGS
@given(st.lists(st.binary(max_size=40), max_size=12), st.data())
def test_lines_come_out_the_same_however_the_stream_is_cut(parts, data):
    stream = b"\n".join(parts) + b"\n"
    whole = LineSplitter(CLIENT_LINE_LIMIT).feed(stream)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    splitter = LineSplitter(CLIENT_LINE_LIMIT)
    pieces = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)])]
    assert [line for piece in pieces for line in splitter.feed(piece)] == whole


def test_the_fuzzed_records_cover_every_game():
    formats = {json.loads(p.read_text())["format"] for p in RECORDS}
    assert formats == {g.records.format for g in all_games()}
