"""Hot-seat as the people at one keyboard meet it, in every game (issue 25): a cover
and a deal's summary cannot be pressed through by keys typed for the last move, and
each seat has a name of its own."""

from __future__ import annotations

import json
import re
import time

import pytest
from table_support import until
from record_support import near_the_end
from test_seat_names import PROMPT
from test_conformance import (app, decide_by_keys, flat, quickest, settings_file,
                              waits_for_a_key)
from textual import events
from textual.widgets import Input
from ui_support import resume, screen_text

from ebbes_tui.controller import Match
from ebbes_tui.controller.hot_seat import HotSeat
from ebbes_tui.game.protocols import SeatInfo
from ebbes_tui.ui import unhurried
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.decision import DecisionDialog
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.interludes import FinalStandings, Interlude
from ebbes_tui.ui.new_game import NewGameScreen
from ebbes_tui.ui.table import TableScreen

#: Two people and a random bot: the bot's moves end a Hund phase 2 that people who
#: always take the first key could play round and round (issue 25, item 13).
PEOPLE = [("Ann", "human"), ("Bea", "human"), ("Cid", "random")]
#: The names the form gives two people and a bot.
NAMES = ["Player 1", "Player 2", "Cyd"]


class Clock:
    """The covers' clock, moved on by the test. A key reads as typed at the reading the
    clock had when Textual stamped it, however late it is handled."""

    def __init__(self) -> None:
        self.moved: list[tuple[float, float]] = [(float("-inf"), 1000.0)]  # (stamp, reading)

    def __call__(self) -> float:
        return self.moved[-1][1]

    def typed_at(self, event: events.Key) -> float:
        return next(reading for stamp, reading in reversed(self.moved) if stamp <= event.time)

    def past_the_pause(self) -> None:
        self.on(max(unhurried.PAUSE, unhurried.STREAM_GAP) + 0.1)  # past a stream too

    def on(self, seconds: float) -> None:
        self.moved.append((time.monotonic(), self() + seconds))


def two_people_near_the_end(game, home) -> dict:
    """The record of :data:`PEOPLE` near the end of a first deal, where a person's move
    ends it, and settings for them in ``home``."""
    settings_file(home, game, PEOPLE, quickest(game, more=1))
    return near_the_end(game, [SeatInfo(name, "human" if kind == "human" else "bot", kind)
                               for name, kind in PEOPLE],
                        quickest(game, more=1), before=8, ended_by={0, 1})


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(unhurried, "clock", fake)
    monkeypatch.setattr(unhurried, "typed_at", fake.typed_at)
    return fake


