"""The Textual table: ``EbbesApp`` (imported lazily, so ``import ebbes_tui.ui`` is cheap)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import EbbesApp

__all__ = ["EbbesApp"]


def __getattr__(name: str) -> object:
    if name == "EbbesApp":
        from .app import EbbesApp

        return EbbesApp
    raise AttributeError(name)
