"""Which answers a decision allows, and why another is not allowed, worded for the
player (R1, R5, R8, R16).

One check and one list of answers serve the whole game state (:meth:`GameState.check`,
:meth:`GameState.legal_actions`) and a single seat's view (:func:`check_from_view`, for
a screen that must explain a refusal before it asks a server; the view's ``actions``),
so both read the same wherever they are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import PAIR, PLAY, STARTER, Action, ChoosePair, NameStarter, PlayCard
from .cards import SUIT_NAMES, SUIT_OF, SUITS, Card
from .determiners import open_pairs
from .dummy import dummy_card, dummy_rule
from .errors import IllegalMove
from .tricks import NO_SUIT, playable_range

if TYPE_CHECKING:
    from .view import PlayerView

#: What each phase waits for, by its value: the kind of action, and in words.
WAITS_FOR = {"play": (PlayCard, "a card"), "choose_starter": (NameStarter, "the next starting player"),
             "choose_pair": (ChoosePair, "a determiner pair")}
_NOT_YOURS = {"play": "must wait: it is seat {seat}'s turn",
              "choose_starter": "cannot choose the starter: seat {seat} holds nix",
              "choose_pair": "cannot choose a pair: it is seat {seat}'s choice"}


def playable(hand: Sequence[Card], trick: Sequence[Card],
             dummy_up: Sequence[Card | None] | None = None) -> list[Action]:
    """R1 (R16 for the dummy, whose face-up cards are ``dummy_up``): the cards that may
    be played from ``hand`` to ``trick``, as actions (made once, looked up here)."""
    led = SUIT_OF[trick[0]] if trick else NO_SUIT
    if dummy_up is not None:
        return [PLAY[dummy_card(dummy_up, led)]]
    if led == NO_SUIT:  # a lead: any card
        return list(map(_PLAY_OF, hand))
    low, high = playable_range(hand, led)
    return list(map(_PLAY_OF, hand[low:high]))


def answers(phase: str, *, hand: Sequence[Card], trick: Sequence[Card], seats: int,
            pairs: Sequence[tuple[int, int]], choices: Sequence[int],
            dummy_up: Sequence[Card | None] | None = None) -> list[Action]:
    """Every answer the decision of ``phase`` (a :class:`Phase` value) allows its
    mover, given as for :func:`check_decision`: a card (R1, R16), any seat to start
    (R8), or an open pair (R5)."""
    if phase == "play":
        return playable(hand, trick, dummy_up)
    if phase == "choose_starter":
        return list(STARTER[:seats])
    if phase == "choose_pair":
        suits, numbers = open_pairs(pairs, choices)
        return [PAIR[s][v] for s in suits for v in numbers]
    return []


_PLAY_OF = PLAY.__getitem__


def check_decision(
    phase: str, mover: int, action: Action, seat: int | None, *, hand: Sequence[Card],
    trick: Sequence[Card], seats: int, pairs: Sequence[tuple[int, int]],
    choices: Sequence[int], dummy_up: Sequence[Card | None] | None = None,
) -> None:
    """Raise :class:`IllegalMove` unless ``action`` answers the decision of ``phase``
    (a :class:`Phase` value) pending for ``mover``, given by ``seat`` when known.
    ``hand`` is the mover's (sorted), ``dummy_up`` the dummy's face-up cards when the
    mover is the dummy."""
    kind, words = WAITS_FOR[phase]
    if type(action) is not kind:
        raise IllegalMove(None, f"the game waits for {words}")
    if seat is not None and seat != mover:
        raise IllegalMove(seat, _NOT_YOURS[phase].format(seat=mover))
    if type(action) is PlayCard:
        check_card(mover, action.card, hand, trick, dummy_up)
    elif type(action) is NameStarter:
        starter = action.seat
        if not (isinstance(starter, int) and 0 <= starter < seats):
            raise IllegalMove(mover, f"cannot choose seat {starter}: seats run 0 to {seats - 1}")
    elif type(action) is ChoosePair:
        suits, numbers = open_pairs(pairs, choices)
        if action.suit not in suits:
            name = SUIT_NAMES[action.suit] if action.suit in SUITS else repr(action.suit)
            raise IllegalMove(mover, f"cannot take {name}: it is already paired")
        if action.number not in numbers:
            raise IllegalMove(mover, f"cannot take {action.number}: choose one of "
                                     f"{', '.join(map(str, numbers))}")


def check_card(mover: int, card: Card, hand: Sequence[Card], trick: Sequence[Card],
               dummy_up: Sequence[Card | None] | None = None) -> None:
    """R1 (R16 for the dummy): ``card`` may be played from ``hand`` to ``trick``."""
    try:
        index = hand.index(card)
    except ValueError:
        raise IllegalMove(mover, f"cannot play {card}: it is not in the hand") from None
    led = SUIT_OF[trick[0]] if trick else NO_SUIT
    if dummy_up is not None:
        must = dummy_card(dummy_up, led)
        if card != must:
            raise IllegalMove(mover, f"must play {must} ({dummy_rule(dummy_up, led)})", card)
        return
    if led == NO_SUIT or SUIT_OF[card] == led:  # a lead, or following suit: always allowed
        return
    low, high = playable_range(hand, led)
    if not low <= index < high:
        raise IllegalMove(mover, f"must follow {SUIT_NAMES[led]}", card)


def check_from_view(view: PlayerView, action: Action) -> None:
    """Raise what the game would raise for ``view``'s seat giving ``action`` now,
    from what the seat sees alone (R18): a screen can explain a refusal at once."""
    pending = view.pending
    if view.seat is None:
        raise IllegalMove(None, "a spectator cannot play")
    if pending is None or pending.seat is None:
        raise IllegalMove(None, "there is nothing to decide now")
    check_decision(view.phase.value, pending.seat, action, view.seat, hand=view.hand,
                   trick=view.trick, seats=view.config.seat_count, pairs=view.pairs,
                   choices=view.config.number_choices)
