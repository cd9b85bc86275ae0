"""The table, the round summary and the scoring board at 80x24 and 120x40, in full
colour, 16 colours, without colour (NO_COLOR) and in ASCII (issue 9, Tests): every
line fits, every important fact is on screen, and the suits stay apart."""

from __future__ import annotations

import pytest
from rich.color import ColorType
from test_ui_explains import scored_round

from ebbes_tui.games.ebbes.ui.look import ebbes_look
from ebbes_tui.games.ebbes.rules import player_view
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.games.ebbes.ui.scores import ScoreBoardScreen
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen

from ui_support import make_app, screen_text, seats, start

ONE_HUMAN = {"players": 4, "starter": 0,
             "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"),
                            ("Dan", "random"))}
MODES = {
    "colour": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
    "16 colours": {"TERM": "vt100"},
    "no colour": {"COLORTERM": "truecolor", "TERM": "xterm-256color", "NO_COLOR": "1"},
    "ascii": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
}


def _environment(monkeypatch, mode: str) -> None:
    for key in ("COLORTERM", "NO_COLOR"):
        monkeypatch.delenv(key, raising=False)
    for key, value in MODES[mode].items():
        monkeypatch.setenv(key, value)


def _fits(text: str, size: tuple[int, int], ascii: bool) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    if ascii:
        assert not {c for c in text if ord(c) > 127}


def _suit_colours(app) -> set[str]:
    """The colours the hand's cards are drawn in (the suits on show)."""
    look = ebbes_look(app.look)
    faces = {look.card(c).plain for c in app.table.view.hand}
    colours = set()
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            if segment.text.strip() in faces and segment.style and segment.style.color:
                colours.add(segment.style.color)
    return colours


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("mode", list(MODES))
async def test_table_summary_and_board_read_well_in_every_mode(tmp_path, monkeypatch, size, mode):
    _environment(monkeypatch, mode)
    ascii = mode == "ascii"
    app = make_app(tmp_path, ONE_HUMAN, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        table = await start(app, pilot)
        text = screen_text(app)
        _fits(text, size, ascii)
        for fact in ("Round 1 of 5", "Your turn", "Determiners", "Players", "Trick", "Your hand",
                     "beats", "Hand Tks Rnd Total", "Help", "Menu"):
            assert fact in text, fact
        look = ebbes_look(app.look)
        for card in table.view.hand:
            assert look.card(card).plain in text
        if mode == "16 colours":
            assert look.palette == "ansi" and app.native_ansi_color
            colours = _suit_colours(app)
            assert colours and all(c.type is ColorType.STANDARD for c in colours)
        elif mode == "colour":
            assert look.palette == "dark"
        if mode == "no colour":  # the terminal's own text colour, not greys on black
            assert app.no_color and app.native_ansi_color
        state, event = scored_round(4, seed=3)
        await app.push_screen(RoundSummaryScreen(event, player_view(state, 0)))
        await pilot.pause()
        text = screen_text(app)
        _fits(text, size, ascii)
        assert "is scored" in text and "ebbes" in text and "Dabbscheedel" in text
        await pilot.press("enter")
        await app.push_screen(ScoreBoardScreen(player_view(state, 0)))
        await pilot.pause()
        text = screen_text(app)
        _fits(text, size, ascii)
        assert "the rounds and the scoring track" in text and "Rhoi" in text


def test_in_16_colours_the_five_suits_are_five_different_ansi_colours():
    look = Look(palette="ansi")
    styles = {look.suit(s).style for s in range(5)}
    assert len(styles) == 5
