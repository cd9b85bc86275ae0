"""The shared-table screens through Textual's Pilot (issue 10), with a real table
server and real sockets in the test's event loop: the Tables list, the lobby with its
seats and chat, starting early, the presence line and chat at the table, leaving."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from table_support import WAIT, LocalTable, spec
from ui_support import ascii_only

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import Library, SaveStore
from ebbes_tui.controller.stats import KeptStatistics
from ebbes_tui.controller.saves import data_dir
from ebbes_tui.table.client import ask_table, connect_table, join_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.confirm import ConfirmScreen
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.ui.lobby import LobbyScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.tables import OpenTableScreen, TablesScreen


def app() -> EbbesApp:
    return EbbesApp(pace=0, animation=False)


async def step_to(pilot, choice, value) -> None:
    """As a player does: Right steps through a form's choices until ``value``."""
    choice.focus()
    for _ in range(9):
        if choice.value == value:
            return
        await pilot.press("right")
    assert choice.value == value, f"{choice.id} never reached {value!r}"


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def table_up(ebbes: EbbesApp) -> bool:
    """The table screen is on and drawn (pushed is not yet composed)."""
    return isinstance(ebbes.screen, TableScreen) and bool(ebbes.screen.query("#presence"))


async def until(pilot, condition, what: str) -> None:
    """Let the app run until ``condition()`` holds (the table answers over a socket)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} ({pilot.app.screen_stack}, " \
            f"{[str(w.render()) for w in pilot.app.screen.query('Static')][-3:]})"
        await pilot.pause(0.05)


async def one_table_listed(pilot, what: str):
    """Tables (t), once it lists the one table there is; its screen."""
    await pilot.press("t")
    screen = pilot.app.screen
    assert isinstance(screen, TablesScreen)
    await until(pilot, lambda: screen.query_one("#tables").option_count == 1, what)
    return screen


async def test_tables_lobby_chat_start_early_presence_and_leave(home, monkeypatch):
    async with LocalTable(home, spec("friday", seats="player,player,bot:random",
                                     seed=3)) as table:
        monkeypatch.setenv("EBBES_TABLES_DIR", str(table.directory))
        ebbes = app()
        async with ebbes.run_test(size=(80, 24)) as pilot:
            screen = await one_table_listed(pilot, "the table is listed")
            listed = str(screen.query_one("#tables").get_option_at_index(0).prompt)
            me = table.address.host
            assert listed.startswith(f"{me}/friday: lobby, 3 seats (2 free), ebbes")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, LobbyScreen)
                        and ebbes.screen.client.lobby is not None, "the lobby is up")
            lobby = ebbes.screen
            await until(pilot, lambda: "not here yet" in text(lobby, "#lobby-seats"),
                        "the lobby shows who is awaited")
            assert f"Table {me}/friday · ebbes · waiting" in text(lobby, "#lobby-title")
            seats = text(lobby, "#lobby-seats")
            assert "Seat 1" in seats and "here" in seats and "random bot" in seats
            # the seat the host took is no longer "anyone who joins" (play-through)
            assert f"Seat 1: {me}" in seats and "took an open seat" in seats.splitlines()[0]
            assert "anyone who joins" in seats.splitlines()[1]  # seat 2, still free
            assert "press s to start now" in seats  # the owner of the table is its host
            watcher = await table.join(watch=True)  # the host sees who watches
            await until(pilot, lambda: f"Watching: {me}" in text(lobby, "#lobby-seats"),
                        "the watcher in the lobby")
            watcher.close()
            await pilot.press("c")
            await pilot.press(*"hi \x1b[31mall")  # an escape sequence never reaches anyone
            await pilot.press("enter")
            await until(pilot, lambda: "hi" in text(lobby, "#lobby-chat"), "the chat line")
            chat = text(lobby, "#lobby-chat")
            assert "\x1b" not in chat and "all" in chat
            await pilot.press("s")  # start early: a bot takes the empty seat
            await until(pilot, lambda: table_up(ebbes), "the table")
            at_table = ebbes.screen
            await until(pilot, lambda: "Bot" in text(at_table, "#presence"), "presence line")
            presence = text(at_table, "#presence")
            assert presence.startswith(f"1 {me}  2 Bot") and "3 Bot" in presence
            await pilot.press("c")
            await pilot.press(*"good luck")
            await pilot.press("enter")
            await until(pilot, lambda: "good luck" in text(at_table, "#news"),
                        "chat at the table")
            await pilot.press("escape", "enter")  # asked once
            await until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "back at the menu")
            # The last person left, so the table closed (issue 15, item 11): say how
            # it is reopened, not "join it again".
            assert text(ebbes.screen, "#menu-message") == (
                f"You were the last at {me}/friday, so it closed and the game is saved: "
                "reopen it from Tables.")
            assert ebbes.remote is None
        await asyncio.wait_for(table.ended(), WAIT)  # the last human left: saved, closed
    record = table.record()
    assert record["players"][1]["name"].startswith("Bot")  # the seat the bot took


async def test_ascii_mode_draws_the_tables_the_form_and_the_lobby_in_ascii(home, monkeypatch):
    """Play-through: with --ascii the Tables list drew its frame in block letters."""
    async with LocalTable(home, spec("friday", seats="player,player,bot:random",
                                     seed=3)) as table:
        monkeypatch.setenv("EBBES_TABLES_DIR", str(table.directory))
        ebbes = EbbesApp(pace=0, animation=False, ascii=True)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            screen = await one_table_listed(pilot, "the table is listed")
            ascii_only(ebbes)
            await pilot.press("o")
            await until(pilot, lambda: isinstance(ebbes.screen, OpenTableScreen), "the form")
            ascii_only(ebbes)
            await pilot.press("escape")
            await until(pilot, lambda: ebbes.screen is screen, "the tables again")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, LobbyScreen)
                        and "not here yet" in text(ebbes.screen, "#lobby-seats"), "the lobby")
            ascii_only(ebbes)


async def test_a_seat_held_by_another_terminal_is_taken_over_when_the_player_says_so(
        home, monkeypatch):
    """Play-through: a frozen old terminal kept bob out of his seat ("You are already at
    seat 2, in another terminal ..."). Tables asks whether to take it over, and then he
    is at the table where the game is; the old terminal is told why it was let go."""
    async with LocalTable(home, spec("friday", seats="player,bot:random,bot:random",
                                     seed=3)) as table:
        monkeypatch.setenv("EBBES_TABLES_DIR", str(table.directory))
        frozen = await table.join()
        ebbes = app()
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await one_table_listed(pilot, "the table is listed")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, ConfirmScreen), "the question")
            assert "already at seat 1, in another terminal" in ebbes.screen.question
            assert ebbes.screen.question.endswith("Take it over here? The other terminal is "
                                                  "let go.")
            await pilot.press("enter")
            await until(pilot, lambda: table_up(ebbes), "the table, where the game is")
            await until(pilot, lambda: frozen.ended is not None, "the old terminal let go")
            assert frozen.ended.text.endswith("Your seat moved to another terminal of yours.")
            await pilot.press("escape", "enter")
        frozen.close()


async def test_open_a_table_from_the_form_lists_its_arguments(home, monkeypatch):
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.press("o")
        form = ebbes.screen
        assert isinstance(form, OpenTableScreen)
        form.query_one("#table-name").value = "sat"
        for selector, value in (("#kind-2", "bot:normal"), ("#kind-1", "user"),
                                ("#spectators", False), ("#away", "never")):
            await step_to(pilot, form.query_one(selector), value)
        await pilot.pause()
        assert form.query_one("#login-1").display and not form.query_one("#login-2").display
        form.query_one("#login-1").value = "alice"
        assert form.arguments() == ["sat", "--game", "ebbes",
                                    "--seats", "player,user:alice,bot:normal",
                                    "--away-after", "never", "--turn-time", "120"]
        await pilot.press("escape")
        assert isinstance(ebbes.screen, TablesScreen)


async def test_no_tables_says_how_to_open_one(home, monkeypatch, tmp_path):
    monkeypatch.setenv("EBBES_TABLES_DIR", str(tmp_path / "empty-tables"))
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        screen = ebbes.screen
        await until(pilot, lambda: "Looking" not in text(screen, "#tables-note"), "the note")
        assert text(screen, "#tables-note") == "No tables are open. Press o to open one."
        assert screen.query_one("#tables").option_count == 0


async def test_the_tables_screen_lists_each_table_once_whatever_the_directory_holds(
        home, monkeypatch):
    """A second directory for this uid with a leading zero (the same table linked in it)
    listed the table twice and `t` ended the app (DuplicateID); a directory
    `ebbes-tables-²` crashed the list (issue 23, item 4)."""
    import os

    async with LocalTable(home, spec("friday")) as table:
        parent = table.directory
        twice = parent / f"ebbes-tables-0{os.geteuid()}"
        twice.mkdir(mode=0o755)
        os.link(table.address.path, twice / "friday.sock")
        (parent / "ebbes-tables-\u00b2").mkdir(mode=0o755)
        monkeypatch.setenv("EBBES_TABLES_DIR", str(parent))
        ebbes = app()
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            screen = ebbes.screen
            await until(pilot, lambda: "Looking" not in text(screen, "#tables-note"), "the list")
            tables = screen.query_one("#tables")
            assert [tables.get_option_at_index(i).id for i in range(tables.option_count)] \
                == [table.address.label]


async def test_the_tables_screen_shows_a_table_once_and_a_busy_one_as_busy(home, monkeypatch):
    """Whatever a listing holds, the screen shows it without ending the app: a table
    found twice once, a busy table (issue 23, item 5) as busy."""
    from ebbes_tui.ui import tables as tables_module

    table = {"host": "alice", "name": "fri", "pid": 7, "socket": "/tmp/x", "seats": 3,
             "free_seats": 3, "kept_for_you": 0, "spectators": False, "watchers": 0,
             "phase": "lobby", "reopened": False, "access": "open", "game": "ebbes",
             "options": {}}
    busy = {"host": "alice", "name": "tue", "pid": None, "socket": "/tmp/y", "phase": "busy",
            "why": "too many connections at once"}

    async def listing():
        return [table, dict(table), busy]

    monkeypatch.setattr(tables_module, "find_tables", listing)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        screen = ebbes.screen
        await until(pilot, lambda: "Looking" not in text(screen, "#tables-note"), "the list")
        options = screen.query_one("#tables")
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert len(shown) == 2 and shown[0].startswith("alice/fri: lobby")
        assert shown[1] == "alice/tue: busy (too many connections at once); try again in a moment"


async def test_the_presence_line_says_the_game_waits_for_a_player_who_dropped(home):
    async with LocalTable(home, spec("pair", seats="player,player,bot:random", seed=8,
                                     away_after=None)) as table:
        connection = await asyncio.to_thread(join_table, "pair", directory=table.directory,
                                             player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            other = await table.join(player=2)
            feed = await asyncio.wait_for(other.game(), WAIT)
            await until(pilot, lambda: table_up(ebbes), "the table")
            at_table = ebbes.screen
            while not feed.asks(feed.latest):  # the other player's turn comes round
                if at_table.feed.asks(at_table.update):
                    await pilot.press("enter")
                await pilot.pause(0.05)
                while feed.poll() is not None:
                    pass
            other.close()  # their connection drops on their turn: the game waits for them
            name = f"{table.address.host} (2)"
            await until(pilot, lambda: f"waiting for {name}" in text(at_table, "#presence"),
                        "the presence line says whom the game waits for")
            assert f"2 {name} (away" in text(at_table, "#presence")
            await pilot.press("escape")


async def test_a_game_finished_at_a_table_is_kept_in_the_players_own_history(home):
    """... with the table's own record and the player's statistics, and History names
    the table and its host."""
    from ebbes_tui.ui.history import HistoryScreen

    async with LocalTable(home, spec("solo", seats="player,bot:random,bot:random",
                                     seed=5)) as table:
        connection = await asyncio.to_thread(join_table, "solo", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            deadline = time.monotonic() + 90
            book = data_dir() / "tables" / "answered"  # the moves, for a player who comes back
            booked = False
            while not isinstance(ebbes.screen, FinalScreen):  # Enter plays, closes summaries
                assert time.monotonic() < deadline, "the game never ended"
                await pilot.press("enter")
                await pilot.pause(0.01)
                booked = booked or any(book.glob("*.txt"))
            finished = ebbes.library.store.root / "finished"
            await until(pilot, lambda: any(finished.glob("solo.*.json")), "the kept record")
            assert booked and not any(book.glob("*.txt"))  # kept while playing, gone with the record
            [kept] = finished.glob("solo.*.json")
            assert json.loads(kept.read_text()) == table.record()  # the table's own record
            assert oct(kept.stat().st_mode & 0o777) == "0o600"
            stats = KeptStatistics(EBBES, ebbes.library.store.root).load().stats
            assert stats.players[table.address.host].total.games == 1
            # No "play again" at a shared table (its host opens the next one): Enter leaves.
            assert text(ebbes.screen, "#final-help") == "Enter or m: menu    q: quit"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "the menu")
            await pilot.press("h")
            await until(pilot, lambda: isinstance(ebbes.screen, HistoryScreen)
                        and ebbes.screen.games, "the History")
            entry = drawn(ebbes)
            assert f"at {table.address.host}/solo: {table.address.host}, Bot 1" in entry


def test_a_record_that_does_not_replay_to_its_end_is_not_kept(home, tmp_path):
    library = Library(EBBES, SaveStore(tmp_path / "saves"))
    assert library.keep_finished({"format": "ebbes-record/1", "rounds": "junk"}, "t.") is None
    assert not list((tmp_path / "saves").rglob("*.json"))


# ------------------------------------------------------------------ issue 15


def drawn(ebbes: EbbesApp) -> str:
    """The characters on screen now, lines joined (a wrapped word reads whole)."""
    return "".join(strip.text.strip() for strip in ebbes.screen._compositor.render_strips())


async def test_a_long_chat_word_wraps_and_shows_whole_at_80x24(home):
    """A 200-character word showed as just "alice:" (cut at the screen's width)."""
    word = "x" * 199 + "!"
    async with LocalTable(home, spec("long", seats="player,player,player",
                                     seed=3)) as table:
        connection = await connect_table("long", directory=table.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            other = await table.join(player=2)
            await until(pilot, lambda: isinstance(ebbes.screen, LobbyScreen), "the lobby")
            other.send_chat(word)
            await until(pilot, lambda: word in drawn(ebbes), "the whole word in the lobby")
            ebbes.screen.client.start_game()
            await until(pilot, lambda: table_up(ebbes) and ebbes.screen.game_log, "the table")
            at_table = ebbes.screen  # what was said in the lobby begins the game's log
            assert f"{table.address.host} says: {word}" in at_table.game_log.text(at_table.view)
            await pilot.pause(0.2)
            other.send_chat("y" * 150 + "?")
            await until(pilot, lambda: "y" * 150 + "?" in drawn(ebbes), "the word at the table")
            assert len(screen_lines(ebbes)) == 24
            # Longer than the news line holds: its start, and where it is whole (its
            # end was cut off without a mark)
            await pilot.pause(0.2)
            other.send_chat("z" * 199 + "!")
            await until(pilot, lambda: "(g: the log has it whole)" in drawn(ebbes), "the mark")
            assert "z" * 100 in drawn(ebbes)
            assert "z" * 199 + "!" in at_table.game_log.text(at_table.view)  # whole in the log
            other.close()


def screen_lines(ebbes: EbbesApp) -> list[str]:
    return [strip.text for strip in ebbes.screen._compositor.render_strips()]


async def test_when_the_server_dies_the_clock_stops_and_the_player_is_told(home):
    """The server was killed: "The table closed the connection." showed while the
    thinking clock ticked on."""
    async with LocalTable(home, spec("gone", seats="player,bot:random,bot:random",
                                     seed=5)) as table:
        connection = await connect_table("gone", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_up(ebbes), "the table")
            at_table = ebbes.screen
            for client in list(table.server.connections.clients):  # as SIGKILL would: no goodbye
                client.writer.transport.abort()
            await until(pilot, lambda: "Not connected" in text(at_table, "#presence"),
                        "the presence line stops")
            line = text(at_table, "#presence")
            await pilot.pause(1.2)
            assert text(at_table, "#presence") == line == "Not connected."
            news = text(at_table, "#news")
            me = table.address.host
            assert news.startswith(f"The table {me}/gone stopped without a word")
            assert "you can reopen it with 'ebbes table serve gone'" in news
            # Nobody's turn any more, and leaving is not "the game goes on" (play-testing).
            assert text(at_table, "#status") == "The table has closed."
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(ebbes.screen, ConfirmScreen), "the question")
            assert "The table has closed. Back to the menu?" in drawn(ebbes)


async def decisions_made(match, count: int) -> None:
    """Until ``count`` more decisions of ``match`` are made (bots playing at once)."""
    start, deadline = match.decision, time.monotonic() + WAIT
    while match.decision <= start + count:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)


async def test_a_player_who_comes_back_is_welcomed_with_what_they_missed(home):
    """What they missed speaks to them of their own seat: play-testing read "bob is
    away: a normal bot plays for them." on bob's own welcome back, which never said the
    bot had played for him. After an absence longer than the recap keeps, it still
    says first that a bot played for them (it did not: a flaky test, by the bots' speed)."""
    from ebbes_tui.table.headless import play_bot
    from ebbes_tui.table.play import RECAP_KEPT
    from ebbes_tui.ui.handoff import HandOffScreen

    async with LocalTable(home, spec("back", seats="player,player,bot:random", seed=8,
                                     away_after=0.0)) as table:
        first = await table.join(player=1)
        other = await table.join(player=2)
        playing = asyncio.ensure_future(play_bot(other, "random"))
        await asyncio.wait_for(first.game(), WAIT)
        first.close()
        await decisions_made(table.server.play.match, RECAP_KEPT + 8)  # more than it keeps
        connection = await connect_table("back", directory=table.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, HandOffScreen), "the recap")
            shown = text(ebbes.screen, "#handoff-text")
            me = table.address.host
            assert shown.startswith(f"Welcome back, {me}: press Enter to go on.")
            assert "While you were away:" in shown and "Trick" in shown
            recap = shown.split("While you were away:\n")[1]
            assert recap.startswith("You were away: a normal bot played for you.\n")
            assert f"{me} " not in recap.replace(f"{me} (2)", "")  # "You", never "root"
            assert "You " in recap.split("\n", 1)[1]  # the bot's cards, as "You"
            await pilot.press("enter")
            await until(pilot, lambda: table_up(ebbes), "the table after the recap")
            await pilot.press("escape", "enter")  # leaving asks once
            await until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "back at the menu")
            playing.cancel()
            other.close()


