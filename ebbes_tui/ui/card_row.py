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

#: The keys for the cards, in order: the digits, then letters no table key uses. A game
#: whose table needs some of these letters gives its own string (``card_keys``).
CARD_KEYS = "1234567890asdfx"
#: Under a card picked for a move of several (a series).
MARK = "+"


class CardRow(Widget):
    """Three lines: the keys of playable cards, the cards, the cursor (and the marks).

    ``keys`` says what a key stands for: ``position`` (the n-th card of the hand, as
    ebbes' fifteen cards have it) or ``playable`` (the n-th playable card in sight,
    for long hands: Hund's forty scroll, and the keys follow what is on screen).
    ``card_keys`` are the keys in order; only cards in sight have one."""

    DEFAULT_CSS = "CardRow { height: 3; }"

    class Chosen(Message):
        """A card was clicked (its index in the row)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, look: Look, *, keys: str = "position", card_keys: str = CARD_KEYS,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        if keys not in ("position", "playable"):
            raise ValueError(f"keys is 'position' or 'playable', not {keys!r}")
        self.look = look
        self.keys = keys
        self.card_keys = card_keys
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
        of several (a mark under each). The cursor stays on its spot, on a playable
        card when there is one."""
        self.faces = tuple(faces)
        self.playable, self.marked, self.active = frozenset(playable), frozenset(marked), active
        self.cursor = min(self.cursor, max(len(self.faces) - 1, 0))
        if active and self.playable and self.cursor not in self.playable:
            self.cursor = min(self.playable, key=lambda i: abs(i - self.cursor))
        self._follow()
        self.refresh()

    # ------------------------------------------------------------- keys

    def _keyed(self) -> list[int]:
        """The cards that have a key now, in key order."""
        self._follow()
        sight = range(self.first, min(len(self.faces), self.first + self.in_sight))
        if self.keys == "playable":
            cards = [i for i in sight if i in self.playable]
            return cards[:len(self.card_keys)]
        return [i for i in sight if i in self.playable and i < len(self.card_keys)]

    def key_of(self, index: int) -> str:
        """The key that picks card ``index``, or "" when it has none (not playable, out
        of sight, or past the last key)."""
        keyed = self._keyed()
        if index not in keyed:
            return ""
        return self.card_keys[keyed.index(index) if self.keys == "playable" else index]

    def index_of_key(self, number: int) -> int | None:
        """The card the ``number``-th key (0 for ``card_keys[0]``) picks now, if any."""
        keyed = self._keyed()
        if self.keys == "playable":
            return keyed[number] if number < len(keyed) else None
        return number if number in keyed else None

    # ------------------------------------------------------------- the cursor

    def move(self, step: int) -> None:
        """The cursor ``step`` cards on (round the hand), to the next playable one when
        the player must play."""
        if not self.faces:
            return
        stops = sorted(self.playable) if self.active and self.playable else list(range(len(self.faces)))
        here = stops.index(self.cursor) if self.cursor in stops else 0
        self.cursor = stops[(here + step) % len(stops)]
        self._follow()
        self.refresh()

    def point_at(self, index: int) -> None:
        """The cursor on card ``index`` (a hint points at it), scrolled into sight."""
        if 0 <= index < len(self.faces):
            self.cursor = index
            self._follow()
            self.refresh()

    # ------------------------------------------------------------- the width

    @property
    def cell(self) -> int:
        """Columns per card: at least the widest face and a space."""
        widest = max((len(f) for f in self.faces), default=3)
        room = self.size.width // max(len(self.faces), 1)
        return max(widest + 1, min(widest + 4, room))

    @property
    def in_sight(self) -> int:
        """How many cards fit the width (four columns each side kept for the counts)."""
        width = self.size.width
        if len(self.faces) * self.cell <= width:
            return len(self.faces)
        return max(1, (width - 8) // self.cell)

    @property
    def scrolled(self) -> bool:
        return self.in_sight < len(self.faces)

    def _follow(self) -> None:
        """Scroll so the cursor is in sight."""
        sight = self.in_sight or len(self.faces)
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + sight:
            self.first = self.cursor - sight + 1
        self.first = max(0, min(self.first, max(len(self.faces) - sight, 0)))

    def _margin(self) -> int:
        """Columns before the first card: the count of cards out of sight on the left."""
        return len(f"{len(self.faces)}{self.look.text('◀')} ") if self.scrolled else 0

    # ------------------------------------------------------------- drawing

    def render(self) -> Text:
        if not self.faces:
            return Text("")
        self._follow()  # the cursor in sight before anything is measured
        cell, margin = self.cell, self._margin()
        shown = range(self.first, min(len(self.faces), self.first + self.in_sight))
        left = f"{self.first}{self.look.text('◀')} " if self.first else ""
        keys, faces, marks = Text(" " * margin), Text(left.rjust(margin)), Text(" " * margin)
        for i in shown:
            playable = i in self.playable
            face = self.faces[i].copy()
            width = len(face)
            key = self.key_of(i) if self.active else ""  # a subclass may hide its keys
            keys.append(key.center(width).ljust(cell), "bold")
            style = "underline" if self.active and playable else ("dim" if self.active else "")
            if self.active and i == self.cursor:
                style += " reverse"
            if self.active and not playable:
                face = Text(face.plain)  # without its suit colour: it cannot be played now
            face.stylize(style.strip())
            faces.append_text(face)
            faces.append(" " * (cell - width))
            under = self.look.cursor * width if self.active and i == self.cursor else ""
            if i in self.marked:
                under = (under[:width - 1] + MARK) if under else MARK.center(width)
            marks.append(under.ljust(cell), "bold")
        right = len(self.faces) - shown.stop
        if right:
            faces.append(f" {self.look.text('▶')}{right}")
        lines = Text("\n").join([keys, faces, marks])
        lines.no_wrap = True
        lines.overflow = "crop"
        return lines

    def on_click(self, event: events.Click) -> None:
        offset = event.x - self._margin()
        index = self.first + offset // self.cell if offset >= 0 else -1
        if self.first <= index < min(len(self.faces), self.first + self.in_sight):
            self.post_message(self.Chosen(index))  # the game moves the cursor if it plays
