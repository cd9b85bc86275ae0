"""Hund in hot-seat (issue 25, item 3): the trump card line names whose the card was,
not "yours" to every player."""

from __future__ import annotations

import random

from hund_ui_support import hund_app
from ui_support import wait_until

from ebbes_tui.controller import LocalGame, Match
from ebbes_tui.controller.settings import GameSettings
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen


def phase_two_with_the_trump_card_at_seat_0() -> dict:
    """Three people as the new-game form leaves them (the first still "You"), in phase 2
    with the trump card seat 0's and another seat to move."""
    people = [{"name": name, "kind": "human"} for name in ("You", "Player 2", "Player 3")]
    setup = GameSettings.from_json({"players": 3, "seats": people}, HUND).setup(HUND)
    for seed in range(200):
        state = HUND.rules.new_state(setup.seats, {**setup.options, "dealer": 2})
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.DEAL:
                HUND.rules.resolve_chance(state, seed)
                continue
            if state.phase is Phase.SHED and state.trump_holder == 0 and state.turn != 0:
                return HUND.records.to_record(state)
            state.apply(rng.choice(state.legal(state.turn)), state.turn)
    raise AssertionError("no seeded match reached the wanted position")


async def test_the_trump_card_line_names_whose_it_was_to_the_player_at_the_screen(tmp_path):
    """Before: every seat was "You", so each player read "The trump card was yours."."""
    record = phase_two_with_the_trump_card_at_seat_0()
    app = hund_app(tmp_path, humans=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.call_later(app.opener.open, LocalGame(Match.resume(HUND, record), None))
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.view.seat is not None, "the next player's table")
        pile = str(app.screen.query_one("#pile").render())
        assert "The trump card was Player 1's." in " ".join(pile.split()), pile
