"""Bots: players that see only a PlayerView. ``make_bot(level)`` builds one."""

from __future__ import annotations

from .base import Bot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot

LEVELS = ("random", "normal", "hard")


def make_bot(level: str, **options: object) -> Bot:
    """A bot of ``level`` (``random``, ``normal`` or ``hard``); ``options`` go to its
    constructor, e.g. ``make_bot("hard", samples=40)``."""
    if level == "random":
        return RandomBot(**options)  # type: ignore[arg-type]
    if level == "normal":
        return NormalBot(**options)  # type: ignore[arg-type]
    if level == "hard":
        return HardBot(**options)  # type: ignore[arg-type]
    raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")


__all__ = ["Bot", "HardBot", "LEVELS", "NormalBot", "RandomBot", "make_bot"]
