"""The player's preferences: the last game setup and the colour theme, in a private
JSON file, and the setup a new game is started from.

The file lives in the user's config dir (dir 0700, file 0600) and is replaced
atomically, so a crash never leaves half a settings file; one that cannot be read is
simply ignored (the menu falls back to its defaults).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from platformdirs import user_config_dir

from ..bots import LEVELS
from ..game.protocols import Game
from ..games.ebbes.rules.variants import BASIC_ROUNDS, DECK_VALUES, MAX_ROUNDS
from .private_files import private_dir, write_atomically
from .saves import APP_DIR_NAME
from .setup import MatchSetup, players_setup

#: Colour themes: dark, light, and the terminal's own colours (16-colour friendly).
THEMES = ("textual-dark", "textual-light", "ansi-dark")
#: How long a finished trick stays on the table: until a key, or a time (the screen's
#: own setting; a shared table never waits for it).
TRICK_DISPLAYS = ("key", "slow", "normal", "fast")
PLAYER_COUNTS = tuple(sorted(DECK_VALUES))


@dataclass
class PlayerChoice:
    """One seat of the setup form: a name, human or bot, and a bot's level."""

    name: str
    kind: str = "bot"
    level: str = "normal"


def _default_players() -> list[PlayerChoice]:
    return [PlayerChoice("You", "human")] + [PlayerChoice(f"Bot {i}") for i in range(1, 5)]


@dataclass
class Settings:
    """The last setup chosen in the menu (five seats are kept; ``players`` are used)."""

    players: int = 3
    seats: list[PlayerChoice] = field(default_factory=_default_players)
    more_cards: bool = False
    choose_determiners: bool = False
    rounds: int = BASIC_ROUNDS
    starter: int | None = None  # None: random (R11)
    dealer: int | None = None  # two players: round 1's dealer, None random (R15)
    memory_aid: bool = True
    theme: str = THEMES[0]
    trick_display: str = "normal"

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from parsed JSON, keeping the defaults for anything missing or odd."""
        s = cls()
        if not isinstance(data, dict):
            return s
        if _whole(data.get("players")) and data["players"] in PLAYER_COUNTS:
            s.players = data["players"]
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, raw in enumerate(seats[:5]):
                if isinstance(raw, dict):
                    name, kind, level = raw.get("name"), raw.get("kind"), raw.get("level")
                    s.seats[i] = PlayerChoice(
                        name if isinstance(name, str) and name.strip() else s.seats[i].name,
                        kind if kind in ("human", "bot") else s.seats[i].kind,
                        level if level in LEVELS else s.seats[i].level,
                    )
        for key in ("more_cards", "choose_determiners", "memory_aid"):
            if isinstance(data.get(key), bool):
                setattr(s, key, data[key])
        if _whole(data.get("rounds")) and BASIC_ROUNDS <= data["rounds"] <= MAX_ROUNDS:
            s.rounds = data["rounds"]
        for key in ("starter", "dealer"):
            if data.get(key) is None or (_whole(data[key]) and data[key] in range(5)):
                setattr(s, key, data.get(key))
        if data.get("theme") in THEMES:
            s.theme = data["theme"]
        if data.get("trick_display") in TRICK_DISPLAYS:
            s.trick_display = data["trick_display"]
        return s

    def setup(self, game: Game) -> MatchSetup:
        """The game these settings describe (a new seed each time)."""
        seats = self.seats[: self.players]
        options = {"more_cards": self.more_cards, "choose_determiners": self.choose_determiners,
                   "rounds": self.rounds, "starter": self.starter, "dealer": self.dealer}
        return players_setup(
            game, [(c.name, c.kind, c.level if c.kind == "bot" else None) for c in seats],
            options)


def _whole(value: object) -> bool:
    """An int that JSON meant as one (3.0 and true are not: 3.0 broke slicing)."""
    return isinstance(value, int) and not isinstance(value, bool)


def default_path() -> Path:
    return Path(user_config_dir(APP_DIR_NAME, appauthor=False)) / "settings.json"


def load(path: Path) -> Settings:
    try:
        return Settings.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, RecursionError):
        return Settings()


def save(path: Path, settings: Settings) -> None:
    """Write atomically into a private dir; an unwritable config dir is not fatal."""
    try:
        private_dir(path.parent)
        write_atomically(path, json.dumps(asdict(settings), indent=1).encode("utf-8"))
    except OSError:
        pass
