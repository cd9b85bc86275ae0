"""How long the table leaves what it shows (issue 16, items 5, 6, 15, 18): every trick,
the last of a round too, stays by the player's trick display setting; a round's first
card waits a moment; the player's own card never waits; a screen that fell behind
catches up. The waits are decided without a clock (Pacing), and drawn by the table."""

from __future__ import annotations

import json
import random

from helpers import config, finish_round, play, started
from test_rulings import THREE

from ebbes_tui.controller import Update
from ebbes_tui.games.ebbes.rules.events import CardPlayed, CategoryFixed, RoundScored, TrickWon
from ebbes_tui.games.ebbes.rules.state import Phase
from ebbes_tui.games.ebbes.ui.pacing import FLASH_SECONDS, ROUND_START_SECONDS
from ebbes_tui.games.ebbes.ui.pacing import EbbesPacing as Pacing
from ebbes_tui.ui.pacing import TRICK_SECONDS, UNTIL_KEY, behind, next_trick_display
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.games.ebbes.ui.trick import TrickArea

from ui_support import ONE_HUMAN, make_app, my_turn, screen_text, seats, start, wait_until


def updates_of_a_trick():
    """Seat 0's updates around the end of trick 1 and the lead of trick 2."""
    state = started(config(3), THREE, number=1, starter=0)
    play(state, "blue2 blue3")
    events = state.apply(state.legal_actions()[0])  # blue1: fixes Trump, ends the trick
    finished = [Update(i, e, state.view(0), 3) for i, e in enumerate(events)]
    lead = state.legal_actions()[0]  # seat 1 took it and leads
    events = state.apply(lead)
    led = Update(9, events[0], state.view(0), 4)
    return finished, led, state


def test_a_finished_trick_stays_by_the_trick_display_setting():
    finished, led, _ = updates_of_a_trick()
    won = finished[-1]
    assert isinstance(won.event, TrickWon) and isinstance(led.event, CardPlayed)
    for setting, seconds in (*TRICK_SECONDS.items(), ("key", UNTIL_KEY)):
        assert Pacing(0.5, setting).hold(won, led) == seconds
    assert TRICK_SECONDS["slow"] > TRICK_SECONDS["normal"] > TRICK_SECONDS["fast"] >= 1.0
    # The job the last card fixed stays readable; the winner then follows at once.
    fixed = next(u for u in finished if isinstance(u.event, CategoryFixed))
    assert Pacing(0.5).hold(finished[0], fixed) == 0
    assert Pacing(0.5).hold(fixed, finished[-1]) == 0  # (no card: only the news changes)
    assert Pacing(0.5).hold(fixed, led) == TRICK_SECONDS["normal"] >= FLASH_SECONDS


def test_a_screen_that_fell_behind_catches_up_and_pace_0_never_waits_but_for_a_key():
    finished, led, _ = updates_of_a_trick()
    won = finished[-1]
    assert Pacing(0.5, "key").hold(won, led, catching_up=True) == 0
    assert Pacing(0, "normal").hold(won, led) == 0
    assert Pacing(0, "key").hold(won, led) == UNTIL_KEY  # what the player asked for
    assert not behind([won, led]) and behind([won, led, won])


def test_the_players_own_card_follows_at_once_and_a_rounds_first_card_waits():
    finished, led, state = updates_of_a_trick()
    mine = Update(10, CardPlayed(0, state.legal_moves()[0]), state.view(0), 5)
    assert Pacing(2.0, "slow").hold(led, mine) == 0
    first = started(config(3), THREE, number=1, starter=1)
    events = first.apply(first.legal_actions()[0])
    opening = Update(1, events[0], first.view(0), 1)
    dealt = Update(0, opening.event, started(config(3), THREE, starter=1).view(0), 0)
    assert Pacing(0.5).hold(dealt, opening) == ROUND_START_SECONDS
    assert Pacing(0.5).hold(opening, led) == 0.5  # later cards: the pace


