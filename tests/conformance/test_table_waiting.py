"""When a bot stands in for every person at a shared table, the game waits for one of
them (R21; test_table_host.py shows the rule). Issue 23, item 7: for seven minutes the
screen read "alice (away 7:01, a normal bot plays) ... alice thinking 9:01 of 2:00",
and nothing said that the table waited, nor what would bring it back; the log said
"You are away: a normal bot plays for them". Item 12: the Esc that brought the away
player back also asked them whether to leave. Checked for every game in the registry,
on a player's screen and a spectator's."""

from __future__ import annotations

import time

import pytest
from table_support import WAIT, LocalTable, ManualClock, spec

from ebbes_tui.controller.events import SeatChanged
from ebbes_tui.table.client import connect_table
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.words import match_line


WAITS = "The table waits: everyone is away. "


def at_table(app: EbbesApp) -> TableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


def presence(app: EbbesApp) -> str:
    screen = at_table(app)
    return str(screen.query_one("#presence").render()) if screen and screen.is_mounted else ""


async def settle(pilots, condition, what: str) -> None:
    """Let every app run until ``condition()`` holds."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        for pilot in pilots:
            await pilot.pause(0.02)


@pytest.mark.usefixtures("home")
async def test_every_screen_says_the_table_waits_and_esc_only_brings_the_player_back(
        game_id, tmp_path):
    clock = ManualClock()
    async with LocalTable(tmp_path, spec("wait", seats="player,player,bot:random", seed=4,
                                         game=game_id, turn_time=120.0, away_after=None,
                                         spectators=True), clock=clock) as table:
        player = EbbesApp(pace=0, animation=False, table=await connect_table(
            "wait", directory=table.directory, player=1))
        watcher = EbbesApp(pace=0, animation=False, table=await connect_table(
            "wait", directory=table.directory, watch=True))
        other = await table.join(player=2)  # a second terminal, left alone
        async with player.run_test(size=(80, 24)) as pp, watcher.run_test(size=(80, 24)) as wp:
            pilots = (pp, wp)
            await settle(pilots, lambda: presence(player) and presence(watcher), "both tables")
            match = table.server.play.match
            server = table.server
            # Nobody plays: each turn clock runs out, a bot stands in, until every
            # person's seat has one and the game waits.
            while not match.nobody_here:
                await settle(pilots, lambda: match.nobody_here or (
                    set(match.awaiting) & set(server.away.turn_timers)), "a turn clock")
                clock.advance(121)
                await settle(pilots, lambda: match.nobody_here or not any(
                    match.human_plays(s) for s in match.awaiting), "the stand-in")
            await settle(pilots, lambda: WAITS in presence(player) and WAITS in presence(watcher),
                         "the table says it waits")
            assert presence(player) == WAITS + "Press any key to play on."
            assert presence(watcher) == WAITS + "It goes on when a player comes back."
            await settle(pilots, lambda: at_table(player) is player.screen, "no dialog up")
            await pp.press("escape")  # one key, one effect: back, no question to leave
            await settle(pilots, lambda: match.human_plays(0) and not match.nobody_here,
                         "the seat is the player's again")
            await pp.pause()  # (the dialog would have come with the key itself)
            assert player.screen is at_table(player)
            await settle(pilots, lambda: WAITS not in presence(player) + presence(watcher),
                         "the table goes on")
        other.close()


def test_the_player_reads_that_a_bot_plays_for_them_as_for_you():
    away = SeatChanged(0, human=False, level="normal")
    assert match_line(away, ["You", "Bob"]) == "You are away: a normal bot plays for you."
    assert match_line(away, ["Ann", "You"]) == "Ann is away: a normal bot plays for them."
