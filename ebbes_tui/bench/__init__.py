"""``ebbes bench AREA``: figures for speed and memory, printed, never asserted."""

from __future__ import annotations

import importlib
from pathlib import Path

from ..game.registry import DEFAULT_GAME

#: Each area's module (with ``main(as_json, seconds)``) and its default seconds; the
#: areas of :data:`PER_GAME` also take ``game_id``.
AREAS = {
    "rules": ("rules_bench", 1.0),
    "bots": ("bots_bench", 1.0),
    "ui": ("ui_bench", 1.0),
    "ssh": ("ssh_bench", 30.0),
    "tables": ("tables_bench", 0.0),  # a whole game per table: --seconds is not used
}
PER_GAME = ("rules", "bots", "ui")


def run_bench(area: str, as_json: bool, seconds: float | None,
              baseline: Path | None = None, game_id: str | None = None,
              levels: tuple[str, ...] | None = None) -> int:
    """``levels``: the bot levels ``bots`` times (by default the quick ones)."""
    module_name, default_seconds = AREAS[area]
    module = importlib.import_module(f".{module_name}", __name__)
    seconds = default_seconds if seconds is None else seconds
    if baseline is not None:
        return module.main(as_json, seconds, baseline, game_id or DEFAULT_GAME)
    if levels is not None:
        return module.main(as_json, seconds, game_id or DEFAULT_GAME, levels)
    if game_id is not None:
        return module.main(as_json, seconds, game_id=game_id)
    return module.main(as_json, seconds)
