"""Hund on the seam: the registry, setup and options, the match's outcome (N16), the
History and Statistics lines, the rules text."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ebbes_tui.game.errors import SetupError
from ebbes_tui.game.protocols import Decision
from ebbes_tui.game.registry import game_of_format, load_game
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.bots.rollout import place_value
from ebbes_tui.games.hund.rules.phases import Phase

from hund_support import random_match, seats

RECORDS = Path(__file__).parent / "records" / "hund"


def test_the_registry_lists_hund_by_id_and_record_format():
    assert load_game("hund") is GAME
    assert game_of_format("hund-record/1") is GAME
    assert GAME.player_counts == (2, 3, 4, 5, 6)
    assert [o.key for o in GAME.rules.options] == ["dealer", "games", "series"]
    assert all(o.explain.endswith(".") for o in GAME.rules.options)


@pytest.mark.parametrize("options, message", [
    ({"dealer": 3}, "The dealer must be a seat from 0 to 2."),
    ({"dealer": True}, "The dealer must be a seat from 0 to 2."),
    ({"games": 51}, "A match is 1 to 50 games."),
    ({"series": 1}, "The series option is on or off."),
])
def test_a_bad_setup_is_refused_in_one_sentence(options, message):
    with pytest.raises(SetupError) as e:
        GAME.rules.new_state(seats(3), options)
    assert str(e.value) == message


def test_a_new_match_waits_for_its_deal_then_for_the_left_of_the_dealer():
    state = GAME.rules.new_state(seats(4), {"dealer": 1, "games": 2})
    assert state.pending() == (Decision("deal", None),) and state.decisions_made() == 0
    assert state.view(None).kind == "deal" and state.outcome() is None
    GAME.rules.resolve_chance(state, 42)
    assert state.pending() == (Decision("play", 2),)
    assert GAME.rules.decision_seed(state, 2) == "hund:1:0:2"


def _finish(state, seed):
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.DEAL:
            GAME.rules.resolve_chance(state, seed)
        else:
            state.apply(rng.choice(state.legal(state.turn)), state.turn)
    return state


def test_n16_the_match_outcome_ranks_by_times_hund_then_places():
    state = GAME.records.replay(json.loads((RECORDS / "hund-two-players-aside.json").read_text()))
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.loser == 1 and outcome.places == (1, 2)
    assert outcome.scores == (0.0, -2.0)
    state = _finish(random_match(3, 8, games=1), 8)
    outcome = state.outcome()
    order = state.results[0].out + (state.results[0].hund,)
    assert outcome.places == tuple(order.index(s) + 1 for s in range(3))
    assert outcome.loser == state.results[0].hund
    assert set(outcome.winners) == set(range(3)) - {outcome.loser}


def test_history_and_statistics_lines():
    state = GAME.records.replay(json.loads((RECORDS / "hund-two-players-aside.json").read_text()))
    described = GAME.presentation.describe(state)
    assert described["players"] == "Bot 0, Bot 1"
    assert described["variants"] == "2 games, single cards"
    assert described["result"].startswith("game 1: Bot 1 was the hund (out: Bot 0)")
    assert described["result"].endswith("won by Bot 0")
    figures = {f.key: f for f in GAME.presentation.statistics}
    assert [f.heading for f in figures.values()] == ["Matches", "Won", "Win rate", "Games",
                                                     "Hund", "Place", "Wars won"]
    assert [figures[key].value(state, 1) for key in ("played", "won", "games", "hund", "place")] \
        == [1, False, 2, 2, 2]  # Bot 1 was the hund twice: second of two
    wars = sum(1 for r in state.results for t in r.tricks if t.krig and t.winner == 0)
    assert figures["wars_won"].value(state, 0) == wars > 0
    assert GAME.presentation.variant_key({"series": True}) == ("series", "with series")
    assert GAME.presentation.variant_key({}) == ("single", "single cards")


def test_the_rules_text_explains_the_games_words_without_ruling_numbers():
    text = GAME.presentation.rules_text()
    for word in ("Krig", "Sjanse", "Undertrekk", "Avstikk", "hund", "trump card", "Series"):
        assert word in text
    assert not re.search(r"\bN\d+\b", text)


def test_hunds_rules_load_without_textual_rich_or_ebbes_own_code():
    code = ("import sys, ebbes_tui.games.hund\n"
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
            " or m.split('.')[:2] in (['ebbes_tui', p] for p in ('rules', 'bots', 'controller',"
            " 'table', 'ui')))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_players_a_repetition_leaves_in_play_share_the_places_after_those_out():
    """N17: Kari and Per share the first place, Ola is the hund; the History line,
    the statistics' places, the match's places and a rollout's score all say so."""
    state = GAME.records.replay(json.loads(
        (RECORDS / "hund-three-players-repetition.json").read_text()))
    result = state.results[0]
    assert (result.out, result.hund, result.shared) == ((), 1, (0, 2))
    place = next(f for f in GAME.presentation.statistics if f.key == "place")
    assert [place.value(state, s) for s in range(3)] == [1, 3, 1]
    assert state.outcome().places == (1, 3, 1)
    assert GAME.presentation.describe(state)["result"].startswith(
        "game 1: Ola was the hund (the same position came round a third time)")
    assert [place_value(state, 0, s) for s in range(3)] == [1.0, 0.0, 1.0]
