"""Fast playouts for search: a deal played on to its end, unchecked, by a cheap policy
(each hand arranged ascending; lead the lower end; follow by shedding a beaten card,
hens first, else ducking low, or dumping high when taking the trick anyway; the
reward *hand*, naming the left neighbour; the best option), with a little
randomness so playouts differ."""

from __future__ import annotations

import random

from ..rules.actions import LEADER, REWARD, Arrange
from ..rules.cards import IS_HEN, REWARD_HAND
from ..rules.scoring import option_gains, preselected
from ..rules.state import ARRANGE, NAME_LEADER, OPTION, PLAY, REWARD_CHOICE, HuhnState

#: How often a playout plays a random end card instead of the policy's.
EXPLORE = 0.1


def rollout(state: HuhnState, seat: int, rng: random.Random) -> float:
    """Play a copy of ``state`` to the end of its deal and return how ``seat``'s
    total changed, less the other seats' average change (higher is better)."""
    s = state.clone()
    before = s.totals[:]
    play_out(s, rng)
    change = [t - b for t, b in zip(s.totals, before)]
    others = [c for i, c in enumerate(change) if i != seat]
    return change[seat] - sum(others) / len(others)


def play_out(s: HuhnState, rng: random.Random) -> None:
    """Finish the current deal of ``s`` in place (nothing when no deal is on)."""
    deals = len(s.scores)
    rand = rng.random
    n = s.n
    while len(s.scores) == deals:
        phase = s.phase
        if phase == PLAY:
            hand = s.hands[s.to_move]
            trick = s.trick
            left, right = hand[0], hand[-1]
            if left == right:
                card = left
            elif rand() < EXPLORE:
                card = left if rand() < 0.5 else right
            elif not trick:
                card = left if left < right else right
            else:
                best = max(trick)
                beaten = [c for c in (left, right) if c < best]
                if beaten:
                    card = max(beaten, key=lambda c: (IS_HEN[c], c))
                elif len(trick) == n - 1:
                    card = max((left, right), key=lambda c: (not IS_HEN[c], c))
                else:
                    card = left if left < right else right
            s.play_card(card, False)
        elif phase == ARRANGE:
            for who, order in enumerate(s.orders):
                if order is None:
                    s.apply_fast(Arrange(tuple(sorted(s.hands[who]))), who)
        elif phase == REWARD_CHOICE:
            kind = REWARD_HAND if REWARD_HAND in s.supply else s.supply[0]
            s.apply_fast(REWARD[kind], s.taker)
        elif phase == NAME_LEADER:
            s.apply_fast(LEADER[(s.taker + 1) % n], s.taker)
        elif phase == OPTION:
            taker = s.taker
            options = s.options()
            gains = option_gains(options, taker, s.hens, s.penalties, s.tricks[-1], s.scores)
            s.apply_fast(preselected(options, gains), taker)
        else:
            return