async def test_a_cover_and_a_summary_take_no_key_typed_for_the_last_move(any_game, home, clock,
                                                                        monkeypatch):
    """Two people (and a bot), near the end of a first deal; each makes a move with Enter (on the
    table or in a dialog) and types Enter twice more at once, as a fast typist (or a key's
    repeat) does. Whenever that
    move brings the next player's cover or a deal's summary, it stays up: nobody else's
    hand was shown, nobody else's card played. Once the pause has passed, Enter does
    take the cover or the summary away."""
    game = any_game
    shown: list[int] = []  # every player called to the screen, in turn
    take = HotSeat.take
    monkeypatch.setattr(HotSeat, "take", lambda seats, seat: (shown.append(seat),
                                                              take(seats, seat))[1])
    near = two_people_near_the_end(game, home)
    ebbes = app()
    held: set[str] = set()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near))
        while held != {"cover", "summary"}:
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            screen = ebbes.screen
            assert not isinstance(screen, FinalStandings), f"only {held} came after a move"
            if isinstance(screen, Interlude):  # a summary: Enters typed together go no further
                clock.past_the_pause()
                called = len(shown)
                for _ in range(3):  # read in one go: all stamped before the next screen came
                    ebbes.post_message(events.Key("enter", "\r"))
                await until(lambda screen=screen: ebbes.screen is not screen
                            and waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
                assert shown[called:] == [], f"{shown[called:]} came by a summary's keys"
                continue
            if not isinstance(screen, (TableScreen, DecisionDialog)):  # a cover
                clock.past_the_pause()
                await pilot.press("enter")
                continue
            table = ebbes.table
            assert table is not None and table.seats is not None
            player, sessions = table.view.seat, table.seats.players
            made = ebbes.game.match.decision
            others = {s: session.answered for s, session in sessions.items() if s != player}
            called = len(shown)
            await pilot.press("enter", "enter", "enter")
            if ebbes.game.match.decision == made:  # Enter makes no move here: the game's key
                assert screen is table
                await decide_by_keys(table, pilot)
                continue
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            assert shown[called:] == [], f"{shown[called:]} came by keys {player} typed"
            assert {s: sessions[s].answered for s in others} == others, screen_text(ebbes)
            top = ebbes.screen
            if not isinstance(top, (HandOffScreen, Interlude)):
                continue
            await pilot.press("enter", "space")  # still in the pause
            assert ebbes.screen is top and shown[called:] == [], screen_text(ebbes)
            assert ebbes.table is not None
            if isinstance(top, HandOffScreen):  # nobody's hand under the cover
                assert ebbes.table.view.seat is None
                assert "Pass the keyboard to" in screen_text(ebbes)
            held.add("cover" if isinstance(top, HandOffScreen) else "summary")
            clock.past_the_pause()
            await pilot.press("enter")
            await until(lambda top=top: ebbes.screen is not top, what="the key after the pause")


async def test_every_cover_tells_its_player_what_happened_since_they_last_looked(any_game, home,
                                                                                clock):
    """The cover says what the player missed, also when the move that calls them ended a
    trick: the cards of that trick and who took it come to the screen after the cover,
    and the cover for the taker of Blindes Huhn's last trick said nothing at all (issue
    25's play-through)."""
    game = any_game
    near = two_people_near_the_end(game, home)
    ebbes = app()
    covers: list[str] = []
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near))
        while len(covers) < 8:  # the end of a deal and the tricks after it
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            screen = ebbes.screen
            if isinstance(screen, FinalStandings):
                break
            if isinstance(screen, (HandOffScreen, Interlude)):
                if isinstance(screen, HandOffScreen):
                    covers.append(screen_text(ebbes))
                clock.past_the_pause()
                await pilot.press("enter")
                await until(lambda screen=screen: ebbes.screen is not screen, what="the next")
                continue
            assert ebbes.table is not None
            await decide_by_keys(ebbes.table, pilot)
    assert len(covers) > 4
    silent = [cover for cover in covers if "Since you last looked:" not in cover]
    assert not silent, "\n".join(silent)


@pytest.mark.parametrize("way", ["queued", "back from the screen below", "typed in the pause"])
async def test_a_key_typed_before_a_cover_came_does_not_take_it_away(any_game, home, clock, way):
    """A key still queued when the cover came (typed before it, read after) does
    nothing, however late it is read; one typed after the pause does. So too a key
    given to the screen below before the cover came, which reaches the app's bindings
    only after that screen had it: three Enters typed together on a deal's summary
    closed it, and the next two went past the cover that came meanwhile, straight to
    its bindings, and arranged the next player's hand (issue 25, point 1). And a key
    typed in the pause but handled after it, as on a loaded machine: Enters typed with
    a Hund take-in, read once the next player's cover was up, took it away there."""
    settings_file(home, any_game, PEOPLE, quickest(any_game))
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        early = events.Key("enter", "\r")  # stamped now: before the game's first cover
        if way == "back from the screen below":
            early._set_forwarded()  # as Textual marks a key it gave to a screen
        await pilot.press("n", "enter", "enter")
        await until(lambda: isinstance(ebbes.screen, HandOffScreen) and ebbes.screen.painted,
                    what="the first cover, painted: its pause runs")
        cover = ebbes.screen
        if way == "typed in the pause":
            early = events.Key("enter", "\r")
        clock.past_the_pause()
        ebbes.post_message(early)
        await pilot.pause()
        assert ebbes.screen is cover
        await pilot.press("enter")
        await until(lambda: ebbes.screen is not cover, what="the key after the pause")


#: Enter tapped every 0.2 s; Enter held down where the keyboard repeats after X11's 660 ms.
TAPPED, HELD = [0.2] * 8, [0.66] + [0.04] * 12


