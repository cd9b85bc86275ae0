"""Hot-seat privacy at a new round, the last trick, and the rules text where it was
wrong or silent (issue 12; RULINGS R11, R13, R17, R18, R19, R20)."""

from __future__ import annotations

import random

from ebbes_tui.game.records import dumps
from ebbes_tui.controller import SaveStore
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.games.ebbes.rules import GameState, Options, PlayCard, to_record
from ebbes_tui.games.ebbes.rules.deal import deal_next_round
from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.games.ebbes.ui.hand import Hand
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.games.ebbes.ui.trick import TrickArea

from helpers import finish_round, play_random
from ui_support import make_app, my_turn, screen_text, seats, start, wait_until

TWO_HUMANS_AND_A_BOT = (SeatInfo("Ann"), SeatInfo("Bea"), SeatInfo("Bot", "bot", "normal"))


def save(tmp_path, state: GameState, seed: int) -> None:
    record = to_record(state, {"seed": seed, "first_starter": 0, "first_dealer": None})
    SaveStore(tmp_path / "saves").path("game-1").write_text(dumps(record))


def round_one_but_the_last_card(tmp_path) -> int:
    """Ann and Bea (humans) and a bot, saved before the last card of round 1, where a
    human plays that card and the bot will hold nix (so it starts round 2 itself).
    Returns the seat of the human who plays the last card."""
    config = GameConfig(TWO_HUMANS_AND_A_BOT)
    for seed in range(500):
        rng = random.Random(seed)
        state = GameState(config)
        deal_next_round(state, rng, starter=0)
        finish_round(state, rng, until=lambda s: sum(map(len, s.hands)) <= 1)
        last = state.to_move
        probe = state.clone()
        probe.apply(PlayCard(probe.legal_moves()[0]))
        if last != 2 and probe.results[-1].score.nix_holder == 2:
            save(tmp_path, state, seed)
            return last
    raise AssertionError("no seed gives the bot nix")


async def test_hot_seat_new_hands_stay_covered_until_a_human_takes_the_screen(tmp_path,
                                                                              monkeypatch):
    """R18, issue 12.1: the bot leads round 2, and nobody's new hand shows until the
    next human is called to the screen and takes it."""
    last = round_one_but_the_last_card(tmp_path)
    drawn: list[tuple[tuple, int]] = []
    original = Hand.render

    def spy(self):
        drawn.append((self.cards, len(self.app.game.match.state.results)))
        return original(self)

    monkeypatch.setattr(Hand, "render", spy)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        assert app.screen.seat == last
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(app), "the last card")
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen), "summary")
        drawn.clear()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "a human's turn")
        assert app.game.match.state.trick or app.game.match.state.tricks  # the bot has played
        assert app.table.query_one(Hand).cards == ()
        assert [cards for cards, rounds in drawn if rounds == 1 and cards] == []
        seat = app.screen.seat
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(app), "the human's card")
        assert app.table.query_one(Hand).cards == app.game.match.state.view(seat).hand


ONE_HUMAN = {"players": 3, "starter": 0,
             "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"))}


async def test_the_last_trick_key_never_shows_two_completed_tricks(tmp_path):
    """R18, issue 12.2: between tricks the finished trick is the last trick; `p` must
    not add the one before it."""
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        while not (len(table.view.tricks) >= 2 and not table.view.trick):
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app) or not isinstance(
                app.screen, TableScreen), "Ann's turn")
            if not isinstance(app.screen, TableScreen):
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(app), "Ann's turn")
        earlier = table.view.tricks[-2]
        await pilot.press("p")
        text = str(table.query_one(TrickArea).render())
        look = Look()
        assert all(look.card(c).plain in text for c in table.view.tricks[-1].cards)
        assert not any(look.card(c).plain in text for c in earlier.cards)


def test_the_rules_say_who_takes_two_pairs_with_three_and_two_players():
    """R19, issue 12.3."""
    text = " ".join(EBBES.presentation.rules_text().split())
    assert "One player may end up with two pairs" not in text
    assert "with 3 players two of them take two" in text
    assert "with 2 players the first to choose takes three and the other two" in text


