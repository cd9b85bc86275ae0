"""Hot-seat cover: nothing of the table shows until the next player is at the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from .closing import ClosesOnce


class HandOffScreen(ClosesOnce, Screen[str]):
    """"Pass the keyboard to Bob": an opaque screen, so no hand shows through (R18).
    Dismissed with ``ready`` once that player is at the screen, or ``menu``."""

    BINDINGS = [Binding("enter", "dismiss('ready')", "I am here"),
                Binding("escape", "dismiss('menu')", "Menu")]

    def __init__(self, seat: int, name: str, why: str = "", recap: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.player = name
        self.why = why
        self.recap = recap

    def compose(self) -> ComposeResult:
        why = f" ({self.why})" if self.why else ""
        text = (f"Pass the keyboard to {self.player}.\n\n"
                f"{self.player}, your turn{why}: press Enter when the others cannot see "
                "the screen.")
        if self.recap:
            text += f"\n\nSince you last looked:\n{self.recap}"
        with Middle(), Center():
            yield Static(text, id="handoff-text", markup=False)
        yield Footer()