@pytest.mark.parametrize("gaps", [TAPPED, HELD], ids=["tapped", "held"])
async def test_a_stream_of_enters_takes_no_cover_away_until_it_stops(any_game, home, clock,
                                                                     gaps):
    """Played through: Enter tapped every 0.15-0.3 s (or held down, repeating) went past
    the cover once its 0.5 s were over, showed the next player's hand and played their
    card. A cover is taken only by a key typed at least :data:`~unhurried.STREAM_GAP`
    after the key before it: a held key's first repeat comes 0.66 s after the press
    where X11 has its default, past the cover's pause."""
    settings_file(home, any_game, PEOPLE, quickest(any_game))
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await until(lambda: isinstance(ebbes.screen, HandOffScreen) and ebbes.screen.painted,
                    what="the first cover, painted: its pause runs")
        cover = ebbes.screen
        for gap in gaps:  # most of them past the cover's pause
            clock.on(gap)
            await pilot.press("enter")
            assert ebbes.screen is cover, screen_text(ebbes)
        # Whoever pressed is told why nothing happened, and how long to let go.
        await until(lambda: unhurried.STILL_COMING in flat(screen_text(ebbes)),
                    what="the cover's word on keys still coming")
        clock.on(unhurried.STREAM_GAP + 0.1)  # the stream has stopped: a fresh Enter
        await pilot.press("enter")
        await until(lambda: ebbes.screen is not cover, what="the fresh key")


async def test_a_summary_says_why_a_stream_of_enters_does_not_close_it(any_game, home, clock):
    """Played through: on a deal's summary Enter pressed once a second did nothing,
    eight times, and nothing said why (the cover said it). The summary says it too,
    with how long to let go; a fresh Enter then closes it."""
    near = two_people_near_the_end(any_game, home)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(any_game, near))
        while not isinstance(ebbes.screen, Interlude):
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            screen = ebbes.screen
            assert not isinstance(screen, FinalStandings), "no summary came"
            if isinstance(screen, TableScreen):
                await decide_by_keys(screen, pilot)
            elif not isinstance(screen, Interlude):  # a cover, or a dialog's choice
                clock.past_the_pause()
                await pilot.press("enter")
        summary = ebbes.screen
        await until(lambda: summary.painted, what="the summary, painted")
        clock.on(unhurried.PAUSE + 0.1)  # past its pause, within a stream of the last move
        ebbes.notify("The table says hello.")  # a toast of another kind stays beside it
        for _ in range(8):
            clock.on(1.0)
            await pilot.press("enter")
            assert ebbes.screen is summary
        said = [n.message for n in ebbes._notifications]
        assert said == ["The table says hello.", unhurried.STILL_COMING], said  # once
        clock.on(unhurried.STREAM_GAP + 0.1)
        await pilot.press("enter")
        await until(lambda: ebbes.screen is not summary, what="the fresh key")


async def test_people_at_one_keyboard_are_called_by_their_names(any_game, home, clock):
    """A seat made human beside the default "You" (as the form leaves it): each person
    has a name of their own, from the form on. The cover calls the next player by it,
    and the table shows the others by theirs: nobody there is "You"."""
    game = any_game
    settings_file(home, game, [("You", "human"), ("Player 2", "human"), ("Cyd", "random")],
                  quickest(game))
    ebbes = app()
    async with ebbes.run_test(size=(120, 40)) as pilot:
        await pilot.press("n", "enter")
        await until(lambda: isinstance(ebbes.screen, NewGameScreen) and ebbes.screen.is_mounted,
                    what="the form")
        assert ebbes.screen.query_one("#name-0", Input).value == "Player 1"
        await pilot.press("enter")
        called: set[int] = set()
        tables: set[int] = set()
        while called != {0, 1} or tables != {0, 1}:
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            screen, text = ebbes.screen, screen_text(ebbes)
            assert not re.search(r"\bYou\b", PROMPT.sub("", text)), text  # "You" only a prompt
            if isinstance(screen, TableScreen):
                other = NAMES[1 - screen.view.seat]  # cut to fit, maybe: "Pla 2"
                assert re.search(rf"\bPla\w* {other[-1]}\b", text) and "Cyd" in text, text
                tables.add(screen.view.seat)
                await decide_by_keys(screen, pilot)
                continue
            if isinstance(screen, HandOffScreen):
                assert f"Pass the keyboard to {NAMES[screen.seat]}." in text
                called.add(screen.seat)
            clock.past_the_pause()
            await pilot.press("enter")
        assert [s.name for s in ebbes.game.match.setup.seats][:3] == NAMES


