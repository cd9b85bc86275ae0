"""`ebbes check`: the shared example records and one clear line for every bad file."""

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from ebbes_tui.game.registry import all_games

RECORDS = Path(__file__).parent / "records"
EXAMPLES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))


def ebbes(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ebbes_tui", *args],
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_check_json_matches_the_independent_expectation(path):
    out = ebbes("check", "--json", str(path))
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert got.pop("file") == str(path)
    expected.pop("file")
    assert got == expected


def test_check_prints_one_line_per_file_and_a_human_summary_by_default():
    out = ebbes("check", *map(str, EXAMPLES))
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert len(lines) == len(EXAMPLES)
    three = next(line for line in lines if "three-players-basic" in line)
    assert three.endswith(
        "valid, 5 rounds complete; totals Alex +8, Haui +0, Jesko +1; won by Alex")
    saved = next(line for line in lines if "saved-mid-round" in line)
    assert "1 round complete, round 2 in progress" in saved


def _variant(tmp_path, name, change):
    record = json.loads((RECORDS / name).read_text())
    change(record)
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def _set_play(round_no, index, code):
    def change(record):
        record["rounds"][round_no]["plays"][index] = code
    return change


def _add_card(record):
    record["rounds"][0]["hands"][0].append("blue7")


def _drop_player(record):
    record["players"].pop()


BAD = [
    ("three-players-basic.json", _set_play(0, 2, "blue3"),
     "round 1, play 3: seat 2 must follow green, played blue3"),
    ("two-players-dummy.json", _set_play(0, 0, "green4"),
     "round 1, play 1: seat 0 must play brown5 (its leftmost face-up card), played green4"),
    ("three-players-basic.json", _add_card,
     "round 1: the hands must hold exactly the 30 cards of values 1-6 for 3 players"),
    ("four-players-saved-mid-round.json", _drop_player,
     "round 1: 3 hands must be dealt, not 4"),
    ("three-players-basic.json", _set_play(1, 4, "brown99"),
     "round 2, plays: 'brown99' is not a card (expected e.g. 'blue10')"),
    ("three-players-basic.json", _set_play(1, 4, "brown9"),
     "round 2, play 5: seat 1 cannot play brown9: it is not in the hand"),
    ("three-players-basic.json", lambda r: r.update(format="ebbes-record/9"),
     "unknown format 'ebbes-record/9' (expected one of "
     + ", ".join(repr(g.records.format) for g in all_games()) + ")"),
    ("three-players-basic.json", lambda r: r["rounds"][1].update(starter=7),
     "round 2: seat 2 cannot choose seat 7: seats run 0 to 2"),
    ("three-players-basic.json", lambda r: r["rounds"][2].update(number_determiner=3),
     "round 3: Number Determiner must be one of 2, 4, 5, not 3"),
    ("three-players-basic.json", lambda r: r["rounds"].append(r["rounds"][0]),
     "round 6: the game was already over"),
    ("two-players-dummy.json", lambda r: r["rounds"][0].update(dealer="x"),  # was a traceback
     "round 1: 'dealer' must be a whole number"),
    ("two-players-dummy.json", lambda r: r["rounds"][0].update(dealer=1.5),
     "round 1: 'dealer' must be a whole number"),
]


@pytest.mark.parametrize("name, change, error", BAD, ids=[b[2][:40] for b in BAD])
def test_an_invalid_record_gets_one_clear_line_and_exit_2(tmp_path, name, change, error):
    path = _variant(tmp_path, name, change)
    out = ebbes("check", "--json", str(path))
    assert out.returncode == 2 and out.stderr == ""
    assert json.loads(out.stdout) == {"file": str(path), "valid": False, "error": error}


@pytest.mark.parametrize("content, error", [
    ("{not json", "not valid JSON: Expecting property name enclosed in double quotes"
                  " at line 1 column 2"),
    ("[1, 2]", "not a game record: the JSON is not an object"),
    (b"\xff\xfe", "not a game record: not UTF-8 text"),
    ('{"format": "ebbes-record/1", "players": "x"}', "the record: 'players' must be a list"),
    ('{"format": "ebbes-record/1", "players": [{"name": "A"}], "rounds": []}',
     "ebbes is played by 2 to 5 players, not 1"),
])
def test_malformed_files_get_one_line_never_a_traceback(tmp_path, content, error):
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    out = ebbes("check", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr + out.stdout
    assert out.stdout == f"{path}: invalid: {error}\n"


def test_a_missing_file_is_reported_and_the_others_still_checked(tmp_path):
    missing = tmp_path / "nope.json"
    out = ebbes("check", "--json", str(missing), str(EXAMPLES[0]))
    assert out.returncode == 2
    first, second = [json.loads(line) for line in out.stdout.splitlines()]
    assert first == {"file": str(missing), "valid": False,
                     "error": "cannot read: No such file or directory"}
    assert second["valid"] is True


def test_check_needs_a_file():
    out = ebbes("check")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "FILE" in out.stderr


def test_a_records_names_reach_the_terminal_cleaned(tmp_path):
    """Issue 23, item 1: a record of each game whose players are named with escape
    sequences (a window title, a wiped screen, reversed text, a new line): `ebbes check`
    prints their names with nothing a terminal obeys, one line per file."""
    names = ("\x1b]0;pwned\x07Ann", "\x1b[2J\x9b31mBea\u202e", "Cy\n\rfake.json: valid")
    paths = []
    for game in all_games():
        source = next(p for p in RECORDS.rglob("*.json") if not p.name.endswith(
            ".expected.json") and json.loads(p.read_text())["format"] == game.records.format)
        record = json.loads(source.read_text())
        for player, name in zip(record["players"], names * 2):
            player["name"] = name
        paths.append(tmp_path / f"{game.id}.json")
        paths[-1].write_text(json.dumps(record))
    out = ebbes("check", *map(str, paths))
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(paths) and out.stdout.count("\n") == len(paths)
    for line in lines:
        assert not [c for c in line if c != " " and unicodedata.category(c)[0] in "CZ"], line
        assert "Ann" in line or "Bea" in line or "Cy" in line
