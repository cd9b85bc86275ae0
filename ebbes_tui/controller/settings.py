"""The player's preferences: the game last played, each game's last setup, the colour
theme, the bots' pace and the trick display, in a private JSON file; and the setup a
new game is started from.

The file lives in the user's config dir (dir 0700, file 0600) and is replaced
atomically, so a crash never leaves half a settings file. A file that is not JSON, not
an object, or has a value of the wrong type (text for a number, a list for a name) is
set aside beside it (``settings.json.bad-<time>``) and the app starts with the
defaults, saying so in one line; a value of the right type that is not allowed (an
unknown theme, 9 players) is ignored. A file of an earlier version (one game's setup
at the top) is read as that game's section.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from platformdirs import user_config_dir

from ..bots import LEVELS
from ..game.errors import SetupError
from ..game.options import check
from ..game.protocols import AnyGame
from ..game.registry import DEFAULT_GAME
from .private_files import private_dir, write_atomically
from .saves import APP_DIR_NAME
from .setup import MatchSetup, players_setup

#: Colour themes: dark, light, and the terminal's own colours (16-colour friendly).
THEMES = ("textual-dark", "textual-light", "ansi-dark")
#: How long a finished trick stays on the table: a time, or until a key (the screen's
#: own setting; a shared table never waits for it). In the order the setting goes
#: round: ever longer, then until a key.
TRICK_DISPLAYS = ("fast", "normal", "slow", "key")
#: How long a bot's move waits before it is shown, in seconds, by name, in the order
#: the setting goes round (``--pace`` sets any other for one run).
BOT_PACES = {"fast": 0.2, "normal": 0.5, "slow": 1.0}
#: Seats the form keeps (the most any game seats).
SEATS_KEPT = 6


@dataclass
class PlayerChoice:
    """One seat of the setup form: a name, human or bot, and a bot's level."""

    name: str
    kind: str = "bot"
    level: str = "normal"


def _default_players() -> list[PlayerChoice]:
    return [PlayerChoice("You", "human")] + [PlayerChoice(f"Bot {i}") for i in range(1, SEATS_KEPT)]


def at_one_keyboard(seats: list[PlayerChoice]) -> list[PlayerChoice]:
    """``seats`` with a name for each person: with several at one keyboard (hot-seat),
    a person's seat still called "You" (one player's default against bots) is called
    by its place, "Player 2": the screens call only the player whose turn it is "you".
    Back to one person, that person's "Player 1" (a name given above) is "You" again,
    the name the table calls them by."""
    if sum(c.kind == "human" for c in seats) < 2:
        return [replace(c, name="You") if c.kind == "human" and c.name == f"Player {i + 1}"
                else c for i, c in enumerate(seats)]
    return [replace(c, name=f"Player {i + 1}") if c.kind == "human" and
            c.name.strip().casefold() == "you" else c for i, c in enumerate(seats)]


@dataclass
class GameSettings:
    """One game's last setup: the number of players (the first seats are used), the
    game's options, the memory aid."""

    players: int = 3
    seats: list[PlayerChoice] = field(default_factory=_default_players)
    options: dict[str, Any] = field(default_factory=dict)
    memory_aid: bool = True

    @classmethod
    def from_json(cls, data: object, game: AnyGame) -> GameSettings:
        """A game's settings from parsed JSON, keeping the defaults for anything
        missing or odd (an option the game has not, a value it does not allow)."""
        s = cls(players=3 if 3 in game.player_counts else game.player_counts[0])
        if not isinstance(data, dict):
            return s
        if _whole(data.get("players")) and data["players"] in game.player_counts:
            s.players = data["players"]
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, raw in enumerate(seats[:SEATS_KEPT]):
                if isinstance(raw, dict):
                    name, kind, level = raw.get("name"), raw.get("kind"), raw.get("level")
                    s.seats[i] = PlayerChoice(
                        name if isinstance(name, str) and name.strip() else s.seats[i].name,
                        kind if kind in ("human", "bot") else s.seats[i].kind,
                        level if level in LEVELS else s.seats[i].level,
                    )
        options = data.get("options")
        if isinstance(options, dict):
            for option in game.rules.options:
                if option.key in options:
                    try:
                        s.options[option.key] = check(option, options[option.key], SEATS_KEPT)
                    except SetupError:
                        pass
        if isinstance(data.get("memory_aid"), bool):
            s.memory_aid = data["memory_aid"]
        return s

    def setup(self, game: AnyGame) -> MatchSetup:
        """The game these settings describe (a new seed each time); an option that
        does not apply to this number of players is left at its default."""
        seats = at_one_keyboard(self.seats[: self.players])
        options = {}
        for option in game.rules.options:
            value = self.options.get(option.key, option.default)
            if not option.applies(self.players) or (option.needs and not
                                                     self.options.get(option.needs)):
                value = option.default
            if option.kind == "seat" and value is not None and value >= self.players:
                value = None
            options[option.key] = value
        return players_setup(
            game, [(c.name, c.kind, c.level if c.kind == "bot" else None) for c in seats],
            options)


