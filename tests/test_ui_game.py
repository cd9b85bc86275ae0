"""A whole game through the UI, by keys alone: menu, setup form, table, summaries,
final standings (a fresh app per test, pace 0)."""

from __future__ import annotations

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.check import check_file
from ebbes_tui.controller import SaveStore
from ebbes_tui.games.ebbes.rules.state import Phase
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.games.ebbes.ui.hand import CARD_KEYS
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.new_game import NewGameScreen
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen

from ui_support import make_app, ready, screen_text, seats, start, table_up, wait_until

DECISIONS = (RoundSummaryScreen, StarterDialog, FinalScreen)

THREE = {"players": 3, "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"))}


async def test_a_complete_three_player_game_against_bots_by_keys_alone(tmp_path):
    app = make_app(tmp_path, THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        assert "New game" in screen_text(app)
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: table_up(app), "the table")
        plays = summaries = 0
        while not isinstance(app.screen, FinalScreen):
            await wait_until(pilot, lambda: ready(app, *DECISIONS), "a decision for Ann")
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                assert "is scored" in screen_text(app)
                summaries += 1
                await pilot.press("enter")
            elif isinstance(screen, StarterDialog):
                await pilot.press("down", "enter")
            elif isinstance(screen, TableScreen):
                view = screen.view
                index = view.hand.index(view.legal[-1])
                # Alternate Enter on the marked card and a direct card key.
                await pilot.press("enter" if plays % 2 else CARD_KEYS[index])
                plays += 1
        text = screen_text(app)
        assert "Final standings" in text and ("wins" in text or "share the win" in text)
        assert summaries == 5 and plays == 50
        await pilot.press("m")
        assert isinstance(app.screen, MenuScreen)
    assert SaveStore(tmp_path / "saves").list() == []  # nothing left to continue
    finished = list((tmp_path / "saves" / "finished").glob("*.json"))
    assert len(finished) == 1 and check_file(str(finished[0]))[0]["valid"]  # record kept
    assert not list((tmp_path / "saves").glob("*.lock"))



async def test_menu_remembers_the_setup_and_offers_continue(tmp_path):
    app = make_app(tmp_path, THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        await pilot.press("escape", "enter")  # Esc asks once: Enter says yes
        assert isinstance(app.screen, MenuScreen)
        await wait_until(pilot, lambda: "Continue: 3 players, round 1 of 5" in screen_text(app),
                         "the save's line")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.settings.of(EBBES).seats[0].name == "Ann"
        await pilot.press("c")
        await wait_until(pilot, lambda: table_up(app), "the table")
        assert app.screen.view.phase is Phase.PLAY
