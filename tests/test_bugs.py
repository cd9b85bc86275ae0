"""Bugs found by play and hang-up tests (issue 9, 'Bugs first'): each test failed
before its fix."""

from __future__ import annotations

import random

from ebbes_tui.game.records import dumps
from ebbes_tui.controller import SaveStore
from ebbes_tui.games.ebbes.rules import GameState, to_record
from ebbes_tui.games.ebbes.rules.deal import deal_next_round
from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog

from helpers import finish_round
from ui_support import make_app, screen_text, table_up, wait_until

HUMANS = ("Ann", "Bea", "Cid")


def saved_after_round_one(tmp_path, seed: int = 3) -> int:
    """A three-human game saved after round 1 (the nix holder has still to choose);
    returns the nix holder's seat."""
    config = GameConfig(tuple(SeatInfo(name) for name in HUMANS))
    state = GameState(config)
    rng = random.Random(seed)
    deal_next_round(state, rng, starter=0)
    finish_round(state, rng)
    store = SaveStore(tmp_path / "saves")
    record = to_record(state, {"seed": seed, "first_starter": 0, "first_dealer": None})
    store.path("game-1").write_text(dumps(record))
    return state.results[-1].score.nix_holder


async def test_hot_seat_nix_holder_naming_another_player_hands_the_table_over(tmp_path):
    """Bug 1: Bea names Cid; after the cover Cid's table is live, not the dialog."""
    holder = saved_after_round_one(tmp_path)
    chosen = (holder + 1) % 3
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        assert app.screen.seat == holder
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, StarterDialog), "the dialog")
        await pilot.press(*["down"] * ((chosen - holder) % 3))  # from the holder's own line
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "Cid's cover")
        assert app.screen.seat == chosen
        await pilot.press("enter")
        await wait_until(pilot, lambda: table_up(app), "the table")
        table = app.screen
        assert table.view.seat == chosen and table.view.legal
        assert not any(isinstance(s, StarterDialog) for s in app.screen_stack)
        await pilot.press("1")  # the chosen player leads: any card is playable
        await wait_until(pilot, lambda: len(app.game.match.state.trick) == 1, "the lead")


async def test_continue_without_a_saved_game_says_so_on_the_menu(tmp_path):
    """Bug 2: `ebbes --continue` with nothing saved crashed before the menu was up."""
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen)
                         and "no saved game" in screen_text(app), "the menu's message")
        assert "There is no saved game to continue." in screen_text(app)
    assert app.return_code in (None, 0)


def test_continue_off_a_terminal_with_nothing_saved_is_one_line_and_exit_2(tmp_path):
    import subprocess
    import sys

    env = {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "ebbes_tui", "--continue"], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
    assert done.returncode == 2
    assert done.stderr == "ebbes: There is no saved game to continue.\n"
