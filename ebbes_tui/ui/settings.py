"""The menu's memory: the last game setup and the colour theme, in a private JSON file.

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
from ..controller.private_files import private_dir, write_atomically
from ..controller.saves import APP_DIR_NAME

THEMES = ("textual-dark", "ansi-dark")


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
    rounds: int = 5
    starter: int | None = None  # None: random (R11)
    memory_aid: bool = True
    theme: str = THEMES[0]

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from parsed JSON, keeping the defaults for anything missing or odd."""
        s = cls()
        if not isinstance(data, dict):
            return s
        if data.get("players") in (2, 3, 4, 5):
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
        if isinstance(data.get("rounds"), int) and 5 <= data["rounds"] <= 99:
            s.rounds = data["rounds"]
        if data.get("starter") is None or data.get("starter") in range(5):
            s.starter = data.get("starter")
        if data.get("theme") in THEMES:
            s.theme = data["theme"]
        return s


def default_path() -> Path:
    return Path(user_config_dir(APP_DIR_NAME, appauthor=False)) / "settings.json"


def load(path: Path) -> Settings:
    try:
        return Settings.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save(path: Path, settings: Settings) -> None:
    """Write atomically into a private dir; an unwritable config dir is not fatal."""
    try:
        private_dir(path.parent)
        write_atomically(path, json.dumps(asdict(settings), indent=1).encode("utf-8"))
    except OSError:
        pass
