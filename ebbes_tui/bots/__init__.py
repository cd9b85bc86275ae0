"""Bots: players that see only a PlayerView. ``make_bot(level)`` builds one."""

from __future__ import annotations

from .base import Answer, Bot, decide
from .random_bot import RandomBot

LEVELS = ("random", "normal", "hard")


def make_bot(level: str, **options: object) -> Bot:
    """A bot of ``level`` (``random``, ``normal`` or ``hard``)."""
    if level == "random":
        return RandomBot()
    raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")


__all__ = ["Answer", "Bot", "LEVELS", "RandomBot", "decide", "make_bot"]
