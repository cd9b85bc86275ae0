"""A bad settings file (issue 23, item 16): one that is not JSON, not an object, or has a
value of a wrong type (``{"game": []}`` crashed the app at start) is set aside beside
itself, the app starts with the defaults and says so in one line; a good one is read
back as it was saved and never set aside. Fuzzed with hypothesis."""

from __future__ import annotations

import copy
import json
import tempfile
from dataclasses import asdict
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ebbes_tui.bots import LEVELS
from ebbes_tui.controller.settings import (
    SEATS_KEPT, THEMES, TRICK_DISPLAYS, GameSettings, PlayerChoice, Settings, load, save,
)
from ebbes_tui.game.registry import DEFAULT_GAME, all_games

from ui_support import make_app

GAMES = list(all_games())
EXAMPLES = settings(max_examples=100, deadline=None)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.floats(0, 9)
                    | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


@st.composite
def game_settings(draw, game) -> GameSettings:
    players = draw(st.sampled_from(game.player_counts))
    seats = [PlayerChoice(draw(st.text(min_size=1, max_size=12).filter(str.strip)),
                          draw(st.sampled_from(["human", "bot"])), draw(st.sampled_from(LEVELS)))
             for _ in range(SEATS_KEPT)]
    options = {}
    for option in game.rules.options:
        if not draw(st.booleans()):
            continue
        if option.kind == "bool":
            options[option.key] = draw(st.booleans())
        elif option.kind == "int":
            options[option.key] = draw(st.integers(option.low, option.high))
        else:
            options[option.key] = draw(st.none() | st.integers(0, SEATS_KEPT - 1))
    return GameSettings(players, seats, options, draw(st.booleans()))


@st.composite
def good_settings(draw) -> Settings:
    games = {g.id: draw(game_settings(g)) for g in GAMES if draw(st.booleans())}
    return Settings(draw(st.sampled_from([g.id for g in GAMES])), games,
                    draw(st.sampled_from(THEMES)), draw(st.sampled_from(TRICK_DISPLAYS)))


def _places(data: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _places(value, path + (i,))
    return found


@st.composite
def changed_settings(draw) -> object:
    """A good settings file with one value, anywhere, replaced by any JSON."""
    data = json.loads(json.dumps(asdict(draw(good_settings()))))
    path = draw(st.sampled_from(_places(data)))
    value = draw(JSON)
    if not path:
        return value
    place = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return data


def _load(content: bytes):
    """Load ``content`` as the settings file: what was read, and the files then."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        loaded = load(path, GAMES)
        files = {p.name: p.read_bytes() for p in Path(folder).iterdir()}
    return loaded, files


def _check(content: bytes):
    """Loading never raises; the file stays, or is set aside whole with one line."""
    loaded, files = _load(content)
    if loaded.note:
        [(name, kept)] = files.items()
        assert name.startswith("settings.json.bad-") and kept == content
        assert name in loaded.note and "\n" not in loaded.note
        assert loaded.settings == Settings()
    else:
        assert files == {"settings.json": content}
    for game in GAMES:  # what was read starts a game
        copy.deepcopy(loaded.settings).of(game).setup(game)
    return loaded


@EXAMPLES
@given(JSON)
def test_any_json_loads_or_is_set_aside(data):
    _check(json.dumps(data).encode())


@EXAMPLES
@given(changed_settings())
def test_a_settings_file_with_any_value_changed_loads_or_is_set_aside(data):
    _check(json.dumps(data).encode())


@EXAMPLES
@given(good_settings())
def test_a_good_settings_file_is_read_back_and_never_set_aside(kept):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        save(path, kept)
        loaded = _check(path.read_bytes())
    assert loaded.note == "" and loaded.settings == kept


def test_not_json_not_an_object_or_a_wrong_type_is_set_aside():
    for content, why in [(b"{not json", "it is not JSON"), (b"\xff\xfe", "it is not JSON"),
                         (b"[" * 100_000, "it is not JSON"), (b"[]", "it is not a JSON object"),
                         (b'{"game": []}', "game is not text"),
                         (b'{"games": {"huhn": {"players": "3"}}}',
                          "games.huhn.players is not a whole number"),
                         (b'{"games": {"hund": {"options": {"series": 1}}}}',
                          "games.hund.options.series is not true or false"),
                         (b'{"players": 3.0}', "players is not a whole number")]:
        loaded = _check(content)
        assert f"Your settings file could not be used ({why}): it is now settings.json.bad-" \
            in loaded.note, content[:20]
    assert _check(b'{"theme": "pink", "games": {"ebbes": {"players": 99}}}').note == ""


async def test_the_app_starts_with_a_bad_settings_file_and_says_so_in_one_line(tmp_path):
    """The issue's crash: ``{"game": []}``."""
    app = make_app(tmp_path, {"game": []})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        message = str(app.screen.query_one("#menu-message").render())
        assert message.startswith("Your settings file could not be used (game is not text): "
                                  "it is now settings.json.bad-")
        assert message.endswith(", and the defaults are used.")
        assert app.settings == Settings()
    [aside] = (tmp_path / "config").glob("settings.json.bad-*")
    assert json.loads(aside.read_text()) == {"game": []}


def test_an_earlier_versions_file_is_read_as_the_default_games_and_saved_as_todays(tmp_path):
    """Before there were several games, the one game's setup stood at the top of the
    file, its options among the rest: it is that game's section now, and the next save
    writes today's form."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"players": 4, "theme": THEMES[-1], "more_cards": True,
                                "choose_determiners": True, "seats": [{"name": "Ann", "kind": "human"}]}))
    loaded = load(path, GAMES)
    assert loaded.note == ""
    game = next(g for g in GAMES if g.id == DEFAULT_GAME)
    section = loaded.settings.of(game)
    assert (section.players, section.seats[0].name, loaded.settings.theme) == (4, "Ann", THEMES[-1])
    assert section.options == {"more_cards": True, "choose_determiners": True}
    save(path, loaded.settings)
    assert json.loads(path.read_text())["games"][DEFAULT_GAME]["options"] == section.options
