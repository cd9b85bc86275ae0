"""The sampler of Blindes Huhn extrem (for search): every sample agrees with the view
it came from (the same view for that seat: cards played, the ends they came from,
face-down backs, hand sizes), keeps the invariants, can be played to the end of the
deal; and on a small position it is uniform over the worlds an exact enumeration
finds consistent, each checked by replaying it as a record."""

import random
from collections import Counter
from itertools import permutations

import pytest
from huhn_support import decisions_of

from ebbes_tui.games.huhn.bots.rollout import rollout
from ebbes_tui.game.errors import RecordError
from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.bots.sampler import unseen_cards


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_sample_shows_its_seat_the_view_it_came_from(players):
    rng = random.Random(players)
    phases = Counter()
    for state in decisions_of(players, 21, deals=2):
        for seat in [*range(players), None]:
            view = state.view(seat)
            sample = GAME.players.sample(view, rng)
            assert sample.view(seat) == view
            assert GAME.rules.invariants(sample) == []
            phases[view.phase] += 1
            rollout(sample, seat if seat is not None else 0, rng)  # plays to the deal's end
    assert {"arrange", "play", "reward", "option"} <= set(phases)


def test_a_sample_keeps_the_known_cards_and_hides_nothing_it_was_not_shown():
    rng = random.Random(5)
    for state in decisions_of(4, 6, deals=1):
        if state.phase != "play":
            continue
        seat = state.to_move
        view = state.view(seat)
        sample = GAME.players.sample(view, rng)
        assert sample.hands[seat] == state.hands[seat]
        assert sample.tricks == state.tricks
        for i, card in enumerate(view.trick):
            if card.card is not None:
                assert sample.trick[i] == card.card
            else:  # a back: a face-down card, from the cards this seat has not seen
                assert sample.trick[i] in unseen_cards(view)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]


def _world(state, seat):
    """What the seat cannot see: the other hands in order and the face-down cards."""
    hands = tuple(tuple(h) for s, h in enumerate(state.hands) if s != seat)
    backs = tuple(c for s, c, d in zip(state.trick_seats, state.trick, state.trick_downs)
                  if d and s != seat)
    return hands, backs


def _position():
    """A seat to play late in a three-player deal, with another seat's face-down card
    in the trick and two face-down-symbol cards among the few it has not seen."""
    for seed in range(400):
        for state in decisions_of(3, seed, deals=1):
            if state.phase != "play" or len(state.tricks) < 9:
                continue
            seat = state.to_move
            view = state.view(seat)
            unseen = unseen_cards(view)
            if any(t.card is None for t in view.trick) and len(unseen) == 5 \
                    and sum(c in (16, 28, 37, 44) for c in unseen) >= 2:
                return state.clone()
    raise AssertionError("no such position in the seeded games")


def _consistent_worlds(state, seat):
    """Every world the view allows, by brute force: each way to put the unseen cards
    into the other hands (in every order) and behind the backs, kept only if the game
    replays with every rule checked and shows the seat the same view."""
    view = state.view(seat)
    record = GAME.records.to_record(state)
    deal = record["deals"][-1]
    slots = []  # (seat, position in its hand as arranged) of each unseen card
    for s, hand in enumerate(state.hands):
        if s != seat:
            order = list(state.orders[s])
            slots += [(s, order.index(c)) for c in hand]
    backs = [(s, state.orders[s].index(c), i)
             for i, (s, c, d) in enumerate(zip(state.trick_seats, state.trick, state.trick_downs))
             if d and s != seat]
    slots += [(s, at) for s, at, _ in backs]
    true_cards = [state.orders[s][at] for s, at in slots]
    played = len(deal["plays"]) - len(state.trick)
    worlds = set()
    for cards in permutations(true_cards):
        hands = [list(h) for h in deal["hands"]]
        for (s, at), card in zip(slots, cards):
            hands[s][at] = str(card)
        plays = list(deal["plays"])
        for (_, _, i), card in zip(backs, cards[-len(backs):]):
            plays[played + i] = f"{card}d"
        candidate = {**record, "deals": [{**deal, "hands": hands, "plays": plays}]}
        try:
            replayed = GAME.records.replay(candidate)
        except RecordError:
            continue
        if replayed.view(seat) == view:
            worlds.add(_world(replayed, seat))
    return worlds


def test_the_sampler_is_uniform_over_the_consistent_worlds():
    state = _position()
    seat = state.to_move
    worlds = _consistent_worlds(state, seat)
    assert _world(state, seat) in worlds and len(worlds) >= 12
    per_world = 300
    rng = random.Random(2024)
    counts = Counter(_world(GAME.players.sample(state.view(seat), rng), seat)
                     for _ in range(per_world * len(worlds)))
    assert set(counts) == worlds  # nothing inconsistent, nothing consistent missed
    # Each world's count is binomial around 300 (sd about 17): 200..400 is six sd
    # either way, and the seed is fixed.
    assert all(200 <= k <= 400 for k in counts.values()), counts
    chi2 = sum((k - per_world) ** 2 / per_world for k in counts.values())
    assert chi2 < 3 * len(worlds)
