"""A row of cards for any game: your hand of five or of forty. Each playable card has
its key above it and is underlined; the others are dim, so the difference shows in 16
colours, without colour and in ASCII too. A cursor moves over the cards; a hand too
long for the width scrolls, with a count of the cards out of sight at either end.

It holds only what it was given (faces already drawn by the game's look, and which
of them may be played) and posts :class:`CardRow.Chosen` when a card is clicked.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .look import Look

#: The keys for the cards, in order: the digits, then letters no table key uses.
CARD_KEYS = "1234567890asdfx"


class CardRow(Widget):
    """Three lines: the keys of playable cards, the cards, the cursor.

    ``keys`` says what a key stands for: ``position`` (the n-th card of the hand, as
    ebbes' fifteen cards have it) or ``playable`` (the n-th card that may be played,
    for long hands where only a few may: Hund's forty)."""

    DEFAULT_CSS = "CardRow { height: 3; }"

    class Chosen(Message):
        """A card was clicked (its index in the row)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, look: Look, *, keys: str = "position", id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.keys = keys
        self.faces: tuple[Text, ...] = ()
        self.playable: frozenset[int] = frozenset()
        self.marked: frozenset[int] = frozenset()
        self.active = False
        self.cursor = 0
        self.first = 0  # the first card in sight

    def show(self, faces: Sequence[Text], playable: Sequence[int] = (), *, active: bool = False,
             marked: Sequence[int] = ()) -> None:
        """New cards: ``playable`` the indexes that may be played, ``active`` whether
        the player at the screen must play now, ``marked`` the cards picked for a move
        of several (they show raised). The cursor stays on its spot, on a playable card
        when there is one."""
        self.faces = tuple(faces)
        self.playable, self.marked, self.active = frozenset(playable), frozenset(marked), active
        self.cursor = min(self.cursor, max(len(self.faces) - 1, 0))
        if active and self.playable and self.cursor not in self.playable:
            self.cursor = min(self.playable)
        self._follow()
        self.refresh()

    def key_of(self, index: int) -> str:
        """The key that picks card ``index``, or "" when it has none."""
        if self.keys == "playable":
            order = sorted(self.playable)
            rank = order.index(index) if index in self.playable else len(CARD_KEYS)
        else:
            rank = index if index in self.playable else len(CARD_KEYS)
        return CARD_KEYS[rank] if rank < len(CARD_KEYS) else ""

    def index_of_key(self, number: int) -> int | None:
        """The card the ``number``-th key (0 for "1") stands for, if any."""
        if self.keys == "playable":
            order = sorted(self.playable)
            return order[number] if number < len(order) else None
        return number if number < len(self.faces) else None

    def move(self, step: int) -> None:
        """The cursor ``step`` cards on (round the hand), to the next playable one when
        the player must play."""
        if not self.faces:
            return
        stops = sorted(self.playable) if self.active and self.playable else range(len(self.faces))
        stops = list(stops)
        here = stops.index(self.cursor) if self.cursor in stops else 0
        self.cursor = stops[(here + step) % len(stops)]
        self._follow()
        self.refresh()

    @property
    def cell(self) -> int:
        """Columns per card: at least the widest face and a space."""
        widest = max((len(f) for f in self.faces), default=3)
        room = self.size.width // max(len(self.faces), 1)
        return max(widest + 1, min(widest + 4, room))

    @property
    def in_sight(self) -> int:
        """How many cards fit the width (two columns each side kept for the counts)."""
        width = self.size.width
        if len(self.faces) * self.cell <= width:
            return len(self.faces)
        return max(1, (width - 8) // self.cell)

    def _follow(self) -> None:
        """Scroll so the cursor is in sight."""
        sight = self.in_sight or len(self.faces)
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + sight:
            self.first = self.cursor - sight + 1
        self.first = max(0, min(self.first, max(len(self.faces) - sight, 0)))

    def render(self) -> Text:
        if not self.faces:
            return Text("")
        self._follow()
        cell, sight = self.cell, self.in_sight
        shown = range(self.first, min(len(self.faces), self.first + sight))
        scrolled = sight < len(self.faces)
        left = f"{self.first}{self.look.text('◀')} " if scrolled else ""
        right_count = len(self.faces) - shown.stop
        right = f" {self.look.text('▶')}{right_count}" if scrolled else ""
        pad = " " * len(left) if scrolled else ""
        keys, faces, marks = Text(pad), Text(left if self.first else pad), Text(pad)
        for i in shown:
            playable = i in self.playable
            keys.append((self.key_of(i) if self.active else "").center(cell), "bold")
            style = "underline" if self.active and playable else ("dim" if self.active else "")
            if self.active and i == self.cursor:
                style += " reverse"
            face = self.faces[i].copy()
            if self.active and not playable:
                face = Text(face.plain)
            face.stylize(style.strip())
            faces.append(face)
            faces.append(" " * (cell - len(face)))
            under = self.look.cursor * 3 if self.active and i == self.cursor else \
                ("+" if i in self.marked else "")
            marks.append(under.center(cell))
        if right_count:
            faces.append(right)
        return Text("\n").join([keys, faces, marks])

    def on_click(self, event: events.Click) -> None:
        offset = event.x - (len(f"{self.first}{self.look.text('◀')} ")
                            if self.in_sight < len(self.faces) else 0)
        index = self.first + offset // self.cell if offset >= 0 else -1
        if self.first <= index < min(len(self.faces), self.first + self.in_sight):
            self.cursor = index
            self.post_message(self.Chosen(index))
