"""Asked once: a key that leaves the table (Esc, q) first asks, so one key too many
(Esc also closes the log, the board and the help) never takes a player away."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from .closing import ClosesOnce
from .footer import KeysFooter


class ConfirmScreen(ClosesOnce, ModalScreen[bool]):
    """A yes/no question: Enter, y or q (when q asked) mean yes; Esc or n, no."""

    BINDINGS = [
        Binding("enter,y", "answer(True)", "Yes"),
        Binding("escape,n", "answer(False)", "No"),
        Binding("q", "again", "Quit", show=False),
    ]

    def __init__(self, question: str, again: str) -> None:
        super().__init__()
        self.question = question
        self.again = again  # the key that asked: pressed again, it means yes (not Esc)

    def compose(self) -> ComposeResult:
        again = "" if self.again == "escape" else f", {self.again} again"
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            yield Static(f"Enter or y{again}: yes    Esc or n: no", classes="dialog-help")
        yield KeysFooter()

    def action_again(self) -> None:
        """q answers yes only to the question q asked."""
        if self.again == "q":
            self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
