"""Hot-seat privacy (R18): no hand is ever drawn while another human is to act."""

from __future__ import annotations

import re

from ebbes_tui.controller import HandOff
from ebbes_tui.ui.final import FinalScreen
from ebbes_tui.ui.hand import Hand
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.starter_dialog import StarterDialog
from ebbes_tui.ui.summary import RoundSummaryScreen
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
        match = self.app.match
        others = {c for s in match.humans if s != match.viewer for c in match.view(s).hand}
        drawn.append((self.cards, match.viewer, match.awaiting_human, others))
        return original(self)

    monkeypatch.setattr(Hand, "render", spy_render)
    app = make_app(tmp_path, HUMANS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await wait_until(pilot, lambda: app.match is not None, "the match")
        match = app.match
        table = app.table
        handoffs = []

        def on_event(event, forward=match.listener):
            forward(event)
            if isinstance(event, HandOff):  # covered before anything else can happen
                handoffs.append(event.seat)
                assert isinstance(app.screen, HandOffScreen)
                assert app.screen.seat == event.seat
                assert table.query_one(Hand).cards == ()

        match.listener = on_event
        rounds_seen = starters = 0
        while rounds_seen < 2:  # two rounds: hand-offs, summaries, a starter choice
            await wait_until(pilot, lambda: ready(app, *DECISIONS), "a decision")
            screen = app.screen
            seat = match.awaiting_human
            if seat is not None and match.viewer != seat:
                # Another human must act: the cover is up and shows no card at all.
                assert isinstance(screen, HandOffScreen) or not isinstance(screen, TableScreen)
                assert not CARD_FACE.search(screen_text(app))
                assert table.query_one(Hand).cards == ()
            if isinstance(screen, HandOffScreen):
                name = match.config.seats[screen.seat].name
                assert f"Pass the keyboard to {name}" in screen_text(app)
                await pilot.press("enter")
                assert match.viewer == screen.seat
            elif isinstance(screen, RoundSummaryScreen):
                rounds_seen += 1
                await pilot.press("enter")
            elif isinstance(screen, StarterDialog):
                assert screen.view.seat == match.viewer == seat
                starters += 1
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                view = screen.view
                assert view.seat == seat == match.viewer
                assert screen.query_one(Hand).cards == match.view(seat).hand
                await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app, *DECISIONS), "round 3")
        if isinstance(app.screen, StarterDialog):
            starters += 1
        assert len(set(handoffs)) == 3 and starters >= 1
    # Every hand ever drawn belonged to the human at the screen, on their turn, and
    # held no card of another human's hand.
    shown = [entry for entry in drawn if entry[0]]
    assert shown
    for cards, viewer, awaiting, others in shown:
        assert viewer is not None and viewer == awaiting
        assert not set(cards) & others

