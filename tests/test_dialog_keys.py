"""A decision dialog shows its own keys, not the table's under it (issue 25, point 10):
b and g open the board and the log over it; i is shown only where hints are offered.
Blindes Huhn extrem's dialogs are tested in test_huhn_reading.py; here ebbes's, in
hot-seat, where no hints are offered."""

from __future__ import annotations

import pytest
from textual import events

from test_bugs import saved_after_round_one
from ui_support import make_app, screen_text, wait_until

from ebbes_tui.games.ebbes.ui.scores import ScoreBoardScreen
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.log_screen import LogScreen


async def test_the_nix_holders_dialog_has_its_own_keys_and_the_board_and_log_open_over_it(
        tmp_path):
    saved_after_round_one(tmp_path)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, StarterDialog), "the dialog")
        await pilot.pause()
        dialog = app.screen
        keys = screen_text(app).splitlines()[-1]
        assert "b Board" in keys and "g Log" in keys
        assert "Hint" not in keys and "Menu" not in keys and "Undo" not in keys
        for key, screen in (("b", ScoreBoardScreen), ("g", LogScreen)):
            await pilot.press(key)
            await wait_until(pilot, lambda screen=screen: isinstance(app.screen, screen), key)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is dialog, "back to the dialog")


@pytest.mark.parametrize("way", ["queued", "back from the screen below"])
async def test_a_key_typed_before_the_dialog_came_does_not_answer_it(tmp_path, way):
    """The dialog comes by itself after the cover: the Enter that took the cover away,
    typed twice (a key's repeat), must not also choose the nix holder's answer
    (issue 25, point 1)."""
    saved_after_round_one(tmp_path)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        repeat = events.Key("enter", "\r")  # stamped with the Enter for the cover
        if way != "queued":
            repeat._set_forwarded()  # as Textual marks a key it gave to the cover
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, StarterDialog), "the dialog")
        dialog = app.screen
        app.post_message(repeat)
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is not dialog, "Enter typed for the dialog")
