"""Players that see only a seat's view, for any game: ``random`` (any legal answer),
the game's own heuristic ``normal`` bot, ``hard`` (search with the game's sampler) and
``expert`` (the same search, several times longer);
``ismcts`` (information-set tree search) is an experiment for tournaments, not offered
to players (:data:`EXPERIMENTS`). ``make_bot(game, level)`` builds one."""

from __future__ import annotations

from typing import Any

from ..game.protocols import ActionT, Bot, Game, StateT, ViewT
from .ismcts import ISMCTSBot
from .random_bot import RandomBot
from .search import ExpertBot, SearchBot

LEVELS = ("random", "normal", "hard", "expert")
#: Levels tournaments and benches may pit against the others, never offered to players.
EXPERIMENTS = ("ismcts",)
#: The levels that search, a second or more a decision: a table says they are thinking,
#: and a tournament counts their budget in samples alone (no time cap).
SEARCHING = ("hard", "expert", "ismcts")


def make_bot(game: Game[StateT, ViewT, ActionT], level: str,
             **options: Any) -> Bot[ViewT, ActionT]:
    """A bot of ``level`` for ``game``; ``options`` go to the search bot's constructor,
    e.g. ``make_bot(game, "hard", samples=40)``."""
    if level == "random":
        return RandomBot()
    if level == "normal":
        return game.players.bot("normal")
    if level == "hard":
        return SearchBot(game, **options)
    if level == "expert":
        return ExpertBot(game, **options)
    if level == "ismcts":
        return ISMCTSBot(game, **options)
    raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS + EXPERIMENTS)})")


__all__ = ["Bot", "EXPERIMENTS", "ExpertBot", "ISMCTSBot", "LEVELS", "RandomBot", "SearchBot", "make_bot"]
