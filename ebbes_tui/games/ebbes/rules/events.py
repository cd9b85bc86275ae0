"""What happened, as the engine reports it to whoever drives the game (UI, log, tests)."""

from __future__ import annotations

from dataclasses import dataclass

from ....game.events import DealEnded, Dealt, Ended, TrickEnded
from .cards import Card
from .categories import Category
from .scoring import RoundScore
from .tricks import Trick


@dataclass(frozen=True, slots=True)
class RoundStarted(Dealt):
    round_no: int  # 0-based
    dealer: int | None
    number: int | None  # the face-up Number Determiner, basic game


@dataclass(frozen=True, slots=True)
class StarterChosen:
    chooser: int | None  # None when no choice was made (round 1, or the dummy held nix)
    starter: int


@dataclass(frozen=True, slots=True)
class PairChosen:
    seat: int
    suit: int
    number: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CategoryFixed:
    """A suit took a category. ``card`` fixed it; for nix, the card that fixed Minus."""

    category: Category
    suit: int
    card: Card
    seat: int


@dataclass(frozen=True, slots=True)
class TrickWon(TrickEnded):
    trick: Trick


@dataclass(frozen=True, slots=True)
class RoundScored(DealEnded):
    round_no: int
    score: RoundScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Ended):
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # several on a tie; never the dummy (R17)


Event = (
    RoundStarted | StarterChosen | PairChosen | CardPlayed | CategoryFixed | TrickWon
    | RoundScored | GameOver
)
