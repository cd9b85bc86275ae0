"""A shared table's screens at 80x24 as its players see them: why a trick was won
said whole beside the presence line, what the presence line says of a player a bot
stands in for, the welcome back, and the Tables list for a player with a seat."""

from __future__ import annotations

import asyncio
import time

import pytest
from table_support import WAIT, LocalTable, ManualClock, spec

from ebbes_tui.game.registry import game_ids
from ebbes_tui.games.ebbes.ui.explain import trick_reason
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.confirm import ConfirmScreen
from ebbes_tui.ui.table import TableScreen


def screen_lines(ebbes: EbbesApp) -> list[str]:
    return [strip.text for strip in ebbes.screen._compositor.render_strips()]


async def test_why_an_ebbes_trick_was_won_shows_whole_beside_the_presence_line(home):
    """Play-testing: "Bot 1 takes it with ●B5, the highest trump (blue became Trump in
    this" and the panel's border: the presence line had taken the sentence's last row."""
    async with LocalTable(home, spec("why", seats="player,bot:random,bot:random",
                                     seed=5)) as table:
        connection = await connect_table("why", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            deadline = time.monotonic() + WAIT
            while True:  # until a trick won by the card that made its suit Trump
                assert time.monotonic() < deadline, "no trick made Trump"
                await pilot.press("enter")
                await pilot.pause(0.05)
                screen = ebbes.screen
                if not isinstance(screen, TableScreen) or not screen.feed.asks(screen.update):
                    continue
                last = screen.view.last_trick
                if last is not None and trick_reason(screen.view, last, screen.game_table.look
                                                     ).endswith("in this trick)"):
                    break
            await pilot.pause(0.2)
            lines = screen_lines(ebbes)
            [row] = [i for i, line in enumerate(lines) if " it with " in line]
            sentence = lines[row].strip("│ ")
            while not sentence.endswith("."):  # a sentence wrapped on: it ends in the panel
                row += 1
                assert lines[row].startswith("│"), f"cut: {sentence!r}"
                sentence += " " + lines[row].strip("│ ")


def presence_of(ebbes: EbbesApp) -> str:
    """The presence line of the table screen, under a summary or not."""
    tables = [s for s in ebbes.screen_stack if isinstance(s, TableScreen)]
    return str(tables[-1].query_one("#presence").render()) if tables else ""


async def until(pilot, condition, what: str) -> None:
    """Let the app run until ``condition()`` holds (the table answers over a socket)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} ({presence_of(pilot.app)!r})"
        await pilot.pause(0.05)


def timed_table(home, name: str, clock: ManualClock) -> LocalTable:
    return LocalTable(home, spec(name, seats="player,player,bot:random", seed=8,
                                 turn_time=120.0, away_after=120.0), clock=clock)


async def test_the_presence_line_tells_a_player_who_left_from_one_whose_time_ran_out(home):
    """Play-testing: "2 bob (away 0:05) · waiting for bob 0:11" (two clocks, and no
    word of when a bot takes over), bob back to "thinking 1:03 of 2:00" though a
    player back has a whole turn again, and "away" for bob at the keyboard whose
    time had run out."""
    clock = ManualClock()
    async with timed_table(home, "away", clock) as table:
        alice = EbbesApp(pace=0, animation=False, table=await connect_table(
            "away", directory=table.directory, player=1))
        async with alice.run_test(size=(80, 24)) as pilot:
            bob = await table.join(player=2)
            feed = await asyncio.wait_for(bob.game(), WAIT)
            await until(pilot, lambda: isinstance(alice.screen, TableScreen), "the table")
            deadline = time.monotonic() + WAIT
            while not feed.asks(feed.latest):  # Bob's turn comes round
                assert time.monotonic() < deadline, "Bob's turn never came"
                if alice.screen.feed.asks(alice.screen.update):
                    await pilot.press("enter")
                await pilot.pause(0.05)
                while feed.poll() is not None:
                    pass
            name = f"{table.address.host} (2)"
            clock.advance(60.0)
            bob.close()  # Bob hangs up on his turn: the game waits for him, a while
            await until(pilot, lambda: f"2 {name} (away 0:0" in presence_of(alice),
                        "Bob away")
            line = presence_of(alice)
            assert line.endswith(f"· waiting for {name}")  # one clock, and its limit
            assert f"2 {name} (away 0:0" in line and " of 2:00)" in line
            clock.advance(30.0)
            bob = await table.join(player=2)  # back on his turn: a whole turn again
            await asyncio.wait_for(bob.game(), WAIT)
            await until(pilot, lambda: "(away" not in presence_of(alice), "Bob back")
            assert table.server.play.presence()["thinking"] < 1.0
            await until(pilot, lambda: f"{name} thinking 0:0" in presence_of(alice),
                        "Bob's clock from his return")
            await pilot.press("escape")  # what becomes of the game without her, in full
            await until(pilot, lambda: isinstance(alice.screen, ConfirmScreen), "the question")
            assert alice.screen.question == (
                "Leave the table? The game goes on: it waits for you at your turn, and after "
                "2:00 away a bot plays for you until you join it again from Tables.")
            await pilot.press("n")
            await until(pilot, lambda: isinstance(alice.screen, TableScreen), "back at the table")
            clock.advance(121.0)  # he lets it run out, at the keyboard
            await until(pilot, lambda: f"2 {name} (time ran out: a bot plays)"
                        in presence_of(alice), "a bot for Bob, whose time ran out")
            bob.close()
            await until(pilot, lambda: f"2 {name} (left: a bot plays)"
                        in presence_of(alice), "a bot for Bob, who left")
            await pilot.press("escape", "enter")


def test_short_of_room_the_presence_line_keeps_the_clock_and_who_is_away():
    """Play-through at 80 columns: "1 root  2 bob (away 0:09 of 2:00)  3 Bot 1  4 Bot 2
    · root thinking 0:07 of" lost its end; the seats without news give way first."""
    from ebbes_tui.ui.table_link import fitted_presence

    seats = [("1 root", False), ("2 bob (away 0:09 of 2:00)", True), ("3 Bot 1", False),
             ("4 Bot 2", False)]
    tail = " · root thinking 0:07 of 2:00 · 1 watching"
    whole = "1 root  2 bob (away 0:09 of 2:00)  3 Bot 1  4 Bot 2" + tail
    assert fitted_presence(seats, tail, 120, "·") == whole
    assert fitted_presence(seats, tail, 78, "·") == "2 bob (away 0:09 of 2:00)" + tail
    calm = [(text, False) for text, _ in seats]
    assert fitted_presence(calm, tail, 78, "·") == "root thinking 0:07 of 2:00 · 1 watching"


async def test_a_player_whose_time_ran_out_is_told_a_bot_plays_and_a_key_takes_it_back(home):
    from ebbes_tui.table.headless import play_bot

    clock = ManualClock()
    async with timed_table(home, "slow", clock) as table:
        alice = await table.join(player=1)
        playing = asyncio.ensure_future(play_bot(alice, "random"))
        bob = EbbesApp(pace=0, animation=False, table=await connect_table(
            "slow", directory=table.directory, player=2))
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(bob.screen, TableScreen)
                        and bob.screen.feed.asks(bob.screen.update), "Bob's turn")
            playing.cancel()  # Alice stays, but the game waits at her turn from now on
            clock.advance(121.0)
            said = ("Your time ran out: a normal bot plays for you. "
                    "Press any key to play again.")
            await until(pilot, lambda: presence_of(bob) == said, "Bob told")
            await pilot.press("x")
            await until(pilot, lambda: "time ran out" not in presence_of(bob)
                        and presence_of(bob).startswith("1 "), "Bob plays again")
            news = lambda: str(bob.screen.query_one("#news").render())  # noqa: E731
            await until(pilot, lambda: news() == "You are back.", "Bob told he is back")
            alice.close()  # the next event: "You are back." no longer news (play-testing)
            await until(pilot, lambda: "(left" in presence_of(bob) or "(away" in presence_of(bob),
                        "Alice gone")
            await until(pilot, lambda: news() != "You are back.", "the stale news cleared")
            await pilot.press("escape", "enter")


