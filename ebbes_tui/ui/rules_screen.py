"""A game's rules in the project's own words (:meth:`Presentation.rules_text`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ..game.protocols import AnyGame
from .closing import ClosesOnce
from .footer import KeysFooter

if TYPE_CHECKING:
    from .app import EbbesApp


class RulesScreen(ClosesOnce, Screen[None]):
    """Markdown rendered; in ASCII mode the plain Markdown text, which reads fine."""

    app: EbbesApp
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, game: AnyGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = self.game.presentation.rules_text()
        with VerticalScroll(id="rules"):
            if self.app.look.ascii:
                yield Static(self.app.look.text(text), markup=False)
            else:
                yield Markdown(text)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss()
