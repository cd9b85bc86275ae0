"""Blindes Huhn extrem on the game seam: pure rules (RULINGS-huhn H1-H13), the
``huhn-record/1`` format, views, a sampler for search and the normal bot.
``GAME`` is the :class:`~ebbes_tui.game.protocols.Game` the registry loads."""

from .game import GAME

__all__ = ["GAME"]
