"""Hund's normal bot: it is the hund far less often than a random player, every named
heuristic decides somewhere, and its hint sentences are true (checked against the
position and, where a sentence claims a result, against every legal continuation)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from ebbes_tui.games.hund.bots.rollout import rollout
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.actions import PLAY, SJANSE, UNDERTREKK, Series
from ebbes_tui.games.hund.rules.cards import CODES, RANK_OF, SUIT_OF, SUIT_WORD, parse_card
from ebbes_tui.games.hund.rules.events import HundFound, Krig, TrickTaken
from ebbes_tui.games.hund.bots.heuristics import RULES, leave_the_round
from ebbes_tui.games.hund.bots.judge import Judge
from ebbes_tui.games.hund.bots.hints import SENTENCES
from ebbes_tui.games.hund.bots.normal import NormalBot
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.rules.tricks import beats, can_beat

from hund_support import play, random_match, shedding


def _match(players: int, seed: int, bots: dict[int, NormalBot], series: bool = False):
    """One game; the seats in ``bots`` play normal, the others at random. Yields each
    normal decision's state before the move; returns the hund."""
    state = random_match(players, seed, series=series)
    rng = random.Random(seed)
    while state.phase in (Phase.COLLECT, Phase.SHED):
        seat = state.turn
        legal = state.legal(seat)
        if seat in bots:
            yield state
            action = bots[seat].choose(state.view(seat), legal, rng)
        else:
            action = rng.choice(legal)
        state.apply(action, seat)
    return state.hund


def _hund_of(players, seed, bots, series=False):
    gen = _match(players, seed, bots, series)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


@pytest.mark.parametrize("players", [3, 4, 6])
def test_normal_is_the_hund_far_less_often_than_random_players(players):
    games = 90
    normal = Counter()
    for seed in range(games):
        seat = seed % players
        hund = _hund_of(players, 500 + seed, {seat: NormalBot()}, series=seed % 2 == 1)
        normal["hund" if hund == seat else "not"] += 1
    rate = normal["hund"] / games
    # a random seat is the hund 1/players of the time; normal at most a third of that
    assert rate <= 1 / players / 3, rate


def test_normal_against_normal_games_end():
    bots = {s: NormalBot() for s in range(5)}
    for seed in range(12):
        assert _hund_of(5, seed, bots) in range(5)


def test_every_heuristic_decides_somewhere_in_seeded_games():
    bot = NormalBot()
    for seed in range(30):
        for players in (2, 4):
            _hund_of(players, seed, {0: bot, 1: bot}, series=seed % 2 == 0)
    names = {rule.__name__ for rules in RULES.values() for rule in rules}
    assert names - set(bot.fired) <= {"leave_the_round"}  # tested on its own below


# ------------------------------------------------------------------ true hints


def _codes_in(text: str) -> list[int]:
    return [parse_card(c) for c in re.findall(r"\b(?:10|[2-9AKQJ])[SHDC]\b", text)]


#: The templates each heuristic says.
TEMPLATE_OF = {
    "only_move": {"sjanse_empty", "only_card", "only_play", "must_take"},
    "start_krig_when_it_pays": {"start_krig"}, "take_high_cards": {"take_last", "take"},
    "sjanse_with_keepers": {"sjanse_keepers"},
    "give_low_cards": {"lead_least", "give_all_take", "give_none_takes", "give"},
    "krig_to_win": {"krig_sjanse", "krig_win"},
    "krig_to_lose": {"krig_lose", "krig_lowest_all", "krig_lowest"},
    "must_take": {"must_take"}, "beat_cheapest": {"beat_series", "beat"},
    "leave_the_round": {"leave_beatable", "leave"}, "lead_low_singleton": {"lead_singleton"},
    "lead_low_series": {"lead_series"}, "lead_low": {"lead_last", "lead_trump", "lead_low"},
}


def _check_hint(state, seat: int) -> str:
    view = state.view(seat)
    choice, name = NormalBot().decide(view)
    action, why = choice
    assert GAME.players.hint(view) == (action, why)
    said = SENTENCES.match(why)
    assert said is not None, f"a hint with no template: {why}"
    key, fields = said
    assert TEMPLATE_OF[name] >= {key}, (name, why)  # the heuristic's own words
    if ("play" in fields or "card" in fields) and key != "krig_sjanse":  # it names the best card
        assert fields.get("play", fields.get("card")) == str(action), why
    assert action in view.actions and why.endswith(".") and not re.search(r"\bN\d", why)
    hand = view.hand
    trump = view.trump
    played = action.cards if hasattr(action, "cards") else ()
    if name == "only_move":
        assert len(view.actions) == 1
        if action is SJANSE:
            assert hand == ()
        elif "your only card" in why:
            assert hand == played
    elif name == "must_take":
        assert view.actions == (UNDERTREKK,)
        assert not can_beat(hand, view.top, trump)
        first = view.shed_trick[0][1]
        assert _codes_in(why)[-len(first):] == list(first)
    elif name == "beat_cheapest":
        cost = (SUIT_OF[played[-1]] == trump, RANK_OF[played[-1]])
        assert all(cost <= (SUIT_OF[a.cards[-1]] == trump, RANK_OF[a.cards[-1]]) for a in view.actions)
        assert beats(played[-1], view.top, trump)
        if "keeping your trumps" in why:
            assert SUIT_OF[played[-1]] != trump and any(SUIT_OF[c] == trump for c in hand)
    elif name == "lead_low":
        plain = [c for c in hand if SUIT_OF[c] != trump]
        if "only trumps" in why:
            assert not plain and RANK_OF[played[0]] == min(RANK_OF[c] for c in hand)
        else:
            assert RANK_OF[played[0]] == min(RANK_OF[c] for c in plain)
    elif name == "lead_low_singleton":
        suit = SUIT_OF[played[0]]
        assert [c for c in hand if SUIT_OF[c] == suit] == [played[0]]
        assert f"your only {SUIT_WORD[suit]}" in why
    elif name == "lead_low_series":
        assert type(action) is Series and f"sheds {len(played)} low cards" in why
    elif name == "krig_to_win" and action is not SJANSE:
        assert RANK_OF[played[0]] == max(RANK_OF[c] for c in hand)
    elif name == "krig_to_win":
        assert f"your best card, {CODES[max(hand, key=RANK_OF.__getitem__)]}" in why or \
            RANK_OF[_codes_in(why)[0]] == max(RANK_OF[c] for c in hand)
    elif name == "krig_to_lose":
        assert RANK_OF[played[0]] == min(RANK_OF[c] for c in hand)
    elif name == "sjanse_with_keepers":
        assert action is SJANSE and sorted(_codes_in(why)) == sorted(hand)
    elif name == "start_krig_when_it_pays":
        mine, match, follow = _codes_in(why)
        assert mine == played[0] and RANK_OF[match] == RANK_OF[mine] and follow in hand
        rival = next(s for s, c, _ in view.trick if c == match)
        assert f"{view.seats[rival].name}'s {CODES[match]}" in why
    if view.phase == "collect" and len(view.to_play) == 1:
        _check_results(state, seat, action, why, name)
    return name


