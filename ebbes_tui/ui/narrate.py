"""A game's log as plain lines, for a watcher without a terminal (``ebbes table join
--watch`` headless): each update's new lines, in the words of the log the table screen
keeps (``g``), read as a spectator reads it (nobody is "You")."""

from __future__ import annotations

from collections.abc import Callable

from ..controller.events import AnyUpdate
from ..game.protocols import AnyGame
from .game_ui import screens_of
from .look import Look


def narrator(game: AnyGame, ascii: bool = False) -> Callable[[AnyUpdate], list[str]]:
    """Called with every update in order (the first: the full view the watcher starts
    from), it returns the lines the game's log added for it."""
    log = screens_of(game).log(Look(ascii=ascii), personal=False, memory_aid=True)
    told: set[int] = set()  # the log's entries said already (a line may come in before them)
    started = False

    def lines(update: AnyUpdate) -> list[str]:
        nonlocal started
        if started:
            log.add(update)
        else:
            log.start(update)
            started = True
        new = [entry for entry in log.lines if id(entry) not in told]
        told.update(id(entry) for entry in new)
        return [line for _, line in new]

    return lines
