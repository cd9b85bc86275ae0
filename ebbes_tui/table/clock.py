"""Time at a table: every deadline (a hello, a turn, an away player, an empty lobby, a
rate, a list of tables) reads this clock and sets its timers here, so a test can move
time on by hand instead of waiting for it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock:
    """The monotonic clock, and timers in the running event loop."""

    def now(self) -> float:
        return time.monotonic()

    def later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """Call ``callback(*args)`` in ``delay`` seconds, unless cancelled."""
        return asyncio.get_running_loop().call_later(delay, callback, *args)