async def test_a_player_who_comes_back_after_the_end_sees_the_standings_and_keeps_the_game(
        home):
    """Played as two users: bea hung up mid-game, a bot finished it for her, and she
    came back to a table showing the end, told "Your time ran out ... press any key to
    play again", with no standings and no game in her History (the record had gone to
    those there at the end, and she had made no move since coming back)."""
    from table_support import until as until_met

    from ebbes_tui.table.answers import AnswerBook
    from ebbes_tui.table.headless import play_bot
    from ebbes_tui.ui.handoff import HandOffScreen

    async with LocalTable(home, spec("end", seats="player,player,bot:random", seed=8,
                                     away_after=0.0)) as table:
        first = await table.join(player=1)
        first.records.witness.keep_in(AnswerBook.of(data_dir() / "tables", table.address))
        other = await table.join(player=2)
        others = asyncio.ensure_future(play_bot(other, "random"))
        playing = asyncio.ensure_future(play_bot(first, "random"))
        feed = await asyncio.wait_for(first.game(), WAIT)
        await until_met(lambda: first.records.witness.moves and feed.latest.decision > 6)
        first.close()
        playing.cancel()
        await asyncio.wait_for(others, WAIT * 3)
        await until_met(lambda: table.server.play.over)
        connection = await connect_table("end", directory=table.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, HandOffScreen), "the recap")
            recap = text(ebbes.screen, "#handoff-text").split("While you were away:\n")[1]
            assert recap.startswith("You were away: a normal bot played for you.\n")
            assert "earlier, left out to fit)" in recap  # said, not silently cut to 8 lines
            assert "Game over" in recap
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, FinalScreen), "the standings")
            table_screen = ebbes.screen_stack[-2]
            await until(pilot, lambda: text(table_screen, "#presence"), "who was there")
            said = text(table_screen, "#news") + text(table_screen, "#presence")
            assert "play again" not in said and "time ran out" not in said, said  # it is over
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(ebbes.screen, MenuScreen), "the menu")
            finished = ebbes.library.store.root / "finished"
            await until(pilot, lambda: any(finished.glob("end.*.json")), "the kept record")
            [kept] = finished.glob("end.*.json")
            assert json.loads(kept.read_text()) == table.record()
        other.close()


