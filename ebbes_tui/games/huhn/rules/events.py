"""What happened, as the engine reports it. Events may reach every seat, so none holds
a secret: no hand, no order, no face-down card before its trick is complete (H13)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

from ....game.events import DealEnded, Dealt, Ended, TrickEnded
from .cards import ALL_CARDS, HIGHEST, LOWEST, PENALTY, PLAYER_COUNTS, REWARD_KINDS, Card
from .scoring import DealScore
from .tricks import ENDS, Trick


@dataclass(frozen=True, slots=True)
class DealStarted(Dealt):
    deal: int  # from 1
    dealer: int
    leader: int  # left of the dealer (H2)
    hand_size: int


@dataclass(frozen=True, slots=True)
class HandArranged:
    """``seat`` has arranged its hand (its order stays its own, H3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayBegins:
    """Everyone has arranged; ``leader`` plays first (H2, H3)."""

    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``card`` is None when it went face down (turned up with the trick, H5)."""

    seat: int
    card: Card | None
    down: bool
    end: str


#: The CardPlayed events of a game, made once and shared (events are immutable):
#: FACE_UP[seat][end][card], FACE_DOWN[seat][end].
FACE_UP = tuple({end: tuple(CardPlayed(seat, c, False, end) for c in ALL_CARDS) for end in ENDS}
                 for seat in range(max(PLAYER_COUNTS)))
FACE_DOWN = tuple({end: CardPlayed(seat, None, True, end) for end in ENDS}
                   for seat in range(max(PLAYER_COUNTS)))


def card_played(seat: int, card: Card, down: bool, end: str) -> CardPlayed:
    """``CardPlayed(seat, None if down else card, down, end)``, shared where it can be
    (a card is played thousands of times a second in search and benches)."""
    if type(card) is int and LOWEST <= card <= HIGHEST and 0 <= seat < len(FACE_UP):
        if down is False:
            return FACE_UP[seat][end][card]
        if down is True:
            return FACE_DOWN[seat][end]
    return CardPlayed(seat, None if down else card, down, end)


@dataclass(frozen=True, slots=True)
class TrickTaken(TrickEnded):
    trick: Trick


def _setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    """The setters of a frozen dataclass's slots, in field order: its __init__ sets
    each field through ``object.__setattr__``, a call and a look-up for each; an event
    made for every trick or deal sets them directly (:func:`trick_taken`)."""
    return tuple(vars(cls)[f.name].__set__ for f in fields(cls))


_new_event = object.__new__
(_set_trick,) = _setters(TrickTaken)
_SET_DEAL_STARTED = _setters(DealStarted)


def trick_taken(trick: Trick) -> TrickTaken:
    """``TrickTaken(trick)``, its slot set directly."""
    event = _new_event(TrickTaken)
    _set_trick(event, trick)
    return event


def deal_started(deal: int, dealer: int, leader: int, hand_size: int) -> DealStarted:
    """``DealStarted(deal, dealer, leader, hand_size)``, its slots set directly."""
    event = _new_event(DealStarted)
    set_deal, set_dealer, set_leader, set_hand_size = _SET_DEAL_STARTED
    set_deal(event, deal)
    set_dealer(event, dealer)
    set_leader(event, leader)
    set_hand_size(event, hand_size)
    return event


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    seat: int
    penalty: int  # -3, -6, -10, -15 (H7)


@dataclass(frozen=True, slots=True)
class RewardTaken:
    seat: int
    kind: str  # H8


@dataclass(frozen=True, slots=True)
class LeaderNamed:
    """With *hand*, ``seat`` named ``leader`` for the next trick (H9)."""

    seat: int
    leader: int


@dataclass(frozen=True, slots=True)
class OptionChosen:
    seat: int
    option: str  # the record's word (H11)


@dataclass(frozen=True, slots=True)
class DealScored(DealEnded):
    deal: int  # from 1
    score: DealScore
    totals: tuple[int, ...]
    crossed: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class GameOver(Ended):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


#: The other events a seat's decision or a trick reports, made once and shared like the
#: cards': ARRANGED[seat], BEGINS[leader], PENALIZED[seat][hens] (two or more, H7),
#: REWARDED[seat][kind], NAMED[seat][leader].
_SEATS = range(max(PLAYER_COUNTS))
ARRANGED = tuple(HandArranged(seat) for seat in _SEATS)
BEGINS = tuple(PlayBegins(seat) for seat in _SEATS)
PENALIZED = tuple({hens: PenaltyGiven(seat, PENALTY[hens]) for hens in range(2, len(PENALTY))}
                  for seat in _SEATS)
REWARDED = tuple({kind: RewardTaken(seat, kind) for kind in REWARD_KINDS} for seat in _SEATS)
NAMED = tuple(tuple(LeaderNamed(seat, leader) for leader in _SEATS) for seat in _SEATS)


Event = (DealStarted | HandArranged | PlayBegins | CardPlayed | TrickTaken | PenaltyGiven
         | RewardTaken | LeaderNamed | OptionChosen | DealScored | GameOver)
