"""Fast playouts for search: the game played on to its end by a cheap policy, on the
unchecked path. Phase 2 may in principle go round without end (cards can pass from
hand to hand by undertrekk, N10), so a playout stops after :data:`MAX_MOVES` and
scores the position by hand sizes instead."""

from __future__ import annotations

import random

from .actions import PLAY, SJANSE, UNDERTREKK
from .state import HundState, Phase
from .tricks import legal_plays

MAX_MOVES = 2000


def rollout(state: HundState, seat: int, rng: random.Random) -> float:
    """Play ``state`` (a copy of it) to the end of the current game and say how it went
    for ``seat``: 1 for first out down to 0 for the hund (N12, N13)."""
    st = state.clone()
    games = len(st.results)
    moves = 0
    rand = rng.random
    while st.phase is Phase.COLLECT or st.phase is Phase.SHED:
        mover = st.turn
        hand = st.hands[mover]
        if st.phase is Phase.COLLECT:
            # Any card, now and then a sjanse (never the pile's last card, N4).
            if not hand or (len(st.pile) >= 2 and rand() < 0.1):
                st.apply_fast(SJANSE, mover)
            else:
                st.apply_fast(PLAY[hand[int(rand() * len(hand))]], mover)
        else:
            top = st.trick2[-1][1][-1] if st.trick2 else None
            plays = legal_plays(hand, top, st.trump_suit, st.series)
            st.apply_fast(plays[int(rand() * len(plays))] if plays else UNDERTREKK, mover)
        moves += 1
        if moves > MAX_MOVES:
            return _by_hands(st, seat)
    return place_value(st, games, seat)


def place_value(st: HundState, games_before: int, seat: int) -> float:
    """How the game after ``games_before`` ended for ``seat``: 1 first out, 0 hund."""
    result = st.results[games_before]
    order = result.out + (result.hund,)
    return 1.0 - order.index(seat) / (st.n - 1)


def _by_hands(st: HundState, seat: int) -> float:
    """An unfinished playout: rank the seats in play by cards held (fewer is better)."""
    if seat in st.out:
        return 1.0 - st.out.index(seat) / (st.n - 1)
    mine = len(st.hands[seat])
    behind = sum(1 for s in range(st.n) if s not in st.out and len(st.hands[s]) > mine)
    return behind / (st.n - 1)

