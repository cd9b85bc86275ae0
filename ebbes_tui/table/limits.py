"""Limits on what a client may send: a token bucket for message rates, and chat text
cleaned so that no escape sequence or control character reaches another terminal."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable

#: The longest chat message, in characters, after cleaning.
CHAT_LIMIT = 200


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


def clean_chat(text: str, limit: int = CHAT_LIMIT) -> str:
    """``text`` with every control, format and separator character (ESC, C1 controls,
    bidi overrides, line breaks) turned into a space, runs of spaces collapsed, cut to
    ``limit`` characters. Without ESC and the C1 controls no terminal sequence can be
    formed, whatever the rest of the text says."""
    kept = [" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text[:limit * 4]]
    return " ".join("".join(kept).split())[:limit]
