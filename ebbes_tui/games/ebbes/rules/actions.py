"""The decisions of ebbes as typed actions: play a card, name the next starter (R8),
take a Variant 2 pair (R5). A pending decision is answered by one of
:meth:`GameState.legal_actions`, whatever its kind (OpenSpiel's interface).

Actions are small immutable values; the ones a game can ever offer are made once and
shared, so listing legal actions costs no allocation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from .cards import ALL_CARDS, MAX_VALUE, SUIT_NAMES, SUITS, Card, parse_card, parse_suit


@final
@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` to the trick (R1)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@final
@dataclass(frozen=True, slots=True)
class NameStarter:
    """The nix holder names who starts the next round, themselves included (R8)."""

    seat: int

    def __str__(self) -> str:
        return f"starter {self.seat}"


@final
@dataclass(frozen=True, slots=True)
class ChoosePair:
    """Variant 2: pair the Suit Determiner ``suit`` with the Number Determiner
    ``number``, making that card a determiner card (R5)."""

    suit: int
    number: int

    def __str__(self) -> str:
        return f"pair {SUIT_NAMES[self.suit]} {self.number}"


Action = PlayCard | NameStarter | ChoosePair

#: Every action a game can offer, made once.
PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in ALL_CARDS)
STARTER: tuple[NameStarter, ...] = tuple(NameStarter(s) for s in range(len(SUITS)))
PAIR: tuple[tuple[ChoosePair, ...], ...] = tuple(
    tuple(ChoosePair(s, v) for v in range(MAX_VALUE + 1)) for s in SUITS)


def play(card: Card) -> PlayCard:
    return PLAY[card]


def name_starter(seat: int) -> NameStarter:
    return STARTER[seat] if 0 <= seat < len(STARTER) else NameStarter(seat)


def choose_pair(suit: int, number: int) -> ChoosePair:
    if suit in SUITS and 1 <= number <= MAX_VALUE:
        return PAIR[suit][number]
    return ChoosePair(suit, number)


def parse_action(text: str) -> Action:
    """An action from its text (``play blue10``, ``starter 2``, ``pair green 5``), as
    :func:`str` writes it; ValueError says what is wrong."""
    words = text.split() if isinstance(text, str) else []
    try:
        if len(words) == 2 and words[0] == "play":
            return play(parse_card(words[1]))
        if len(words) == 2 and words[0] == "starter" and words[1].isdigit():
            return name_starter(int(words[1]))
        if len(words) == 3 and words[0] == "pair" and words[2].isdigit():
            return choose_pair(parse_suit(words[1]), int(words[2]))
    except ValueError as e:
        raise ValueError(f"{text!r} is not an action: {e}") from None
    raise ValueError(f"{text!r} is not an action (e.g. 'play blue10', 'starter 2', "
                     "'pair green 5')")
