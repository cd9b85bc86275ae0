"""One trick of Blindes Huhn extrem: which cards may be played (H4, H5, H9), who takes
it (H6), and what it gives its taker (H7 penalty, H8 reward)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import PLAY, Play
from .cards import (
    HIGHEST, IS_DOWN, IS_HEN, IS_PIG, LOWEST, PENALTY, PLAYER_COUNTS, REWARD_DOWN, REWARD_EAR, Card,
)

LEFT, RIGHT, MIDDLE = "left", "right", "middle"
ENDS = (LEFT, RIGHT, MIDDLE)
#: SEATS_FROM[n][leader]: who plays a trick's cards round a table of ``n`` (H2, H4).
SEATS_FROM: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n))
    for n in range(max(PLAYER_COUNTS) + 1))


class Trick(NamedTuple):
    """A completed trick, every card face up: ``cards[i]`` was played by ``seats[i]``
    from the ``ends[i]`` of the hand, face down when ``downs[i]``. ``sau``: the 0 took
    it from the 49 (H6). ``advantage``: the leader's reward advantage (*down*, *ear*)
    for this trick, if any."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    downs: tuple[bool, ...]
    ends: tuple[str, ...]
    winner: int
    sau: bool = False
    advantage: str | None = None


class TrickCard(NamedTuple):
    """A card of the trick in progress as one seat sees it: ``card`` is None for a
    face-down card of another player (H5, H13)."""

    seat: int
    card: Card | None
    down: bool
    end: str


def winning_index(cards: Sequence[Card], last: bool) -> int:
    """H6: the highest card takes the trick; in a deal's last trick the 0 takes it if
    the 49 is in it."""
    if last and LOWEST in cards and HIGHEST in cards:
        return cards.index(LOWEST)
    return cards.index(max(cards))


_HENS = frozenset(c for c, hen in enumerate(IS_HEN) if hen)
_PIGS = frozenset(c for c, pig in enumerate(IS_PIG) if pig)


def hens_in(cards: Sequence[Card]) -> int:
    return len(_HENS.intersection(cards))


#: SYMBOLS_COUNTED[card]: 1 for a hen card, 8 for a pig card, so that one pass over a
#: finished trick counts both (H7, H8): hens ``total % 8``, pig cards ``total // 8``.
SYMBOLS_COUNTED: tuple[int, ...] = tuple(hen + 8 * pig for hen, pig in zip(IS_HEN, IS_PIG))


def penalty_for(cards: Sequence[Card]) -> int:
    """H7: -3, -6, -10, -15 for 2 to 5 hen cards, else 0."""
    return PENALTY[hens_in(cards)]


def earns_reward(cards: Sequence[Card]) -> bool:
    """H8: exactly one pig card (the 0 never counts)."""
    return len(_PIGS.intersection(cards)) == 1


def may_go_down(card: Card, leading: bool, last_player: bool, advantage: str | None) -> bool:
    """H5: a face-down-symbol card, never by the trick's last player; H9 *down*: the
    lead, whatever the card."""
    if last_player:
        return False
    return IS_DOWN[card] or (leading and advantage == REWARD_DOWN)


#: A card's plays (H5): face up only; face down too; and as its symbol allows.
_UP: tuple[tuple[Play, ...], ...] = tuple((PLAY[c][0],) for c in range(HIGHEST + 1))
_BOTH: tuple[tuple[Play, ...], ...] = tuple(PLAY[c] for c in range(HIGHEST + 1))
_BY_SYMBOL = tuple(_BOTH[c] if IS_DOWN[c] else _UP[c] for c in range(HIGHEST + 1))
SPAN = HIGHEST + 1


def _ends(plays: tuple[tuple[Play, ...], ...]) -> tuple[tuple[Play, ...], ...]:
    """The plays of a hand by its end cards, at ``left * 50 + right`` (one card: both)."""
    return tuple(plays[left] if left == right else plays[left] + plays[right]
                 for left in range(SPAN) for right in range(SPAN))


#: Every play of a hand by its ends, made once: a card is checked thousands of times a
#: second, and the check is a look-up (the last player; the lead with *down*; others).
ENDS_UP, ENDS_BOTH, ENDS_BY_SYMBOL = _ends(_UP), _ends(_BOTH), _ends(_BY_SYMBOL)
#: PLAYS_AT[n][k]: the plays of a trick's card k (from 0) round a table of ``n``, by the
#: hand's end cards; the lead's only without a reward's advantage, which widens them (H9).
PLAYS_AT: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(ENDS_UP if k == n - 1 else ENDS_BY_SYMBOL for k in range(n))
    for n in range(max(PLAYER_COUNTS) + 1))


def legal_plays(hand: Sequence[Card], leading: bool, last_player: bool,
                advantage: str | None) -> tuple[Play, ...]:
    """Every play allowed: the leftmost or rightmost card (H4), any card when leading
    with *ear* (H9), each also face down where H5/H9 allow (:func:`may_go_down`); left
    before right."""
    ends = ENDS_UP if last_player else ENDS_BY_SYMBOL
    if leading and advantage is not None:
        if advantage == REWARD_EAR:
            plays = _UP if last_player else _BY_SYMBOL
            return tuple([p for c in hand for p in plays[c]])
        if advantage == REWARD_DOWN and not last_player:
            ends = ENDS_BOTH
    return ends[hand[0] * SPAN + hand[-1]]
