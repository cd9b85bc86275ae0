"""Fast playouts for search: a deal played on to its end, unchecked, by a cheap policy
(each hand arranged ascending; lead the lower end; follow by shedding a beaten card,
hens first, else ducking low, or dumping high when taking the trick anyway; the
reward *hand*, naming the left neighbour; the best option), with a little
randomness so playouts differ."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules.actions import LEADER, REWARD
from ..rules.cards import IS_HEN, PENALTY, PLAYER_COUNTS, REWARD_HAND
from ..rules.scoring import option_gains, preselected
from ..rules.state import (
    ARRANGE, NAME_LEADER, OPTION, PLAY, REWARD_CHOICE, HuhnState, new_tuple,
)
from ..rules.tricks import LEFT, RIGHT, SEATS_FROM, SYMBOLS_COUNTED, Trick

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
                    s.arrange_fast(who, tuple(sorted(s.hands[who])))
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
    trick in progress only), each card face up from an end: what
    :meth:`HuhnState.play_card` does card by card, without its calls. A trick without a
    pig card that is not the deal's last is taken here as :meth:`HuhnState.finish_trick`
    takes it (H6 the highest card, H7 its hens and penalty), the deal's running values
    kept in locals; they are written back for the trick that may earn a reward (H8), the
    last (the Sau, H6; the option, H11) or ``one``'s, which finish_trick finishes."""
    hands, n, last = s.hands, s.n, s.size - 1
    seats_from, up = SEATS_FROM[n], _UP[:n]
    while True:
        trick, ends = s.trick, s.trick_ends
        downs = tuple(s.trick_downs) + up[len(trick):]  # every card from here face up
        leader, tricks, advantage = s.leader, s.tricks, s.advantage
        hens: list[int] | None = None  # copied once a trick taken here changes them
        penalties: list[tuple[int, ...]] = []
        best, counted = -1, 0  # the highest card; hens and pig cards (SYMBOLS_COUNTED)
        for card in trick:  # played before the playout
            counted += SYMBOLS_COUNTED[card]
            if card > best:
                best = card
        while True:
            seats = seats_from[leader]
            if len(tricks) == last:  # each hand's one card, at its left end too
                for seat in seats[len(trick):]:
                    trick.append(hands[seat].pop())
                    ends.append(LEFT)
                break
            last_seat = seats[-1]
            for seat in seats[len(trick):] if trick else seats:  # two cards in hand or more
                hand = hands[seat]
                left, right = hand[0], hand[-1]
                if rand() < EXPLORE:
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
                elif seat == last_seat:  # the trick's last card takes it anyway: the higher, a hen last
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
                counted += SYMBOLS_COUNTED[card]
                if card > best:
                    best = card
            if one or counted >= 8:
                break
            cards = tuple(trick)
            winner = seats[cards.index(best)]  # the Sau takes the 49 in the last trick only
            tricks += (new_tuple(Trick, (leader, cards, seats, downs, tuple(ends),
                                         winner, False, advantage)),)
            if counted:  # its hens, fewer than 8
                if hens is None:
                    hens, penalties = list(s.hens), list(s.penalties)
                hens[winner] += counted
                if counted >= 2:
                    penalties[winner] += (PENALTY[counted],)
            leader = winner
            trick, ends, downs, advantage = [], [], up, None
            best, counted = -1, 0
        s.trick, s.trick_downs, s.trick_ends = trick, list(downs), ends
        s.leader, s.tricks, s.advantage = leader, tricks, advantage
        if hens is not None:
            s.hens, s.penalties = tuple(hens), tuple(penalties)
        s.finish_trick()
        if one or s.phase != PLAY:
            return
