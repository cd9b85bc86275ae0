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

    def __init__(self, size: Size) -> None:
        super().__init__()
        self._size = size

    def compose(self) -> ComposeResult:
        yield Static(self._words(), id="too-small")

    def show(self, size: Size) -> None:
        """The window changed and is still too small: say how big it is now."""
        self._size = size
        if self.is_mounted:
            self.query_one("#too-small", Static).update(self._words())

    def _words(self) -> str:
        width, height = MIN_SIZE
        return (f"Please make the window at least {width}x{height} to play "
                f"(it is {self._size.width}x{self._size.height} now).")


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
            app.push_screen(TooSmallScreen(size))
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(app.screen, TooSmallScreen):
                app.pop_screen()
            self._ok.set()
        elif not small:
            self._ok.set()
        elif isinstance(app.screen, TooSmallScreen):
            app.screen.show(size)

    async def big_enough(self) -> None:
        """Return once the window is big enough for the table."""
        if self.too_small:
            await self._ok.wait()
