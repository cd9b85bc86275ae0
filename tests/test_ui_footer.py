"""The key line: a key that only becomes enabled or disabled is dimmed in place; a key
that comes or goes rebuilds the line. (Textual's own footer rebuilt every key after
every card, which cost a tenth of a game's CPU.)"""

from __future__ import annotations

import json

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from ebbes_tui.controller import Library, SaveStore
from ebbes_tui.game import registry
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.footer import KeysFooter
from ebbes_tui.ui.table import TableScreen
from ui_support import screen_text, seats, wait_until


class Keys(Screen[None]):
    BINDINGS = [Binding("t", "take_back", "Take back"), Binding("h", "hint", "Hint"),
                Binding("q", "quit", "Quit")]
    can_take_back: bool | None = True  # None: dimmed; False: not shown
    offers_hints = True
    taken_back = 0

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_take_back(self) -> None:
        self.taken_back += 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.can_take_back
        if action == "hint":
            return self.offers_hints
        return True


class KeysApp(App[None]):
    ENABLE_COMMAND_PALETTE = False  # as in ebbes

    def on_mount(self) -> None:
        self.push_screen(Keys())


def keys(app: App) -> dict:
    return {key.description: (key.has_class("-disabled"), key)
            for key in app.screen.query("FooterKey")}


async def test_a_key_enabled_or_disabled_is_dimmed_in_place_and_one_that_comes_or_goes_is_redrawn():
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = keys(app)
        assert {name: dim for name, (dim, _) in before.items()} == {
            "Take back": False, "Hint": False, "Quit": False}

        screen.can_take_back = None  # nothing to take back now
        screen.refresh_bindings()
        await pilot.pause()
        now = keys(app)
        assert now["Take back"][0] is True and now["Hint"][0] is False
        assert all(now[name][1] is before[name][1] for name in before)  # the same keys
        bells = []
        app.bell = lambda: bells.append(1)
        await pilot.press("t")  # a dimmed key does nothing, typed or clicked
        await pilot.click(now["Take back"][1])
        await pilot.pause()
        assert screen.taken_back == 0 and bells  # a click on it rings, as Textual's does

        screen.can_take_back = True
        screen.refresh_bindings()
        await pilot.pause()
        assert keys(app)["Take back"][0] is False
        await pilot.click(keys(app)["Take back"][1])
        await pilot.pause()
        assert screen.taken_back == 1

        app.push_screen(Keys())  # another screen on top while this one's keys change
        await pilot.pause()
        screen.can_take_back = None
        screen.refresh_bindings()
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        assert keys(app)["Take back"][0] is True

        screen.offers_hints = False  # the key goes: the line is redrawn without it
        screen.refresh_bindings()
        await pilot.pause()
        assert set(keys(app)) == {"Take back", "Quit"}
        screen.offers_hints = True
        screen.refresh_bindings()
        await pilot.pause()
        assert list(keys(app)) == ["Take back", "Hint", "Quit"]


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("ascii", [False, True])
async def test_every_games_key_line_keeps_menu_at_80_columns(tmp_path, game_id, ascii):
    """Alone against bots (Undo and Hint shown) at the first turns of each game, in
    ASCII ("Enter" for the glyph) as in Unicode: the line ends with Menu."""
    game = registry.load_game(game_id)
    path = tmp_path / "settings.json"
    seated = seats(("Ann", "human"), ("Bot 1", "random"), ("Bot 2", "random"))
    path.write_text(json.dumps({"game": game_id, "games": {game_id: {"players": 3,
                                                                     "seats": seated}}}))
    app = EbbesApp(library=Library(game, SaveStore(tmp_path / "saves")), settings_path=path,
                   pace=0, animation=False, game=game_id, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # the game, its form
        turns = 0
        while turns < 3:  # a dialog or a summary on the way: Enter takes it
            await wait_until(pilot, lambda: not isinstance(app.screen, TableScreen) or (
                app.screen.is_mounted and app.screen.feed.asks(app.screen.update)),
                "Ann's turn")
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                turns += 1
                line = screen_text(app).splitlines()[-1].rstrip()
                assert "Hint" in line and line.endswith("Esc Menu" if ascii else "esc Menu"), \
                    line
            await pilot.press("enter")
