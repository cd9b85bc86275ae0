"""A game's options as command-line flags (``--more-cards``, ``--rounds 7``,
``--dealer 2|random``, ``--option KEY=VALUE``), for every command that starts a game."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from .game.errors import SetupError
from .game.options import flag
from .game.protocols import AnyGame, GameOption
from .game.registry import all_games


def add_flags(parser: argparse.ArgumentParser, games: Iterable[AnyGame]) -> None:
    """A flag for every option of every game (an option of one key means the same in
    each game that has it), unless the command has a flag of that name already (the
    tournament's ``--games``); and ``--option KEY=VALUE`` for any option. Unset flags
    are None, so only what was given counts."""
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game's option by its name (e.g. games=3, series=on)")
    games = list(games)
    owners: dict[str, list[tuple[AnyGame, GameOption]]] = {}
    for game in games:
        for option in game.rules.options:
            owners.setdefault(option.key, []).append((game, option))
    seen: list[str] = []
    for key, owned in owners.items():
        option = owned[0][1]
        name = flag(option)
        if name in parser._option_string_actions:
            continue
        seen.append(key)
        # The help says whose option it is, in each game's words where they differ.
        if len({o.explain for _, o in owned}) > 1:
            what = "; ".join(f"{g.id}: {o.explain.rstrip('.')}" for g, o in owned)
        elif len(owned) < len(games):
            what = f"{option.explain} [{', '.join(g.id for g, _ in owned)}]"
        else:
            what = option.explain
        if option.kind == "bool":
            parser.add_argument(name, action="store_true", default=None, help=what)
        elif option.kind == "int":
            parser.add_argument(name, type=int, default=None, metavar="N",
                                help=f"{what} ({option.low} to {option.high})")
        else:
            parser.add_argument(name, default=None, metavar="K|random",
                                help=f"{what} (a player from 1, or random)")
    parser.set_defaults(option_flags=tuple(seen))


def from_flags(game: AnyGame, args: argparse.Namespace) -> dict[str, Any]:
    """The options given on the command line, as flags or ``--option KEY=VALUE``
    (players counted from 1 there, from 0 in the options); SetupError for an option of
    another game or a value that is not one."""
    given: dict[str, Any] = {}
    mine = {o.key: o for o in game.rules.options}
    every = {o.key: o for g in all_games() for o in g.rules.options}
    for key in getattr(args, "option_flags", ()):
        option, value = every[key], getattr(args, key)
        if value is None:
            continue
        if key not in mine:
            raise SetupError(f"{flag(option)} is not an option of {game.title}.")
        given[key] = _seat(option, value) if option.kind == "seat" else value
    for pair in getattr(args, "option", None) or []:
        key, equals, text = pair.partition("=")
        named = mine.get(key.strip().replace("-", "_"))
        if named is None or not equals:
            known = ", ".join(o.key for o in game.rules.options)
            raise SetupError(f"{pair!r} is not an option of {game.title} (say KEY=VALUE; the "
                             f"options are {known}).")
        given[named.key] = _value(named, text.strip())
    return given


def _value(option: GameOption, text: str) -> Any:
    """An option's value from its text on the command line."""
    if option.kind == "seat":
        return _seat(option, text)
    if option.kind == "bool":
        if text not in ("on", "off", "true", "false", "yes", "no"):
            raise SetupError(f"{option.key} is on or off, not {text!r}.")
        return text in ("on", "true", "yes")
    if not text.lstrip("-").isdecimal():
        raise SetupError(f"{option.key} takes a whole number, not {text!r}.")
    return int(text)


def _seat(option: GameOption, text: str) -> int | None:
    if text == "random":
        return None
    if not text.isdecimal() or int(text) < 1:
        raise SetupError(f"{flag(option)} takes a player from 1, or 'random', not {text!r}.")
    return int(text) - 1
