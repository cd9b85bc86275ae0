"""Shared estimates for the normal bot's heuristics, read from one seat's view only
(N15): what a card is worth to hold in phase 2, how likely each suit is to become
trump, what a phase-1 trick is worth to its taker, and how a round would end."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules.cards import RANK_OF, SUIT_OF, Card
from .sampler import known_hands, unseen_cards
from ..rules.tricks import first_round, war_round
from ..rules.view import HundView


@dataclass(frozen=True)
class Weights:
    """The knobs a tuner turns (seeded matches of one bot against another)."""

    #: A held card's worth in phase 2 by rank, 2 to A: low cards can only be shed by
    #: leading them, high ones beat and shed on others' leads. Fitted to how often
    #: phase-2 hands of seeded games ended as the hund: per card, a trump lowered it
    #: about 2.4 times as much as a queen or higher, a card of 6 or lower raised it.
    rank: tuple[float, ...] = (-1.3, -1.2, -1.1, -1.0, -0.9, -0.5, -0.4, -0.3, -0.2, 0.0,
                               0.5, 0.7, 0.9)
    #: Worth added by the chance that the card's suit becomes trump (per unit chance).
    trump: float = 2.4
    #: A trick is worth taking above this total worth.
    take: float = 0.0
    #: A card is a keeper (not to be given away) from this worth up.
    keeper: float = 0.6


DEFAULT_WEIGHTS = Weights()


class Judge:
    """Estimates for one decision of one seat."""

    __slots__ = ("view", "w", "rng", "unseen", "p_trump", "_worth", "expected", "_known")

    def __init__(self, view: HundView, weights: Weights = DEFAULT_WEIGHTS,
                 rng: random.Random | None = None) -> None:
        self.view = view
        self.w = weights
        #: For the rare random choice (breaking a round of undertrekk); a hint, which
        #: has none, draws from where the game stands.
        self.rng = rng if rng is not None else random.Random(f"{view.game}:{view.moves}")
        self._known: list[list[Card]] | None = None
        self.unseen = unseen_cards(view)
        counts = [0, 0, 0, 0]
        for c in self.unseen:
            counts[SUIT_OF[c]] += 1
        total = sum(counts)
        if view.trump >= 0:
            self.p_trump = tuple(1.0 if s == view.trump else 0.0 for s in range(4))
        else:  # the trump card is the pile's last card: a random unseen one (N7)
            self.p_trump = tuple(c / total if total else 0.25 for c in counts)
        self._worth = [weights.rank[RANK_OF[c] - 2] + weights.trump * self.p_trump[SUIT_OF[c]]
                       for c in range(52)]
        worths = [self._worth[c] for c in self.unseen]
        self.expected = sum(worths) / len(worths) if worths else 0.0

    def worth(self, card: Card) -> float:
        """What holding ``card`` in phase 2 is worth (negative: a burden)."""
        return self._worth[card]

    def known_hands(self) -> list[list[Card]]:
        """Phase 2: the cards each seat is known to hold (every card was played face
        up; only the leftover of phase 1 is unseen)."""
        if self._known is None:
            self._known = known_hands(self.view)[0]
        return self._known

    # ---------------------------------------------------------------- phase 1

    def round_cards(self) -> tuple[list[int], list[Card]]:
        """This round's seats and cards so far (N5: a war's round is only its own)."""
        played = self.view.trick[self.view.round_start:]
        return [s for s, _, _ in played], [c for _, c, _ in played]

    def later(self) -> tuple[int, ...]:
        """The seats still to play in this round after this one."""
        return self.view.to_play[1:]

    def trick_worth(self, card: Card | None) -> float:
        """The trick's worth to its taker once ``card`` is in (None: a sjanse's unknown
        card), counting an average unseen card for each seat still to play."""
        known = sum(self._worth[c] for _, c, _ in self.view.trick)
        mine = self.expected if card is None else self._worth[card]
        return known + mine + len(self.later()) * self.expected

    def outcome_with(self, card: Card) -> tuple[int | None, tuple[int, ...]]:
        """How this round stands if ``card`` is played now (later seats aside): the
        taker, or the warriors of the war it starts or continues."""
        seats, cards = self.round_cards()
        if self.view.seat is None:
            raise ValueError("a bot decides from a seat's view, not the public table")
        seats.append(self.view.seat)
        cards.append(card)
        if self.view.krig:
            taker, warriors, _ = war_round(self.view.warriors, seats, cards)
        else:
            taker, warriors, _ = first_round(seats, cards)
        return taker, warriors

    def could_take(self, card: Card) -> bool:
        """Playing ``card`` now takes the trick or puts this seat in the war for it."""
        taker, warriors = self.outcome_with(card)
        return taker == self.view.seat or self.view.seat in warriors
