"""The phases of a match of Hund, and what a game's deal and result keep."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .actions import Action
from .cards import Card
from .tricks import Trick


class Phase(Enum):
    DEAL = "deal"  # chance: the next game must be dealt (N2)
    COLLECT = "collect"  # phase 1: collecting cards in tricks (N3-N8)
    SHED = "shed"  # phase 2: shedding them (N9-N13)
    OVER = "over"  # the match is over (N16)


class Deal(NamedTuple):
    """One game's deal as the record keeps it (N2): the dealer, the ten cards set aside
    with two players, each seat's three cards, the pile from its top card down."""

    dealer: int
    aside: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]


class GameResult(NamedTuple):
    """A finished game: its deal and moves (the record), its phase-1 tricks, the trump
    card and its holder, the hands phase 2 began with, the order of going out, the
    hund (N7-N13), and the players in play beside the hund when a repetition ended
    phase 2 (N17: they share the places after those out; empty when N13 ended it)."""

    deal: Deal | None  # None in a sampled state (search), which has no record
    moves: tuple[Action, ...]
    tricks: tuple[Trick, ...]
    trump_card: Card
    trump_holder: int
    phase2_hands: tuple[tuple[Card, ...], ...]
    out: tuple[int, ...]
    hund: int
    shared: tuple[int, ...] = ()

    def place(self, seat: int) -> int:
        """``seat``'s place in this game, from 1: the order of going out (N12), the hund
        last; players left in play by a repetition share the first place after those
        out, as tied players share a place (N17)."""
        out = self.out
        if seat in out:
            return out.index(seat) + 1
        if seat == self.hund:
            return len(out) + len(self.shared) + 1
        return len(out) + 1
