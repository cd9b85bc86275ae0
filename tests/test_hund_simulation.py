"""1,000 seeded random games of Hund through the seam's random simulation, with the
game's invariants after every action (52 cards conserved, no hidden card in any view,
the game ends), and the fast path playing the same games as the checked one."""

from __future__ import annotations

import random

import pytest

from ebbes_tui.game.simulate import random_games
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.phases import Phase

from hund_support import random_match

#: (players, series, games per match): every player count, with and without series,
#: some matches of two games; 1,000 games in all.
SETUPS = [(players, series) for players in range(2, 7) for series in (False, True)]
GAMES = 1_000


@pytest.mark.parametrize("players, series", SETUPS)
def test_random_games_keep_every_invariant(players, series):
    games = GAMES // len(SETUPS)
    report = random_games(GAME, players, games // 2, seed=1000 * players + series,
                          options={"series": series, "games": 2})
    assert report.faults == []
    assert report.games == games // 2  # matches of two games: each game ended
    assert report.actions > games * 20


@pytest.mark.parametrize("players, series", [(2, False), (4, True), (6, False)])
def test_the_fast_path_plays_the_same_game_as_the_checked_one(players, series):
    for seed in range(15):
        checked = random_match(players, seed, series=series)
        fast = checked.clone()
        rng = random.Random(seed)
        while checked.phase in (Phase.COLLECT, Phase.SHED):
            assert fast.legal(fast.turn) == checked.legal(checked.turn)
            action = rng.choice(checked.legal(checked.turn))
            fast.apply_fast(action, fast.turn)
            checked.apply(action, checked.turn)
        assert GAME.records.to_record(fast) == GAME.records.to_record(checked)
        assert fast.tally == checked.tally and fast.results == checked.results


#: A bound on one game's moves that only a game going on for ever reaches (the longest
#: game below takes a few hundred).
HANG = 100_000


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_game_ends_even_when_phase_2_always_makes_its_first_legal_move(players):
    """Phase 1 at random, phase 2 by a fixed choice: then a position that comes round
    once comes round for ever, but the third time ends phase 2 (N17), with the
    invariants after every move, the fast path ending each game alike."""
    repeated = 0
    for seed in range(40):
        state = random_match(players, seed)
        fast = state.clone()
        rng = random.Random(seed)
        moves = 0
        while state.phase in (Phase.COLLECT, Phase.SHED) and moves < HANG:
            legal = state.legal(state.turn)
            action = rng.choice(legal) if state.phase is Phase.COLLECT else legal[0]
            fast.apply_fast(action, fast.turn)
            state.apply(action, state.turn)
            assert GAME.rules.invariants(state) == []
            moves += 1
        assert state.phase is Phase.OVER, f"seed {seed}: no hund after {moves} moves"
        assert fast.results == state.results
        repeated += bool(state.results[0].shared)
    assert repeated > 20  # most such games end by N17
