"""The unchecked fast path (``play_fast``, ``play_out``: what search plays out) plays
exactly the game the checked path (``apply``) plays when both make the same choices:
the same cards in the same tricks, won by the same seats, scored the same (R1-R9,
R16)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import config

from ebbes_tui.games.ebbes.game import GAME
from ebbes_tui.games.ebbes.rules import GameState, Phase

SETUPS = st.sampled_from([
    (2, False, False), (2, False, True), (3, False, False), (3, True, False),
    (3, False, True), (4, False, False), (4, True, False), (4, True, True),
    (5, False, False), (5, True, True),
])


class Choices:
    """One stream of choices for both paths: where a decision has more than one legal
    answer, the next number picks one (cycling); a forced answer takes none, as
    ``play_out`` never asks for the dummy's or a forced card."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers, self.used = numbers, 0

    def pick(self, options):
        if len(options) == 1:
            return options[0]
        number = self.numbers[self.used % len(self.numbers)]
        self.used += 1
        return options[number % len(options)]


def checked_game(state: GameState, seed: int, choose) -> GameState:
    """Every decision through ``pending``/``legal``/``apply``, every card checked."""
    while pending := state.pending():
        seat = pending[0].seat
        if seat is None:
            GAME.rules.resolve_chance(state, seed)
        else:
            state.apply(choose(state.legal(seat)), seat)
    return state


def fast_game(state: GameState, seed: int, choose, play_out, checked_cards: int) -> GameState:
    """Deals, starters and pairs as in :func:`checked_game`; each round's first
    ``checked_cards`` cards by ``play_fast``, the rest by ``play_out``."""
    while pending := state.pending():
        seat = pending[0].seat
        if seat is None:
            GAME.rules.resolve_chance(state, seed)
        elif state.phase is not Phase.PLAY:
            state.apply(choose(state.legal(seat)), seat)
        elif len(state.tricks) * state.n + len(state.trick) < checked_cards:
            state.play_fast(choose(state.legal_moves()))
        else:
            play_out(state)
    return state


def assert_same_game(fast: GameState, checked: GameState) -> None:
    assert fast.phase is checked.phase is Phase.GAME_OVER
    assert fast.results == checked.results  # deals, starters, pairs, tricks, scores
    assert [r.score.points for r in fast.results] == [r.score.points for r in checked.results]
    assert fast.totals == checked.totals
    assert fast.hands == checked.hands


@settings(max_examples=60, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1),
       numbers=st.lists(st.integers(0, 2**16), min_size=1, max_size=40),
       checked_cards=st.integers(0, 20))
def test_play_out_plays_the_game_apply_plays_given_the_same_choices(
        setup, seed, numbers, checked_cards):
    players, more, choose = setup
    cfg = config(players, more_cards=more, choose=choose)
    checked = checked_game(GameState(cfg), seed, Choices(numbers).pick)
    fast_choices = Choices(numbers)  # cards in hand order, as the actions are listed
    fast = fast_game(GameState(cfg), seed, fast_choices.pick,
                     lambda s: s.play_out(lambda _, legal: fast_choices.pick(legal)),
                     checked_cards)
    assert_same_game(fast, checked)


@settings(max_examples=40, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**32 - 1))
def test_play_out_with_a_random_picks_as_a_uniform_choice_among_the_legal_cards(
        setup, seed, play_seed):
    """The benchmarks' and tournaments' form: ``play_out(rng)`` draws the same numbers
    as choosing ``legal[int(rng.random() * len(legal))]`` where there is a choice."""
    players, more, choose = setup
    cfg = config(players, more_cards=more, choose=choose)

    def uniform(rng):
        return lambda options: options[int(rng.random() * len(options))] \
            if len(options) > 1 else options[0]

    checked = checked_game(GameState(cfg), seed, uniform(random.Random(play_seed)))
    rng = random.Random(play_seed)
    fast = fast_game(GameState(cfg), seed, uniform(rng), lambda s: s.play_out(rng), 0)
    assert_same_game(fast, checked)
