"""Every key of the table in one place (the footer shows the most used ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


from ..games.ebbes.rules.cards import SUIT_NAMES

from .closing import ClosesOnce

if TYPE_CHECKING:
    from .app import EbbesApp

KEYS = (
    ("Left/Right, h/l", "move along your hand"),
    ("Enter, Space", "play the marked card"),
    ("1-9, 0, a s d f x", "play that card directly (its key is shown above it; only "
                          "cards you may play have one, and they are underlined)"),
    ("mouse click", "play the clicked card"),
    ("any key", "hurry the table along (a bot's card, a finished trick)"),
    ("t", "how long a finished trick stays: until a key, slow, normal or fast (kept for "
          "next time; a shared table never waits for it)"),
    ("g", "the game log: every card, every trick and why it was won, every score"),
    ("b", "the scoring board"),
    ("p", "hide or show the last trick"),
    ("u", "take back your last card: alone against bots, this round only (you "
          "also see how the bots answered it)"),
    ("i", "a hint: what the normal bot would play now, and why (alone against bots; "
          "counted in the statistics)"),
    ("v", "hot-seat: look at your own hand while nobody must decide"),
    ("?", "this help"),
    ("F1", "the rules"),
    ("Esc", "back to the menu, or leave a shared table (asks first; the game is saved "
            "after every card)"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl+Q", "quit at once (the game is saved)"),
)


class HelpScreen(ClosesOnce, ModalScreen[None]):
    """The keys, and how to read a card without colour."""

    app: EbbesApp
    BINDINGS = [Binding("escape,question_mark,enter", "close", "Close")]

    def compose(self) -> ComposeResult:
        look = self.app.look
        keys = Table(box=None, show_header=False, pad_edge=False)
        keys.add_column(style="bold")
        keys.add_column()
        for key, what in KEYS:
            keys.add_row(key, what)
        suits = Table(box=None, show_header=False, pad_edge=False)
        for suit in range(5):
            suits.add_row(look.suit(suit), SUIT_NAMES[suit])
        with VerticalScroll(classes="dialog help"):
            yield Static("Keys", classes="dialog-title")
            yield Static(keys)
            yield Static("\n[b]Suits: a letter (and a shape) for each colour[/b]")
            yield Static(suits)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
