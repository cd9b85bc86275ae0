"""The seam every game implements, and the registry that lists the games.

Everything above this package (bots, controller, table, the generic screens) is written
against these protocols and receives a :class:`Game` object; it never imports a game
package. A game package (``ebbes_tui.games.NAME``) implements them and may use the
generic layers (its widgets build on ``ebbes_tui.ui``'s).
"""

from .errors import IllegalMove, RecordError, RulesError, SetupError
from .events import DealEnded, Dealt, Ended, TrickEnded
from .protocols import (
    Bot, Choices, Decision, Game, GameOption, Outcome, SeatInfo, State, Unlisted, View,
    listed,
)
from .registry import GAMES, all_games, game_ids, load_game

__all__ = [
    "Bot", "Choices", "DealEnded", "Dealt", "Decision", "Ended", "GAMES", "Game",
    "GameOption", "IllegalMove", "Outcome", "RecordError", "RulesError", "SeatInfo",
    "SetupError", "State", "TrickEnded", "Unlisted", "View", "all_games", "game_ids",
    "listed", "load_game",
]
