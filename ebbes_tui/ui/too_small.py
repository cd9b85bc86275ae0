"""One clear message while the window is smaller than the table needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    """Covers everything below 80x24; the app takes it away when the window grows."""

    def compose(self) -> ComposeResult:
        yield Static("Please make the window at least 80x24 to play ebbes.", id="too-small")
