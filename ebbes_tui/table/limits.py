"""Limits on what others may cost a table: a token bucket for rates, and the refusal
log, which says once a minute how often a user was refused instead of once per
refusal (so an uninvited user cannot fill the host's disk)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from .clock import Clock


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` a second after that."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token if there is one; False means the sender is too fast."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def refund(self) -> None:
        """Give back the token of a message that turned out to be welcome."""
        self.tokens = min(self.burst, self.tokens + 1)


class RefusalLog:
    """A user's first refusal is logged at once with its reason; the ones after it in
    the next ``window`` seconds are counted and logged as one line ("carol refused
    48,888 more times in the last minute"). So a user costs at most two log lines a
    minute, however fast they knock."""

    def __init__(self, log: logging.Logger, clock: Clock, window: float = 60.0) -> None:
        self.log = log
        self.clock = clock
        self.window = window
        self._counts: dict[str, int] = {}  # login -> refusals since the first was logged

    def refused(self, login: str, reason: str, times: int = 1) -> None:
        """``login`` was refused ``times`` times, for ``reason``."""
        if login not in self._counts:
            self.log.info("refused %s: %s", login, reason)
            self._counts[login] = -1
            self.clock.later(self.window, self._flush, login)
        self._counts[login] += times

    def _flush(self, login: str) -> None:
        count = self._counts.pop(login, 0)
        if count:
            self.log.info("%s refused %s more times in the last minute", login, f"{count:,}")
