"""Errors the rules raise, worded for the player who caused them: the seam's own
(every game raises the same kinds)."""

from __future__ import annotations

from ....game.errors import IllegalMove, RulesError

__all__ = ["IllegalMove", "RulesError"]
