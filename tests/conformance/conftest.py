"""Every test here runs once for each shipped game and once for Tiny, the tests' own
game (``any_game`` of tests/conftest.py): ``game`` is the game, ``game_id`` its id."""

from __future__ import annotations

import pytest

from ebbes_tui.game.protocols import Game


@pytest.fixture
def game(any_game: Game) -> Game:
    return any_game


@pytest.fixture
def game_id(any_game: Game) -> str:
    return any_game.id


@pytest.fixture
def gid(any_game: Game) -> str:
    """``game_id`` by its short name."""
    return any_game.id
