"""The shell treats every game alike: no game's name decides anything in ``ebbes_tui/ui``
(what differs comes from the game's facets), and an app given one game's saves keeps
every other game's beside them, whichever game it was given."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ebbes_tui.controller import Library, SaveStore
from ebbes_tui.game.registry import all_games, game_ids
from ebbes_tui.ui.app import EbbesApp

UI = Path(__file__).resolve().parents[1] / "ebbes_tui" / "ui"


def test_the_shell_compares_nothing_with_a_games_name():
    found = [f"{path.name}:{node.lineno}" for path in sorted(UI.glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Compare)
             and any(isinstance(part, ast.Constant) and part.value in game_ids()
                     for part in (node.left, *node.comparators))]
    assert found == []


@pytest.mark.parametrize("given", all_games(), ids=lambda g: g.id)
def test_every_games_saves_go_beside_the_given_libraries(tmp_path, monkeypatch, given):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user"))  # where they must not go
    home = tmp_path / "home"
    app = EbbesApp(library=Library(given, SaveStore(home / "saves")),
                   settings_path=tmp_path / "settings.json")
    roots = {game.id: app.library_for(game).store.root for game in all_games()}
    assert roots == {game.id: home / "saves" if game is given else home / game.id / "saves"
                     for game in all_games()}


@pytest.mark.parametrize("first", all_games(), ids=lambda g: g.id)
def test_every_games_saves_go_to_its_own_place_in_the_users_data_dir(tmp_path, monkeypatch,
                                                                     first):
    """Opened with no library given, whichever game the app opened first, each game's
    saves go where that game's Continue and History look: a Blindes Huhn game begun
    after the app had opened Hund's games was saved under hund/huhn/, and
    `ebbes --game huhn --continue` said there was no saved game (a shared server's
    user found it)."""
    from ebbes_tui.controller.saves import data_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user"))
    app = EbbesApp(settings_path=tmp_path / "settings.json", game=first.id)
    app.library_for(first)
    roots = {game.id: app.library_for(game).store.root for game in all_games()}
    assert roots == {game.id: data_dir(game) / "saves" for game in all_games()}
