"""The one place that lists the games. Each is named by the import path of its
:class:`~.protocols.Game` object, so nothing generic imports a game package; they are
loaded when first asked for (the app and the commands ask at start-up). The paths are
relative to the package this registry is in, so a copy of the package under another
name (a baseline of ``ebbes bench rules``) loads its own games, not this checkout's."""

from __future__ import annotations

import importlib
import importlib.util

from .protocols import AnyGame

#: Game id -> "module:attribute" of its Game object, in the order the menu lists them; a
#: module starting with a dot is within this registry's top package.
GAMES: dict[str, str] = {
    "ebbes": ".games.ebbes:GAME",
    "huhn": ".games.huhn:GAME",
    "hund": ".games.hund:GAME",
}
DEFAULT_GAME = "ebbes"

_loaded: dict[str, AnyGame] = {}
_PACKAGE = __name__.partition(".")[0]


def game_ids() -> tuple[str, ...]:
    return tuple(GAMES)


def load_game(game_id: str) -> AnyGame:
    """The game called ``game_id``; ValueError names the games there are."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    where = GAMES.get(game_id)
    if where is None:
        raise ValueError(f"unknown game {game_id!r} (one of {', '.join(GAMES)})")
    module, _, attribute = where.partition(":")
    found: AnyGame = getattr(importlib.import_module(module, _PACKAGE), attribute)
    _loaded[game_id] = found
    return found


def package_of(game_id: str) -> str:
    """The import path of the package ``game_id``'s Game object is in (its lessons and
    other data files lie there)."""
    module = GAMES[game_id].partition(":")[0]
    return importlib.util.resolve_name(module, _PACKAGE) if module.startswith(".") else module


def all_games() -> list[AnyGame]:
    """Every game, in menu order."""
    return [load_game(game_id) for game_id in GAMES]


def game_of_format(record_format: object) -> AnyGame:
    """The game whose records have ``format``; ValueError for an unknown format."""
    for game in all_games():
        if game.records.format == record_format:
            return game
    formats = ", ".join(repr(g.records.format) for g in all_games())
    raise ValueError(f"unknown format {record_format!r} (expected one of {formats})")
