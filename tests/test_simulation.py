"""Random-simulation test in the style of OpenSpiel's RandomSimTest: ten thousand seeded
games over every player count and variant, all through the one game loop, with every
invariant checked after every action and each game's record replayed."""

import random
from itertools import chain

import pytest
from helpers import config, play_random, random_choice

from ebbes_tui.game.records import dumps
from ebbes_tui.games.ebbes.rules import (
    GameState, Phase, dealer_from, decisions, parse_record, player_view, replay, to_record,
)
from ebbes_tui.games.ebbes.rules.categories import FIXED_BY_CARDS
from ebbes_tui.games.ebbes.rules.tricks import seats_from, trick_winner

SETUPS = [
    (players, more, choose)
    for players in (2, 3, 4, 5)
    for more in (False, True)
    for choose in (False, True)
    if not (players == 2 and more)
]
GAMES = 10_010  # over all 14 setups
GAMES_PER_SETUP = GAMES // len(SETUPS)


def check_invariants(state: GameState) -> None:
    """What must hold after every action (and every deal)."""
    if state.phase is Phase.GAME_OVER or state.phase is Phase.DEAL:
        assert not state.trick and len(state.results) == state.round_no
        assert state.totals == [sum(r.score.points[s] for r in state.results)
                                for s in range(state.n)]
        return
    # Every card in play lies in exactly one place: a hand, the trick, or taken.
    places = sorted(chain(chain.from_iterable(state.hands), state.trick,
                          chain.from_iterable(t.cards for t in state.tricks)))
    assert places == state.config.deck()
    if state.dummy >= 0:
        dummy_cards = sorted(c for c in state.up + state.down if c is not None)
        assert dummy_cards == state.hands[state.dummy]
    # Categories: fixed in order by determiner cards, nix only with Minus.
    suits = state.suits
    assert len(suits) in (0, 1, 2, 3, 5) and len(set(suits)) == len(suits)
    assert [state.cat_of[s] for s in suits] == list(range(len(suits)))
    fixing = [c for t in state.tricks for c in t.cards] + list(state.trick)
    assert min(len([c for c in fixing if state.det[c]]), FIXED_BY_CARDS) == min(
        len(suits), FIXED_BY_CARDS)
    # Turn order: each trick's seats follow the round's order from its leader (R3);
    # earlier tricks never change, so the latest is the one to check.
    if state.tricks:
        last = state.tricks[-1]
        assert last.seats == seats_from(last.leader, state.n, state.order)
        taken = [c for t in state.tricks for c in t.cards]
        trump = next((c.suit for c in taken if state.det[c]), -1)  # as it stood then (R2)
        assert last.winner == last.seats[trick_winner(last.cards, trump)]
    assert tuple(state.trick_seats) == seats_from(state.leader, len(state.trick), state.order)
    if state.phase is Phase.PLAY:
        seat = state.to_move
        legal = state.legal_moves()
        assert legal and set(legal) <= set(state.hands[seat])
        view = player_view(state, seat)
        assert list(view.legal) == legal
        assert view.hand == (() if seat == state.dummy else tuple(state.hands[seat]))


@pytest.mark.parametrize("players, more, choose", SETUPS)
def test_random_games_keep_every_invariant_and_round_trip_through_records(players, more, choose):
    actions = 0
    for seed in range(GAMES_PER_SETUP):
        rng = random.Random(seed)
        state = GameState(config(players, more_cards=more, choose=choose))
        choose_randomly = random_choice(rng)
        for decision in decisions(state, dealer_from(rng),
                                  observe=lambda events, s=state: check_invariants(s)):
            state.apply(choose_randomly(state, decision), decision.seat)
            check_invariants(state)
            actions += 1
        check_invariants(state)
        assert state.phase is Phase.GAME_OVER
        record = to_record(state, {"seed": seed})
        again = to_record(replay(parse_record(dumps(record))), {"seed": seed})
        assert again == record
    assert actions > GAMES_PER_SETUP * 50


def test_a_record_saved_at_any_moment_replays_to_the_same_state():
    for seed in range(300):
        players, more, choose = SETUPS[seed % len(SETUPS)]
        rng = random.Random(seed)
        state = GameState(config(players, more_cards=more, choose=choose))
        steps = iter(range(rng.randrange(60, 400)))
        play_random(state, rng, first_starter=None,
                    until=lambda s, steps=steps: next(steps, None) is None)
        if state.phase is Phase.CHOOSE_STARTER:
            continue  # not in the record until the starter is named: the controller re-deals
        again = replay(parse_record(dumps(to_record(state))))
        for seat in range(state.n):
            assert player_view(again, seat) == player_view(state, seat)
        assert again.decision == state.decision and again.totals == state.totals
