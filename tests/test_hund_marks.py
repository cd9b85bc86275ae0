"""Issue 25, play test pt2 5: a sjanse card was marked only in the players panel
(``5♦ (sjanse)``), never in the trick panel; and the players panel marked a krig in
one row and not in the next (``5♣ 3♣ 6♥ (sjanse) ✓ took 7`` above ``5♦ (sjanse) krig
3♥ krig 2♦``). Now both panels mark a sjanse card alike, and every row of the players
panel follows one scheme; where a row has no room for the word krig, a mark the border
explains takes its place (F11)."""

from __future__ import annotations

import pytest

from ebbes_tui.controller import Match
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.ui.panels import KRIG_MARK, SJANSE_MARK, SeatsPanel, TrickPanel

from hund_ui_support import position
from test_hund_ui import LOOK, PanelApp, TrickApp


def _war_in_a_war_with_a_sjanse(state) -> bool:
    """Kari leads after a trick decided by a krig inside a krig, one card a sjanse."""
    if state.phase.value != "collect" or state.t_cards or not state.tricks:
        return False
    last = state.tricks[-1]
    return last.krig and any(last.sjanse) and max(map(last.seats.count, last.seats)) >= 3


@pytest.fixture(scope="module")
def view():
    record = position(3, _war_in_a_war_with_a_sjanse, seeds=range(3000))
    return Match.resume(HUND, record).state.view(0)


def _sjanse_cards(view):
    last = view.tricks[-1]
    return [(s, LOOK.face(c)) for s, c, j in zip(last.seats, last.cards, last.sjanse) if j]


async def test_the_trick_panel_marks_each_sjanse_card(view):
    app = TrickApp()
    async with app.run_test(size=(80, 14)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True, draws=(), show_last=True)
        await pilot.pause()
        text = app.query_one(TrickPanel).render().plain
        assert "krig" in text  # the grid of the trick's rounds is up
        for _, face in _sjanse_cards(view):
            assert face + SJANSE_MARK in text, text


@pytest.mark.parametrize("width", [30, 48, 70])
async def test_every_players_row_marks_a_krig_and_a_sjanse_alike(view, width):
    async with PanelApp(width).run_test(size=(80, 10)) as pilot:
        panel = pilot.app.query_one(SeatsPanel)
        panel.show(view)
        await pilot.pause()
        rows = panel.render().plain.splitlines()[1:]
        last = view.tricks[-1]
        warriors = [s for s in set(last.seats) if last.seats.count(s) > 1]
        words = {(" krig" in rows[s]) for s in warriors}
        assert len(words) == 1, rows  # all the krig's players marked alike
        if width >= 48:  # as at 80x24: room for the word
            assert words == {True}, rows
        # Issue 25, F11: where the word has no room, a mark the border explains (the
        # marks were dropped without a word before).
        assert all(" krig" in rows[s] or KRIG_MARK in rows[s] for s in warriors), rows
        assert (panel.border_subtitle == f"{KRIG_MARK} krig") == (words == {False}), \
            (panel.border_subtitle, rows)
        for seat, face in _sjanse_cards(view):
            assert face + SJANSE_MARK in rows[seat] or rows[seat].endswith("…"), rows


def test_the_help_explains_the_sjanse_and_krig_marks_in_colour_and_ascii():
    from rich.console import Console

    from ebbes_tui.games.hund.ui.screens import SCREENS
    from ebbes_tui.ui.look import Look

    for look in (Look(), Look(ascii=True)):
        console = Console(width=80, record=True)
        console.print(SCREENS.legend(look)[1])
        text = console.export_text()
        assert SJANSE_MARK + " " in text and "a sjanse card" in text
        assert KRIG_MARK + " " in text and "no room for the word" in text
