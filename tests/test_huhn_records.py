"""Blindes Huhn extrem records (huhn-record/1): the shared examples checked exactly as
the independent implementation does, every kind of fault named by deal, play and
rule, fuzzed records that never crash, save and resume at every decision, and
take-back within the deal."""

import copy
import json
import random
import subprocess
from itertools import islice
import sys

import pytest

from ebbes_tui.game.errors import IllegalMove
from huhn_support import EXAMPLES, decisions_of, json_paths, load, random_choice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ebbes_tui.game.errors import RecordError
from ebbes_tui.games.huhn import GAME


def expected(path):
    out = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    out.pop("file")
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_shared_records_give_the_independent_check_summary(path):
    state = GAME.records.replay(json.loads(path.read_text()))
    assert {"valid": True, **GAME.records.check_summary(state)} == expected(path)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_ebbes_check_json_dispatches_huhn_records(path):
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "check", "--json", str(path)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got.pop("file") == str(path) and got == expected(path)
    assert list(got) == list(expected(path))  # the key order too


def test_ebbes_check_human_lines():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "check", *map(str, EXAMPLES)],
                         capture_output=True, text=True, timeout=600)
    lines = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    by_name = {k.rsplit("/", 1)[-1]: v for k, v in lines.items()}
    assert by_name["huhn-five-players-cross.json"] == (
        "valid, 5 deals complete; totals P0 -19, P1 +5, P2 -33, P3 +3, P4 -15; "
        "crossed out: P3 deal 4; won by P1")
    assert by_name["huhn-four-players-saved-mid-deal.json"] == (
        "valid, 1 deal complete, deal 2 in progress; totals P0 -7, P1 +4, P2 +3, P3 -1")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_shared_record_is_written_back_as_it_was(path):
    original = json.loads(path.read_text())
    written = GAME.records.to_record(GAME.records.replay(original))
    assert written["deals"] == original["deals"]


def _deal(k=0, key=None, value=None, index=None):
    def change(rec):
        target = rec["deals"][k]
        if index is None:
            target[key] = value
        else:
            target[key][index] = value
    return change


BAD = [
    ("three-players", _deal(0, "plays", "25", 2),
     "deal 1, play 3: seat 2 cannot play 25: it is not in the hand, played 25 (H4)"),
    ("three-players", _deal(0, "plays", "41d", 1),
     "deal 1, play 2: seat 1 cannot play 41 face down: it has no face-down symbol, played 41d (H5)"),
    ("three-players", _deal(0, "plays", "37d", 2),
     "deal 1, play 3: seat 2 cannot play face down as the last player of a trick, played 37d (H5)"),
    ("two-players", _deal(0, "plays", "46", 10),
     "deal 1, play 11: seat 0 must play the leftmost or the rightmost card of the hand "
     "(35 or 0), played 46 (H4)"),
    ("three-players", lambda r: r["deals"][0]["hands"][0].__setitem__(0, "17"),
     "deal 1: the hands must hold each of the 36 cards in play with 3 players exactly once (H1)"),
    ("three-players", lambda r: r["deals"][0]["hands"][0].append("1"),
     "deal 1: every hand must hold 12 cards (H1)"),
    ("three-players", _deal(1, "dealer", 2), "deal 2: seat 0 deals this deal, not seat 2 (H2)"),
    ("three-players", lambda r: r["deals"].append(r["deals"][0]),
     "deal 4: the game was over after 3 deals (H2)"),
    ("three-players", _deal(0, "arranged", [True, False, True]),
     "deal 1: cards were played before every hand was arranged (H3)"),
    ("three-players", _deal(0, "rewards", "ear", 1),
     "deal 1, play 15: seat 2 cannot take the ear reward card: only down and hand left in "
     "the supply (H8)"),
    ("three-players", lambda r: r["deals"][0]["rewards"].pop(),
     "deal 1, play 33: the reward card down taken here is not listed (H8)"),
    ("three-players", lambda r: r["deals"][0]["rewards"].append("hand"),
     "deal 1: 4 reward cards are listed, but the tricks earned 3 (H8)"),
    ("three-players", _deal(0, "leaders", 3, 0),
     "deal 1, play 15: seat 2 cannot name seat 3: seats run 0 to 2 (H9)"),
    ("three-players", lambda r: r["deals"][0]["leaders"].append(1),
     "deal 1: 2 leaders are listed, but the hand reward named 1 (H9)"),
    ("three-players", lambda r: r["deals"][0].pop("option"),
     "deal 2: deal 1 has no last-trick option (H11)"),
    ("three-players", _deal(0, "option", "cross 1"),
     "deal 1, after play 36: seat 1 can cross out a deal only after taking the last trick with "
     "the 0, played cross 1 (H11)"),
    ("five-players-cross", _deal(4, "option", "cross 5"),
     "deal 5, after play 50: seat 3 can cross out only an earlier deal (deal 1 to 4), "
     "played cross 5 (H11)"),
    ("three-players", _deal(0, "option", "hennen"),
     "deal 1, after play 36: 'hennen' is not an option (expected 'hens', 'penalties', "
     "'cross K' or 'none') (H11)"),
    ("four-players-saved-mid-deal", _deal(1, "option", "hens"),
     "deal 2: an option is given before the last trick is complete (H11)"),
    ("three-players", lambda r: r["deals"][0]["plays"].append("20"),
     "deal 1, play 37: every card has already been played"),
    ("three-players", _deal(0, "dealer", "x"), "deal 1: 'dealer' must be a whole number"),
    ("three-players", _deal(0, "plays", "x", 4),
     "deal 1, play 5: 'x' is not a play (expected a card such as '31', or '28d' face down)"),
    ("three-players", lambda r: r.update(format="huhn-record/2"),
     "unknown format 'huhn-record/2' (expected 'huhn-record/1')"),
    ("three-players", lambda r: r.update(players=r["players"][:1]),
     "Blindes Huhn extrem is for 2 to 5 players, not 1"),
]


