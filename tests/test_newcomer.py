"""ebbes for a newcomer (issue 27, item 5), tried as one at 80x24: the bots' pace in the
settings, the status line while a finished trick waits, the trick's reason said whole,
the board naming the card that fixed each job, the pair dialog leaving the table in
view, the table's short words explained, and the scoring track as a board."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList

from ebbes_tui.game.registry import game_ids
from ebbes_tui.games.ebbes.rules.cards import SUIT_NAMES
from ebbes_tui.games.ebbes.rules.categories import CATEGORY_LABELS
from ebbes_tui.games.ebbes.rules.determiners import determiner_cards, fixing_plays
from ebbes_tui.games.ebbes.ui.board import EFFECTS, DeterminerBoard
from ebbes_tui.games.ebbes.ui.explain import takes_line
from ebbes_tui.games.ebbes.ui.hand import CARD_KEYS
from ebbes_tui.games.ebbes.ui.look import ROMAN, ebbes_look
from ebbes_tui.games.ebbes.ui.trick import TrickArea
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.words import seat_names

from ui_support import (
    ONE_HUMAN, make_app, my_turn, next_turn, screen_text, seats, start, wait_until,
)


def menu_line(app, what: str) -> str:
    """The menu's line of ``what`` (the option's id)."""
    options = app.screen.query_one("#menu-options", OptionList)
    return str(options.get_option(what).prompt)


async def choose(app, pilot, what: str) -> None:
    """Enter on the menu's line ``what``."""
    options = app.screen.query_one("#menu-options", OptionList)
    options.highlighted = options.get_option_index(what)
    await pilot.press("enter")
    await pilot.pause()


# The bots' pace, and how long a finished trick stays: settings of the menu --------------

