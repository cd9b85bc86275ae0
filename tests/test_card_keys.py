"""A card key above no card, on the player's turn, says so (the newcomer pressed one
in Hund and nothing happened, so they could not tell whether the game had heard
them), in every game, and plays nothing."""

from __future__ import annotations

import pytest

from ebbes_tui.controller import LocalGame, Match
from ebbes_tui.controller.setup import players_setup
from ebbes_tui.game.registry import load_game
from ebbes_tui.games.ebbes.ui.hand import CARD_KEYS as EBBES_KEYS
from ebbes_tui.games.hund.ui.table_view import CARD_KEYS as HUND_KEYS
from ebbes_tui.ui.card_row import CARD_KEYS
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen

from ui_support import make_app, screen_text, wait_until

#: Each game, its players (ebbes: five, hands of ten, so that some keys are above no
#: card), its card keys, and what a key above no card says on the first trick (Huhn
#: keys only the two ends of a hand: a newcomer took the fourth key for the fourth card).
GAMES = {"ebbes": (5, EBBES_KEYS, "press a key shown above one of your cards."),
         "huhn": (3, CARD_KEYS, "keys stand only above the cards you may play now."),
         "hund": (3, HUND_KEYS, "press a key shown above one of your cards.")}


def playing(table: TableScreen) -> bool:
    """The player at the screen must play a card (Huhn asks to arrange first)."""
    return table.feed.asks(table.update) and table.game_table.check_action("pick", (1,))


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_card_key_above_no_card_says_so_and_plays_nothing(tmp_path, game_id):
    game = load_game(game_id)
    players, keys, why = GAMES[game_id]
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        setup = players_setup(game, [("Ann", "human", None)] + [
            (f"Bot {k}", "bot", "random") for k in range(1, players)], {}, seed=1)
        match = Match(setup)
        app.call_later(app.opener.open, LocalGame(match, None))
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.is_mounted and app.screen.feed.asks(app.screen.update),
                         "Ann's first decision")
        table = app.screen
        if not playing(table):  # Huhn: the hand as dealt is arranged
            await pilot.press("enter")
            await wait_until(pilot, lambda: playing(table), "Ann's first card")
        widget = table.game_table
        key = next(k for i, k in enumerate(keys)
                   if i and k.isalnum() and not widget.check_action("pick", (i,)))
        before = match.record()
        await pilot.press(key)
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert f"No card is on {key}: {why}" in said
        assert match.record() == before and playing(table)
        hand = table.view.hand
        # a card played (ebbes: one that follows suit): the message is old news (it stayed
        # in Huhn)
        await pilot.press(keys[hand.index(table.view.legal[0])] if game_id == "ebbes" else "1")
        await wait_until(pilot, lambda: table.view.hand != hand, "Ann's card on the table")
        await pilot.pause()
        assert "No card is on" not in " ".join(screen_text(app).split())
