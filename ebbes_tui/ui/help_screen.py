"""Every key of the table in one place (the footer shows the most used ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..rules.cards import SUIT_NAMES
from .look import SUIT_COLOURS, SUIT_GLYPHS, SUIT_LETTERS

if TYPE_CHECKING:
    from .app import EbbesApp

KEYS = (
    ("Left/Right, h/l", "move along your hand"),
    ("Enter, Space", "play the marked card"),
    ("1-9, 0, q w e r t", "play that card directly (the number above it)"),
    ("mouse click", "play the clicked card"),
    ("any key", "hurry a bot or the dummy along"),
    ("p", "show or hide the last trick"),
    ("b", "the scoring board"),
    ("u", "take back your last card: alone against bots, this round only"),
    ("?", "this help"),
    ("F1", "the rules"),
    ("Esc", "back to the menu (the game is saved after every card)"),
    ("Ctrl+Q", "save and quit"),
)


class HelpScreen(ModalScreen[None]):
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
            glyph = "" if look.ascii else SUIT_GLYPHS[suit]
            suits.add_row(f"[bold {SUIT_COLOURS[suit]}]{glyph}{SUIT_LETTERS[suit]}[/]",
                          SUIT_NAMES[suit])
        with VerticalScroll(classes="dialog help"):
            yield Static("Keys", classes="dialog-title")
            yield Static(keys)
            yield Static("\n[b]Suits: a letter (and a shape) for each colour[/b]")
            yield Static(suits)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
