"""The shell's stylesheets style the shell: a game's dialogs bring their own styles, so
a game's widget is never named in ``ebbes_tui/ui``; and ebbes' pair dialog, styled by
ebbes, keeps its shape: a row of suits over a row of numbers, every number in sight,
in its frame (ASCII too)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import config, started
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


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_the_pair_dialog_keeps_its_shape(tmp_path, size, ascii):
    state = started(config(3, more_cards=True, choose=True), {})
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        dialog = PairDialog(state.view(state.pending()[0].seat))
        await app.push_screen(dialog)
        await pilot.pause()
        frame = dialog.query_one(".dialog")
        assert frame.styles.border.top[0] == ("ascii" if ascii else "thick")
        suits, numbers = dialog.query_one("#pair-suits"), dialog.query_one("#pair-numbers")
        assert numbers.region.y == suits.region.y + 1 and suits.region.height == 1
        shown = str(numbers.render())
        assert all(f" {v} " in shown or f"[{v}]" in shown for v in dialog.numbers)
        assert len(dialog.numbers) == 9  # every number in sight, on one row