async def test_the_bots_pace_is_a_setting_of_the_menu_kept_for_every_game(tmp_path):
    """It could be set only with ``--pace``: now the menu's line cycles fast, normal,
    slow, the settings file keeps it, and a game (any game: the shell's) moves at it."""
    app = make_app(tmp_path, ONE_HUMAN, pace=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert menu_line(app, "pace") == "Bots' pace: normal (0.5 s a move)"
        assert "Bots' pace: normal" in screen_text(app)  # in view at 80x24
        seen = []
        for _ in range(3):
            await choose(app, pilot, "pace")
            seen.append(menu_line(app, "pace"))
        assert seen == ["Bots' pace: slow (1 s a move)", "Bots' pace: fast (0.2 s a move)",
                        "Bots' pace: normal (0.5 s a move)"]
        await choose(app, pilot, "pace")
        assert json.loads(app.settings_path.read_text())["bot_pace"] == "slow"
    again = make_app(tmp_path, pace=None)
    async with again.run_test(size=(80, 24)) as pilot:
        await start(again, pilot)
        assert isinstance(again.screen, TableScreen) and again.screen.pacing.pace == 1.0


async def test_pace_on_the_command_line_is_for_that_run_and_the_menu_says_so(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN, pace=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert menu_line(app, "pace").startswith("Bots' pace: 1.5 s a move (--pace")
        await choose(app, pilot, "pace")  # back to the settings' own
        assert menu_line(app, "pace") == "Bots' pace: normal (0.5 s a move)"
        assert app.pace == 0.5


async def test_the_menu_sets_how_long_a_finished_trick_stays_in_a_sensible_order(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        seen = [menu_line(app, "tricks")]
        await choose(app, pilot, "tricks")
        seen.append(menu_line(app, "tricks"))
        for _ in range(3):  # the cursor stays on the line: Enter again, the next
            await pilot.press("enter")
            await pilot.pause()
            seen.append(menu_line(app, "tricks"))
        stays = [line.split(": ")[1] for line in seen]
        assert stays == ["normal", "slow", "until a key", "fast", "normal"]
        await choose(app, pilot, "tricks")
        assert json.loads(app.settings_path.read_text())["trick_display"] == "slow"
        await start(app, pilot)
        assert app.screen.pacing.trick == "slow"


# While a finished trick stays, the status line says who took it ---------------------------

@pytest.mark.parametrize("game_id", game_ids())
async def test_while_a_finished_trick_waits_the_status_line_says_who_took_it(tmp_path, game_id):
    """It said "Bot 2 plays" while the trick waited for a key and nobody played. The
    table is the shell's, so in every game: bots play, the screen watches."""
    from ebbes_tui.controller import Library, SaveStore
    from ebbes_tui.game.registry import load_game
    from ebbes_tui.ui.app import EbbesApp

    game = load_game(game_id)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"game": game_id, "trick_display": "key", "games": {game_id: {
        "players": 3, "seats": [{"name": f"Bot {i}", "kind": "bot", "level": "random"}
                                for i in (1, 2, 3)]}}}))
    app = EbbesApp(library=Library(game, SaveStore(tmp_path / "saves")), settings_path=path,
                   pace=0, animation=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # the game, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.holding, "a finished trick held")
        await pilot.pause()
        status = screen_text(app).splitlines()[0]
        assert "took the trick" in status, status
        assert " plays" not in status and " to decide" not in status, status


# The trick's reason, whole at 80x24 with two players -------------------------------------

TWO = {"players": 2, "starter": 0, "seats": seats(("You", "human"), ("Bot 1", "random"))}


def region_text(app, widget) -> str:
    """What ``widget`` shows on screen now, its lines joined by spaces."""
    box = widget.content_region
    rows = screen_text(app).splitlines()[box.y:box.y + box.height]
    return " ".join(" ".join(row[box.x:box.right] for row in rows).split())


async def play_a_legal_card(app, pilot) -> None:
    table = app.screen
    hand = table.view.hand
    await pilot.press(CARD_KEYS[hand.index(table.view.legal[0])])


async def test_with_two_players_at_80x24_the_last_tricks_reason_is_said_whole(tmp_path):
    """It was cut: "Bot 1 takes it with ●B5, the highest" (the dummy's stacks leave
    the trick area half the width, and the last trick's cards took two of its rows)."""
    app = make_app(tmp_path, TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        checked = 0
        while checked < 4:
            await next_turn(app, pilot)
            view = app.screen.view
            last = view.last_trick
            if view.trick and last is not None:
                names = seat_names(view, ebbes_look(app.look))
                shown = region_text(app, app.screen.query_one(TrickArea))
                whole = [f"{takes_line(view, last, names, ebbes_look(app.look), short=s)}."
                         for s in (False, True)]  # when Trump was fixed, if room
                assert any(line in shown for line in whole), shown
                checked += 1
            await play_a_legal_card(app, pilot)


# The Determiners panel names the card that fixed each job, at 80x24 too ---------------------

@pytest.mark.parametrize("variant", [{}, {"choose_determiners": True}], ids=["number", "pairs"])
async def test_at_80x24_the_board_says_which_card_fixed_each_job(tmp_path, variant):
    """rules.md promises it, and at 120x40 it did; at 80x24 the board said only the
    suit ("I Trump ●B blue")."""
    app = make_app(tmp_path, dict(ONE_HUMAN, **variant))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await next_turn(app, pilot)
        while len(app.table.view.suits) < 4:  # read at the player's turn: no dialog over it
            await play_a_legal_card(app, pilot)
            await next_turn(app, pilot)
        await pilot.pause()
        view = app.table.view
        look = ebbes_look(app.look)
        board = app.screen.query_one(DeterminerBoard)
        rows = screen_text(app).splitlines()[board.content_region.y:board.content_region.bottom]
        plays = fixing_plays(view.plays(), determiner_cards(view.number, view.pairs))
        for cat, (_, fixer) in enumerate(plays[:4]):
            row = next(r for r in rows if f"{ROMAN[cat]:>3} {CATEGORY_LABELS[cat]}" in r)
            assert f"{look.card(fixer).plain} {SUIT_NAMES[fixer.suit]}" in row, row
            assert EFFECTS[cat] in row, row  # and still what the job is worth


# The table's short words, explained in Help --------------------------------------------------

@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_help_explains_the_tables_short_words(tmp_path, ascii):
    """"Rnd", "eb", "nx", "+3 between" and the N of brown were explained nowhere."""
    from rich.console import Console

    from ebbes_tui.ui.help_screen import HelpScreen

    app = make_app(tmp_path, ONE_HUMAN, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        console = Console(width=72, record=True, file=open("/dev/null", "w"))
        for static in app.screen.query("Static"):
            console.print(static.content)
        text = console.export_text()
    lines = text.splitlines()

    def explained(short: str, *words: str) -> None:
        line = next((line for line in lines if line.startswith(short)), None)
        assert line is not None, (short, text)
        at = lines.index(line)
        said = " ".join(" ".join(lines[at:at + 3]).split())  # a row's words may wrap
        assert all(word in said for word in words), (short, said)

    explained("Rnd", "for sure", "Plus", "Minus")
    explained("Tks", "tricks")
    explained("Tr +1 eb -1 nx", "Trump", "Plus", "ebbes", "Minus", "nix")
    explained("+3 between", "fewest", "most")
    explained("picks starter", "nix", "next round")
    explained("N" if ascii else "■N", "brown")


# The pair dialog leaves what a player chooses by in view ---------------------------------------

@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_the_pair_dialog_leaves_the_board_the_players_the_dummy_and_the_hand_in_view(
        tmp_path, ascii):
    """Two players, Variant 2, 80x24: the dialog covered the dummy's stacks and the
    Players and Determiners panels. It lies over the trick area now, empty while pairs
    are chosen."""
    from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog

    app = make_app(tmp_path, dict(TWO, starter=1, choose_determiners=True), ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "the pair dialog")
        await pilot.pause()
        frame = app.screen.query_one(".dialog").region
        table = app.table
        for part in ("#board", "#seats", "#dummy", "#hand-box"):
            assert not frame.overlaps(table.query_one(part).region), part
        text = screen_text(app)
        look = ebbes_look(app.look)
        view = table.view
        for up in view.dummy_up:  # the dummy's face-up cards, readable
            assert up is None or look.card(up).plain in text
        for card in view.hand:
            assert look.card(card).plain in text
        assert "Determiners" in text and "Players" in text and "Dummy's stacks" in text
        assert "Pair for round 1" in text and "Suit" in text and "Number" in text
        # Enter on the suits goes on to the numbers, and the key line says so (it said
        # "Take", and a newcomer's Enter seemed to take nothing: play-through).
        dialog = app.screen
        for _ in range(2):  # on either row (a hint may have put the cursor on the numbers)
            await pilot.press("up")
            await wait_until(pilot, lambda: ("To the number" if dialog.row == 0 else "⏎ Take"
                                             if not ascii else "Enter Take")
                             in screen_text(app).splitlines()[-1], "Enter's word")
            assert ("Take" in screen_text(app).splitlines()[-1]) is (dialog.row == 1)
        if dialog.row == 0:
            await pilot.press("enter")  # on to the numbers
        await pilot.press("enter")  # the pair shown: taken
        await wait_until(pilot, lambda: len(app.table.view.pairs) >= 2, "the pair taken")


# The scoring track: a board that fits 80x24, with the leader's disc in view ----------------

@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("screen", ["summary", "board"])
async def test_the_track_is_a_board_that_fits_80x24_with_the_leaders_disc_in_view(
        tmp_path, players, screen):
    """It read as a list: "down the left, then down the right", runs of dots to count,
    and below a round's table at 80x24 it had to be scrolled to. Now the spaces run
    left to right in two strips under the places' names, and the screen shows the
    leader's disc where it ends."""
    from test_ui_explains import scored_round

    from ebbes_tui.games.ebbes.rules import player_view
    from ebbes_tui.games.ebbes.ui.scores import ScoreBoardScreen
    from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
    from ebbes_tui.games.ebbes.ui.track import TrackBoard

    state, event = scored_round(players, seed=5)
    view = player_view(state, 0)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundSummaryScreen(event, view) if screen == "summary"
                              else ScoreBoardScreen(view))
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one(TrackBoard)
        picture = board.render_lines_for(board.size.width).plain.splitlines()
        assert len(picture) <= 12 and "down the left" not in "\n".join(picture)
        leader = max(range(players), key=lambda s: view.totals[s])
        y = board.region.y + board.disc_line(leader)
        viewport = board.parent.region
        assert viewport.y <= y < viewport.bottom, "the leader's disc is scrolled away"
        row = screen_text(app).splitlines()[y]
        assert str(leader + 1) in row.split()
        space = state.config.track.disc_space(view.totals[leader])
        cells = board.region.y + _cells_line(picture, board.disc_line(leader))
        assert viewport.y <= cells and str(space) in screen_text(app).splitlines()[cells].split()


def _cells_line(picture: list[str], disc_at: int) -> int:
    """The line of spaces above the discs line ``disc_at`` (discs lines follow it)."""
    y = disc_at - 1
    while y > 0 and not any(ch in picture[y] for ch in "·."):
        y -= 1
    return y


async def test_a_held_trick_says_its_reason_and_any_key_goes_on_under_a_two_line_news(tmp_path):
    """Play-through at 80x24, two players, a trick until a key: a two-line hint on the
    news line left the trick area four rows, and "Any key goes on." was cut off."""
    app = make_app(tmp_path, dict(TWO, trick_display="key"))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        while not table.holding:
            await wait_until(pilot, lambda: my_turn(app) or table.holding, "a turn or a trick")
            if my_turn(app):
                await play_a_legal_card(app, pilot)
        table.news.say("Hint: a sentence long enough to take two lines of the news line at "
                       "eighty columns, as a hint's reason does.", "hint")
        table.redraw()
        await pilot.pause()
        area = table.query_one(TrickArea)
        assert area.content_size.height == 4
        shown = region_text(app, area)
        view, look = table.view, ebbes_look(app.look)
        names = seat_names(view, look)
        assert any(f"{takes_line(view, view.last_trick, names, look, short=s)}." in shown
                   for s in (False, True)), shown
        assert shown.endswith("Any key goes on."), shown


async def test_once_a_round_is_scored_rnd_shows_its_points_ebbes_bonus_included():
    """Played through in the ebbes lesson: at the round's end the Players panel said
    "Rnd +4" (the Plus and Minus cards, what the round was sure to bring) while the
    coach and the score sheet said +7 (ebbes' +3 between, R7). Once the round is scored,
    Rnd is its points (R9)."""
    import random

    from textual.app import App, ComposeResult

    from helpers import finish_round
    from ebbes_tui.games.ebbes.rules import GameState
    from ebbes_tui.games.ebbes.rules.deal import deal_next_round
    from ebbes_tui.games.ebbes.rules.scoring import certain_points
    from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
    from ebbes_tui.games.ebbes.rules.view import player_view
    from ebbes_tui.games.ebbes.ui.seats import SeatsPanel
    from ebbes_tui.ui.look import Look

    seats = (SeatInfo("Ann"), SeatInfo("Bea", "bot", "random"), SeatInfo("Cyd", "bot", "random"))
    for seed in range(200):  # a round where someone's ebbes bonus counts
        state = GameState(GameConfig(seats))
        rng = random.Random(seed)
        deal_next_round(state, rng, starter=0)
        finish_round(state, rng)
        view = player_view(state, 0)
        score = view.scores[-1]  # the round just scored, its last trick on show
        sure = [certain_points(view.taken[s], view.suits) for s in range(3)]
        if list(score.points) != sure:
            break
    else:
        raise AssertionError("no seed gave an ebbes bonus")

    class PanelApp(App[None]):
        def compose(self) -> ComposeResult:
            yield SeatsPanel(ebbes_look(Look()), id="seats")

    async with PanelApp().run_test(size=(60, 10)) as pilot:
        panel = pilot.app.query_one(SeatsPanel)
        panel.show(view, memory_aid=True)
        await pilot.pause()
        rows = panel.render().plain.splitlines()[2:]
        for seat, row in enumerate(rows):  # seat, name, hand, tricks, Rnd, Total
            assert int(row.split()[4]) == score.points[seat], (row, score.points)
