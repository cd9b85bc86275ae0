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


def no_card_on(key: str, unkeyed: bool = False) -> str:
    """What a card key above no card says, on the player's turn (it did nothing, and
    a newcomer could not tell why); ``unkeyed``: some cards have no key now, as they
    may not be played (a newcomer took the fourth key for the fourth card)."""
    if unkeyed:
        return f"No card is on {key}: keys stand only above the cards you may play now."
    return f"No card is on {key}: press a key shown above one of your cards."


def card_key(event: events.Key, card_keys: str) -> str | None:
    """The card key ``event`` is (as the key line shows it), if it is one."""
    char = event.character
    return char if char is not None and len(char) == 1 and char in card_keys else None


class CardRow(Widget):
    """Three lines: the keys of playable cards, the cards, the cursor (and the marks);
    a long hand takes three more for each further line of cards it may use (``lines``,
    which the table sets to the room it has).

    ``keys`` says what a key stands for: ``position`` (the n-th card of the hand, as
    ebbes' fifteen cards have it), ``playable`` (the n-th playable card in sight: Blindes
    Huhn's two ends) or ``held`` (for long hands: Hund's forty scroll; the playable cards
    in sight get the keys in order, and as the row scrolls a card keeps its key while it
    stays in sight). ``card_keys`` are the keys in order; only cards in sight have one."""

    DEFAULT_CSS = "CardRow { height: 3; }"

    class Chosen(Message):
        """A card was clicked (its index in the row)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, look: Look, *, keys: str = "position", card_keys: str = CARD_KEYS,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        if keys not in ("position", "playable", "held"):
            raise ValueError(f"keys is 'position', 'playable' or 'held', not {keys!r}")
        self.look = look
        self.keys = keys
        self.card_keys = card_keys
        self.faces: tuple[Text, ...] = ()
        self.playable: frozenset[int] = frozenset()
        self.marked: frozenset[int] = frozenset()
        self.active = False
        self.cursor = 0
        self.first = 0  # the first card in sight
        self.lines = 1  # the most lines of cards the row may take
        self._held: dict[str, str] = {}  # a playable card's face: its key, kept in sight

    def show(self, faces: Sequence[Text], playable: Sequence[int] = (), *, active: bool = False,
             marked: Sequence[int] = ()) -> None:
        """New cards: ``playable`` the indexes that may be played, ``active`` whether
        the player at the screen must play now, ``marked`` the cards picked for a move
        of several (a mark under each). The cursor stays on its spot, on a playable
        card when there is one."""
        shown, may = tuple(faces), frozenset(playable)
        if (shown, may) != (self.faces, self.playable):
            self._held = {}  # a new decision: the keys in order again
        self.faces = shown
        self.playable, self.marked, self.active = may, frozenset(marked), active
        self.cursor = min(self.cursor, max(len(self.faces) - 1, 0))
        if active and self.playable and self.cursor not in self.playable:
            self.cursor = min(self.playable, key=lambda i: abs(i - self.cursor))
        self._follow()
        self._fit()
        self.refresh()

    # ------------------------------------------------------------- keys

    def _keyed(self) -> dict[int, str]:
        """The cards that have a key now, and their keys."""
        self._follow()
        sight = range(self.first, min(len(self.faces), self.first + self.in_sight))
        if self.keys == "position":
            return {i: self.card_keys[i] for i in sight
                    if i in self.playable and i < len(self.card_keys)}
        if self.keys == "playable":
            return dict(zip([i for i in sight if i in self.playable], self.card_keys))
        cards = {self.faces[i].plain: i for i in sight if i in self.playable}
        held = {face: key for face, key in self._held.items() if face in cards}
        free = [k for k in self.card_keys if k not in held.values()]
        for face in cards:
            if face not in held and free:
                held[face] = free.pop(0)
        keyless = [i for face, i in cards.items() if face not in held]
        if keyless and any(cards[face] > keyless[0] for face in held):
            # The row jumped (round from its last card to its first) or scrolled back:
            # cards kept their keys while one before them has none. The keys in order.
            held = dict(zip(cards, self.card_keys))
        self._held = held
        return {cards[face]: key for face, key in held.items()}

    def key_of(self, index: int) -> str:
        """The key that picks card ``index``, or "" when it has none (not playable, out
        of sight, or past the last key)."""
        return self._keyed().get(index, "")

    def index_of_key(self, number: int) -> int | None:
        """The card the ``number``-th key (0 for ``card_keys[0]``) picks now, if any."""
        if not 0 <= number < len(self.card_keys):
            return None
        key = self.card_keys[number]
        return next((i for i, k in self._keyed().items() if k == key), None)

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
    def per_line(self) -> int:
        """How many cards a line holds (four columns each side kept for the counts
        when the hand scrolls)."""
        width, cell = self.size.width, self.cell
        if len(self.faces) * cell <= width * self.lines:
            return max(1, width // cell)
        return max(1, (width - 8) // cell)

    @property
    def lines_used(self) -> int:
        """The lines of cards drawn: as many as the hand needs, up to :attr:`lines`."""
        return max(1, min(self.lines, -(-len(self.faces) // self.per_line)))

    @property
    def in_sight(self) -> int:
        """How many cards are in sight."""
        return min(len(self.faces), self.per_line * self.lines_used)

    def _fit(self) -> None:
        """Three rows for each line of cards."""
        height = 3 * self.lines_used
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height

    def on_resize(self) -> None:
        self._fit()

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
        keyed = self._keyed()
        per, end = self.per_line, min(len(self.faces), self.first + self.in_sight)
        lines = []
        for start in range(self.first, end, per):
            lines += self._line(range(start, min(start + per, end)), keyed)
        text = Text("\n").join(lines)
        text.no_wrap = True
        text.overflow = "crop"
        return text

    def _line(self, shown: range, keyed: dict[int, str]) -> list[Text]:
        """One line of cards: their keys, the faces, the cursor and marks; the counts
        of cards out of sight before the first line and after the last."""
        cell, margin = self.cell, self._margin()
        left = f"{self.first}{self.look.text('◀')} " if self.first and \
            shown.start == self.first else ""
        keys, faces, marks = Text(" " * margin), Text(left.rjust(margin)), Text(" " * margin)
        for i in shown:
            playable = i in self.playable
            face = self.faces[i].copy()
            width = len(face)
            key = self.key_of(i) if self.active and i in keyed else ""  # a subclass may hide them
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
        if right and shown.stop == min(len(self.faces), self.first + self.in_sight):
            faces.append(f" {self.look.text('▶')}{right}")
        return [keys, faces, marks]

    def on_click(self, event: events.Click) -> None:
        offset = event.x - self._margin()
        start = self.first + event.y // 3 * self.per_line
        index = start + offset // self.cell if 0 <= offset < self.per_line * self.cell else -1
        if self.first <= index < min(len(self.faces), self.first + self.in_sight):
            self.post_message(self.Chosen(index))  # the game moves the cursor if it plays
