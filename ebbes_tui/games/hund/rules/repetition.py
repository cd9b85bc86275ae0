"""What N17 compares: a phase-2 position as one integer, kept up to date move by move.

The hands are a Zobrist key: the exclusive or of a fixed random number for each card
in each seat's hand, so a card taken in or played changes it by one XOR of small
ints; the plays the trick needs (N11) and the players out add a number each, changed
when they change (:attr:`HundState.held`). The trick is exact, 16 bits a play with
its last play lowest, so that an undertrekk masks its first play off
(:attr:`HundState.lying`).
The player to move adds a number. Two different positions share a key with a chance
of about 2**-62; the numbers come from a fixed seed, so every path and every run
agree.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import DECK_SIZE, MAX_PLAYERS, Card
from .phases import Phase

if TYPE_CHECKING:
    from .state import HundState

_draw = random.Random("hund N17 positions").getrandbits
#: The number of card ``c`` in seat ``s``'s hand, at ``52 * s + c``.
HAND_KEY: tuple[int, ...] = tuple(_draw(62) for _ in range(DECK_SIZE * MAX_PLAYERS))
#: The numbers of the player to move, of the plays the trick needs, of the players out.
MOVER_KEY: tuple[int, ...] = tuple(_draw(62) for _ in range(MAX_PLAYERS))
NEED_KEY: tuple[int, ...] = tuple(_draw(62) for _ in range(MAX_PLAYERS + 1))
OUT_KEY: tuple[int, ...] = tuple(_draw(62) for _ in range(MAX_PLAYERS + 1))
#: Bits a play takes in :attr:`HundState.lying`: it is ``1 + (52 * seat + highest
#: card) * 52 + lowest card``, below 2**16 (a series is a run, so its highest and
#: lowest cards name it, N14).
PLAY_BITS = 16
#: The trick's key keeps its last ``k`` plays when masked by ``KEEP[k]``.
KEEP: tuple[int, ...] = tuple((1 << PLAY_BITS * k) - 1 for k in range(MAX_PLAYERS + 1))


def hands_key(hands: list[list[Card]]) -> int:
    """The Zobrist key of ``hands`` (the numbers of their cards)."""
    key = 0
    for seat, hand in enumerate(hands):
        base = DECK_SIZE * seat
        for c in hand:
            key ^= HAND_KEY[base + c]
    return key


def position(st: HundState) -> int:
    """The position phase 2 stands in (N17): the hands (as sets), the plays lying in
    the trick with their players, the player to move, who is out (``out`` only grows,
    so how many says who) and the plays the trick needs (N11)."""
    return st.held ^ st.lying ^ MOVER_KEY[st.turn]


def times_seen(st: HundState) -> int:
    """How often phase 2's position has come round so far, this time included (N17)."""
    return st.seen.get(position(st), 0) if st.phase is Phase.SHED else 0