async def test_the_final_standings_at_one_keyboard_name_the_winner(any_game, home, clock):
    """The last moves of a game at one keyboard and its final standings, read by
    everyone at the screen, name the winner: nobody there is "You". Enters typed
    together on the last summary do not skip them (issue 25's play-through)."""
    game = any_game
    seats = [SeatInfo("Player 1"), SeatInfo("Player 2"), SeatInfo("Cyd", "bot", "random")]
    settings_file(home, game, [("Player 1", "human"), ("Player 2", "human"), ("Cyd", "random")],
                  quickest(game))
    ebbes = app()
    async with ebbes.run_test(size=(120, 40)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near_the_end(game, seats, quickest(game),
                                                            before=8, whole_match=True)))
        while True:
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            screen, text = ebbes.screen, screen_text(ebbes)
            assert not re.search(r"\bYou\b", PROMPT.sub("", text)), text  # "You" only a prompt
            if isinstance(screen, FinalStandings):
                break
            if isinstance(screen, TableScreen):
                await decide_by_keys(screen, pilot)
                continue
            clock.past_the_pause()
            if isinstance(screen, Interlude) and ebbes.game.match.state.outcome() is not None:
                for _ in range(3):  # Enters typed together on the last summary ...
                    ebbes.post_message(events.Key("enter", "\r"))
                await until(lambda screen=screen: ebbes.screen is not screen
                            and waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
                # ... do not skip who won and start a new game
                assert isinstance(ebbes.screen, FinalStandings), screen_text(ebbes)
                continue
            await pilot.press("enter")
        outcome = ebbes.game.match.state.outcome()
        assert outcome is not None
        title = flat(text).split("Final standings", 1)[1][:120]
        winners = [NAMES[s] for s in outcome.winners]
        assert all(name in title for name in winners), title
        assert (f"{winners[0]} wins" if len(winners) == 1 else "share the win") in title
        assert not re.search(r"\bYou\b", text), text
        standings = ebbes.screen
        for _ in range(2):  # Enter tapped on, past the pause: it passed the standings
            clock.on(0.6)  # unread and took "Play again" (played through)
            await pilot.press("enter")
            assert ebbes.screen is standings, screen_text(ebbes)


async def the_form(ebbes, pilot) -> NewGameScreen:
    """The menu's game's New game form, as the settings left it."""
    await pilot.press("n", "enter")
    await until(lambda: isinstance(ebbes.screen, NewGameScreen) and ebbes.screen.is_mounted,
                what="the form")
    return ebbes.screen


async def test_the_form_names_the_first_person_when_a_second_joins(any_game, home):
    """One player against bots is "You"; made a second person, a bot's seat is "Player 2",
    and the first "Player 1"; made a bot again, the first is "You" again (the table calls
    the one person "You": "dealer Player 1" beside "1 You" read as two people)."""
    settings_file(home, any_game, [("You", "human"), ("Bot 1", "random"), ("Bot 2", "random")])
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        form = await the_form(ebbes, pilot)
        assert form.query_one("#name-0", Input).value == "You"
        form.query_one("#kind-1").focus()
        await pilot.press("left")  # bot, random -> human
        assert [form.query_one(f"#name-{i}", Input).value for i in range(3)] == \
            ["Player 1", "Player 2", "Bot 2"]
        await pilot.press("right")  # human -> bot, normal
        assert [form.query_one(f"#name-{i}", Input).value for i in range(3)] == \
            ["You", "Bot 1", "Bot 2"]


async def test_a_seat_made_a_bot_takes_the_smallest_bot_number_of_the_seats_in_play(
        any_game, home):
    """Three people; the seats beyond the player count, hidden, keep their names ("Bot 1",
    "Bot 2"): the first person made a bot was "Bot 3" (the tester met "Bot 5"), not the
    "Bot 1" of a game of three."""
    path = home / "config" / "ebbes-tui" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    seated = [{"name": f"Player {i}", "kind": "human", "level": "normal"} for i in (1, 2, 3)]
    seated += [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in (1, 2, 3)]
    path.write_text(json.dumps({"game": any_game.id, "games": {any_game.id: {
        "players": 3, "seats": seated[:max(any_game.player_counts)],
        "options": quickest(any_game)}}}))
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        form = await the_form(ebbes, pilot)
        form.query_one("#kind-0").focus()
        await pilot.press("right")  # human -> bot, random
        assert [form.query_one(f"#name-{i}", Input).value for i in range(3)] == \
            ["Bot 1", "Player 2", "Player 3"]


async def test_keys_that_took_a_cover_away_play_nothing_until_they_stop(any_game, home, clock):
    """The play-through: Enter tapped twice on a cover (0.1 to 0.6 s apart) took the cover
    away, then played the card under the cursor (in Blindes Huhn fixed the hand's order)
    before its player had seen the hand; a held Enter's repeat did the same. Keys of the
    stream that took a cover away are refused, and said to be, until it stops for
    :data:`~ebbes_tui.ui.unhurried.UNCOVERED_GAP`; the first key after that acts."""
    game = any_game
    near = two_people_near_the_end(game, home)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near))
        while not isinstance(ebbes.screen, HandOffScreen):  # the next person's cover
            await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
            clock.past_the_pause()
            if isinstance(ebbes.screen, TableScreen):
                await decide_by_keys(ebbes.screen, pilot)
            elif not isinstance(ebbes.screen, HandOffScreen):
                await pilot.press("enter")
            await pilot.pause()
        cover = ebbes.screen
        await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
        clock.past_the_pause()
        made = ebbes.game.match.decision
        await pilot.press("enter")
        await until(lambda: ebbes.screen is not cover and waits_for_a_key(ebbes),
                    what=lambda: screen_text(ebbes))
        table = ebbes.screen
        assert isinstance(table, TableScreen)
        for gap in (0.3, *[0.04] * 25, unhurried.UNCOVERED_GAP - 0.05):  # a double tap, held
            clock.on(gap)
            await pilot.press("enter")
            await pilot.pause()
            assert ebbes.game.match.decision == made and ebbes.screen is table
        assert unhurried.FROM_COVER in flat(screen_text(ebbes))
        clock.on(unhurried.UNCOVERED_GAP + 0.1)  # let go, then press again
        await decide_by_keys(table, pilot)
        await until(lambda: ebbes.game.match.decision > made, what=lambda: screen_text(ebbes))


