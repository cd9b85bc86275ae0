"""A decision dialog has its hint (issue 27): i in ebbes' starter dialog says the normal
bot's answer with a reason that holds for the hand and the variant, and points at it;
Blindes Huhn's dialogs are tested in test_huhn_reading.py."""

from __future__ import annotations

import random
import re

import pytest

from helpers import finish_round
from ui_support import make_app, screen_text, seats, wait_until

from ebbes_tui.controller import SaveStore
from ebbes_tui.game.records import dumps
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.games.ebbes.bots.hints import SENTENCES, card_name
from ebbes_tui.games.ebbes.rules import GameState, to_record
from ebbes_tui.games.ebbes.rules.cards import VALUE_OF
from ebbes_tui.games.ebbes.rules.deal import deal_next_round
from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog

SEATS = (SeatInfo("Ann"), SeatInfo("Bea", "bot", "random"), SeatInfo("Cyd", "bot", "random"))
FIVE = (*SEATS, SeatInfo("Dan", "bot", "random"), SeatInfo("Eve", "bot", "random"))


def saved_with_ann_holding_nix(tmp_path, held: bool, seats=SEATS) -> list[int]:
    """Ann against two bots, saved after round 1 with Ann to name the next starter; in
    the round the app deals next her hand holds a card of the Number Determiner
    (``held``) or none. Returns those cards' values."""
    for seed in range(500):
        state = GameState(GameConfig(seats))
        rng = random.Random(seed)
        deal_next_round(state, rng, starter=0)
        finish_round(state, rng)
        if state.results[-1].score.nix_holder != 0:
            continue
        record = to_record(state, {"seed": seed, "first_starter": 0, "first_dealer": None})
        EBBES.rules.resolve_chance(state, seed)  # as the app deals round 2
        mine = [c for c in state.hands[0] if VALUE_OF[c] == state.number]
        if bool(mine) is held:
            SaveStore(tmp_path / "saves").path("game-1").write_text(dumps(record))
            return mine
    raise AssertionError("no seed gave Ann nix")


@pytest.mark.parametrize("held", [True, False])
async def test_the_starter_dialogs_hint_names_the_determiner_cards_held_or_says_none(
        tmp_path, held):
    """"Start yourself: leading first lets you play your determiner cards" was said to
    a hand with no card of the Number Determiner (issue 27); the hint went by as a
    toast and left the cursor where it was."""
    mine = saved_with_ann_holding_nix(tmp_path, held)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StarterDialog), "the dialog")
        await pilot.pause()
        dialog = app.screen
        options = dialog.query_one("OptionList")
        await pilot.press("down")  # away from Ann's own line, where the dialog opens
        assert options.highlighted == 1
        await pilot.press("i")
        await wait_until(pilot, lambda: "Hint: Start yourself" in screen_text(app), "the hint")
        assert options.highlighted == 0 and app.screen is dialog  # pointed at, not chosen
        why = dialog.query_one("#dialog-hint").render().plain.removeprefix("Hint: ")
        key, fields = SENTENCES.match(why)
        if held:
            names = fields.get("card") or fields["cards"]
            assert names.split(", ") == [card_name(c) for c in mine], why
        else:
            assert key == "starter_no_determiner", why
        assert app.game.match.record()["hints"] == {"0": 1}


#: Variant 2, three players, Ann (the human) choosing her pair first.
ANN_CHOOSES_A_PAIR_FIRST = {"players": 3, "starter": 2, "choose_determiners": True,
                            "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"))}


async def pair_dialog(app, pilot):
    """A new game of ebbes from the menu, up to Ann's pair dialog."""
    from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog

    await pilot.press("n", "enter", "enter")  # ebbes, its form, start
    await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "the pair dialog")
    await pilot.pause()
    return app.screen


async def test_the_pair_dialogs_hint_stays_in_the_dialog_until_a_pair_is_taken(tmp_path):
    """Issue 27, played through: i in the pair dialog (Variant 2) said its hint as a
    toast, gone before it was read and out of the dialog."""
    app = make_app(tmp_path, ANN_CHOOSES_A_PAIR_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await pair_dialog(app, pilot)
        await pilot.press("i")
        line = dialog.query_one("#dialog-hint")
        await wait_until(pilot, lambda: "Hint: Pair" in screen_text(app), "the hint")
        said = line.render().plain
        assert said.startswith("Hint: Pair ") and said[:40] in screen_text(app)
        box = dialog.query_one(".dialog").region  # whole, inside the dialog
        assert box.contains_region(line.region) and line.region.height >= 1
        assert not app._notifications  # no toast
        await pilot.press("right")  # still said while the player looks at the choices
        assert said in dialog.query_one("#dialog-hint").render().plain


async def test_esc_in_a_dialog_asks_to_go_back_to_the_menu_and_the_decision_waits(tmp_path):
    """Issue 27's play-through: in the pair dialog (Variant 2) Esc did nothing, so a
    player could leave only after every pair."""
    from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog
    from ebbes_tui.ui.confirm import ConfirmScreen
    from ebbes_tui.ui.menu import MenuScreen

    app = make_app(tmp_path, ANN_CHOOSES_A_PAIR_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await pair_dialog(app, pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Back to the menu? Your game is saved" in screen_text(app)
        await pilot.press("escape")  # no: the dialog again
        await wait_until(pilot, lambda: app.screen is dialog, "the dialog again")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("c")  # Continue: the pair is still to choose
        await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "the dialog back")


@pytest.mark.parametrize("seats", [SEATS, FIVE], ids=["3 players", "5 players"])
async def test_the_starter_dialog_leaves_the_board_the_players_and_the_hand_in_view(
        tmp_path, seats):
    """Issue 27, played through at 80x24: the starter dialog lay over the Determiners
    and the Players panels, which a player chooses by (whose total leads, the next
    determiner), in the middle of the screen; it lies over the trick area now, and
    the hand's cards stay in view with the hint said, with five players too."""
    saved_with_ann_holding_nix(tmp_path, True, seats)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StarterDialog), "the dialog")
        await pilot.pause()
        await pilot.press("i")
        await wait_until(pilot, lambda: "Hint: Start" in screen_text(app), "the hint")
        text = screen_text(app)
        assert re.search(r"│ Number Determiner +\d", text) and "Players" in text
        for row in ("1▶You", "2 Bea", "3 Cyd", "4 Dan", "5 Eve")[:len(seats)]:
            assert f"│{row}" in text, row
        hand = app.screen.beneath.query_one("Hand").region
        box = app.screen.query_one(".dialog").region
        assert box.bottom < hand.bottom - 1  # the cards' line below the dialog
