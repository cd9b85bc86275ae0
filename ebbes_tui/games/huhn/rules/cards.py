"""The card data of Blindes Huhn extrem, as one table (house data, RULINGS-huhn "The
cards"; the printed faces are not public), and the other numbers the rules read.

Every rule reads these tables; nothing else spells a card's symbol or a penalty.
"""

from __future__ import annotations

Card = int

HEN, PIG, SAU, DOWN = "hen", "pig", "sau", "down"

#: The one table: the symbol each number card shows (none on the others). The 0 is the
#: Sau: it shows a pig but is never a pig card (H7/H8). No card carries two symbols.
SYMBOLS: dict[Card, str] = {
    0: SAU,
    5: HEN, 12: HEN, 17: HEN, 21: HEN, 26: HEN, 30: HEN, 34: HEN, 38: HEN, 43: HEN, 47: HEN,
    19: PIG, 33: PIG, 46: PIG,
    16: DOWN, 28: DOWN, 37: DOWN, 44: DOWN,
}
LOWEST, HIGHEST = 0, 49
ALL_CARDS: tuple[Card, ...] = tuple(range(LOWEST, HIGHEST + 1))

#: H1: the cards set aside, by number of players (the 0 is always in).
SET_ASIDE: dict[int, range] = {5: range(0), 4: range(1, 3), 3: range(1, 15), 2: range(1, 27)}
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5)

IS_HEN: tuple[bool, ...] = tuple(SYMBOLS.get(c) == HEN for c in ALL_CARDS)
IS_PIG: tuple[bool, ...] = tuple(SYMBOLS.get(c) == PIG for c in ALL_CARDS)
#: Cards with the face-down symbol (H5).
IS_DOWN: tuple[bool, ...] = tuple(SYMBOLS.get(c) == DOWN for c in ALL_CARDS)
HENS: tuple[Card, ...] = tuple(c for c in ALL_CARDS if IS_HEN[c])
PIGS: tuple[Card, ...] = tuple(c for c in ALL_CARDS if IS_PIG[c])
DOWN_CARDS: tuple[Card, ...] = tuple(c for c in ALL_CARDS if IS_DOWN[c])

#: H7: the penalty for a taken trick by its number of hen cards (none below two).
PENALTY: tuple[int, ...] = (0, 0, -3, -6, -10, -15)

#: H8/H9: the reward cards, one of each kind in a deal's supply, in the order the app
#: lists them; each is worth +3 (H10).
REWARD_DOWN, REWARD_EAR, REWARD_HAND = "down", "ear", "hand"
REWARD_KINDS: tuple[str, ...] = (REWARD_DOWN, REWARD_EAR, REWARD_HAND)
REWARD_POINTS = 3
#: H10: for a stack without any hen card.
NO_HEN_BONUS = 3


#: H1: the cards in play by number of players, ascending.
DECKS: dict[int, tuple[Card, ...]] = {
    n: tuple(c for c in ALL_CARDS if c not in aside) for n, aside in SET_ASIDE.items()}


def deck(players: int) -> tuple[Card, ...]:
    """The cards in play for ``players`` (H1), ascending."""
    return DECKS[players]


def hand_size(players: int) -> int:
    """Cards per hand (H1): 10 with five players, 12 otherwise."""
    return len(DECKS[players]) // players


def code(card: Card, down: bool = False) -> str:
    """A card's code in records and on the wire: ``"28"``, ``"28d"`` played face down."""
    return f"{card}d" if down else str(card)


def parse_card(text: object) -> Card:
    """A card from its code (``"0"`` to ``"49"``); ValueError says what is wrong."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and str(int(text)) == text:
        value = int(text)
        if LOWEST <= value <= HIGHEST:
            return value
    raise ValueError(f"{text!r} is not a card (expected a number from '0' to '49')")


def parse_play(text: object) -> tuple[Card, bool]:
    """A play's code: the card and whether it went face down (``"28d"``)."""
    if isinstance(text, str) and text.endswith("d"):
        try:
            return parse_card(text[:-1]), True
        except ValueError:
            pass
    try:
        return parse_card(text), False
    except ValueError:
        raise ValueError(f"{text!r} is not a play (expected a card such as '31', "
                         "or '28d' face down)") from None