async def test_a_player_whose_time_ran_out_before_they_left_is_told_a_bot_played(home):
    """Played as separate users: alice's turn time ran out (a bot took her seat), then
    she hung up and came back; the recap listed her seat's moves as hers, and never
    said a bot had made them (the news of the bot came before she left)."""
    from table_support import ManualClock, until as until_met

    from ebbes_tui.table.headless import play_bot
    from ebbes_tui.ui.handoff import HandOffScreen

    # The table's clock moves only when alice's turn is up: with a real 0.05 s turn
    # time, a loaded machine let the other player's time run out too, and the game
    # waited for everyone.
    clock = ManualClock()
    async with LocalTable(home, spec("late", seats="player,player,bot:random", seed=8,
                                     away_after=0.0, turn_time=120.0), clock=clock) as table:
        first = await table.join(player=1)  # connected, never answering
        other = await table.join(player=2)
        playing = asyncio.ensure_future(play_bot(other, "random"))
        await asyncio.wait_for(first.game(), WAIT)
        match = table.server.play.match
        timers = table.server.away.turn_timers
        await until_met(lambda: set(timers) == {0}, what="alice's turn clock")
        clock.advance(121)  # her time runs out: a bot plays her seat
        await decisions_made(match, 8)
        first.close()
        await decisions_made(match, 3)
        connection = await connect_table("late", directory=table.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, HandOffScreen), "the recap")
            recap = text(ebbes.screen, "#handoff-text").split("While you were away:\n")[1]
            assert recap.startswith("You were away: a normal bot played for you.\n"), recap
            playing.cancel()
            other.close()