def _check_results(state, seat, action, why, name) -> None:
    """The seat plays last in this round: what it claims about taking the trick holds
    for the move chosen, and "none of your cards" / "each of your cards" for every one."""
    def result(a):
        clone = state.clone()
        events = clone.apply(a, seat)
        took = [e.seat for e in events if type(e) is TrickTaken]
        wars = [e.seats for e in events if type(e) is Krig]
        return (took and took[0] == seat and not wars), bool(wars and seat in wars[0])

    if "nobody plays after you" in why:
        assert result(action)[0]
    cards = [PLAY[c] for c in state.hands[seat]]
    if "none of your cards takes this trick" in why:
        assert not any(any(result(a)) for a in cards)
    if "each of your cards would take this trick or war for it" in why:
        assert all(any(result(a)) for a in cards)


@pytest.mark.parametrize("players, series", [(2, False), (3, True), (4, False), (6, True)])
def test_hint_sentences_are_true(players, series):
    seen = Counter()
    for seed in range(25):
        gen = _match(players, 900 + seed, {0: NormalBot(), 1: NormalBot()}, series)
        for state in gen:
            seen[_check_hint(state, state.turn)] += 1
    assert len(seen) >= 8, seen


#: Aces nobody can beat (no spades, spades trump) go round by undertrekk (N10), and
#: every twelve moves the position at the start comes round again.
ROUND = "AH take AD take AH take AD take AH take AD take"


def test_a_round_of_undertrekk_ends_phase_2_at_the_third_time_round():
    """N17: the start counts once, so the twenty-fourth move ends phase 2; seats 0 and
    2 hold two cards each, and seat 0, to move, is the first of them."""
    state = shedding(["AH 2C", "3C", "AD 4C"], trump="2S", holder=0)
    play(state, ROUND)
    assert state.phase is Phase.SHED and state.view(0).repeats == 2
    events = play(state, ROUND)
    assert len(state.moves) == 24 and state.phase is Phase.OVER
    assert [len(h) for h in state.hands] == [2, 1, 2]
    hund = next(e for e in events if type(e) is HundFound)
    assert (hund.seat, hund.out, hund.shared) == (0, (), (1, 2))


def test_the_seat_that_would_be_the_hund_leaves_the_round():
    """Twice round, seat 0 (tied on the most cards and to move) would be the hund:
    it leads another card than the ace, one the next player can beat."""
    state = shedding(["AH 2C", "3C", "AD 4C"], trump="2S", holder=0)
    play(state, ROUND)
    view = state.view(0)
    choice = leave_the_round(Judge(view, rng=random.Random(1)))
    assert choice is not None and str(choice.action) == "2C"
    assert choice.why.startswith("Lead 2C: you led AH here before, this position has come round "
                                 "twice, and once more ends phase 2 with you, holding the most "
                                 "cards, the hund")
    assert can_beat(state.hands[1], choice.action.cards[-1], view.trump)
    assert NormalBot().decide(view)[1] == "leave_the_round"
    state.apply(choice.action, 0)
    assert state.phase is Phase.SHED


def test_a_seat_that_would_not_be_the_hund_lets_the_round_end():
    """The same round with seat 1 holding a third card: it would be the hund, so
    seat 0 leads as it did before."""
    state = shedding(["AH 2C", "3C 5C 6C", "AD 4C"], trump="2S", holder=0)
    play(state, ROUND)
    view = state.view(0)
    assert view.kind == "lead" and view.repeats == 2
    assert leave_the_round(Judge(view, rng=random.Random(1))) is None


# ------------------------------------------------------------------ for search


def test_candidates_put_the_normal_move_first_and_rollouts_score_a_place():
    rng = random.Random(3)
    for k, state in enumerate(_match(4, 77, {0: NormalBot()})):
        view = state.view(0)
        legal = state.legal(0)
        ranked = GAME.players.candidates(view, legal, 3)
        assert ranked[0] == NormalBot().decide(view)[0].action
        assert len(ranked) == min(3, len(legal)) and set(ranked) <= set(legal)
        assert len(set(ranked)) == len(ranked)
        if k % 10 == 0:
            value = rollout(GAME.players.sample(view, rng), 0, rng)
            assert 0.0 <= value <= 1.0


def test_levels():
    assert GAME.players.bot("normal").level == "normal"
    with pytest.raises(ValueError):
        GAME.players.bot("hard")
