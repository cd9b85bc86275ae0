"""The shell's stylesheets style the shell: a game's dialogs bring their own styles, so
a game's widget is never named in ``ebbes_tui/ui``; and ebbes' pair dialog, styled by
ebbes, keeps its shape: high on the screen, its suits and numbers side by side, every
number in sight on a tall window."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import config, started
from textual.widgets import OptionList
from ui_support import make_app

from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog

PACKAGE = Path(__file__).resolve().parents[1] / "ebbes_tui"


def test_no_shell_stylesheet_names_a_games_widget():
    games_classes = {node.name for path in (PACKAGE / "games").rglob("*.py")
                     for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.ClassDef)}
    named = {(sheet.name, word) for sheet in (PACKAGE / "ui").glob("*.tcss")
             for word in re.findall(r"[A-Za-z_]\w*", sheet.read_text(encoding="utf-8"))
             if word in games_classes}
    assert named == set()


@pytest.mark.parametrize("size, box, lists", [((80, 24), 22, 7), ((120, 40), 34, 17)],
                         ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_the_pair_dialog_keeps_its_shape(tmp_path, size, box, lists, ascii):
    state = started(config(3, more_cards=True, choose=True), {})
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        dialog = PairDialog(state.view(state.pending()[0].seat))
        await app.push_screen(dialog)
        await pilot.pause()
        frame = dialog.query_one(".dialog")
        assert frame.region.y == 0 and frame.styles.max_height.value == box
        suits, numbers = dialog.query_one("#pair-suits"), dialog.query_one("#pair-numbers")
        assert suits.region.y == numbers.region.y and suits.region.right <= numbers.region.x
        for options in dialog.query(OptionList):
            assert options.styles.max_height.value == lists
            assert options.styles.border.top[0] == ("ascii" if ascii else "round")
        if size[1] >= 36:
            assert numbers.region.height - 2 >= numbers.option_count, "every number in sight"
