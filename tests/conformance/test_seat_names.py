"""One name for a seat on every screen, in every game (issue 25, point 3): one person
against bots is "You" everywhere (the table, its status line, dialogs, the board, a
deal's summary, the final standings), whatever name the form keeps for them; people
at one keyboard (hot-seat) are each called by their name, and "you" is only the
second person of a prompt ("Your turn", "Your hand (Ann)")."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from table_support import until
from test_conformance import app, decide_by_keys, quickest, settings_file, waits_for_a_key
from textual.pilot import Pilot
from record_support import near_the_end
from ui_support import resume, screen_text

from ebbes_tui.controller import Match
from ebbes_tui.game.protocols import Game, SeatInfo
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.games.huhn import GAME as HUHN
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.interludes import FinalStandings
from ebbes_tui.ui.new_game import NewGameScreen
from ebbes_tui.ui.table import TableScreen
from textual.widgets import Static

#: "You" as a prompt speaks to the player at the keyboard; as a seat's name it may
#: stand anywhere else.
PROMPT = re.compile(r"\bYou (?:cannot|must|may|hold|took the last trick)\b")
#: A verb that does not agree with "You": "You plays", "You deals", "You is".
THIRD_PERSON = re.compile(r"\bYou (?:is|has|does|[a-z]*[^s\W]s)\b")


async def play_reading_every_screen(ebbes: EbbesApp, pilot: Pilot,
                                   decisions: int | None = None) -> list[str]:
    """Play by keys to the final standings (or for ``decisions`` of the player's),
    looking at the board (b) now and then; the text of every screen that waited for a
    key, the board's and the standings'."""
    read: list[str] = []
    made = 0
    while made != decisions:
        await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
        screen = ebbes.screen
        read.append(screen_text(ebbes))
        if isinstance(screen, FinalStandings):
            return read
        if not isinstance(screen, TableScreen):
            await pilot.press("enter")
            continue
        if made % 4 == 0:
            await pilot.press("b")
            await until(lambda screen=screen: ebbes.screen is not screen and
                        ebbes.screen.is_mounted, what="the board")
            read.append(screen_text(ebbes))
            await pilot.press("escape")
            await until(lambda screen=screen: ebbes.screen is screen, what="the table again")
        made += 1
        await decide_by_keys(screen, pilot)
    return read


def alone_as_you(screens: list[str]) -> None:
    """Ann alone is "You" on every screen, "Ann" on none, and every verb agrees."""
    for text in screens:
        assert "Ann" not in text, text
        wrong = THIRD_PERSON.search(text)
        assert not wrong and "dealer You" not in text, f"{wrong}\n{text}"
    assert any(re.search(r"\bYou\b", text) for text in screens)


async def test_a_solo_game_after_a_hot_seat_game_has_one_name_a_seat(any_game: Game, home):
    """Ann and Bea played at one keyboard (beside a bot; the form keeps them as that
    game left them), then Ann plays alone: alone, Ann is "You" on every screen of her
    first moves (the table, its dialogs, the board), "Ann" on none, and every verb
    agrees with "You". (At one keyboard nobody is "You": test_hot_seat.py reads such
    a game.)"""
    game = any_game
    settings_file(home, game, [("Ann", "human"), ("Bea", "human"), ("Cyd", "random")],
                  quickest(game))
    ebbes = app()
    async with ebbes.run_test(size=(120, 40)) as pilot:
        await pilot.press("n", "enter")  # the game, its form as the hot-seat game left it
        await until(lambda: isinstance(ebbes.screen, NewGameScreen) and ebbes.screen.is_mounted,
                    what="the form")
        ebbes.screen.query_one("#kind-1").focus()
        await pilot.press("right", "enter")  # Bea's seat: human -> a bot; start
        await until(lambda: isinstance(ebbes.screen, TableScreen) or waits_for_a_key(ebbes),
                    what="the solo game")
        screens = await play_reading_every_screen(ebbes, pilot, decisions=12)
        table = ebbes.table
        assert table is not None and not table.hot_seat
        assert [s.name for s in ebbes.game.match.setup.seats][0] == "Ann"  # kept, not shown
        alone_as_you(screens)


async def test_the_end_of_a_solo_game_calls_the_player_you(any_game: Game, home):
    """The last moves of Ann's game alone, a deal's summary and the final standings:
    "You" there too, never "Ann"."""
    game = any_game
    settings_file(home, game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")],
                  quickest(game))
    seats = [SeatInfo("Ann"), SeatInfo("Bea", "bot", "random"), SeatInfo("Cyd", "bot", "random")]
    ebbes = app()
    async with ebbes.run_test(size=(120, 40)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near_the_end(game, seats, quickest(game),
                                                            before=10, whole_match=True)))
        screens = await play_reading_every_screen(ebbes, pilot)
        assert isinstance(ebbes.screen, FinalStandings)
        alone_as_you(screens)


@pytest.mark.parametrize("wide_game", [EBBES, HUHN, HUND], ids=lambda g: g.id)
async def test_a_name_in_wide_letters_keeps_the_players_columns_in_line(wide_game: Game, home):
    """Each of 山田's letters takes two cells of the terminal: padded by letters, its row's
    columns (the hand, the points) stood two cells right of everyone else's."""
    seats = [SeatInfo("Ann"), SeatInfo("山田太郎", "bot", "random"), SeatInfo("Bob", "bot", "random")]
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(wide_game, near_the_end(
            wide_game, seats, quickest(wide_game), before=10)))
        panel = ebbes.screen.query_one("#seats, #players", Static)
        rows = str(panel.render()).splitlines()
        ends = []  # where the column after each name (its hand, right-aligned) ends, in cells
        for name in ("You", "山田太郎", "Bob"):
            row = next(r for r in rows if name in r)
            head = row[:row.index(name) + len(name)]
            rest = row[len(head):]
            ends.append(cell_len(head) + len(rest) - len(rest.lstrip()) + len(rest.split()[0]))
        assert len(set(ends)) == 1, "\n".join(rows)
