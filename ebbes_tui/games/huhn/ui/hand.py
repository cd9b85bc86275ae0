"""Your hand: the generic :class:`~ebbes_tui.ui.card_row.CardRow`, and the order you
are building while you arrange it (H3).

While you play, the two ends are the playable cards, each with its key above it (the
n-th playable card's key: 1 the left end, 2 the right end); with *ear* every card has
one (H9). While you arrange, no card has a key: the cursor picks a card and the keys
move it, or a quick order puts the whole hand in order.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ....ui.card_row import CardRow
from ..rules.arrange import ascending, bad_left_good_right
from ..rules.cards import IS_HEN, Card


def _descending(hand: Sequence[Card], dealt: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(hand, reverse=True))


def _hens_right(hand: Sequence[Card], dealt: Sequence[Card]) -> tuple[Card, ...]:
    """The mirror of the hens on the left: the other cards ascending, then the hens,
    the lowest outermost."""
    return tuple(sorted(c for c in hand if not IS_HEN[c])) + \
        tuple(sorted((c for c in hand if IS_HEN[c]), reverse=True))


#: The quick orders, in the order the key goes through them: a name and the order it
#: gives a hand (the hand as dealt is given too).
QUICK_ORDERS: tuple[tuple[str, Callable[[Sequence[Card], Sequence[Card]], tuple[Card, ...]]], ...] = (
    ("ascending", lambda hand, dealt: ascending(hand, False)),
    ("descending", _descending),
    ("hens to the left", lambda hand, dealt: bad_left_good_right(hand, False)),
    ("hens to the right", _hens_right),
    ("as dealt", lambda hand, dealt: tuple(dealt)),
)


@dataclass
class Arrangement:
    """The order a player is building, the card under the cursor, the card picked up
    with the mouse, and the quick order given last."""

    dealt: tuple[Card, ...]
    order: list[Card] = field(default_factory=list)
    cursor: int = 0
    picked: int | None = None
    quick: int = -1  # the index in QUICK_ORDERS of the quick order given last

    def __post_init__(self) -> None:
        if not self.order:
            self.order = list(self.dealt)

    @property
    def quick_name(self) -> str:
        return QUICK_ORDERS[self.quick][0] if self.quick >= 0 else ""

    def shift(self, step: int) -> None:
        """Move the card under the cursor ``step`` places (it stays under the cursor)."""
        to = self.cursor + step
        if 0 <= to < len(self.order):
            self.put(self.cursor, to)

    def to_end(self, right: bool) -> None:
        """Move the card under the cursor to the left or right end of the hand (it
        stays under the cursor)."""
        self.put(self.cursor, len(self.order) - 1 if right else 0)

    def put(self, frm: int, to: int) -> None:
        """Take the card at ``frm`` out and put it in at ``to``."""
        card = self.order.pop(frm)
        self.order.insert(to, card)
        self.cursor = to
        self.quick = -1

    def next_quick(self) -> str:
        """The next quick order; its name."""
        self.quick = (self.quick + 1) % len(QUICK_ORDERS)
        name, order = QUICK_ORDERS[self.quick]
        self.order = list(order(self.order, self.dealt))
        self.picked = None
        return name

    def use(self, order: Sequence[Card]) -> None:
        """Take ``order`` (a hint's) as it is."""
        self.order = list(order)
        self.picked = None
        self.quick = -1

    def click(self, index: int) -> None:
        """The mouse: the first click picks a card up, the next puts it where the
        click was (on the card itself: put back)."""
        if self.picked is None:
            self.picked = self.cursor = index
        else:
            self.put(self.picked, index)
            self.picked = None


class HuhnHand(CardRow):
    """The row of your cards; while you arrange, no card has a key above it."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, keys="playable", **kw)
        self.arranging = False

    def key_of(self, index: int) -> str:
        return "" if self.arranging else super().key_of(index)
