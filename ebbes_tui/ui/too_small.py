"""One clear message while the window is smaller than the table needs: it covers
everything, and growing the window takes it away, the table as it was."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

if TYPE_CHECKING:
    from .app import EbbesApp

#: Below this the table cannot be drawn readably (issue: small terminals).
MIN_SIZE = (80, 24)


class TooSmallScreen(Screen[None]):
    """Covers everything below 80x24; the app takes it away when the window grows."""

    def compose(self) -> ComposeResult:
        yield Static("Please make the window at least 80x24 to play ebbes.", id="too-small")


class SizeGuard:
    """Watches the app's size once the menu is up: below 80x24 the message covers
    everything, and nothing goes over the table (any cover is put back by the table
    itself once the window has grown)."""

    def __init__(self, app: EbbesApp) -> None:
        self.app = app
        self.too_small = False
        self._ok = asyncio.Event()
        self._watching = False  # no size check before the menu is up

    def start(self) -> None:
        """The menu is up: check the size now and from now on."""
        self._watching = True
        self.check()

    def check(self, size: Size | None = None) -> None:
        """Put the message up, or take it away, for ``size`` (the app's by default)."""
        if not self._watching:
            return
        app = self.app
        size = size or app.size
        small = size.width < MIN_SIZE[0] or size.height < MIN_SIZE[1]
        if small and not self.too_small:
            self.too_small = True
            self._ok.clear()
            app.push_screen(TooSmallScreen())
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(app.screen, TooSmallScreen):
                app.pop_screen()
            self._ok.set()
        elif not small:
            self._ok.set()

    async def big_enough(self) -> None:
        """Return once the window is big enough for the table."""
        if self.too_small:
            await self._ok.wait()