async def test_saved_tables_are_listed_to_reopen_and_the_form_reopens_them(home, monkeypatch):
    """The Tables screen said "No tables are open" to a user with saved tables, and the
    form refused a saved name with "leave out --seats"."""
    from table_support import Home

    host = Home(home)
    monkeypatch.setenv("EBBES_TABLES_DIR", str(host.tables))
    try:
        served = host.run("table", "serve", "club", "--seats", "player,bot:random,bot:random",
                          "--seed", "3")
        assert served.returncode == 0, served.stderr
        connection = await connect_table("club", directory=host.tables)
        connection.sock.close()  # the game started, then its only person left: saved
        await asyncio.to_thread(wait_for_path_gone, host.socket_of("club"))
        ebbes = app()
        async with ebbes.run_test(size=(80, 24)) as pilot:
            screen = await one_table_listed(pilot, "the saved table is listed")
            listed = str(screen.query_one("#tables").get_option_at_index(0).prompt)
            assert listed.startswith("club: your saved game of ebbes, 3 players, round 1 of 5")
            assert listed.endswith("Enter reopens it")
            await pilot.press("o")
            form = ebbes.screen
            form.query_one("#table-name").value = "club"
            await pilot.pause()
            assert "saved game" in text(form, "#saved-note")
            assert not form.query_one("#players").parent.display
            assert form.arguments() == ["club", "--away-after", "120", "--turn-time", "120"]
            await pilot.press("escape")
            await pilot.press("enter")  # reopen and sit down
            await until(pilot, lambda: table_up(ebbes), "the reopened game")
            assert ebbes.remote.address.name == "club"
            await pilot.press("escape")
    finally:
        host.kill_all()


