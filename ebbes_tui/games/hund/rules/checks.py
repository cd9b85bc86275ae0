"""Whether a move is allowed, and why not, worded for the player (N3, N4, N10, N14).

A refusal is a :class:`RuleBroken`: an IllegalMove that also names the ruling it
enforces, for record checks ("game 1, move 17: ... (N10)"); players see only the
sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....game.errors import IllegalMove, RuleBroken
from .actions import Action, PlayCard, Series, Sjanse, Undertrekk
from .cards import CODES, SUIT_OF, SUIT_WORD, Card
from .phases import Phase
from .tricks import beats, can_beat

if TYPE_CHECKING:
    from .state import HundState
    from .view import HundView


def check_decision(st: HundState, action: Action, seat: int) -> None:
    """Raise :class:`RuleBroken` unless ``seat`` may make ``action`` now."""
    phase = st.phase
    if phase is Phase.DEAL:
        raise RuleBroken(None, "the cards must be dealt first", ruling="N2")
    if phase is Phase.OVER:
        raise RuleBroken(None, "the match is over", ruling="N16")
    if seat != st.turn:
        raise RuleBroken(seat, f"must wait: it is seat {st.turn}'s turn",
                         ruling="N3" if phase is Phase.COLLECT else "N10")
    kind = type(action)
    if phase is Phase.COLLECT:
        _check_collect(st, action, kind, seat)
    else:
        _check_shed(st, action, kind, seat)


def _check_collect(st: HundState, action: Action, kind: type, seat: int) -> None:
    if type(action) is PlayCard:
        if action.card not in st.hands[seat]:
            raise RuleBroken(seat, f"cannot play {action}: it is not in the hand", ruling="N3")
    elif kind is Sjanse:
        if len(st.pile) < 2:
            why = "the pile is empty" if not st.pile else "the pile's last card is never played"
            raise RuleBroken(seat, f"cannot sjanse: {why}", ruling="N4")
    elif kind is Undertrekk:
        raise RuleBroken(seat, "cannot take a card in before phase 2", ruling="N10")
    elif kind is Series:
        raise RuleBroken(seat, "cannot play a series before phase 2", ruling="N14")
    else:
        raise RuleBroken(seat, f"cannot make the move {action!r}", ruling="N3")


def _check_shed(st: HundState, action: Action, kind: type, seat: int) -> None:
    hand = st.hands[seat]
    trick = st.trick2
    trump = st.trump_suit
    if kind is Sjanse:
        raise RuleBroken(seat, "cannot sjanse in phase 2", ruling="N4")
    if kind is Undertrekk:
        if not trick:
            raise RuleBroken(seat, "cannot take a card in: the trick is empty, you lead",
                             ruling="N10")
        top = trick[-1][1][-1]
        if can_beat(hand, top, trump):
            raise RuleBroken(seat, f"must beat {CODES[top]}: you hold a card that beats it",
                             ruling="N10")
        return
    if type(action) is Series:
        if not st.series:
            raise RuleBroken(seat, "cannot play a series: the series option is off", ruling="N14")
    elif type(action) is not PlayCard:
        raise RuleBroken(seat, f"cannot make the move {action!r}", ruling="N10")
    cards: tuple[Card, ...] = action.cards
    missing = [c for c in cards if c not in hand]
    if missing:
        raise RuleBroken(seat, f"cannot play {CODES[missing[0]]}: it is not in the hand",
                         action, ruling="N10")
    if trick:
        top = trick[-1][1][-1]
        if not beats(cards[-1], top, trump):
            raise RuleBroken(seat, f"must beat {CODES[top]} {beat_with(top, trump)}",
                             action,
                             ruling="N14" if kind is Series or len(trick[-1][1]) > 1 else "N10")


def check_from_view(view: HundView, action: Action) -> None:
    """Raise unless ``view``'s seat may make ``action`` now, from what the seat sees
    alone (N15): its view lists every move it may make."""
    if action not in view.actions:
        raise IllegalMove(view.seat, "cannot play that now")


def beat_with(top: Card, trump: int) -> str:
    """What beats ``top`` (N10), in words: "with a higher heart or a trump"."""
    suit = SUIT_OF[top]
    if suit == trump:
        return "with a higher trump"
    return f"with a higher {SUIT_WORD[suit]} or a trump"


def lacking(top: Card, trump: int) -> str:
    """Why nothing beats ``top`` (N10): "no higher heart and no trump"."""
    suit = SUIT_OF[top]
    if suit == trump:
        return "no higher trump"
    return f"no higher {SUIT_WORD[suit]} and no trump"