@pytest.mark.parametrize("game", game_ids())
async def test_the_players_panel_calls_the_player_at_the_screen_you(home, game):
    """Play-testing: ebbes' Players panel called bob "bob" on his own screen, where
    Huhn's and Hund's said "You"."""
    async with LocalTable(home, spec("you", seats="player,bot:random,bot:random", seed=3,
                                     game=game)) as table:
        ebbes = EbbesApp(pace=0, animation=False, table=await connect_table(
            "you", directory=table.directory))
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, TableScreen)
                        and "Players" in "".join(screen_lines(ebbes)), "the table")
            await pilot.pause(0.2)
            lines = screen_lines(ebbes)
            [top] = [i for i, line in enumerate(lines) if "─ Players" in line]
            left = lines[top].rindex("╭", 0, lines[top].index("─ Players"))
            panel = []
            for line in lines[top + 1:]:
                if line[left] == "╰":
                    break
                panel.append(line[left:])
            me = table.address.host
            assert any("You" in row for row in panel), panel
            assert not any(me in row for row in panel), panel
            await pilot.press("escape", "enter")


async def test_the_tables_list_says_a_players_seat_is_kept_for_them_during_the_game(
        home, monkeypatch):
    """Play-testing: "playing, 3 seats (0 free)" for the table bob had left, which
    read as no way back."""
    from ebbes_tui.ui.tables import TablesScreen

    async with LocalTable(home, spec("friday", seats="player,player,bot:random", seed=3,
                                     away_after=None)) as table:
        monkeypatch.setenv("EBBES_TABLES_DIR", str(table.directory))
        stays = await table.join(player=1)
        leaves = await table.join(player=2)
        await asyncio.wait_for(leaves.game(), WAIT)
        leaves.close()  # the seat of this login is kept while the game goes on
        ebbes = EbbesApp(pace=0, animation=False)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: isinstance(ebbes.screen, TablesScreen)
                        and ebbes.screen.query_one("#tables").option_count == 1
                        and "kept" in str(ebbes.screen.query_one("#tables")
                                          .get_option_at_index(0).prompt), "the table listed")
            listed = str(ebbes.screen.query_one("#tables").get_option_at_index(0).prompt)
            me = table.address.host
            assert listed.startswith(
                f"{me}/friday: playing, 3 seats (0 free, your seat is kept for you)")
        stays.close()
