"""The moves of Hund as small immutable values, made once and shared.

``str(action)`` is the action's text on the wire and in the record's ``plays``: a
card code (``7H``), ``pile`` for a sjanse (N4), ``take`` for an undertrekk (N10), or
a series as codes joined by ``-``, low to high (``8D-9D-10D``, N14).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import final

from .cards import CODES, DECK, SUIT_OF, Card, parse_card


@final
@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card from the hand (phase 1: any card, N3; phase 2: a lead or a card
    that beats, N10)."""

    card: Card
    #: ``(card,)``, made once: phase 2 reads a play's cards at every move.
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", (self.card,))

    def __str__(self) -> str:
        return CODES[self.card]


@final
@dataclass(frozen=True, slots=True)
class Sjanse:
    """Phase 1: turn the draw pile's top card and play it instead of a hand card (N4)."""

    def __str__(self) -> str:
        return "pile"


@final
@dataclass(frozen=True, slots=True)
class Undertrekk:
    """Phase 2: unable to beat, take the trick's first card (or series) in (N10)."""

    def __str__(self) -> str:
        return "take"


@final
@dataclass(frozen=True, slots=True)
class Series:
    """Phase 2 with the series option: two or more cards of one suit in unbroken rank
    order, played as one play (N14). ``cards`` run low to high; the last is the
    highest, which decides what the series beats."""

    cards: tuple[Card, ...]

    @property
    def top(self) -> Card:
        return self.cards[-1]

    def __str__(self) -> str:
        return "-".join(CODES[c] for c in self.cards)


Action = PlayCard | Sjanse | Undertrekk | Series
#: A phase-2 play: one card or a series.
Play = PlayCard | Series

PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in DECK)
SJANSE = Sjanse()
UNDERTREKK = Undertrekk()


def _all_series() -> dict[tuple[Card, Card], Series]:
    """Every series there is, keyed by (highest card, lowest card): card numbers run
    from high to low rank within a suit, so a run is a range of numbers."""
    made = {}
    for high in DECK:
        for low in range(high + 1, (SUIT_OF[high] + 1) * 13):
            made[high, low] = Series(tuple(range(low, high - 1, -1)))
    return made


SERIES: dict[tuple[Card, Card], Series] = _all_series()


def series(high: Card, low: Card) -> Series:
    """The series from ``low`` up to ``high`` (same suit, ``high`` ranked above)."""
    return SERIES[high, low]


def play_of(cards: tuple[Card, ...]) -> Play:
    """The shared action playing ``cards`` (one card, or a series low to high)."""
    if len(cards) == 1:
        return PLAY[cards[0]]
    return SERIES[cards[-1], cards[0]]


def parse_action(text: object) -> Action:
    """The action ``str(action)`` wrote; ValueError says what is wrong."""
    if text == "pile":
        return SJANSE
    if text == "take":
        return UNDERTREKK
    if not isinstance(text, str) or not text:
        raise ValueError(f"{text!r} is not a move (a card such as '7H', 'pile', 'take', "
                         "or a series such as '8D-9D-10D')")
    parts = text.split("-")
    cards = tuple(parse_card(p) for p in parts)
    if len(cards) == 1:
        return PLAY[cards[0]]
    run = SERIES.get((cards[-1], cards[0]))
    if run is None or run.cards != cards:
        raise ValueError(f"{text!r} is not a series: two or more cards of one suit in "
                         "unbroken rank order, low to high")
    return run
