"""Suits and cards.

A card is a small int (``suit * 15 + value - 1``) wrapped in :class:`Card`, so the
engine's hot paths compare and index plain integers while everything else can ask
a card for its suit, value and record code (``blue10``).
"""

from __future__ import annotations

from enum import IntEnum

MAX_VALUE = 15


class Suit(IntEnum):
    """The five suits, in the fixed order used everywhere (RULINGS, first lines)."""

    BLUE = 0
    BROWN = 1
    YELLOW = 2
    GREEN = 3
    RED = 4


SUITS: tuple[Suit, ...] = tuple(Suit)
SUIT_NAMES: tuple[str, ...] = tuple(s.name.lower() for s in Suit)


class Card(int):
    """One playing card; compare, hash and sort like its index in the 75-card deck."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return SUITS[self // MAX_VALUE]

    @property
    def value(self) -> int:
        return self % MAX_VALUE + 1

    @property
    def code(self) -> str:
        """Record code: suit name then value, ``blue10`` (RULINGS, game records)."""
        return CODES[self]

    def __repr__(self) -> str:
        return CODES[self]

    __str__ = __repr__


def _make_cards() -> tuple[Card, ...]:
    return tuple(Card(i) for i in range(len(SUITS) * MAX_VALUE))


#: Every card, indexed by its number; the only Card instances ever made.
ALL_CARDS: tuple[Card, ...] = _make_cards()
#: Suit and value of each card number, for the engine's hot paths.
SUIT_OF: tuple[int, ...] = tuple(i // MAX_VALUE for i in range(len(ALL_CARDS)))
VALUE_OF: tuple[int, ...] = tuple(i % MAX_VALUE + 1 for i in range(len(ALL_CARDS)))
CODES: tuple[str, ...] = tuple(
    f"{SUIT_NAMES[s]}{v}" for s, v in zip(SUIT_OF, VALUE_OF)
)
_BY_CODE: dict[str, Card] = {code: ALL_CARDS[i] for i, code in enumerate(CODES)}


def card(suit: Suit | int, value: int) -> Card:
    """The card of ``suit`` and ``value`` (1-15)."""
    if not 1 <= value <= MAX_VALUE:
        raise ValueError(f"card values run from 1 to {MAX_VALUE}, not {value}")
    return ALL_CARDS[int(suit) * MAX_VALUE + value - 1]


def parse_card(code: str) -> Card:
    """The card for a record code such as ``blue10``; ValueError names a bad code."""
    try:
        return _BY_CODE[code]
    except (KeyError, TypeError):
        raise ValueError(f"{code!r} is not a card (expected e.g. 'blue10')") from None


def parse_suit(name: str) -> Suit:
    """The suit called ``name`` (``blue`` ... ``red``)."""
    try:
        return SUITS[SUIT_NAMES.index(name)]
    except (ValueError, TypeError):
        raise ValueError(
            f"{name!r} is not a suit (one of {', '.join(SUIT_NAMES)})"
        ) from None

