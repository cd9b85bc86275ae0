"""Menu, saves, settings, rules and help; ASCII mode draws nothing outside ASCII."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import SaveStore
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.help_screen import HelpScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.rules_screen import RulesScreen
from ebbes_tui.games.ebbes.ui.scores import ScoreBoardScreen
from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen

from ui_support import ascii_only, make_app, ready, screen_text, seats, table_up, wait_until

DECISIONS = (RoundSummaryScreen, StarterDialog, FinalScreen, HandOffScreen)

ONE_HUMAN = {"players": 3, "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"))}


async def test_a_save_that_cannot_be_read_is_said_in_one_sentence(tmp_path):
    store = SaveStore(tmp_path / "saves")
    store.path("game-1").write_text("{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Continue: cannot be read" in screen_text(app),
                         "the save's line")
        await pilot.press("c")
        assert isinstance(app.screen, MenuScreen)
        await wait_until(pilot, lambda: "moved aside" in screen_text(app), "the message")
        text = screen_text(app)
        assert "could not be read" in text
        await wait_until(pilot, lambda: "Continue" not in screen_text(app),
                         "the broken save gone from the list")


async def test_a_game_open_in_another_window_can_be_taken_over_or_left_alone(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: table_up(app), "the table")
        slot = app.game.slot.slot
        app.game.slot.close()
        holder = SaveStore(tmp_path / "saves").open(slot)  # "another window" holds it
        await pilot.press("escape", "enter")
        text = screen_text(app)
        assert f"open in another ebbes window (process {os.getpid()})" in text
        assert "Take it over" in text and "Start a separate game" in text
        # Fourteen options: at 80x24 they all show, Quit too (at 100x30 Quit had
        # gone out of sight below six empty rows: play-through).
        assert any(line.strip() == "Quit" for line in text.splitlines()), text
        holder.close()


async def test_rules_and_help_screens(tmp_path, monkeypatch):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.pause()
        assert "How to play ebbes" in screen_text(app)
        await pilot.press("escape", "n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: table_up(app), "the table")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "take back your last card" in screen_text(app)
        from ebbes_tui.ui.help_screen import KEYS

        keys = dict(KEYS)
        assert "asks first" in keys["q"]
        # ebbes keeps t for the trick display (Hund, whose t is undertrekk, names another)
        assert re.search(r" t +how long a finished trick stays", screen_text(app))
        assert "asks first" in keys["Esc"]
    assert EBBES.presentation.rules_text().startswith("# How to play ebbes")


@pytest.mark.parametrize("game_id", ["ebbes", "huhn", "hund"])
async def test_the_rules_in_ascii_read_as_paragraphs(tmp_path, game_id):
    """Play-testing with --ascii (and TERM=vt100): the rules were their Markdown source,
    each source line wrapped again at 80 columns, so words stood alone on a line
    ("get" / "rid of them again ... is" / "the" / "**hund** (the dog)")."""
    from ebbes_tui.game.registry import load_game
    from ebbes_tui.ui.rules_screen import plain_rules

    source = load_game(game_id).presentation.rules_text()
    plain = plain_rules(source)
    paragraphs = [p for p in source.split("\n\n") if p and not p.lstrip().startswith(("#", "|", "-", "1."))]
    for paragraph in paragraphs:  # each a line of its own, whole
        assert " ".join(paragraph.replace("**", "").replace("`", "").split()) in plain.split("\n")
    assert "**" not in plain and "#" not in plain
    app = make_app(tmp_path, {"game": game_id}, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.pause()
        rows = [row.rstrip() for row in screen_text(app).split("\n")]
        assert rows[0].strip() == plain.split("\n")[0] and set(rows[1].strip()) == {"="}
        # no word stands alone on a row where its paragraph goes on below it
        marks = {"=", "-", "|"}  # an underline, a table's rule
        lone = [r for r, after in zip(rows[:-3], rows[1:-2]) if len(r.split()) == 1
                and set(r.strip()) - marks and set(after.strip()) - marks]
        assert lone == [], rows


async def test_ascii_mode_draws_nothing_outside_ascii(tmp_path):
    settings = {"players": 2, "seats": seats(("Änne", "human"), ("Bö", "random"))}
    app = make_app(tmp_path, settings, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        ascii_only(app)
        assert "Die Pfalz hat ebbes zu bieten!" in screen_text(app)  # ASCII as it is: not Englished
        await pilot.press("f1")
        await pilot.pause()
        ascii_only(app)
        await pilot.press("escape", "n")  # which game
        ascii_only(app)
        await pilot.press("enter")  # ebbes: its form
        ascii_only(app)
        await pilot.press("enter")
        seen = set()
        while not isinstance(app.screen, FinalScreen):
            await wait_until(pilot, lambda: ready(app, *DECISIONS), "a decision")
            screen = app.screen
            if type(screen) not in seen:
                seen.add(type(screen))
                ascii_only(app)
            if isinstance(screen, TableScreen) and ScoreBoardScreen not in seen:
                seen.add(ScoreBoardScreen)
                await pilot.press("p", "b")
                ascii_only(app)
                await pilot.press("escape", "question_mark")
                ascii_only(app)
                await pilot.press("escape")
            await pilot.press("enter")
        ascii_only(app)
        assert {TableScreen, RoundSummaryScreen} <= seen



async def test_a_seat_switched_to_a_person_no_longer_keeps_the_bots_name(tmp_path):
    """Issue 16, item 13: "Bot 2" switched to human kept its name."""
    from textual.widgets import Input

    from ebbes_tui.ui.choice import Choice

    app = make_app(tmp_path)  # the default seats: You, Bot 1 ... Bot 4
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        form = app.screen
        kind = form.query_one("#kind-2", Choice)
        kind.focus()
        await pilot.press("left", "left")  # bot, normal -> bot, random -> human
        await pilot.pause()
        assert kind.value[0] == "human"
        assert form.query_one("#name-2", Input).value == "Player 3"
        await pilot.press("right")  # and back to a bot
        await pilot.pause()
        assert form.query_one("#name-2", Input).value == "Bot 2"
        form.query_one("#name-1", Input).value = "Mia"  # a name of one's own stays
        kind = form.query_one("#kind-1", Choice)
        kind.focus()
        await pilot.press("left", "left")
        await pilot.pause()
        assert form.query_one("#name-1", Input).value == "Mia"


async def test_a_name_typed_on_a_seats_kind_leaves_the_kind_as_it_was(tmp_path):
    """Play-through: "Billy Jo" typed on a seat's kind (not its name) changed the kind
    at its l and space (h and l move along a hand on the table)."""
    from ebbes_tui.ui.choice import Choice

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        kind = app.screen.query_one("#kind-1", Choice)
        kind.focus()
        before = kind.value
        await pilot.press(*"Billy", "space", *"Jo")
        await pilot.pause()
        assert kind.value == before
        await pilot.press("right")  # the arrows still change it
        await pilot.pause()
        assert kind.value != before


async def test_two_seats_of_one_name_are_refused_with_a_reason_and_nothing_starts(tmp_path):
    """Noticed in a play-through: two seats could both be called Ann, and every screen
    (the Players panel, the cover, the scores) then read as one player."""
    from textual.widgets import Input

    from ebbes_tui.ui.new_game import NewGameScreen

    app = make_app(tmp_path, {"players": 3, "seats": seats(("Ann", "human"), ("Bea", "human"),
                                                           ("Bot 1", "normal"))})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        form.query_one("#name-0", Input).value = "Ann  Lee"
        form.query_one("#name-1", Input).value = "ann lee "
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form and app.game is None
        assert "Two players are called ann lee: give each a name of their own." in \
            screen_text(app)
        form.query_one("#name-1", Input).value = "Cid"
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.game is not None, "the game")
        assert [s.name for s in app.game.match.setup.seats] == ["Ann  Lee", "Cid", "Bot 1"]


@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_a_seat_changed_from_a_person_to_a_bot_shows_its_whole_level(tmp_path, ascii):
    """Play-through: Player 2's type read "< bot," once changed from human (the choice
    kept the width of its first value)."""
    from ebbes_tui.ui.choice import Choice

    app = make_app(tmp_path, {"players": 2, "seats": seats(("Ann", "human"),
                                                           ("Bea", "human"))}, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        kind = app.screen.query_one("#kind-1", Choice)
        kind.focus()
        await pilot.press("right", "right")  # human -> bot, random -> bot, normal
        await pilot.pause()
        line = next(line for line in screen_text(app).splitlines() if "Player 2" in line)
        assert line.rstrip().endswith(("< bot, normal >", "◀ bot, normal ▶"))


async def test_the_menu_replays_only_the_newest_save_and_never_on_the_event_loop(
        tmp_path, monkeypatch):
    """Issue 23, item 14: the menu's Continue line comes from the newest save alone,
    replayed in a thread; the other saves are only listed."""
    store = SaveStore(tmp_path / "saves")
    record = (Path(__file__).parent / "records" / "four-players-saved-mid-round.json").read_text()
    for n, slot in enumerate(("game-1", "game-2", "game-3")):
        store.path(slot).write_text(record)
        os.utime(store.path(slot), (1_000_000 + n, 1_000_000 + n))
    replays = []
    replay = EBBES.records.replay

    def noting(record, *args, **kw):
        replays.append(threading.get_ident())
        return replay(record, *args, **kw)

    monkeypatch.setattr(EBBES.records, "replay", noting)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Continue: 4 players" in screen_text(app), "the save's line")
        assert len(replays) == 1 and replays[0] != threading.get_ident()


async def test_a_menu_closed_while_its_saves_are_read_does_not_crash_the_app(tmp_path, monkeypatch):
    """CI: a test's app shut down (the menu's parts removed) while the menu's thread
    still listed the saves; the listing came back to a menu without its options and
    the worker failed with NoMatches."""
    from ebbes_tui.controller import Library

    listing, go = threading.Event(), threading.Event()
    real = Library.listed

    def held_up(self):
        listing.set()
        go.wait(60)
        return real(self)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        monkeypatch.setattr(Library, "listed", held_up)
        menu.refresh_saves()
        await wait_until(pilot, listing.is_set, "the listing under way")
        await menu.query_one("#menu-options").remove()  # as the app's shutdown does
        go.set()
        await wait_until(pilot, lambda: not any(w.is_running for w in menu.workers),
                         "the listing done")
    assert app._exception is None


async def test_continue_pressed_while_the_save_opens_never_finds_it_open_elsewhere(
        tmp_path, monkeypatch):
    """`ebbes --continue` opens the save in a thread; a Continue pressed meanwhile (the
    menu is under the table until it comes) started a second opening, which cancelled
    the first: its thread took the save's lock anyway and nothing ever let it go, so
    the game was "already open in another ebbes window", this one's (a kill -9 test
    hung on it)."""
    from ebbes_tui.controller import Library

    store = SaveStore(tmp_path / "saves")
    record = (Path(__file__).parent / "records" / "four-players-saved-mid-round.json").read_text()
    store.path("game-1").write_text(record)
    pressed, first_opened = threading.Event(), threading.Event()
    real = Library.continue_newest
    calls = []

    def held_up(self):  # --continue's opening takes the save first, then any other tries
        calls.append(len(calls))
        if len(calls) == 1:
            pressed.wait(60)
            try:
                return real(self)
            finally:
                first_opened.set()
        first_opened.wait(60)
        return real(self)

    monkeypatch.setattr(Library, "continue_newest", held_up)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # while the first opening waits
        pressed.set()
        await wait_until(pilot, lambda: app.game is not None and
                         not isinstance(app.screen, MenuScreen), "the game (a hot-seat cover)")
        assert app.game.slot is not None and calls == [0]  # Continue waited for it


async def test_a_terminal_without_colours_says_so_in_the_menu(tmp_path, monkeypatch):
    """TERM=vt100: the launcher sets NO_COLOR (no colour codes are sent) and the menu
    names the terminal as the reason, not a NO_COLOR the player never set."""
    monkeypatch.setenv("NO_COLOR", "1")  # as the launcher sets it
    app = make_app(tmp_path, no_colour="TERM=vt100 has no colours")
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Colours: none (TERM=vt100 has no colours)" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert "TERM=vt100 has no colours, so nothing is drawn" in " ".join(screen_text(app).split())


async def test_without_colour_the_field_being_typed_in_is_marked_and_no_colours_are_offered(
        tmp_path, monkeypatch):
    """Play-through under NO_COLOR: the focused name field (marked by a colour alone)
    looked like every other line, and the menu offered "Colours: dark", whose Enter
    changed nothing on the screen."""
    from textual.widgets import Input

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        assert "Colours: none (NO_COLOR is set)" in text and "Colours: dark" not in text
        await pilot.press("o")
        await pilot.pause()
        assert "NO_COLOR is set" in " ".join(screen_text(app).split())
        assert app.settings.theme == "textual-dark"  # the kept setting is left alone
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        field = app.screen.query_one("#name-0", Input)
        field.focus()
        await pilot.pause()
        assert field.rich_style.reverse
        app.screen.query_one("#name-1", Input).focus()
        await pilot.pause()
        assert not field.rich_style.reverse


async def test_without_colour_the_menus_highlighted_choice_is_underlined(tmp_path, monkeypatch):
    """Play-through under NO_COLOR and TERM=vt100: the menu's highlighted choice was
    bold only, as the title above it, and hard to find."""
    from textual.widgets import OptionList

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        highlighted = menu.get_visual_style("option-list--option",
                                            "option-list--option-highlighted")
        assert highlighted.underline and not menu.get_visual_style("option-list--option").underline
        row = next(s for s in app.screen._compositor.render_strips() if "New game" in s.text)
        assert any(seg.style.underline for seg in row if "New game" in seg.text)
