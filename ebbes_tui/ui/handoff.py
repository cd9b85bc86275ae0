"""Hot-seat cover: nothing of the table shows until the next human is at the screen."""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandOffScreen(Screen[None]):
    """"Pass the keyboard to Bob": an opaque screen, so no hand shows through (R18)."""

    BINDINGS = [Binding("enter", "take_over", "I am here")]

    def __init__(self, seat: int, name: str, on_ready: Callable[[int], None]) -> None:
        super().__init__()
        self.seat = seat
        self.player = name
        self._on_ready = on_ready

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the keyboard to {self.player}.\n\n"
                f"{self.player}, press Enter when the others cannot see the screen.",
                id="handoff-text",
            )

    def action_take_over(self) -> None:
        self.dismiss()
        self._on_ready(self.seat)