@pytest.mark.parametrize("name, change, error", BAD, ids=[b[2][:50] for b in BAD])
def test_an_invalid_record_names_the_deal_the_play_and_the_rule(name, change, error):
    rec = load(f"huhn-{name}.json")
    change(rec)
    with pytest.raises(RecordError) as caught:
        GAME.records.replay(rec)
    assert str(caught.value) == error


def test_ebbes_check_reports_an_invalid_huhn_record_in_one_line(tmp_path):
    rec = load("huhn-three-players.json")
    rec["deals"][0]["plays"][2] = "25"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "check", "--json", str(path)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 2 and out.stderr == ""
    assert json.loads(out.stdout) == {
        "file": str(path), "valid": False, "game": "huhn",
        "error": "deal 1, play 3: seat 2 cannot play 25: it is not in the hand, played 25 (H4)"}


# ------------------------------------------------------------------- fuzzing

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["0", "28d", "49", "hens", "cross 1", "ear"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=12)


BASES = {p.stem: json.loads(p.read_text()) for p in EXAMPLES}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASES)), st.data())
def test_fuzzed_records_raise_only_record_errors(name, data):
    """A shared record with one to three places replaced by any JSON value (or
    removed) replays or fails with one RecordError; never another exception."""
    rec = copy.deepcopy(BASES[name])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in json_paths(rec) if p]
        path = data.draw(st.sampled_from(paths))
        parent = rec
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, (dict, list)):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON)
    try:
        GAME.records.replay(rec)
    except RecordError as e:
        assert "\n" not in str(e) and str(e)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_raises_only_record_errors(value):
    for rec in (value, {"format": "huhn-record/1", "players": value},
                {"format": "huhn-record/1", "players": [{"name": "A"}, {"name": "B"}],
                 "deals": value}):
        try:
            GAME.records.replay(rec)
        except RecordError:
            pass


# ------------------------------------------------------------ save and resume


def _same(a, b):
    """Two states a player cannot tell apart: the same pending decisions, the same
    view for every seat and the spectator, the same record."""
    assert a.pending() == b.pending()
    for seat in [*range(a.n), None]:
        assert a.view(seat) == b.view(seat)
    assert GAME.records.to_record(a) == GAME.records.to_record(b)
    assert a.decisions_made() == b.decisions_made()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_save_at_every_decision_resumes_at_that_decision(players):
    kinds = set()
    for seed in range(3):
        for state in decisions_of(players, seed, deals=2):
            pending = state.pending()
            kinds.update(d.kind for d in pending)
            if pending and pending[0].kind == "arrange" and len(pending) < players:
                kinds.add("mid-arranging")
            resumed = GAME.records.replay(json.loads(json.dumps(GAME.records.to_record(state))))
            _same(resumed, state)
    assert {"deal", "arrange", "mid-arranging", "play", "reward", "option"} <= kinds