def test_the_last_trick_of_a_round_stays_before_the_rounds_score():
    """Item 5: the table went from "Bot 2 to play" straight to "Round 1 of 5 is
    scored": the tenth trick, often the one that decides, was never seen."""
    state = started(config(3), THREE, number=1, starter=0)
    finish_round(state, random.Random(2), until=lambda s: len(s.tricks) == 9 and
                 len(s.trick) == 2)
    events = state.apply(state.legal_actions()[0])
    view = state.view(0)
    last = [Update(20 + i, e, view, 30) for i, e in enumerate(events)]
    won = next(u for u in last if isinstance(u.event, TrickWon))
    scored = next(u for u in last if isinstance(u.event, RoundScored))
    assert view.phase is not Phase.PLAY and len(view.tricks) == 10
    assert Pacing(0.5, "normal").hold(won, scored) == TRICK_SECONDS["normal"]
    assert Pacing(0.5, "key").hold(won, scored) == UNTIL_KEY


def test_the_setting_goes_round_ever_longer_then_until_a_key():
    """Issue 27, item 5: it went normal, fast, until a key, slow."""
    seen = ["fast"]
    for _ in range(4):
        seen.append(next_trick_display(seen[-1]))
    assert seen == ["fast", "normal", "slow", "key", "fast"]


# ------------------------------------------------------------------- on screen


async def test_until_a_key_every_trick_stays_the_last_one_too_then_the_score(tmp_path):
    app = make_app(tmp_path, dict(ONE_HUMAN, trick_display="key"))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        held = []
        while not isinstance(app.screen, RoundSummaryScreen):
            await wait_until(pilot, lambda: my_turn(app) or table.holding or
                             isinstance(app.screen, RoundSummaryScreen), "a turn or a trick")
            if my_turn(app):
                await pilot.press("enter")
            elif table.holding:
                shown = str(table.query_one(TrickArea).render())
                assert " it with " in shown and "Any key goes on." in shown
                held.append(len(table.view.tricks))
                if len(table.view.tricks) == 10:  # the round's, not yet the next one's
                    assert screen_text(app).splitlines()[0].startswith(
                        " Round 1 of 5 · dealer Cyd · last trick of the round")
                await pilot.press("z")  # any key
                await wait_until(pilot, lambda: not table.holding, "the next card")
        tricks = app.game.match.state.results[0].tricks
        # Each trick a bot took stayed until a key (Ann's own lead goes on at once), and
        # so did the round's last, before its score.
        assert held == sorted({i + 1 for i, t in enumerate(tricks) if t.winner != 0} | {10})


async def test_the_key_that_lets_a_finished_trick_go_plays_nothing(tmp_path):
    """Play-through: Space or Enter pressed to go on from a finished trick also played
    the next card ("my blue 2 was played without another key")."""
    app = make_app(tmp_path, dict(ONE_HUMAN, trick_display="key"))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        seat = table.view.seat
        let_go = 0
        while let_go < 4:
            await wait_until(pilot, lambda: my_turn(app) or table.holding or
                             app.screen is not table, "a turn, a trick or the round's end")
            if app.screen is not table:  # Ann took most tricks (hers go on at once): on
                await pilot.press("enter")  # to the next round (a deal of CI's did that)
            elif my_turn(app):
                await pilot.press("enter")
            elif table.holding:
                held = len(app.game.match.state.view(seat).hand)
                await pilot.press("enter" if let_go % 2 else "space")
                let_go += 1
                await wait_until(pilot, lambda: not table.holding, "the table goes on")
                await wait_until(pilot, lambda: my_turn(app) or table.holding or
                                 app.screen is not table, "what comes next")
                assert len(app.game.match.state.view(seat).hand) == held


async def test_t_changes_the_trick_display_and_keeps_it(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        assert table.pacing.trick == "normal"
        await pilot.press("t")
        assert table.pacing.trick == "slow" and "Trick display: slow" in screen_text(app)
        await pilot.pause()
        saved = json.loads(app.settings_path.read_text())
        assert saved["trick_display"] == "slow"


async def test_a_hint_is_gone_once_the_card_is_played(tmp_path):
    """Item 15: "Hint: ..." stayed after the trick."""
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        await pilot.press("i")
        assert "Hint:" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.view.played > 0 and "Hint:" not in screen_text(app),
                         "the hint cleared by the card")


