"""Your hand: sorted by suit then value. When you must play, each playable card has its
key above it and is underlined in its suit's colour; the others are plain and dim, so
the difference shows in 16 colours, without colour and in ASCII too."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..rules.cards import Card
from .look import EbbesLook

#: The key that plays the n-th card: the digits, then five letters no other table key
#: uses (15-card hands); each is drawn above its card.
CARD_KEYS = "1234567890asdfx"


class Hand(Widget):
    """Three lines: the keys of playable cards, the cards, the cursor.

    It holds only the cards it was given from a :class:`PlayerView` (never a list of
    the game's) and posts :class:`Hand.Chosen` when a card is clicked.
    """

    DEFAULT_CSS = "Hand { height: 3; }"

    class Chosen(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.cards: tuple[Card, ...] = ()
        self.legal: tuple[Card, ...] = ()
        self.cursor = 0

    def show(self, cards: tuple[Card, ...], legal: tuple[Card, ...]) -> None:
        """New cards from the screen's view; the cursor stays on the same spot."""
        self.cards, self.legal = cards, legal
        self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        if legal and self.cards and self.cards[self.cursor] not in legal:
            self.cursor = self.cards.index(legal[0])
        self.refresh()

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    @property
    def cell(self) -> int:
        """Columns per card: 5 fits 15 cards into 80 columns; wider when there is room."""
        return max(5, min(8, self.size.width // max(len(self.cards), 1)))

    def render(self) -> Text:
        if not self.cards:
            return Text("")
        cell, my_turn = self.cell, bool(self.legal)
        keys, faces, marks = Text(), Text(), Text()
        for i, card in enumerate(self.cards):
            playable = card in self.legal
            style = "underline" if my_turn and playable else ("dim" if my_turn else "")
            if my_turn and i == self.cursor:
                style += " reverse"
            face = self.look.card(card, style=style.strip(), plain=my_turn and not playable)
            width = len(face)  # the key and the cursor stand over the face (2 in ASCII, 3 else)
            keys.append((CARD_KEYS[i] if playable and i < len(CARD_KEYS) else "")
                        .center(width).ljust(cell), "bold")
            faces.append(face)
            faces.append(" " * (cell - width))
            marks.append((self.look.cursor * width if my_turn and i == self.cursor else "")
                         .ljust(cell))
        return Text("\n").join([keys, faces, marks])

    def on_click(self, event: events.Click) -> None:
        index = event.x // self.cell
        if 0 <= index < len(self.cards):
            self.post_message(self.Chosen(index))  # the table moves the cursor if it plays