async def test_undo_and_hint_say_why_they_do_nothing_at_one_keyboard(any_game, home):
    """The play-through: in hot-seat u and i did nothing and said nothing (take-back and
    hints are for one player against bots, R20), so a newcomer could not tell why."""
    game = any_game
    near = two_people_near_the_end(game, home)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near))
        await until(lambda: waits_for_a_key(ebbes), what=lambda: screen_text(ebbes))
        await pilot.press("enter")  # the cover
        await until(lambda: isinstance(ebbes.screen, TableScreen) and waits_for_a_key(ebbes),
                    what=lambda: screen_text(ebbes))
        made = ebbes.game.match.decision
        await pilot.press("u")
        await until(lambda: "only for one player against bots" in flat(screen_text(ebbes)),
                    what=lambda: screen_text(ebbes))
        await pilot.press("i")
        await until(lambda: "Hints are for one player against bots" in flat(screen_text(ebbes)),
                    what=lambda: screen_text(ebbes))
        assert ebbes.game.match.decision == made
        footer = screen_text(ebbes).splitlines()[-1]
        assert "Undo" not in footer and "Hint" not in footer  # still not offered here


def test_only_the_key_that_took_a_cover_away_is_held_back_and_only_while_it_streams(clock):
    """The review: a deliberate Right 0.6 s after the cover's Enter was refused as "keys
    still coming". Only the cover's own key, within the gap, is held back; another key,
    or the first after the gap, ends the stream."""
    keys = unhurried.Keystrokes()

    def typed(key: str, after: float) -> events.Key:
        clock.on(after)
        event = events.Key(key, None)
        keys.heard(event)
        return event

    typed("enter", 0.0)
    keys.cover_taken_away("enter")
    assert keys.from_cover(typed("enter", 0.3))  # a double tap
    assert not keys.from_cover(typed("right", 0.3))  # the player's own key
    assert not keys.from_cover(typed("enter", 0.1)) and not keys.uncovered
    typed("enter", 0.0)
    keys.cover_taken_away("enter")
    assert keys.from_cover(typed("enter", unhurried.UNCOVERED_GAP - 0.05))  # held
    assert not keys.from_cover(typed("enter", unhurried.UNCOVERED_GAP + 0.05))  # let go


