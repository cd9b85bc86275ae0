"""Fast playouts for search: a deal played on to its end, unchecked, by a cheap policy
(each hand arranged ascending; lead the lower end; follow by shedding a beaten card,
hens first, else ducking low, or dumping high when taking the trick anyway; the
reward *hand*, naming the left neighbour; the best option), with a little
randomness so playouts differ."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules.actions import LEADER, REWARD, Arrange
from ..rules.cards import IS_HEN, PLAYER_COUNTS, REWARD_HAND
from ..rules.scoring import option_gains, preselected
from ..rules.state import ARRANGE, NAME_LEADER, OPTION, PLAY, REWARD_CHOICE, HuhnState
from ..rules.tricks import LEFT, RIGHT

#: How often a playout plays a random end card instead of the policy's.
EXPLORE = 0.1
_UP = (False,) * max(PLAYER_COUNTS)


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
    while len(s.scores) == deals:
        phase = s.phase
        if phase == PLAY:
            play_tricks(s, rng.random)
        elif phase == ARRANGE:
            for who, order in enumerate(s.orders):
                if order is None:
                    s.apply_fast(Arrange(tuple(sorted(s.hands[who]))), who)
        elif phase == REWARD_CHOICE:
            kind = REWARD_HAND if REWARD_HAND in s.supply else s.supply[0]
            s.apply_fast(REWARD[kind], s.taker)
        elif phase == NAME_LEADER:
            s.apply_fast(LEADER[(s.taker + 1) % s.n], s.taker)
        elif phase == OPTION:
            taker = s.taker
            options = s.options()
            gains = option_gains(options, taker, s.hens, s.penalties, s.tricks[-1], s.scores)
            s.apply_fast(preselected(options, gains), taker)
        else:
            return


def play_tricks(s: HuhnState, rand: Callable[[], float], one: bool = False) -> None:
    """Play tricks by the policy while the deal waits for cards (``one``: finish the
    trick in progress only), each card face up from an end (what
    :meth:`HuhnState.play_card` does, card by card, without its calls; who moves next
    is the taker's, set when the trick is finished)."""
    hands, n = s.hands, s.n
    while True:
        trick, ends = s.trick, s.trick_ends
        seat = s.to_move
        best = max(trick) if trick else -1
        to_play = n - len(trick)
        s.trick_downs += _UP[:to_play]  # every card face up, at once
        while to_play:
            to_play -= 1
            hand = hands[seat]
            left, right = hand[0], hand[-1]
            if left == right:
                card = left
            elif rand() < EXPLORE:
                card = left if rand() < 0.5 else right
            elif best < 0:  # the lead: the lower end
                card = left if left < right else right
            elif left < best or right < best:  # shed a beaten card, a hen first, else the higher
                if right > best:
                    card = left
                elif left > best:
                    card = right
                elif IS_HEN[left] != IS_HEN[right]:
                    card = left if IS_HEN[left] else right
                else:
                    card = left if left > right else right
            elif not to_play:  # the trick's last card takes it anyway: the higher, a hen last
                if IS_HEN[left] != IS_HEN[right]:
                    card = right if IS_HEN[left] else left
                else:
                    card = left if left > right else right
            else:  # duck low
                card = left if left < right else right
            if card == left:
                del hand[0]
                ends.append(LEFT)
            else:
                hand.pop()
                ends.append(RIGHT)
            trick.append(card)
            if card > best:
                best = card
            seat = seat + 1 if seat + 1 < n else 0
        s.finish_trick()
        if one or s.phase != PLAY:
            return
