"""What happened in a game of Hund, as the engine reports it. Every event carries
only what every seat may see (N15): a draw says how many cards, never which."""

from __future__ import annotations

from dataclasses import dataclass

from ....game.events import DealEnded, Dealt, Ended, TrickEnded
from .cards import Card


@dataclass(frozen=True, slots=True)
class GameDealt(Dealt):
    """Game ``game`` (from 1) of the match was dealt by ``dealer`` (N2)."""

    game: int
    dealer: int
    aside: int  # cards set aside unseen (ten with two players)
    pile: int  # cards in the draw pile


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """Phase 1: ``seat`` played ``card``, turned from the pile when ``sjanse`` (N4);
    ``krig`` is the war it was played in (0: the trick's first round)."""

    seat: int
    card: Card
    sjanse: bool
    krig: int


@dataclass(frozen=True, slots=True)
class Krig:
    """Equal ranks: ``seats`` war for the trick, in play order (N5). ``level`` 1 is a
    war, 2 a war inside it, and so on; ``rank`` is the rank that tied."""

    seats: tuple[int, ...]
    rank: int
    level: int


@dataclass(frozen=True, slots=True)
class DroppedOut:
    """A warrior with no card to play (empty hand, no sjanse allowed) dropped out of
    the war (N5)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TrickTaken(TrickEnded):
    """Phase 1: ``seat`` took the trick's ``cards`` (N5), perhaps by winning a war."""

    seat: int
    cards: tuple[Card, ...]
    won_in_krig: bool


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew ``count`` cards from the pile (N6)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TrumpCardLaidAside:
    """``seat`` would draw the pile's last card and laid it aside face down: its suit
    will be trump, and nobody sees it before phase 2 (N7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SatOut:
    """Phase 1: ``seat`` holds no card and sits out the trick (N8)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShedBegan:
    """Phase 2 began (N8, N9): the trump card's holder showed it; ``leftover`` is the
    seat that still held cards (added unseen to its taken cards) and how many, or None;
    ``hands`` the number of cards each seat now holds."""

    trump_card: Card
    holder: int
    leftover: tuple[int, int] | None
    hands: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """Phase 2: ``seat`` played ``cards`` (one card or a series, N14); ``lead`` when
    it began a trick (N10)."""

    seat: int
    cards: tuple[Card, ...]
    lead: bool


@dataclass(frozen=True, slots=True)
class UndertrekkTaken:
    """Phase 2: ``seat`` could not beat ``top`` and took the trick's first play,
    ``cards``, into the hand (N10)."""

    seat: int
    cards: tuple[Card, ...]
    top: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Avstikk(TrickEnded):
    """Phase 2: ``seat`` took the trick; its ``cards`` left the game (N11)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WentOut:
    """Phase 2: ``seat`` holds no card after playing: out, in ``place`` (N12)."""

    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class HundFound(DealEnded):
    """Game ``game`` ended: ``seat`` is the hund (N13); ``out`` is the order of going
    out, ``tally`` the match's count of times hund so far (N16). ``shared`` is empty
    unless a position came round a third time (N17): then the hund holds the most
    cards, and ``shared`` are the others in play, who share the places after ``out``."""

    game: int
    seat: int
    out: tuple[int, ...]
    tally: tuple[int, ...]
    shared: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchOver(Ended):
    """The match is over: ``winners`` were hund least often (N16)."""

    tally: tuple[int, ...]
    winners: tuple[int, ...]


Event = (GameDealt | CardPlayed | Krig | DroppedOut | TrickTaken | Drew | TrumpCardLaidAside
         | SatOut | ShedBegan | Played | UndertrekkTaken | Avstikk | WentOut | HundFound
         | MatchOver)