async def test_a_dialog_after_a_cover_says_why_the_covers_key_did_nothing(home, clock):
    """The review: a dialog that came with the hand (who starts the next round) refused
    the cover's second Enter without a word, where the table says why."""
    import random

    from helpers import config, play_random

    from ebbes_tui.games.ebbes.rules import GameState, Phase
    from ebbes_tui.games.ebbes.ui.starter_dialog import StarterDialog

    state = GameState(config(3))
    play_random(state, random.Random(3), until=lambda s: s.phase is Phase.CHOOSE_STARTER)
    answers = []
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        ebbes.keystrokes.heard(events.Key("enter", "\r"))  # the Enter that took it away
        ebbes.keystrokes.cover_taken_away("enter")
        dialog = StarterDialog(state.view(state.decision.seat))
        await ebbes.push_screen(dialog, answers.append)
        await pilot.pause()
        clock.on(0.3)
        await pilot.press("enter")  # the cover's Enter, typed again
        await pilot.pause()
        assert ebbes.screen is dialog and answers == []
        said = dialog.query_one(".dialog-error")
        assert said.display and str(said.render()) == unhurried.FROM_COVER
        clock.on(unhurried.UNCOVERED_GAP + 0.1)
        await pilot.press("enter")
        await until(lambda: answers != [], what=lambda: screen_text(ebbes))


@pytest.mark.parametrize("ascii, size", [(False, (80, 24)), (True, (80, 24)),
                                         (False, (120, 40))])
async def test_a_cover_after_continue_fits_an_80x24_screen_with_what_happened_last(any_game,
                                                                                 home, clock,
                                                                                 ascii, size):
    """A game continued at one keyboard: its first cover recaps the deal so far, which
    ran off an 80x24 screen (the box's end and what to do were cut off, and no key
    scrolls a cover). Now the latest lines that fit are said, and how many earlier ones
    were left out; in ASCII too; and again when a bigger window is made 80x24 under
    the cover (it kept the lines that fitted the bigger one)."""
    game = any_game
    near = two_people_near_the_end(game, home)
    ebbes = EbbesApp(pace=0, animation=False, ascii=ascii)
    async with ebbes.run_test(size=size) as pilot:
        await resume(ebbes, pilot, Match.resume(game, near))
        await until(lambda: isinstance(ebbes.screen, HandOffScreen),
                    what=lambda: screen_text(ebbes))
        await pilot.pause()
        if size != (80, 24):
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
        cover = ebbes.screen
        text = screen_text(ebbes)
        rows = text.split("\n")
        box = [i for i, row in enumerate(rows) if row.strip()[:1] in ("╭", "╰", "+")]
        assert len(box) == 2 and box[1] < len(rows) - 2, text  # the whole box, the footer below
        assert "press Enter when the others" in flat(text) and "I am here" in rows[-1], text
        assert text.isascii() or not ascii, text
        said = flat(text.split("Since you last looked:")[1])
        recap = [ebbes.look.text(line) for line in cover.recap.split("\n") if line]
        assert flat(recap[-1]) in said, text  # the latest news is never the one left out
        if "left out to fit" not in said:
            assert all(flat(line) in said for line in recap), text


def test_a_cover_keeps_the_latest_words_of_a_line_too_long_to_fit():
    """Hund's phase 2 is one line of every move: a cover that left it out whole said
    only "Now:"; it keeps the line's latest moves that fit."""
    from rich.console import Console

    from ebbes_tui.ui.handoff import latest_fitting, rows_of

    console = Console(width=200)
    moves = "Phase 2 so far: " + ", ".join(f"Ann {i}" for i in range(200)) + "."
    kept = latest_fitting(["Trick 14: old news.", moves, "Now: Bea 5."], 64, 6, console)
    assert kept[0] == "(1 earlier, left out to fit)" and kept[-1] == "Now: Bea 5."
    assert kept[1].startswith("… ") and kept[1].endswith(", Ann 198, Ann 199.")
    assert rows_of("\n".join(kept), 64, console) == 6
    tricks = [f"Trick {n}: Ann 17H (left)  Bob 28D (right). Bob takes it." for n in range(9)]
    assert latest_fitting([*tricks, "Now: Ann."], 64, 3, console) == [
        "(8 earlier, left out to fit)", "Trick 8: Ann 17H (left)  Bob 28D (right). Bob takes it.",
        "Now: Ann."]  # the line not one word of which fits is counted too