def test_the_rules_say_who_deals_and_when_the_nix_holder_chooses():
    """R11, R15, issue 12.4."""
    text = " ".join(EBBES.presentation.rules_text().split())
    assert "the player to the left of the last dealer deals" in text
    assert ("With two players the two take turns dealing; who deals round 1 is picked with "
            "the rest of the setup, or drawn at random") in text  # as the form offers
    assert "the nix holder names the next starter after everyone has looked at their new hand" \
        in text


def test_the_rules_say_what_take_back_can_do_and_reveal():
    """R20, issue 12.5."""
    text = " ".join(EBBES.presentation.rules_text().split())
    assert "when you play alone against bots" in text
    assert "only within the current round" in text
    assert "lets you see how the bots answered your card" in text


def variant_two_ended_by_the_track() -> GameState:
    """A 3-player Variant 2 game of 15 agreed rounds that a disc ended early (R13)."""
    config = GameConfig((SeatInfo("Ann"), SeatInfo("Bea"), SeatInfo("Cid")),
                        Options(more_cards=True, choose_determiners=True, rounds=15))
    for seed in range(200):
        state = GameState(config)
        play_random(state, random.Random(seed))
        if len(state.results) < 15 and min(state.totals) <= -15 < max(state.totals) < 30:
            return state
    raise AssertionError("no seed ends the game early at Dabbscheedel")


def test_the_status_line_says_why_a_variant_2_game_ended_early():
    """R13, issue 12.6: not just 'game over' but whose disc reached which end. (A save
    of a finished game is archived by Continue, so the line is read from the screens'
    status for the final view, as the table draws it when the last round is scored.)"""
    from ebbes_tui.games.ebbes.ui.screens import SCREENS

    state = variant_two_ended_by_the_track()
    names = [seat.name for seat in state.config.seats]
    loser = names[state.totals.index(min(state.totals))]
    status = SCREENS.status(state.view(0), names, Look())
    assert status.startswith(f"Round {len(state.results)} of 15")
    assert f"game over: {loser} reached Dabbscheedel" in status


DUMMY_GAME = {"players": 2, "starter": 0,
              "seats": seats(("Ann", "human"), ("Bea", "random"))}


def two_players_where_the_dummy_takes_nix(tmp_path) -> None:
    """Ann, the dummy and a bot, saved at the end of round 1 with the dummy holding
    the most nix cards (so it starts round 2, R17)."""
    config = GameConfig((SeatInfo("Dummy", "dummy"), SeatInfo("Ann"),
                         SeatInfo("Bea", "bot", "random")))
    for seed in range(500):
        rng = random.Random(seed)
        state = GameState(config)
        deal_next_round(state, rng, starter=1, dealer=2)
        finish_round(state, rng)
        if state.results[-1].score.nix_holder == 0:
            record = to_record(state, {"seed": seed, "first_starter": 1, "first_dealer": 2})
            SaveStore(tmp_path / "saves").path("game-1").write_text(dumps(record))
            return
    raise AssertionError("no seed gives the dummy nix")


async def test_when_the_dummy_holds_nix_the_table_says_it_starts(tmp_path):
    """R17, issue 12.7."""
    two_players_where_the_dummy_takes_nix(tmp_path)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.table is not None and app.table.game_log is not None
                         and "so it starts" in app.table.game_log.text(app.table.view), "the log")
        # Players never see ruling numbers: it said "so it starts (R17)".
        assert "Dummy took the highest nix card of those tied on 3 nix cards, so it starts." \
            in app.table.game_log.text(app.table.view)  # this deal's: tied with You


async def test_final_standings_list_the_dummy_apart_after_the_players(tmp_path):
    """R17, issue 12.8: the dummy can have the best total but is never placed first."""
    from ebbes_tui.games.ebbes.rules.events import GameOver

    config = GameConfig((SeatInfo("Dummy", "dummy"), SeatInfo("Ann"), SeatInfo("Bea")))
    state = GameState(config)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        from ebbes_tui.games.ebbes.rules import player_view

        view = player_view(state, 1)
        await app.push_screen(FinalScreen(GameOver((9, 2, -1), (1,)), view))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        ann = next(i for i, line in enumerate(lines) if "1. You" in line)  # Ann reads it
        dummy = next(i for i, line in enumerate(lines) if "Dummy" in line and "+9" in line)
        assert dummy > ann and "cannot win" in lines[dummy]
        assert not any(line.strip().startswith("1. Dummy") for line in lines)
