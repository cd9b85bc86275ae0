"""Sampling hidden cards from a view (for the bots' search) respects what was seen."""

import random

from test_view import random_position

from ebbes_tui.rules import Phase, player_view
from ebbes_tui.rules.cards import SUIT_OF
from ebbes_tui.rules.determinize import (
    determinized_state, known_voids, sample_hidden, unseen_cards,
)


def true_hidden(state, seat):
    hidden = {s: list(state.hands[s]) for s in range(state.n)
              if s not in (seat, state.dummy) and state.hands[s]}
    if state.dummy >= 0 and seat != state.dummy:
        hidden[state.dummy] = [c for c in reversed(state.down) if c is not None]
    return hidden


def test_a_sample_never_gives_a_player_a_suit_they_showed_void_in():
    rng = random.Random(1)
    checked = 0
    for seed in range(300):
        state = random_position(2 + seed % 4, seed)
        seat = state.to_move if state.to_move != state.dummy else state.order[state.to_move]
        view = player_view(state, seat)
        voids = known_voids(view)
        for _ in range(5):
            sample = sample_hidden(view, rng)
            for holder, cards in sample.items():
                assert len(cards) == (sum(view.dummy_down) if holder == state.dummy
                                      else view.hand_sizes[holder])
                if holder != state.dummy:
                    assert not {SUIT_OF[c] for c in cards} & voids[holder]
                    checked += bool(voids[holder])
            placed = sorted(c for cards in sample.values() for c in cards)
            assert placed == sorted(unseen_cards(view))
    assert checked > 100  # voids were really in play


def test_the_true_deal_rebuilds_the_true_state_and_plays_out_the_same():
    for seed in range(100):
        state = random_position(2 + seed % 4, seed)
        seat = state.to_move if state.to_move != state.dummy else state.order[state.to_move]
        view = player_view(state, seat)
        guess = determinized_state(view, true_hidden(state, seat))
        assert guess.hands == state.hands and guess.legal_moves() == state.legal_moves()
        rng = random.Random(seed)
        real = state.clone()
        while real.phase is Phase.PLAY:
            card = rng.choice(real.legal_moves())
            real.play_fast(card)
            guess.play_fast(card)
        assert guess.results[-1].score == real.results[-1].score

