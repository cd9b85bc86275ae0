"""A game's options outside the game: checked and completed from its
:class:`~.protocols.GameOption` list, named as flags (``--more-cards``) and said in
words (``more cards, 7 rounds``). The command line's flags are ``ebbes_tui.flags``."""

from __future__ import annotations

from typing import Any

from .errors import SetupError
from .protocols import AnyGame, GameOption


def flag_name(key: str) -> str:
    return "--" + key.replace("_", "-")


def flag(option: GameOption) -> str:
    return flag_name(option.key)


def complete(game: AnyGame, players: int, given: dict[str, Any]) -> dict[str, Any]:
    """Every option of ``game`` for ``players`` players: ``given`` checked, the rest at
    their defaults; SetupError names an unknown option or a value out of range."""
    known = {o.key: o for o in game.rules.options}
    for key in given:
        if key not in known:
            raise SetupError(f"{game.title} has no option {flag_name(key)}.")
    options: dict[str, Any] = {}
    for option in game.rules.options:
        value = given.get(option.key, option.default)
        if value != option.default and not option.applies(players):
            raise SetupError(f"{game.title} with {players} players has no {flag(option)}. "
                             f"{option.explain}")
        if value != option.default and option.needs and not given.get(option.needs):
            raise SetupError(f"{flag(option)} goes with {flag_name(option.needs)}.")
        options[option.key] = check(option, value, players)
    return options


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or low <= value) and (high is None or value <= high)


def check(option: GameOption, value: Any, players: int) -> Any:
    """``value`` if ``option`` may take it; SetupError says why not."""
    kind = option.kind
    if kind == "bool":
        if not isinstance(value, bool):
            raise SetupError(f"{flag(option)} is on or off, not {value!r}.")
    elif kind == "int":
        if value is None and option.default is None:
            pass  # the game's own choice ("one per player")
        elif type(value) is not int or not _within(value, option.low, option.high):
            raise SetupError(f"{flag(option)} must be from {option.low} to {option.high}, "
                             f"not {value!r}.")
    elif kind == "seat":
        if value is not None and (type(value) is not int or not 0 <= value < players):
            raise SetupError(f"{flag(option)} names a player from 1 to {players}, or 'random'.")
    return value


def describe(game: AnyGame, options: dict[str, Any]) -> str:
    """The options that differ from their defaults, in words: ``more cards, rounds 7``
    (a seat option as ``dealer: player 2``)."""
    words = []
    for option in game.rules.options:
        value = options.get(option.key, option.default)
        if value == option.default:
            continue
        label = option.label[:1].lower() + option.label[1:]
        if option.kind == "bool":
            words.append(label if value else f"no {label}")
        elif option.kind == "seat":
            words.append(f"{label}: player {value + 1}" if value is not None else f"{label}: random")
        else:
            words.append(f"{label} {value}")
    return ", ".join(words)
