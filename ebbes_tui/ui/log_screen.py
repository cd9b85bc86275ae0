"""The game log in a scrollable box, newest at the bottom (``g`` at the table, every
game): the lines are the game's own."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .closing import ClosesOnce
from .footer import KeysFooter


class LogScreen(ClosesOnce, ModalScreen[None]):
    """The log in a scrollable box, newest at the bottom (opened with ``g``)."""

    def __init__(self, text: str, *, back: str = "the table") -> None:
        """``back``: what Esc goes back to (a dialog over the table opens it too)."""
        super().__init__()
        self.body = text
        self._bindings.bind("escape,g,enter", "close", f"Back to {back}")

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help", id="log-box"):
            yield Static("Game log", classes="dialog-title")
            yield Static(Text(self.body))
        yield KeysFooter()

    def on_mount(self) -> None:
        box = self.query_one("#log-box", VerticalScroll)
        box.scroll_end(animate=False)
        box.focus()

    def action_close(self) -> None:
        self.dismiss()
