"""The sampler of hidden cards for search: every sample agrees with everything the
seat sees and can be played to the end, and on small positions it is uniform over the
consistent worlds, counted by exact enumeration (fixed seeds: no flakes)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from ebbes_tui.game.errors import IllegalMove
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.actions import UNDERTREKK, play_of
from ebbes_tui.games.hund.rules.cards import DECK
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.bots.rollout import rollout
from ebbes_tui.games.hund.bots.sampler import unseen_cards
from ebbes_tui.games.hund.rules.tricks import beats

from hund_support import decisions, random_match, shedding


def _placed(state) -> list[int]:
    cards = [c for h in state.hands for c in h] + list(state.pile) + list(state.t_cards)
    cards += [c for t in state.taken for c in t] + list(state.gone)
    cards += [c for _, cs in state.trick2 for c in cs]
    if state.trump_card >= 0 and state.phase is Phase.COLLECT:
        cards.append(state.trump_card)
    return cards


@pytest.mark.parametrize("players, seed, series", [(2, 3, False), (3, 4, True), (4, 5, False),
                                                   (6, 6, True)])
def test_every_sample_shows_the_seat_exactly_what_it_saw_and_plays_on(players, seed, series):
    rng = random.Random(seed)
    checked = 0
    for k, state in enumerate(decisions(players, seed, series=series)):
        if k % 3:
            continue
        seat = state.turn
        view = state.view(seat)
        sample = GAME.players.sample(view, rng)
        assert sample.view(seat) == view
        assert sample.view(None)._replace(hunds=(), tally=()) == \
            state.view(None)._replace(hunds=(), tally=())
        cards = _placed(sample)
        assert len(cards) == len(set(cards)) == 52 - view.aside_size
        if state.phase is Phase.SHED and state.leftover and state.leftover[0] != seat:
            holder = state.leftover[0]
            hidden = set(sample.hands[holder]) & set(unseen_cards(view))
            tops = [m.top for m in view.log if m.took and m.seat == holder]
            assert not any(beats(c, t, view.trump) for c in hidden for t in tops)
        finish = sample.clone()
        moves = 0
        while finish.phase in (Phase.COLLECT, Phase.SHED) and moves < 3000:
            finish.apply(rng.choice(finish.legal(finish.turn)), finish.turn)
            moves += 1
        assert 0.0 <= rollout(sample, seat, rng) <= 1.0
        checked += 1
    assert checked > 20


def _chi_square(counts: Counter, worlds: list, draws: int) -> float:
    expected = draws / len(worlds)
    return sum((counts[w] - expected) ** 2 / expected for w in worlds)


def test_phase_1_samples_are_uniform_over_every_placement_of_the_unseen_cards():
    """Late in phase 1 (pile empty, trump card aside): every way to place the unseen
    cards into the other hands and the trump card is a consistent world."""
    for state in decisions(3, 41):
        view = state.view(state.turn)
        if state.phase is Phase.COLLECT and not state.pile and state.trump_card >= 0 \
                and 4 <= len(unseen_cards(view)) <= 6:
            break
    else:
        raise AssertionError("no small phase-1 position")
    seat = state.turn
    others = [s for s in range(3) if s != seat]
    unseen = unseen_cards(view)
    sizes = [view.hand_sizes[s] for s in others]
    worlds = []
    for order in set(itertools.permutations(unseen)):
        hands = []
        at = 0
        for size in sizes:
            hands.append(tuple(sorted(order[at:at + size])))
            at += size
        worlds.append((*hands, order[at]))
    worlds = sorted(set(worlds))
    truth = (*(tuple(state.hands[s]) for s in others), state.trump_card)
    assert truth in worlds
    rng = random.Random(5)
    draws = 200 * len(worlds)
    counts = Counter()
    for _ in range(draws):
        sample = GAME.players.sample(view, rng)
        counts[(*(tuple(sample.hands[s]) for s in others), sample.trump_card)] += 1
    assert set(counts) == set(worlds)
    # chi-square with len(worlds) - 1 degrees of freedom; far beyond p = 1e-6
    assert _chi_square(counts, worlds, draws) < len(worlds) + 8 * len(worlds) ** 0.5 + 30


def _consistent(view, start_hands, holder, leftover) -> bool:
    """Whether phase 2, begun with the holder's unseen leftover as given, replays every
    public phase-2 move of the view under the rules (an independent check)."""
    hands = [list(h) for h in start_hands]
    hands[holder] += leftover
    from hund_support import CODES_OF
    state = shedding([" ".join(CODES_OF(h)) for h in hands], CODES_OF([view.trump_card])[0],
                     view.trump_holder)
    for m in view.log:
        if state.turn != m.seat:
            return False
        try:
            state.apply(UNDERTREKK if m.took else play_of(m.cards), m.seat)
        except IllegalMove:
            return False
    return True


def test_phase_2_samples_are_uniform_over_the_leftover_cards_that_fit_every_undertrekk():
    """Two players: the unseen cards are the ten set aside and the opponent's leftover
    from phase 1. Each subset of the right size that replays every phase-2 move under
    the rules (an undertrekk says no card beat the top) is a world; count them all."""
    found = None
    for seed in range(300):
        for state in decisions(2, seed):
            if state.phase is not Phase.SHED or not state.leftover:
                continue
            holder = state.leftover[0]
            seat = 1 - holder
            if state.turn != seat:
                continue
            view = state.view(seat)
            takes = [m for m in view.log if m.took and m.seat == holder]
            hidden = len(set(state.hands[holder]) & set(unseen_cards(view)))
            if takes and 1 <= hidden <= 3:
                found = state, view, holder, hidden
                break
        if found:
            break
    assert found, "no two-player position with a hidden leftover and an undertrekk"
    state, view, holder, hidden = found
    unseen = unseen_cards(view)
    start = [[c for t in view.tricks if t.winner == s for c in t.cards] for s in range(2)]
    start[view.trump_holder].append(view.trump_card)
    played = [c for m in view.log if m.seat == holder and not m.took for c in m.cards
              if c not in start[holder] and c not in
              [x for n in view.log if n.took and n.seat == holder for x in n.cards]]
    worlds = [w for w in itertools.combinations(sorted(unseen), hidden)
              if _consistent(view, start, holder, played + list(w))]
    truth = tuple(sorted(set(state.hands[holder]) & set(unseen)))
    assert truth in worlds
    assert len(worlds) < len(list(itertools.combinations(unseen, hidden)))  # undertrekk told
    rng = random.Random(8)
    draws = 150 * len(worlds)
    counts = Counter()
    for _ in range(draws):
        sample = GAME.players.sample(view, rng)
        counts[tuple(sorted(set(sample.hands[holder]) & set(unseen)))] += 1
    assert set(counts) == set(worlds)
    assert _chi_square(counts, worlds, draws) < len(worlds) + 8 * len(worlds) ** 0.5 + 30


def test_with_three_or_more_players_phase_2_hides_nothing_from_a_good_memory():
    for state in decisions(4, 17):
        if state.phase is Phase.SHED and state.leftover and state.leftover[0] != state.turn:
            view = state.view(state.turn)
            samples = {tuple(map(tuple, GAME.players.sample(view, random.Random(k)).hands)) for k in range(5)}
            assert samples == {tuple(map(tuple, state.hands))}
            return
    raise AssertionError("no phase-2 position with another seat's leftover")


def test_a_sample_needs_a_decision():
    state = GAME.rules.new_state(shedding(["2C", "3C"], "2S", 0).seats, {})
    with pytest.raises(ValueError):
        GAME.players.sample(state.view(0), random.Random(1))
    assert len(DECK) == 52


def test_a_sample_counts_the_positions_that_came_round_as_the_game_did():
    """N17 holds in samples too: phase 2 is played again from its start, so a sample
    taken where a position has come round twice knows it (its view says so), and its
    playouts end."""
    found = 0
    for seed in range(40):
        state = random_match(3, seed)
        rng = random.Random(seed)
        while state.phase in (Phase.COLLECT, Phase.SHED):
            view = state.view(state.turn)
            if view.repeats == 2 and state.leftover and state.leftover[0] != state.turn:
                sample = GAME.players.sample(view, rng)
                assert sample.view(state.turn) == view
                assert 0.0 <= rollout(sample, state.turn, rng) <= 1.0
                found += 1
                break
            legal = state.legal(state.turn)
            state.apply(rng.choice(legal) if state.phase is Phase.COLLECT else legal[0],
                        state.turn)
    assert found >= 5
