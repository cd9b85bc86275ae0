"""Random-simulation test in the style of OpenSpiel's RandomSimTest: a thousand seeded
games over every player count and variant (``ebbes simulate --games 10000`` plays more),
all through the one game loop, with every invariant checked after every action and each
game's record replayed."""

import random
from dataclasses import replace

import pytest
from helpers import config, play_random, random_choice

from ebbes_tui.game.records import dumps
from ebbes_tui.games.ebbes.rules import (
    GameState, Phase, dealer_from, decisions, parse_record, player_view, replay, to_record,
)
from ebbes_tui.games.ebbes.rules.invariants import faults

SETUPS = [
    (players, more, choose)
    for players in (2, 3, 4, 5)
    for more in (False, True)
    for choose in (False, True)
    if not (players == 2 and more)
]
GAMES = 1_008  # over all 14 setups: the thousand the guide asks for
GAMES_PER_SETUP = GAMES // len(SETUPS)


def check_invariants(state: GameState) -> None:
    """What must hold after every action (and every deal): the game's own list."""
    assert faults(state) == []


class Peeking(GameState):
    """A state whose view shows seat 0 a card of seat 1's hand."""
    __slots__ = ()

    def view(self, seat):
        seen = super().view(seat)
        return replace(seen, hand=seen.hand + (self.hands[1][0],)) if seat == 0 else seen


def test_the_invariants_catch_a_broken_state():
    """A card held twice, a card shown to a seat that may not see it, a total off: each
    is caught."""
    rng = random.Random(4)
    state = GameState(config(4))
    play_random(state, rng, until=lambda s: s.phase is Phase.PLAY and len(s.tricks) == 2)
    doubled = state.clone()
    doubled.hands[0] = doubled.hands[0] + [doubled.hands[1][0]]
    assert any("each once" in f for f in faults(doubled))
    peeking = state.clone()
    peeking.__class__ = Peeking
    assert faults(peeking) == ["seat 0's view shows a hidden card (R18)"]
    late = state.clone()
    play_random(late, rng, until=lambda s: s.phase is Phase.DEAL and s.results)
    late.totals[0] += 1
    assert any("totals" in f for f in faults(late))


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
