"""The 52 cards of Hund as one table (N1).

A card is a plain int, ``suit * 13 + (14 - rank)``, so that sorting card numbers
gives the order the rulings show hands in: suits spar, hjerter, ruter, kløver (S H D
C), each from the ace down to the two. The engine's hot paths index the tables
below; everything else asks :func:`code` and :func:`parse_card`.
"""

from __future__ import annotations

#: A card number, 0 (AS) to 51 (2C).
Card = int

#: Suit letters in card order (N1): spar, hjerter, ruter, kløver.
SUITS = "SHDC"
#: The suits' words, for sentences players read.
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
SUIT_WORD = ("spade", "heart", "diamond", "club")
#: Rank codes from the ace (high) down to the two (low).
RANK_CODES = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack"}

DECK_SIZE = 52
HAND_SIZE = 3  # N2: everyone is dealt three and draws back to three (N6)
ASIDE_TWO_PLAYERS = 10  # N2: with two players ten cards are out of play
MIN_PLAYERS, MAX_PLAYERS = 2, 6

DECK: tuple[Card, ...] = tuple(range(DECK_SIZE))
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in DECK)
#: Rank of each card, 2 (low) to 14 (the ace, high).
RANK_OF: tuple[int, ...] = tuple(14 - c % 13 for c in DECK)
CODES: tuple[str, ...] = tuple(RANK_CODES[c % 13] + SUITS[c // 13] for c in DECK)
_BY_CODE = {code: c for c, code in enumerate(CODES)}


def code(card: Card) -> str:
    """The record code of a card: rank then suit letter, ``10H`` (N1)."""
    return CODES[card]


def parse_card(text: object) -> Card:
    """The card with record code ``text``; ValueError says what is wrong."""
    card = _BY_CODE.get(text) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"{text!r} is not a card (rank A K Q J 10 9 ... 2, then suit S H D C: "
                         "'10H', 'AS')")
    return card


def card_of(rank: int, suit: int) -> Card:
    return suit * 13 + 14 - rank


def rank_word(rank: int) -> str:
    return RANK_WORDS.get(rank, str(rank))


def pile_size(players: int) -> int:
    """Cards in the draw pile after the deal (N2): 52 - 3 x players, 36 with two."""
    aside = ASIDE_TWO_PLAYERS if players == 2 else 0
    return DECK_SIZE - aside - HAND_SIZE * players