@dataclass
class Settings:
    """The game chosen last, each game's own settings, and the app's looks."""

    game: str = DEFAULT_GAME
    games: dict[str, GameSettings] = field(default_factory=dict)
    theme: str = THEMES[0]
    trick_display: str = "normal"
    bot_pace: str = "normal"

    def of(self, game: AnyGame) -> GameSettings:
        """``game``'s settings (its defaults the first time)."""
        if game.id not in self.games:
            self.games[game.id] = GameSettings.from_json({}, game)
        return self.games[game.id]

    @classmethod
    def from_json(cls, data: object, games: list[AnyGame]) -> Settings:
        """Settings from parsed JSON, keeping the defaults for anything missing or odd."""
        s = cls()
        if not isinstance(data, dict):
            return s
        known = {g.id: g for g in games}
        if data.get("game") in known:
            s.game = data["game"]
        kept = data.get("games")
        if isinstance(kept, dict):
            for game_id, section in kept.items():
                if game_id in known:
                    s.games[game_id] = GameSettings.from_json(section, known[game_id])
        if data.get("theme") in THEMES:
            s.theme = data["theme"]
        if data.get("trick_display") in TRICK_DISPLAYS:
            s.trick_display = data["trick_display"]
        if data.get("bot_pace") in BOT_PACES:
            s.bot_pace = data["bot_pace"]
        return s


#: What a settings file keeps for the whole app; the rest is a game's.
_APP_KEYS = ("game", "theme", "trick_display", "bot_pace")
#: What a game's section keeps besides its options.
_SECTION_KEYS = ("players", "seats", "memory_aid")


def upgraded(data: object) -> object:
    """Before the app had several games, the file held its one game's (the registry's
    default) setup at the top, options among the rest: today's file, with that game's
    section. The next save writes it so, once."""
    if not isinstance(data, dict) or "games" in data:
        return data
    section = {key: data[key] for key in _SECTION_KEYS if key in data}
    section["options"] = {key: value for key, value in data.items()
                          if key not in _APP_KEYS and key not in _SECTION_KEYS}
    return {**{key: data[key] for key in _APP_KEYS if key in data},
            "games": {DEFAULT_GAME: section}}


def _wrong_type(data: object, games: list[AnyGame], at_top: bool = False) -> str:
    """The first value of ``data`` whose type a settings file never has, in a few
    words ("" when there is none); ``at_top``: named as an earlier version's file,
    its one section at the top, has it."""
    if not isinstance(data, dict):
        return "it is not a JSON object"
    for key in _APP_KEYS:
        if key in data and not isinstance(data[key], str):
            return f"{key} is not text"
    known = {g.id: g for g in games}
    sections = data.get("games", {})
    if not isinstance(sections, dict):
        return "games is not an object"
    for game_id, section in sections.items():
        where = "" if at_top else f"games.{game_id}."
        if game_id in known and (wrong := _section_wrong(section, known[game_id], where)):
            return wrong
    return ""


def _section_wrong(section: object, game: AnyGame, where: str) -> str:
    """:func:`_wrong_type` for one game's section."""
    if not isinstance(section, dict):
        return f"{where.rstrip('.')} is not an object"
    if "players" in section and not _whole(section["players"]):
        return f"{where}players is not a whole number"
    if "memory_aid" in section and not isinstance(section["memory_aid"], bool):
        return f"{where}memory_aid is not true or false"
    seats = section.get("seats", [])
    if not isinstance(seats, list) or not all(
            isinstance(seat, dict) and all(isinstance(seat.get(key, ""), str)
                                           for key in ("name", "kind", "level"))
            for seat in seats):
        return f"{where}seats is not a list of names, kinds and levels"
    options = section.get("options", {})
    if not isinstance(options, dict):
        return f"{where}options is not an object"
    for option in game.rules.options:
        value = options.get(option.key)
        if option.key in options and not (
                isinstance(value, bool) if option.kind == "bool" else
                _whole(value) or (value is None and (option.kind == "seat"
                                                     or option.default is None))):
            return f"{where}options.{option.key} is not {_KIND_WORDS.get(option.kind, 'of its kind')}"
    return ""


_KIND_WORDS = {"bool": "true or false", "int": "a whole number", "seat": "a player's number"}


def _whole(value: object) -> bool:
    """An int that JSON meant as one (3.0 and true are not: 3.0 broke slicing)."""
    return isinstance(value, int) and not isinstance(value, bool)


def default_path() -> Path:
    return Path(user_config_dir(APP_DIR_NAME, appauthor=False)) / "settings.json"


class Loaded(NamedTuple):
    """The settings read, and one line for the player when the file was set aside
    ("" when all was well)."""

    settings: Settings
    note: str


def load(path: Path, games: list[AnyGame]) -> Loaded:
    """The settings in ``path`` (the defaults when there is none yet). A file that is
    not JSON, not an object or has a value of a wrong type is set aside, and the
    note says so. Never raises."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return Loaded(Settings(), "")
    except OSError as e:
        return Loaded(Settings(), f"Your settings could not be read ({e.strerror or e}), so "
                                  "the defaults are used.")
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deeply
        return Loaded(Settings(), _set_aside(path, "it is not JSON"))
    today = upgraded(data)
    wrong = _wrong_type(today, games, at_top=today is not data)
    if wrong:
        return Loaded(Settings(), _set_aside(path, wrong))
    return Loaded(Settings.from_json(today, games), "")


def _set_aside(path: Path, why: str) -> str:
    """Rename a bad settings file beside itself, so the next save does not overwrite
    it; the line that tells the player."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        path.rename(aside)
    except OSError as e:
        return (f"Your settings file could not be used ({why}) nor set aside "
                f"({e.strerror or e}): the defaults are used.")
    return f"Your settings file could not be used ({why}): it is now {aside.name}, and " \
        "the defaults are used."


def save(path: Path, settings: Settings) -> None:
    """Write atomically into a private dir; an unwritable config dir is not fatal."""
    try:
        private_dir(path.parent)
        write_atomically(path, json.dumps(asdict(settings), indent=1).encode("utf-8"))
    except OSError:
        pass


__all__ = ["BOT_PACES", "GameSettings", "Loaded", "PlayerChoice", "Settings", "THEMES",
           "TRICK_DISPLAYS", "load", "save"]
