"""The fictitious teammate of the two-player game and its fixed play policy (R16)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_NAMES, SUIT_OF, Card
from .tricks import Trick

STACKS = 5


def lay_out(dealt: list[Card] | tuple[Card, ...]) -> tuple[list[Card | None], list[Card | None]]:
    """(face-down, face-up) card of each stack, left to right: the first five dealt
    cards lie face down, the next five face up on top of them (R16)."""
    return list(dealt[:STACKS]), list(dealt[STACKS:])


def dummy_card(face_up: Sequence[Card | None], led: int) -> Card:
    """The card the dummy must play: the leftmost face-up card of the led suit, else its
    leftmost face-up card; ``led`` is -1 when the dummy leads (R16)."""
    first = None
    for c in face_up:
        if c is not None:
            if SUIT_OF[c] == led:
                return c
            if first is None:
                first = c
    if first is None:
        raise ValueError("the dummy has no face-up card")
    return first


def dummy_rule(face_up: Sequence[Card | None], led: int) -> str:
    """Why the dummy plays what :func:`dummy_card` says, in a player's words."""
    if led < 0:
        return "its leftmost face-up card"
    if any(c is not None and SUIT_OF[c] == led for c in face_up):
        return f"its leftmost face-up {SUIT_NAMES[led]} card"
    return f"no face-up {SUIT_NAMES[led]} card, so its leftmost face-up card"


def turn_up(face_down: list[Card | None], face_up: list[Card | None]) -> None:
    """After a trick, every uncovered face-down card is turned face up (R16)."""
    for i in range(STACKS):
        if face_up[i] is None and face_down[i] is not None:
            face_up[i] = face_down[i]
            face_down[i] = None


def last_turn_up(dealt: Sequence[Card], tricks: Sequence[Trick], dummy: int) -> int:
    """The number (from 1) of the round's last trick after which one of the dummy's
    face-down cards was turned up, for everyone to see (R16, R20); 0 when none was.
    ``dealt``: the dummy's cards in deal order."""
    down, up = lay_out(tuple(dealt))
    last = 0
    for number, trick in enumerate(tricks, 1):
        up[up.index(trick.cards[trick.seats.index(dummy)])] = None
        hidden = STACKS - down.count(None)
        turn_up(down, up)
        if STACKS - down.count(None) < hidden:
            last = number
    return last