async def test_looking_at_a_hand_while_a_bots_card_waits_leaves_the_table_playable(tmp_path):
    """Item 18: in hot-seat, `v` during the pause before a bot's card drew the update
    taken while the table was covered over the hand just shown; the card keys and `v`
    then stopped working. Bob looks while Cyd's lead waits; Bob is next to play."""
    settings = {"players": 3, "starter": 1,
                "seats": seats(("Ann", "human"), ("Cyd", "random"), ("Bob", "human"))}
    app = make_app(tmp_path, settings, pace=60)  # only keys end the pauses here
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.game
                         is not None and len(app.game.match.state.trick) == 1,
                         "Cyd's card played, not yet shown")
        table = app.screen
        assert not table.view.trick
        table.action_look()  # as `v` does, without the key that also ends the pause
        await wait_until(pilot, lambda: "Who wants to look" in screen_text(app), "the picker")
        await pilot.press("down", "enter")  # Bob
        await wait_until(pilot, lambda: "Pass the keyboard to Bob" in screen_text(app), "cover")
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table, "Bob at the table")
        await pilot.press("z")  # the pause ends: Cyd's card shows
        await wait_until(pilot, lambda: table.follower.paced.view.trick and not table.feed.waiting()
                         and not table.covering.locked(), "Cyd's card drawn by the table")
        assert table.view.seat == 2 and my_turn(app)  # Bob's hand, and he can play
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(app.game.match.state.trick) == 2, "Bob's card")


async def test_with_the_memory_aid_off_the_log_shows_only_the_last_trick(tmp_path):
    """Item 19 (R18): with the aid off, the game log, the side log and the "Rnd" column
    still listed every earlier trick of the round."""
    app = make_app(tmp_path, dict(ONE_HUMAN, memory_aid=False))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start(app, pilot)
        while len(table.view.tricks) < 3:
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app), "Ann's turn")
        text = table.game_log.text(table.view)
        trick_lines = [line for line in text.splitlines() if line.startswith("Trick ")]
        assert trick_lines == [f"Trick {len(table.view.tricks)}:" + trick_lines[0].split(":", 1)[1]]
        assert "Trick 1:" not in screen_text(app) and "Rnd" not in screen_text(app)
        await pilot.press("g")
        assert app.screen.body == text


async def test_who_starts_is_news_until_the_first_card(tmp_path):
    """Item 15: "root (2) starts." stayed on the news line for several turns."""
    app = make_app(tmp_path, dict(ONE_HUMAN, starter=1))  # Bea starts
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)  # Bea has led; it is Ann's turn
        news = str(table.query_one("#news").render())
        assert "Bea starts" not in news and table.view.played >= 1
        assert "Bea starts." in table.game_log.text(table.view)  # the log keeps it


async def test_in_hot_seat_a_finished_trick_stays_before_the_cover(tmp_path):
    """Whoever played a trick's last card sees it finished before the table is covered
    for the next player (the cover came at once)."""
    from ebbes_tui.ui.handoff import HandOffScreen

    settings = {"players": 3, "starter": 0, "trick_display": "key",
                "seats": seats(("Ann", "human"), ("Bob", "human"), ("Cyd", "human"))}
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        held = []
        while not isinstance(app.screen, RoundSummaryScreen):
            await wait_until(pilot, lambda: isinstance(app.screen, (HandOffScreen,
                                                                    RoundSummaryScreen))
                             or my_turn(app) or (app.table is not None and app.table.holding),
                             "a cover, a turn or a finished trick")
            table = app.table
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
            elif table.holding:
                assert " it with " in str(table.query_one(TrickArea).render())
                held.append((len(table.view.tricks), table.view.seat))
                await pilot.press("z")
                await wait_until(pilot, lambda t=table: not t.holding, "the next step")
            elif my_turn(app):
                await pilot.press("enter")
        tricks = app.game.match.state.results[0].tricks
        # Held for its last player: each trick another player leads next, and the last.
        assert held == [(i + 1, t.seats[-1]) for i, t in enumerate(tricks)
                        if t.winner != t.seats[-1] or i == 9]
