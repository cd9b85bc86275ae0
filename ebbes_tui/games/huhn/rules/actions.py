"""The decisions of Blindes Huhn extrem as small immutable actions: arrange a hand
(H3), play a card from an end, face down where allowed (H4, H5, H9), take a reward
card (H8), name who leads (H9 *hand*), choose the last trick's option (H11).

``str(action)`` is its text on the wire and in logs; :func:`parse_action` reads it
back. The card plays a game can offer are made once and shared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, final

from ....game.protocols import Unlisted
from .cards import ALL_CARDS, REWARD_KINDS, Card, code, parse_card, parse_play
from .draws import sample


@final
@dataclass(frozen=True, slots=True)
class Arrange:
    """Put the whole hand in this order, left to right (H3)."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "arrange " + " ".join(map(str, self.order))


class _Play(NamedTuple):
    card: Card
    down: bool = False


@final
class Play(_Play):
    """Play ``card`` (an end card, or any with *ear*), face down when ``down``. A named
    tuple, not a dataclass: a play is compared with the legal ones on every card, and a
    tuple compares without a call into Python. So that 3.0 or True never passes for a
    card as an equal number, a play is made of an int and a bool only."""

    __slots__ = ()

    def __new__(cls, card: Card, down: bool = False) -> Play:
        if type(card) is not int or type(down) is not bool:
            raise TypeError(f"a play is a card's number and whether it goes face down, "
                            f"not {card!r} and {down!r}")
        return super().__new__(cls, card, down)

    def __str__(self) -> str:
        return f"play {code(self.card, self.down)}"


@final
@dataclass(frozen=True, slots=True)
class TakeReward:
    """Take the reward card of this kind from the supply (H8)."""

    kind: str

    def __str__(self) -> str:
        return f"reward {self.kind}"


@final
@dataclass(frozen=True, slots=True)
class NameLeader:
    """With *hand*: this seat leads the next trick (H9)."""

    seat: int

    def __str__(self) -> str:
        return f"leader {self.seat}"


HENS_OPTION, PENALTIES_OPTION, CROSS_OPTION, NO_OPTION = "hens", "penalties", "cross", "none"


@final
@dataclass(frozen=True, slots=True)
class ChooseOption:
    """The last trick's option (H11): ``hens``, ``penalties``, ``cross`` (deal ``deal``,
    from 1) or ``none``. ``str`` gives the record's word: ``cross 2``."""

    kind: str
    deal: int = 0

    @property
    def word(self) -> str:
        return f"{CROSS_OPTION} {self.deal}" if self.kind == CROSS_OPTION else self.kind

    def __str__(self) -> str:
        return f"option {self.word}"


Action = Arrange | Play | TakeReward | NameLeader | ChooseOption

#: PLAY[card][down]: every card play, made once.
PLAY: tuple[tuple[Play, Play], ...] = tuple((Play(c, False), Play(c, True)) for c in ALL_CARDS)
REWARD: dict[str, TakeReward] = {k: TakeReward(k) for k in REWARD_KINDS}
LEADER: tuple[NameLeader, ...] = tuple(NameLeader(s) for s in range(8))
HENS = ChooseOption(HENS_OPTION)
PENALTIES = ChooseOption(PENALTIES_OPTION)
NONE = ChooseOption(NO_OPTION)


def name_leader(seat: int) -> NameLeader:
    return LEADER[seat] if 0 <= seat < len(LEADER) else NameLeader(seat)


def cross(deal: int) -> ChooseOption:
    return ChooseOption(CROSS_OPTION, deal)


def parse_option(word: object) -> ChooseOption:
    """The option a record's word names (``hens``, ``penalties``, ``cross 2``, ``none``)."""
    if word == HENS_OPTION:
        return HENS
    if word == PENALTIES_OPTION:
        return PENALTIES
    if word == NO_OPTION:
        return NONE
    if isinstance(word, str):
        parts = word.split(" ")
        if len(parts) == 2 and parts[0] == CROSS_OPTION and parts[1].isascii() \
                and parts[1].isdigit() and len(parts[1]) < 4:
            return cross(int(parts[1]))
    raise ValueError(f"{word!r} is not an option (expected 'hens', 'penalties', "
                     "'cross K' or 'none')")


@dataclass(frozen=True, slots=True)
class ArrangeChoices(Unlisted):
    """The n! orders of a hand (H3), never listed: a bot samples one or asks the
    game's arrangement policy (:class:`~ebbes_tui.game.protocols.Unlisted`)."""

    hand: tuple[Card, ...]

    def sample(self, rng: random.Random) -> Arrange:
        return Arrange(sample(self.hand, rng))

    def __contains__(self, action: object) -> bool:
        return (type(action) is Arrange and len(action.order) == len(self.hand)
                and sorted(action.order) == sorted(self.hand))


def parse_action(text: object) -> Action:
    """An action from the text ``str`` wrote (``arrange 31 17 ...``, ``play 28d``,
    ``reward ear``, ``leader 2``, ``option cross 1``); ValueError says what is wrong."""
    words = text.split() if isinstance(text, str) else []
    try:
        if len(words) >= 2 and words[0] == "arrange":
            return Arrange(tuple(parse_card(w) for w in words[1:]))
        if len(words) == 2 and words[0] == "play":
            card, down = parse_play(words[1])
            return PLAY[card][down]
        if len(words) == 2 and words[0] == "reward" and words[1] in REWARD:
            return REWARD[words[1]]
        if len(words) == 2 and words[0] == "leader" and words[1].isascii() \
                and words[1].isdigit() and len(words[1]) < 3:
            return name_leader(int(words[1]))
        if len(words) in (2, 3) and words[0] == "option":
            return parse_option(" ".join(words[1:]))
    except ValueError as e:
        raise ValueError(f"{text!r} is not an action: {e}") from None
    raise ValueError(f"{text!r} is not an action (e.g. 'play 31', 'play 28d', 'reward ear', "
                     "'leader 2', 'option hens')")
