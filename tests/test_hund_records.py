"""Hund's records (hund-record/1): the shared examples checked against their
independent expectations, writing, invalid records named by game, move and ruling,
fuzzed records, save and resume at every decision, and take-back."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ebbes_tui.game.errors import IllegalMove
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ebbes_tui.game.errors import RecordError
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.actions import SERIES, UNDERTREKK, PlayCard, parse_action
from ebbes_tui.games.hund.rules.cards import parse_card
from ebbes_tui.games.hund.rules.phases import Deal, Phase
from ebbes_tui.games.hund.rules.tricks import beats, runs

from hund_support import random_match

RECORDS = Path(__file__).parent / "records" / "hund"
EXAMPLES = sorted(p for p in RECORDS.glob("hund-*.json") if not p.name.endswith(".expected.json"))


def load(name: str) -> dict:
    return json.loads((RECORDS / name).read_text())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_shared_records_check_as_the_independent_implementation_says(path):
    state = GAME.records.replay(json.loads(path.read_text()))
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    expected.pop("file")
    assert expected.pop("valid") is True
    assert GAME.records.check_summary(state) == expected
    assert list(GAME.records.check_summary(state)) == list(expected)


def test_ebbes_check_prints_the_expected_lines_for_the_shared_records():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "check", "--json", *map(str, EXAMPLES)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(EXAMPLES)
    for path, line in zip(EXAMPLES, lines):
        got = json.loads(line)
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        assert got.pop("file") == str(path)
        expected.pop("file")
        assert got == expected and list(got) == list(expected)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_replayed_record_is_written_back_as_it_was(path):
    record = json.loads(path.read_text())
    assert GAME.records.to_record(GAME.records.replay(record)) == record


def test_check_lines_say_how_the_match_stands():
    assert GAME.records.check_line(GAME.records.replay(load("hund-two-players-aside.json"))) == (
        "valid, 2 games of 2 complete; hund: Bot 1, Bot 1; times hund: Bot 0: 0, Bot 1: 2")
    assert GAME.records.check_line(GAME.records.replay(load("hund-four-players-saved-in-phase-2.json"))) == (
        "valid, 0 games of 1 complete; game 1 in progress (phase 2, 0 out); "
        "times hund: Bot 0: 0, Bot 1: 0, Bot 2: 0, Bot 3: 0")


def test_the_check_line_says_a_game_ended_by_repetition():
    """Play test pt2 7: ``ebbes check`` said only "hund: Ola" of a game N17 ended (its
    JSON stays as the independent implementation has it)."""
    line = GAME.records.check_line(GAME.records.replay(load("hund-three-players-repetition.json")))
    assert "hund: Ola (most cards when a position came round a third time, N17);" in line


# ------------------------------------------------------------------ invalid records


def _first_move(record: dict, phase: Phase, want) -> tuple[int, object]:
    """The index of the first move of game 1 made in ``phase`` where ``want(state,
    seat)`` gives a replacement text, and that text."""
    state = GAME.rules.new_state(*GAME.records.setup_of(record))
    game = record["games"][0]
    state.start_game(Deal(game["dealer"], tuple(map(parse_card, game["aside"])),
                          tuple(tuple(map(parse_card, h)) for h in game["hands"]),
                          tuple(map(parse_card, game["pile"]))))
    for k, text in enumerate(game["plays"]):
        if state.phase is phase:
            other = want(state, state.turn)
            if other is not None:
                return k, other
        state.apply(parse_action(text), state.turn)
    raise AssertionError("no such move")


def _non_beating(state, seat):
    top = state.trick2[-1][1][-1] if state.trick2 else None
    if top is None or state.legal(seat) == (UNDERTREKK,):
        return None
    card = next((c for c in state.hands[seat] if not beats(c, top, state.trump_suit)), None)
    return None if card is None else str(PlayCard(card))


def _take_though_beating(state, seat):
    if state.trick2 and state.legal(seat) != (UNDERTREKK,):
        return "take"
    return None


def _series_lead(state, seat):
    if state.trick2:
        return None
    found = runs(state.hands[seat])
    return str(SERIES[found[0]]) if found else None


def _set(path, value):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _play_at(finder, phase=Phase.SHED):
    def change(record):
        k, text = _first_move(record, phase, finder)
        record["games"][0]["plays"][k] = text
        change.where = k + 1
    return change


BAD = [
    ("format", _set(["format"], "hund-record/2"), "unknown format"),
    ("one player", lambda r: r.update(players=r["players"][:1]), "2 to 6 players (N1)"),
    ("no games", _set(["options", "games"], 0), "(N16)"),
    ("series not a flag", _set(["options", "series"], "no"), "(N14)"),
    ("dealer not a seat", _set(["games", 0, "dealer"], 5),
     "game 1: the dealer must be a seat from 0 to 2 (N2)"),
    ("short hand", lambda r: r["games"][0]["hands"][0].pop(),
     "game 1: seat 0 must be dealt 3 cards, not 2 (N2)"),
    ("card twice", lambda r: r["games"][0]["pile"].__setitem__(0, r["games"][0]["pile"][1]),
     "is dealt twice"),
    ("not a card", _set(["games", 0, "pile", 3], "ZZ"), "game 1, pile: 'ZZ' is not a card"),
    ("aside with three", lambda r: r["games"][0]["aside"].append(r["games"][0]["pile"].pop()),
     "'aside' must hold 0 cards with 3 players (N2)"),
    ("plays not a list", _set(["games", 0, "plays"], "QC"), "game 1: 'plays' must be a list"),
    ("unknown move", _set(["games", 0, "plays", 0], "XX"), "game 1, move 1: 'XX' is not a card"),
    ("card not held", _set(["games", 0, "plays", 0], "AS"),
     "game 1, move 1: seat 1 cannot play AS: it is not in the hand (N3)"),
    ("take in phase 1", _set(["games", 0, "plays", 3], "take"),
     "game 1, move 4: seat 1 cannot take a card in before phase 2 (N10)"),
    ("series in phase 1", _set(["games", 0, "plays", 0], "JC-QC"),
     "game 1, move 1: seat 1 cannot play a series before phase 2 (N14)"),
    ("move after the end", lambda r: r["games"][0]["plays"].append("2C"),
     "the game is over, seat 1 is the hund (N13)"),
    ("a game too many", lambda r: r["games"].append(copy.deepcopy(r["games"][0])),
     "game 2: the match has only 1 game (N16)"),
    ("games not a list", _set(["games"], {}), "'games' must be a list"),
]


@pytest.mark.parametrize("name, change, message", BAD, ids=[b[0] for b in BAD])
def test_an_invalid_record_is_refused_naming_game_move_and_ruling(name, change, message):
    record = load("hund-three-players.json")
    change(record)
    with pytest.raises(RecordError) as e:
        GAME.records.replay(record)
    assert message in str(e.value)


@pytest.mark.parametrize("finder, message", [
    (_non_beating, "must beat"), (_take_though_beating, "you hold a card that beats it"),
    (_series_lead, "the series option is off")])
def test_an_illegal_phase_2_move_is_refused_with_its_move_number(finder, message):
    record = load("hund-three-players.json")
    change = _play_at(finder)
    change(record)
    with pytest.raises(RecordError) as e:
        GAME.records.replay(record)
    text = str(e.value)
    assert text.startswith(f"game 1, move {change.where}: seat ") and message in text
    assert text.endswith("(N10)") or text.endswith("(N14)")


def test_matches_of_several_games_check_order_and_dealer():
    record = load("hund-two-players-aside.json")
    record["games"][1]["dealer"] = 0
    with pytest.raises(RecordError, match=r"game 2: the dealer must be seat 1.*\(N2\)"):
        GAME.records.replay(record)
    record = load("hund-two-players-aside.json")
    record["games"][0]["plays"] = record["games"][0]["plays"][:40]
    with pytest.raises(RecordError, match=r"game 2: game 1 is unfinished.*\(N13\)"):
        GAME.records.replay(record)


def test_ebbes_check_reports_an_invalid_hund_record_with_status_2(tmp_path):
    record = load("hund-three-players.json")
    record["games"][0]["plays"][0] = "AS"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "check", "--json", str(path)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 2
    got = json.loads(out.stdout)
    assert got["valid"] is False and got["game"] == "hund"
    assert got["error"] == "game 1, move 1: seat 1 cannot play AS: it is not in the hand (N3)"


# ------------------------------------------------------------------------ fuzzing

_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6)
                     | st.sampled_from(["AS", "10H", "2C", "pile", "take", "8D-9D", "QC"]),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


_BASE = json.loads((RECORDS / "hund-two-players-aside.json").read_text())
_ALL_PATHS = [p for p in _paths(_BASE) if p]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_ALL_PATHS), _JSON | st.just("__drop__")), max_size=3))
def test_fuzzed_records_give_a_record_error_or_a_game_never_a_crash(edits):
    record = copy.deepcopy(_BASE)
    for path, value in edits:
        target = record
        try:
            for key in path[:-1]:
                target = target[key]
            if value == "__drop__":
                del target[path[-1]]
            else:
                target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        GAME.records.replay(record)
    except RecordError:
        pass


@settings(max_examples=100, deadline=None)
@given(_JSON)
def test_any_json_is_refused_or_replayed(value):
    try:
        GAME.records.replay(value)
    except RecordError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 200), st.sampled_from(["AS", "pile", "take", "KD-AD", "10C"]))
def test_a_move_changed_in_a_random_game_is_checked(seed, at, text):
    state = random_match(3, seed, series=seed % 2 == 0)
    rng = random.Random(seed)
    while state.phase in (Phase.COLLECT, Phase.SHED):
        state.apply_fast(rng.choice(state.legal(state.turn)), state.turn)
    record = GAME.records.to_record(state)
    plays = record["games"][0]["plays"]
    plays[at % len(plays)] = text
    try:
        GAME.records.replay(record)
    except RecordError as e:
        assert str(e).startswith("game 1")


# --------------------------------------------------------------- save and resume


def _same(a, b) -> None:
    assert a.pending() == b.pending()
    assert a.decisions_made() == b.decisions_made()
    for seat in (None, *range(a.n)):
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize("players, seed, series, games", [
    (2, 1, False, 2), (3, 2, True, 1), (4, 3, False, 1), (6, 4, True, 1)])
def test_a_save_at_every_decision_resumes_the_same_game(players, seed, series, games):
    state = random_match(players, seed, series=series, games=games)
    rng = random.Random(seed)
    saves = 0
    while state.phase is not Phase.OVER:
        record = json.loads(json.dumps(GAME.records.to_record(state, {"seed": seed})))
        assert record["seed"] == seed
        again = GAME.records.replay(record)
        _same(state, again)
        saves += 1
        if state.phase is Phase.DEAL:  # resumed between games: the seed deals the same
            GAME.rules.resolve_chance(state, seed)
            GAME.rules.resolve_chance(again, seed)
            _same(state, again)
            continue
        state.apply(rng.choice(state.legal(state.turn)), state.turn)
    _same(state, GAME.records.replay(GAME.records.to_record(state)))
    assert saves > 50


def test_setup_of_gives_the_seats_and_options_to_resume_with():
    seats, options = GAME.records.setup_of(load("hund-six-players-series.json"))
    assert [s.name for s in seats] == [f"Bot {i}" for i in range(6)]
    assert options == {"games": 1, "series": True, "dealer": 1}


# ------------------------------------------------------------------------ take-back


def _record_until(players, seed, stop):
    """The record of a seeded random game at the first decision where ``stop(state)``."""
    state = random_match(players, seed)
    rng = random.Random(seed)
    while not stop(state):
        state.apply(rng.choice(state.legal(state.turn)), state.turn)
    return state, GAME.records.to_record(state)


def test_take_back_in_phase_1_stays_within_the_trick_and_after_its_last_sjanse():
    for seed in range(40):
        state, record = _record_until(4, seed, lambda s: len(s.tricks) == 2 and len(s.t_cards) == 3)
        if any(state.t_sjanse):
            continue
        mover = state.t_seats[-1]
        cut = GAME.records.take_back(record, mover)
        assert cut is not None
        again = GAME.records.replay(cut)
        assert again.turn == mover and len(again.tricks) == 2 and len(again.t_cards) == 2
        first = state.t_seats[0]
        assert GAME.records.take_back(record, first)["games"][0]["plays"] == \
            record["games"][0]["plays"][:-3]
        later = [s for s in range(4) if s not in state.t_seats]
        assert refused_take_back(record, later[0])  # its moves lie in earlier tricks
        return
    raise AssertionError("no trick without sjanse in 40 games")


def test_take_back_never_reaches_back_past_a_sjanse():
    for seed in range(200):
        state, record = _record_until(3, seed, lambda s: s.phase is not Phase.COLLECT or (
            len(s.t_cards) == 2 and s.t_sjanse == [True, False]))
        if state.phase is not Phase.COLLECT:
            continue
        assert refused_take_back(record, state.t_seats[0])
        cut = GAME.records.take_back(record, state.t_seats[1])
        assert cut["games"][0]["plays"] == record["games"][0]["plays"][:-1]
        return
    raise AssertionError("no trick opened by a sjanse")


def test_take_back_in_phase_2_reaches_back_to_its_start_not_into_phase_1():
    state, record = _record_until(3, 5, lambda s: s.phase is Phase.SHED and len(s.log2) == 6)
    phase1 = len(record["games"][0]["plays"]) - 6
    leader = state.trump_holder
    cut = GAME.records.take_back(record, leader)
    assert cut is not None and len(cut["games"][0]["plays"]) >= phase1
    again = GAME.records.replay(cut)
    assert again.phase is Phase.SHED and again.turn == leader
    early, _ = _record_until(3, 5, lambda s: s.phase is Phase.SHED)
    assert refused_take_back(GAME.records.to_record(early), 0)


def test_no_take_back_once_the_game_is_over():
    state = random_match(2, 9, games=1)
    rng = random.Random(9)
    while state.phase is not Phase.OVER:
        state.apply(rng.choice(state.legal(state.turn)), state.turn)
    assert refused_take_back(GAME.records.to_record(state), 0)
    assert refused_take_back(GAME.records.to_record(state), 1)


def refused_take_back(record, seat) -> bool:
    with pytest.raises(IllegalMove, match="nothing of yours to take back"):
        GAME.records.take_back(record, seat)
    return True
