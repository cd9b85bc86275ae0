"""Screens that close once, however many keys arrive while they go.

Two quick Enters on a dialog would dismiss it twice: the second pop takes the screen
below it (the table) or fails on the last screen. Every screen that closes on a key
mixes this in before ``Screen``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.await_complete import AwaitComplete


class ClosesOnce:
    """``dismiss`` does its work the first time only."""

    # Not ``_closed``: Textual's message pump has that name, and a pump marked closed
    # never takes the Prune that removes the screen, so the app stopped taking keys.
    _dismissed = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._dismissed:
            return AwaitComplete()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]  # a mixin of Screen subclasses

    async def dismiss_when_on_top(self, result: Any = None) -> None:
        """Dismiss from a worker: ``dismiss`` pops whatever screen is on top, so first
        wait until this one is (a too-small-window notice or a help screen may be)."""
        while self.app.screen is not self:  # type: ignore[attr-defined]  # the mixed-in Screen has it
            await asyncio.sleep(0.05)
        self.dismiss(result)
