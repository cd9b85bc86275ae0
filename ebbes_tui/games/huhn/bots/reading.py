"""How the normal bot reads a view: the unseen cards, the trick so far, and simple
estimates of what a card does here (the chance it takes the trick, what the trick
costs its taker) and later (how dangerous it is to keep). Everything comes from the
seat's view (H13)."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from ..rules.cards import HIGHEST, IS_DOWN, IS_HEN, IS_PIG, LOWEST, PENALTY, REWARD_POINTS, Card
from .sampler import any_card_slot, unseen_cards
from ..rules.view import HuhnView


@dataclass(frozen=True)
class Weights:
    """The knobs a tuner turns (set by seeded duels of 1,500 deals at 4 players: with
    half the earlier danger weights the bot gained about 0.7 points a deal)."""

    #: What keeping a hen in hand costs: it may land in a trick of mine later.
    hen_hold: float = 0.3
    #: What a trick costs on average, for the danger of a high card kept for later.
    trick_cost: float = 0.6
    #: What an advantage for the next trick is worth, on top of a reward's +3.
    advantage: float = 0.5


DEFAULT_WEIGHTS = Weights()


class Reading:
    """One decision's view of the table, computed once and shared by the heuristics."""

    def __init__(self, view: HuhnView, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.view = view
        self.w = weights
        self.me = view.seat if view.seat is not None else -1
        self.n = len(view.seats)
        self.hand = view.hand
        self.trick = view.trick
        self.later = self.n - 1 - len(view.trick)  # players after me in this trick
        self.last_trick = view.last_round
        self.unseen = sorted(unseen_cards(view))
        face_up = [t.card for t in view.trick if t.card is not None and t.seat != self.me]
        self.known = face_up
        self.known_max = max(face_up, default=-1)
        self.known_hens = sum(IS_HEN[c] for c in face_up)
        self.known_pigs = sum(IS_PIG[c] for c in face_up)
        self.backs = [i for i, t in enumerate(view.trick) if t.card is None]
        u = max(1, len(self.unseen))
        self.hen_share = sum(IS_HEN[c] for c in self.unseen) / u
        self.pig_share = sum(IS_PIG[c] for c in self.unseen) / u
        played = set(view.played_cards())
        self.sau_out = HIGHEST not in played and HIGHEST not in self.hand

    # ----------------------------------------------------------- the trick

    def beaten(self, card: Card) -> bool:
        """A face-up card of another player already beats ``card``: it cannot take
        this trick (in the last trick the 0 and 49 aside, H6)."""
        if self.last_trick and (card == LOWEST or LOWEST in self.known):
            return False
        return self.known_max > card

    def below(self, card: Card) -> float:
        """The share of unseen cards lower than ``card``."""
        return bisect_left(self.unseen, card) / max(1, len(self.unseen))

    def win_chance(self, card: Card) -> float:
        """Rough chance that ``card`` takes the trick: nothing face up beats it and
        every card still to come (a back, each later player's) is lower."""
        if self.beaten(card):
            return 0.0
        f = self.below(card)
        chance = f ** self.later
        for i in self.backs:
            if any_card_slot(self.view, i):
                chance *= f
            else:
                symbols = [c for c in self.unseen if IS_DOWN[c]]
                chance *= sum(c < card for c in symbols) / max(1, len(symbols))
        return chance

    def trick_hens(self, card: Card) -> float:
        """Expected hen cards in the trick if ``card`` joins it."""
        return (self.known_hens + IS_HEN[card]
                + (self.later + len(self.backs)) * self.hen_share)

    def take_cost(self, card: Card) -> float:
        """What taking this trick with ``card`` is likely to cost (hens, a penalty,
        the no-hen bonus lost) less what it earns (a reward card)."""
        hens = self.trick_hens(card)
        low = int(hens)
        penalty = -(PENALTY[min(low, 5)] + (hens - low) * (PENALTY[min(low + 1, 5)] - PENALTY[min(low, 5)]))
        bonus = 3.0 * min(1.0, hens) if self.view.hens[self.me] == 0 else 0.0
        pigs = self.known_pigs + IS_PIG[card]
        to_come = self.later + len(self.backs)
        if pigs == 1:
            one_pig = (1 - self.pig_share) ** to_come
        elif pigs == 0:
            one_pig = to_come * self.pig_share * (1 - self.pig_share) ** max(0, to_come - 1)
        else:
            one_pig = 0.0
        reward = one_pig * (REWARD_POINTS + self.w.advantage) if self.view.supply else 0.0
        return hens + penalty + bonus - reward

    # ------------------------------------------------------------- the hand

    def danger(self, card: Card) -> float:
        """What keeping ``card`` for later is likely to cost: a high card takes tricks,
        a hen may land in one of mine. The 0 never takes a trick but the last."""
        if card == LOWEST:
            return 0.0
        return (self.w.trick_cost * self.below(card) ** (self.n - 1)
                + self.w.hen_hold * IS_HEN[card])

    def score(self, card: Card) -> float:
        """The estimate the bot maximises: the danger it gets rid of, less what this
        trick is likely to cost it."""
        return self.danger(card) - self.win_chance(card) * self.take_cost(card)
