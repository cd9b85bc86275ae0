"""Fast playouts for search: the game played on to its end by a cheap policy (phase 1
at random, phase 2 mostly as the normal bot plays it: phase 2 decides who is the
hund), on the unchecked path. Every playout ends: a phase-2 position that comes round
a third time ends the game (N17)."""

from __future__ import annotations

import random

from ..rules.actions import PLAY, SJANSE, UNDERTREKK, Action
from ..rules.cards import RANK_OF, SUIT_OF
from ..rules.state import HundState, Phase
from ..rules.tricks import legal_plays

#: How often a phase-2 playout move is random rather than the cheapest, so that
#: playouts try other lines than the normal bot's.
EXPLORE = 0.15


def rollout(state: HundState, seat: int, rng: random.Random) -> float:
    """Play ``state`` (a copy of it) to the end of the current game and say how it went
    for ``seat``: 0 for the hund, about 1 otherwise (:func:`place_value`)."""
    st = state.clone()
    games = len(st.results)
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
            trump = st.trump_suit
            plays = legal_plays(hand, top, trump, st.series)
            play: Action
            if not plays:
                play = UNDERTREKK
            elif rand() < EXPLORE:
                play = plays[int(rand() * len(plays))]
            else:  # the normal bot's way: lead low, beat cheap, keep trumps
                play = min(plays, key=lambda p: (SUIT_OF[p.cards[-1]] == trump,
                                                 RANK_OF[p.cards[-1]], -len(p.cards)))
            st.apply_fast(play, mover)
    return place_value(st, games, seat)


def place_value(st: HundState, games_before: int, seat: int) -> float:
    """How the game after ``games_before`` ended for ``seat``: 0 for the hund, the only
    result a match counts (N16); otherwise 1 for first out, a little less for each
    later place (players a repetition left in play share one, N17)."""
    result = st.results[games_before]
    if result.hund == seat:
        return 0.0
    return 1.0 - PLACE_WEIGHT * (result.place(seat) - 1) / (st.n - 1)


#: How much the order of going out counts beside not being the hund.
PLACE_WEIGHT = 0.1