def wait_for_path_gone(path) -> None:
    deadline = time.monotonic() + 60
    while path.exists():
        assert time.monotonic() < deadline
        time.sleep(0.05)


async def test_the_open_form_leaves_spectators_off_and_names_the_first_starter(home):
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.press("o")
        form = ebbes.screen
        form.query_one("#table-name").value = "fresh"
        await pilot.pause()
        assert "--spectators" not in form.arguments()  # off, as on the command line
        for selector, value in (("#players", 2), ("#opt-ebbes-starter", 1),
                                ("#opt-ebbes-dealer", 0)):
            await step_to(pilot, form.query_one(selector), value)
        await pilot.pause()
        args = form.arguments()
        assert args[args.index("--game") + 1] == "ebbes"
        options = [args[i + 1] for i, word in enumerate(args) if word == "--option"]
        assert options == ["starter=2", "dealer=1"]  # players counted from 1, as typed
        assert args[args.index("--seats") + 1] == "player,player"


async def test_a_dialog_whose_decision_went_to_a_bot_closes_and_the_game_goes_on(home):
    """Played through on a server: the turn clock gave the pair choice to a bot while
    its dialog was open; the answer was refused as made already, the dialog came back
    with that sentence for ever, and Esc did nothing. A refusal of the moment (not of
    a rule) closes the dialog; the table follows what the bot chose."""
    from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog

    async with LocalTable(home, spec("dlg", seats="player,bot:random,bot:random", seed=7,
                                     options={"choose_determiners": True})) as table:
        connection = await connect_table("dlg", directory=table.directory)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(ebbes.screen, PairDialog), "the pair dialog")
            match = table.server.play.match
            before = match.decision
            said = await ask_table("dlg", {"type": "bot", "player": 1},
                                   directory=table.directory)
            assert said.startswith("A normal bot plays for")
            await until(pilot, lambda: match.decision > before, "the bot's choice")
            await pilot.press("enter", "enter")  # a suit, its number: the answer comes too late
            await until(pilot, lambda: not isinstance(ebbes.screen, PairDialog),
                        "the dialog closed")
            at_table = next(s for s in ebbes.screen_stack if isinstance(s, TableScreen))
            await until(pilot, lambda: at_table.update.decision > before,
                        "the table showing what came after the bot's choice")


async def test_the_tables_screen_describes_saved_tables_off_the_event_loop(home, monkeypatch):
    """Issue 23, item 14 (a review found it back): each saved table's line replays its
    save for the summary; that happens in the listing's thread, never on the loop."""
    import threading

    from ebbes_tui.controller.saves import data_dir

    store = SaveStore(data_dir() / "tables")
    record = (Path(__file__).parent / "records" / "four-players-saved-mid-round.json").read_text()
    store.path("mon.20261202-120000").write_text(record)
    replays = []
    replay = EBBES.records.replay

    def noting(*args, **kw):
        replays.append(threading.get_ident())
        return replay(*args, **kw)

    monkeypatch.setattr(EBBES.records, "replay", noting)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        screen = ebbes.screen
        await until(pilot, lambda: screen.query_one("#tables").option_count == 1, "the save")
        listed = str(screen.query_one("#tables").get_option_at_index(0).prompt)
        assert listed.startswith("mon: your saved game of ebbes, 4 players, round 2 of 5")
    assert replays and threading.get_ident() not in replays
