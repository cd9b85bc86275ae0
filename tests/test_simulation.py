"""Random-simulation test in the style of OpenSpiel's RandomSimTest: thousands of
seeded games over every player count and variant, with invariants after every card."""

import random
from collections import Counter

import pytest
from helpers import config

from ebbes_tui.rules import GameState, Phase, dumps, parse_record, player_view, replay, to_record
from ebbes_tui.rules.deal import deal_next_round

SETUPS = [
    (players, more, choose)
    for players in (2, 3, 4, 5)
    for more in (False, True)
    for choose in (False, True)
    if not (players == 2 and more)
]
GAMES_PER_SETUP = 150


def check_cards(state: GameState) -> None:
    """Every card in play lies in exactly one place: a hand, the trick, or taken."""
    places = [c for h in state.hands for c in h] + list(state.trick)
    places += [c for t in state.tricks for c in t.cards]
    assert Counter(places) == Counter(state.config.deck())
    if state.dummy >= 0:
        dummy_cards = [c for c in state.up + state.down if c is not None]
        assert sorted(dummy_cards) == sorted(state.hands[state.dummy])


def check_categories(state: GameState) -> None:
    suits = state.suits
    assert len(suits) in (0, 1, 2, 3, 5) and len(set(suits)) == len(suits)
    for category, suit in enumerate(suits):
        assert state.cat_of[suit] == category


def check_turn(state: GameState) -> None:
    legal = state.legal_moves()
    hand = state.hands[state.to_move]
    assert legal and set(legal) <= set(hand)
    view = player_view(state, state.to_move)
    assert list(view.legal) == legal and list(view.hand) == hand


def play_checked_game(players: int, more: bool, choose: bool, seed: int) -> GameState:
    rng = random.Random(seed)
    state = GameState(config(players, more_cards=more, choose=choose))
    while state.phase is not Phase.GAME_OVER:
        phase = state.phase
        if phase is Phase.DEAL:
            rounds = len(state.results)
            if rounds:
                assert len(state.results[-1].score.suits) == 5  # all fixed at the round end
            deal_next_round(state, rng)
        elif phase is Phase.CHOOSE_STARTER:
            state.choose_starter(state.pending.seat, rng.randrange(state.n))
        elif phase is Phase.CHOOSE_PAIR:
            suits, numbers = state.open_pairs()
            state.choose_pair(state.pending.seat, rng.choice(suits), rng.choice(numbers))
        else:
            check_turn(state)
            state.play(rng.choice(state.legal_moves()))
            check_cards(state)
            check_categories(state)
    totals = [sum(r.score.points[s] for r in state.results) for s in range(state.n)]
    assert totals == state.totals
    return state


@pytest.mark.parametrize("players, more, choose", SETUPS)
def test_random_games_keep_every_invariant_and_round_trip_through_records(players, more, choose):
    for seed in range(GAMES_PER_SETUP):
        state = play_checked_game(players, more, choose, seed)
        record = to_record(state, {"seed": seed})
        again = to_record(replay(parse_record(dumps(record))), {"seed": seed})
        assert again == record


def test_a_record_saved_at_any_moment_replays_to_the_same_state():
    for seed in range(300):
        players, more, choose = SETUPS[seed % len(SETUPS)]
        rng = random.Random(seed)
        state = GameState(config(players, more_cards=more, choose=choose))
        stop = rng.randrange(60, 400)
        for _ in range(stop):
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.DEAL:
                deal_next_round(state, rng)
            elif state.phase is Phase.CHOOSE_STARTER:
                state.choose_starter(state.pending.seat, rng.randrange(state.n))
            elif state.phase is Phase.CHOOSE_PAIR:
                suits, numbers = state.open_pairs()
                state.choose_pair(state.pending.seat, rng.choice(suits), rng.choice(numbers))
            else:
                state.play(rng.choice(state.legal_moves()))
        if state.phase is Phase.CHOOSE_STARTER:
            continue  # not in the record until the starter is named: the controller re-deals
        again = replay(parse_record(dumps(to_record(state))))
        for seat in range(state.n):
            assert player_view(again, seat) == player_view(state, seat)
        assert again.pending == state.pending and again.totals == state.totals