def test_saves_before_naming_a_leader_resume_there():
    seen = 0
    for seed in range(40):
        for state in decisions_of(3, seed, deals=1):
            if state.phase == "leader":
                _same(GAME.records.replay(GAME.records.to_record(state)), state)
                seen += 1
    assert seen >= 5


def _finish(state, seed):
    rng = random.Random(seed)
    while pending := state.pending():
        decision = pending[0]
        if decision.seat is None:
            GAME.rules.resolve_chance(state, seed)
        else:
            state.apply(random_choice(state, decision.seat, rng), decision.seat)


@pytest.mark.parametrize("stop", [3, 30, 77])
def test_a_resumed_game_goes_on_as_the_original(stop):
    """Saved at a decision and resumed, the same answers give the same game."""
    state = next(islice(decisions_of(4, 5, deals=2), stop, None))
    original = state.clone()
    resumed = GAME.records.replay(GAME.records.to_record(state))
    _finish(original, 9)
    _finish(resumed, 9)
    assert GAME.records.to_record(original) == GAME.records.to_record(resumed)
    assert original.outcome() == resumed.outcome() is not None


# ---------------------------------------------------------------- take-back


def test_take_back_cuts_before_the_seats_last_move_of_the_deal():
    rec = load("huhn-four-players-saved-mid-deal.json")
    cut = GAME.records.take_back(rec, 3)  # seat 3 led the trick in progress with its 22
    assert cut["deals"][1]["plays"] == rec["deals"][1]["plays"][:20]
    state = GAME.records.replay(cut)
    assert state.pending() == (("play", 3),) and len(state.tricks) == 5
    assert GAME.records.take_back(rec, 1)["deals"][1]["plays"] == rec["deals"][1]["plays"][:22]


def refused_take_back(record, seat) -> bool:
    with pytest.raises(IllegalMove, match="nothing of yours to take back"):
        GAME.records.take_back(record, seat)
    return True


def test_take_back_never_reaches_past_the_deal_nor_the_option():
    assert refused_take_back(load("huhn-three-players.json"), 0)  # ended by an option
    rec = load("huhn-four-players-saved-mid-deal.json")
    rec["deals"][1]["plays"] = ["26"]
    rec["deals"][1]["rewards"] = []
    assert refused_take_back(rec, 0)  # a card was played: seat 0's order stays
    rec["deals"][1]["plays"] = []
    cut = GAME.records.take_back(rec, 0)  # no card yet: the arrangement may be redone
    assert cut["deals"][1]["arranged"] == [False, True, True, True]


def _first(players, found):
    """The first state of seeded games (a copy) where ``found`` holds."""
    for seed in range(50):
        for state in decisions_of(players, seed, deals=1):
            if found(state):
                return state.clone()
    raise AssertionError("no such state in 50 games")


def test_take_back_of_a_reward_choice_reopens_it():
    state = _first(3, lambda s: s.phase == "play" and not s.trick and len(s.supply) == 2
                   and s.reward_log and s.reward_log[-1][0] == len(s.tricks)
                   and s.reward_log[-1][2] != "hand")
    seat = state.reward_log[-1][1]
    resumed = GAME.records.replay(GAME.records.take_back(GAME.records.to_record(state), seat))
    assert resumed.pending() == (("reward", seat),) and len(resumed.supply) == 3


def test_take_back_of_a_named_leader_reopens_the_naming():
    state = _first(3, lambda s: s.phase == "play" and not s.trick and s.leader_log
                   and s.leader_log[-1][0] == len(s.tricks) + 1)
    seat = state.leader_log[-1][1]
    resumed = GAME.records.replay(GAME.records.take_back(GAME.records.to_record(state), seat))
    assert resumed.pending() == (("leader", seat),)


def test_take_back_of_an_arrangement_while_others_still_arrange():
    state = _first(3, lambda s: s.phase == "arrange" and len(s.pending()) == 1)
    done = [s for s in range(3) if state.orders[s] is not None]
    cut = GAME.records.take_back(GAME.records.to_record(state), done[0])
    resumed = GAME.records.replay(cut)
    assert {d.seat for d in resumed.pending()} == {done[0], *(d.seat for d in state.pending())}
    assert resumed.hands[done[0]] == list(state.orders[done[0]])  # its order so far
