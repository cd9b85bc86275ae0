"""Play test pt2 7 and 8: Hund's sentences read one way only. "Draws from the pile:
You 1, Bot 1 1, Bot 2 2." ("Bot 1 1"); "The trump card was Bot" over "2's." at 80x24."""

from __future__ import annotations

from ebbes_tui.controller import Match
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.ui.panels import TrickPanel

from hund_ui_support import hund_app, open_at, position
from test_hund_ui import TrickApp
from ui_support import screen_text, wait_until


def _bots(record: dict) -> dict:
    """The record with Kari's opponents called Bot 1 and Bot 2: names that end in a
    number, and have a space."""
    for seat, player in enumerate(record["players"][1:], 1):
        player["name"] = f"Bot {seat}"
    return record


async def test_who_drew_how_many_reads_without_a_number_beside_a_name():
    record = _bots(position(3, lambda s: s.phase.value == "collect" and not s.t_cards
                            and bool(s.tricks)))
    view = Match.resume(HUND, record).state.view(0)
    assert [s.name for s in view.seats[1:]] == ["Bot 1", "Bot 2"]
    app = TrickApp()
    async with app.run_test(size=(80, 14)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True, draws=((0, 1), (1, 1), (2, 2)))
        await pilot.pause()
        text = " ".join(app.query_one(TrickPanel).render().plain.split())
        assert "From the pile: You drew 1, Bot 1 drew 1, Bot 2 drew 2." in text, text


async def test_the_trump_panel_keeps_a_name_whole_on_a_line(tmp_path):
    record = _bots(position(3, lambda s: s.phase.value == "shed" and s.trump_holder == 2))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: "Trump" in str(screen.query_one("#pile").border_title),
                         "the trump panel")
        await pilot.pause()
        lines = [line.split("│")[-2].strip() for line in screen_text(app).splitlines()[1:6]
                 if line.count("│") >= 2]
        assert "Bot 2's." in lines or "The trump card was Bot 2's." in lines, lines
        assert not any(line.endswith("Bot") for line in lines), lines

