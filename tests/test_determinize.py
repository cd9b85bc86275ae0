"""Sampling hidden cards from a view (for the bots' search) respects what was seen."""

import random

from test_view import random_position

from ebbes_tui.games.ebbes.rules import Phase, player_view
from ebbes_tui.games.ebbes.rules.cards import SUIT_OF
from ebbes_tui.games.ebbes.rules.determinize import (
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
        guess = determinized_state(view, true_hidden(state, seat), random.Random(seed))
        assert guess.hands == state.hands and guess.legal_moves() == state.legal_moves()
        assert guess.trick_seats == state.trick_seats and guess.to_move == state.to_move
        if state.dummy >= 0:  # the face-down cards are the true ones, in some order
            assert sorted(filter(None, guess.down)) == sorted(filter(None, state.down))
            continue
        rng = random.Random(seed)
        real = state.clone()
        while real.phase is Phase.PLAY:
            card = rng.choice(real.legal_moves())
            real.play_fast(card)
            guess.play_fast(card)
        assert guess.results[-1].score == real.results[-1].score


def constrained_dummy_position():
    """A two-player position where the partner has shown a void, so every unseen
    card of that suit must lie face down with the dummy."""
    for seed in range(2000):
        state = random_position(2, seed)
        seat = state.to_move if state.to_move != state.dummy else state.order[state.to_move]
        view = player_view(state, seat)
        partner = next(s for s in range(3) if s not in (seat, state.dummy))
        voids = known_voids(view)[partner]
        forced = [c for c in unseen_cards(view) if SUIT_OF[c] in voids]
        if forced and sum(view.dummy_down) >= 3:
            return view, forced[0]
    raise AssertionError("no constrained position found")


def test_the_dummys_hidden_cards_are_spread_fairly_over_its_face_down_stacks():
    """A card that can only be the dummy's is equally likely under each face-down
    stack (before the fix it always went under the rightmost one)."""
    view, card = constrained_dummy_position()
    stacks = [i for i, lies in enumerate(view.dummy_down) if lies]
    rng = random.Random(7)
    seen = dict.fromkeys(stacks, 0)
    draws = 3000
    for _ in range(draws):
        state = determinized_state(view, sample_hidden(view, rng), rng)
        seen[state.down.index(card)] += 1
    for count in seen.values():
        assert abs(count / draws - 1 / len(stacks)) < 0.05, seen
