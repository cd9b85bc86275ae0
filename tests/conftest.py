"""Tiny, the tests' own game (tiny_game.py, its screens tiny_ui.py), joins the registry
only for a test that asks for it (``any_game``, ``tiny``) and leaves it afterwards: the
shipped menu never lists it."""

from __future__ import annotations

import pytest

from ebbes_tui.game import registry
from ebbes_tui.game.protocols import Game

# The whole suite runs in two processes, one per core (two_cores.py says why).
from two_cores import (  # noqa: F401  (hooks: pytest finds them by name here)
    pytest_collection_modifyitems, pytest_sessionfinish, pytest_terminal_summary,
    pytest_unconfigure,
)

#: Every shipped game, then Tiny: what the conformance tests run over.
CONFORMANCE = (*registry.game_ids(), "tiny")


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch):
    """Tiny in the registry for this test."""
    monkeypatch.setitem(registry.GAMES, "tiny", "tiny_game:GAME")
    yield registry.load_game("tiny")
    registry._loaded.pop("tiny", None)


@pytest.fixture(params=CONFORMANCE)
def any_game(request: pytest.FixtureRequest) -> Game:
    """Each shipped game, and Tiny (registered for the test)."""
    if request.param == "tiny":
        return request.getfixturevalue("tiny")
    return registry.load_game(request.param)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Private data and config dirs (saves, settings, tables' saves) for this test, and
    its own place for tables: the tables other users of the machine have open are not
    this test's (a real user's table in /tmp made the Tables screen list two)."""
    (tmp_path / "tables").mkdir()
    monkeypatch.setenv("EBBES_TABLES_DIR", str(tmp_path / "tables"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


@pytest.fixture(autouse=True)
def scrolls_without_glides(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps of this process scroll at once, not in Textual's glide (End, Home and
    PgDn take up to a second each): a test waits for where a scroll ends, not for the
    way there. A test of what shows during a glide turns it on (``animation_level``).
    A player's ebbes, and the ones the terminal tests start, glide as always."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def covers_take_keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test not about it does without the covers' pause after they appear (as bots
    without their pause): every key reads as typed long after any cover was painted.
    A key typed before a cover came still does nothing."""
    from ebbes_tui.ui import unhurried

    monkeypatch.setattr(unhurried, "typed_at", lambda event: float("inf"))
