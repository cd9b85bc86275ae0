"""Hot-seat privacy (R18): no hand is ever drawn while another human is to act."""

from __future__ import annotations

import re

from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.games.ebbes.ui.hand import Hand
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen

from ui_support import make_app, ready, screen_text, seats, wait_until

DECISIONS = (HandOffScreen, RoundSummaryScreen, StarterDialog, FinalScreen)

HUMANS = {"players": 3, "starter": 0,
          "seats": seats(("Ann", "human"), ("Bob", "human"), ("Cyd", "human"))}
CARD_FACE = re.compile(r"[●■▲♣♥][BNYGR]\d+")


async def test_three_humans_never_see_each_others_hands(tmp_path, monkeypatch):
    drawn: list[tuple[tuple, int | None, int | None, set]] = []
    original = Hand.render

    def spy_render(self):
        game = self.app.game
        feed = self.app.table.feed
        state = game.match.state
        others = {c for s in game.match.humans if s != feed.viewer for c in state.view(s).hand}
        drawn.append((self.cards, feed.viewer, state.current_player, others))
        return original(self)

    monkeypatch.setattr(Hand, "render", spy_render)
    app = make_app(tmp_path, HUMANS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: app.table is not None, "the table")
        table = app.table
        feed = table.feed
        covers = []
        rounds_seen = starters = 0
        round_2 = None  # the covers drawn before round 2 began
        # Round 1's hand-offs and summary, the starter choice, and round 2's first covers.
        while round_2 is None or len(covers) < round_2 + 3:
            await wait_until(pilot, lambda: ready(app, *DECISIONS), "a decision")
            screen = app.screen
            seat = app.game.match.state.current_player
            if isinstance(screen, HandOffScreen):
                # Another human must act: the cover is up; the only cards it shows are
                # in its recap of the public game log (cards already played).
                logged = set(CARD_FACE.findall(table.game_log.text(table.view)))
                assert set(CARD_FACE.findall(screen_text(app))) <= logged
                assert "Since you last looked" in screen_text(app) or not CARD_FACE.search(
                    screen_text(app))
                assert table.query_one(Hand).cards == () and feed.viewer is None
                name = app.game.match.state.config.seats[screen.seat].name
                assert f"Pass the keyboard to {name}" in screen_text(app)
                covers.append(screen.seat)
                await pilot.press("enter")
                await wait_until(pilot, lambda taker=screen.seat: feed.viewer == taker,
                                 "the hand-over")
            elif isinstance(screen, RoundSummaryScreen):
                rounds_seen += 1
                await pilot.press("enter")
            elif isinstance(screen, StarterDialog):
                assert screen.view.seat == feed.viewer == seat
                starters += 1
                round_2 = len(covers)
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                view = screen.view
                assert view.seat == seat == feed.viewer
                assert screen.query_one(Hand).cards == app.game.match.state.view(seat).hand
                await pilot.press("enter")
            else:  # the final standings: round 2 never began with a starter choice
                raise AssertionError(f"{type(screen).__name__} before round 2's covers")
        assert set(covers) == {0, 1, 2} and rounds_seen == starters == 1
    # Every hand ever drawn belonged to the human at the screen, on their turn, and
    # held no card of another human's hand.
    shown = [entry for entry in drawn if entry[0]]
    assert shown
    for cards, viewer, _, others in shown:
        assert viewer is not None
        assert not set(cards) & others
