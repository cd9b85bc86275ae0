"""Every generic path, walked by every game (issue 24, item 6): the three shipped games
and Tiny, the tests' own game (tiny_game.py with its screens tiny_ui.py), which is none
of them and is registered for these tests only. What a game must do to be played here
is what these tests ask of all four, through the shell, the controller, the table
server and the command line alike; a game's own rules are tested on their own.

Commands run in this process (``cli.main`` with its words), so Tiny is known to them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import stat
import threading
from collections import Counter

import pytest
from table_support import WAIT, LocalTable, spec, until
from textual.pilot import Pilot
from ui_support import screen_text

from ebbes_tui.bench.bots_bench import BENCH_LEVELS
from ebbes_tui.bots import make_bot
from ebbes_tui.check import check_file
from ebbes_tui.cli import build_parser, main
from ebbes_tui.controller import Library, SaveStore
from ebbes_tui.controller.saves import ENDED
from ebbes_tui.controller import setup
from ebbes_tui.game.errors import SetupError
from ebbes_tui.flags import from_flags
from ebbes_tui.game.options import complete, flag
from ebbes_tui.game.protocols import Decision, Game, Record, SeatInfo, State, listed
from ebbes_tui.game.records import dumps
from ebbes_tui.game.registry import all_games, game_ids, game_of_format, load_game
from ebbes_tui.game.simulate import random_game
from ebbes_tui.table import commands
from ebbes_tui.table.client import RemoteFeed, TableClient, connect_table, find_tables
from ebbes_tui.table.commands import describe, opened, plan_table
from ebbes_tui.table.headless import play_bot
from ebbes_tui.table.rendezvous import my_login
from ebbes_tui.table.server import TableServer
from ebbes_tui.ui import table_follow
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.decision import DecisionDialog
from ebbes_tui.ui.game_picker import GamePicker
from ebbes_tui.ui.game_ui import BOARD, screens_of
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.history import HistoryScreen
from ebbes_tui.ui.interludes import FinalStandings, Interlude
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.new_game import NewGameScreen
from ebbes_tui.ui.replay import ReplayBase
from ebbes_tui.ui.unhurried import Unhurried
from ebbes_tui.ui.stats_screen import StatsScreen, counted, played_heading
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.tables import TablesScreen

ME = my_login()
#: Keys that answer a decision on a game's own table, tried in turn until one does:
#: Enter on the card or choice the table marks, then a game's key for a move Enter does
#: not make (Hund's undertrekk, where t is not the trick display's), then the first
#: numbered card or choice.
DECIDING_KEYS = ("enter", "t", "1")


def quickest(game: Game, more: int = 0) -> dict[str, object]:
    """The game's shortest setup: every number option at its least (one deal, one
    game, the smallest hand), or ``more`` above it, the rest at its default."""
    return {o.key: o.low + more for o in game.rules.options if o.kind == "int" and not o.needs}


def settings_file(home, game: Game, seats: list[tuple[str, str]],
                  options: dict[str, object] | None = None) -> None:
    """The settings a player left: ``game`` chosen, with these seats ((name, "human" or
    a bot's level)) and options."""
    path = home / "config" / "ebbes-tui" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": game.id, "games": {game.id: {
        "players": len(seats),
        "seats": [{"name": name, "kind": "human" if kind == "human" else "bot",
                   "level": "normal" if kind == "human" else kind} for name, kind in seats],
        "options": options if options is not None else quickest(game)}}}))


def app() -> EbbesApp:
    return EbbesApp(pace=0, animation=False)


def waits_for_a_key(ebbes: EbbesApp) -> bool:
    """The top screen waits for the player: a cover, a summary, a dialog, the final
    standings, or the table asking a decision the table itself takes."""
    screen = ebbes.screen
    if isinstance(screen, TableScreen):
        return screen.is_mounted and screen.feed.asks(screen.update) and \
            screens_of(screen.game).dialog(screen.view, "") is None
    if isinstance(screen, Unhurried) and not screen.painted:
        return False  # its pause begins at its first paint: a test's clock moves after it
    return isinstance(screen, (HandOffScreen, Interlude, DecisionDialog, FinalStandings)) \
        and screen.is_mounted


async def decide_by_keys(screen: TableScreen, pilot: Pilot) -> str:
    """Answer the table's decision with the first of :data:`DECIDING_KEYS` it takes."""
    update = screen.update

    def answered() -> bool:
        return screen.update is not update or not screen.feed.asks(update)

    for key in DECIDING_KEYS:
        if key == screen.trick_key:  # that game's t sets how long tricks stay
            continue
        await pilot.press(key)
        if answered():
            return key
        await pilot.pause()  # a busy machine: the key may still be on its way
        if answered():
            return key
    raise AssertionError(f"no key answered {screen.view}:\n{screen_text(screen.app)}")


async def play_by_keys(ebbes: EbbesApp, pilot: Pilot, leave: str = "m") -> Counter[str]:
    """Play the game on the table to its final standings by keys alone, then press
    ``leave`` (m: the menu); what came up, counted."""
    seen: Counter[str] = Counter()
    while True:
        await until(lambda: waits_for_a_key(ebbes), what=lambda: (
            f"a screen that waits for a key, not {ebbes.screen_stack}:\n{screen_text(ebbes)}"))
        screen = ebbes.screen
        if isinstance(screen, FinalStandings):
            await pilot.press(leave)
            return seen
        if isinstance(screen, TableScreen):
            view = screen.view
            assert view.seat is not None and view.seat in view.deciding  # their own turn
            if screen.seats is not None:  # hot-seat: the hand on show is the decider's
                assert screen.seats.viewer == view.seat
            seen[f"table:{await decide_by_keys(screen, pilot)}"] += 1
            seen[f"seat {view.seat}"] += 1
            continue
        if isinstance(screen, HandOffScreen):  # nobody's hand under the cover
            table = ebbes.table
            assert table is not None and table.view.seat is None
            assert f"Pass the keyboard to {table.view.seats[screen.seat].name}" in \
                screen_text(ebbes)
            seen[f"cover {screen.seat}"] += 1
        seen[type(screen).__name__] += 1
        await pilot.press("enter")


# -------------------------------------------------------------- the menu


def test_the_registry_knows_each_game_by_its_id_and_its_records_format(any_game):
    assert load_game(any_game.id) is any_game
    assert game_of_format(any_game.records.format) is any_game
    assert any_game in all_games()


async def test_the_shipped_menu_offers_exactly_the_three_games(home):
    """Tiny is the tests' game only: the registry and the menu's game choice offer the
    three shipped games."""
    assert game_ids() == ("ebbes", "huhn", "hund")
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        assert [g.id for g in ebbes.games] == ["ebbes", "huhn", "hund"]
        await pilot.press("n")
        await until(lambda: isinstance(ebbes.screen, GamePicker), what="the game choice")
        text = screen_text(ebbes)
        assert all(title in text for title in ("ebbes", "Blindes Huhn extrem", "Hund (Bikkje)"))
        assert "Tiny" not in text


async def test_the_menu_under_the_programs_name_names_the_menus_game(home):
    """ebbes' motto under "e b b e s" only while ebbes is the menu's game: a Hund player
    took it for the game they were about to play."""
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        title = ebbes.screen.query_one("#menu-title")
        assert str(title.render()).split("\n") == ["e b b e s", "Die Pfalz hat ebbes zu bieten!"]
        await pilot.press("g")
        await until(lambda: isinstance(ebbes.screen, GamePicker), what="the game choice")
        await pilot.press("down", "down", "enter")
        await until(lambda: isinstance(ebbes.screen, MenuScreen)
                    and "Game: Hund (Bikkje)" in screen_text(ebbes), what="Hund's menu")
        assert str(title.render()).split("\n") == ["e b b e s", "Hund (Bikkje)"]
        # every option's line fits 80 columns: none wraps onto a row of its own
        assert all(len(row.rstrip()) < 78 for row in screen_text(ebbes).split("\n"))
        assert "Game: Hund (Bikkje) (g: another; each keeps its own saves)" in screen_text(ebbes)


async def test_the_new_game_form_explains_starts_and_remembers_the_setup(any_game, home):
    """Esc forgets what was changed; each option's explanation shows whole at 80x24 when
    it has the focus; Enter starts the game as the form says and the private settings
    file remembers it."""
    from ebbes_tui.ui.choice import Choice

    game = any_game
    settings_file(home, game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")], {})
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(lambda: isinstance(ebbes.screen, GamePicker), what="the game choice")
        assert game.title in screen_text(ebbes)
        await pilot.press("enter")  # the menu's game is the one chosen
        await until(lambda: isinstance(ebbes.screen, NewGameScreen), what="the form")
        assert f"New game of {game.title}" in screen_text(ebbes)
        await pilot.press("right", "escape")  # Esc forgets the changes
        assert isinstance(ebbes.screen, MenuScreen)
        await pilot.press("n", "enter")
        await until(lambda: isinstance(ebbes.screen, NewGameScreen), what="the form")
        form = ebbes.screen
        assert form.query_one("#players", Choice).value == 3
        await pilot.press("right")  # players: 3 -> 4
        for option in game.rules.options:
            row = form.query_one(f"#row-{option.key}")
            if row.display:
                form.query_one(f"#opt-{option.key}", Choice).focus()
                await pilot.pause()
                assert flat(option.explain) in flat(screen_text(ebbes)), option.key
        form.query_one("#players", Choice).focus()
        await pilot.press("down", *"Zoe", "enter")  # typing replaces the name; Enter starts
        await until(lambda: ebbes.table is not None and ebbes.table.is_mounted,
                         what="the table")
        seats = ebbes.game.match.setup.seats
        players = [s.name for s in seats if s.kind in ("human", "bot")]
        assert len(players) == 4 and players[:3] == ["Zoe", "Bea", "Cyd"]
        await pilot.press("escape", "enter")  # back to the menu; the game is saved
        await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
    path = home / "config" / "ebbes-tui" / "settings.json"
    kept = json.loads(path.read_text())
    mine = kept["games"][game.id]
    assert kept["game"] == game.id and mine["players"] == 4 and mine["seats"][0]["name"] == "Zoe"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize("game", [g for g in all_games() if any(
    o.kind == "int" and o.default is None for o in g.rules.options)], ids=lambda g: g.id)
async def test_one_per_player_stands_beside_the_players_number(game, home):
    """Huhn's deals and Hund's games: "one per player" comes just before the players'
    number, in the New game form and at an open table, so Left from it is one fewer (it
    came first, and Left wrapped to 50)."""
    from ebbes_tui.ui.choice import Choice
    from ebbes_tui.ui.new_game import number_values

    option = next(o for o in game.rules.options if o.kind == "int" and o.default is None)
    assert [label for label, _ in number_values(option, 4)][2:6] == \
        ["3", "one per player (4)", "4", "5"]
    settings_file(home, game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")], {})
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await until(lambda: isinstance(ebbes.screen, NewGameScreen), what="the form")
        form = ebbes.screen
        choice = form.query_one(f"#opt-{option.key}", Choice)
        assert choice.value is None and "one per player (3)" in screen_text(ebbes)
        choice.focus()
        await pilot.press("left")
        assert choice.value == 2
        await pilot.press("right", "right")
        assert choice.value == 3
        form.query_one("#players", Choice).focus()
        await pilot.press("right")  # 4 players: a number chosen stays; the default moves
        assert choice.value == 3 and "one per player (4)" in [v for v, _ in choice.values]


async def test_b_opens_a_screen_titled_as_the_key_line_names_it(any_game, home):
    """The key line said "b Board" and the screen it opened read "Score sheet"
    (Blindes Huhn), "Scoring board" (ebbes), "The match" (Hund). Its key line says it
    goes back to the table (from a replay: to the replay)."""
    settings_file(home, any_game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")])
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # the menu's game, its form, start
        await until(lambda: isinstance(ebbes.screen, TableScreen) and ebbes.screen.is_mounted,
                    what="the table")
        table = ebbes.screen
        await pilot.pause()
        assert f"b {BOARD}" in screen_text(ebbes).splitlines()[-1]
        await pilot.press("b")
        await until(lambda: ebbes.screen is not table, what="the board")
        await pilot.pause()
        title = screen_text(ebbes).strip().splitlines()[0].strip()
        assert title.startswith(f"{BOARD} "), title
        footer = screen_text(ebbes).splitlines()[-1]
        assert "Back to the table" in footer and "replay" not in footer, footer


def flat(text: str) -> str:
    """Words only: a line wrapped on the screen reads as the same words."""
    return " ".join(text.replace("▏", " ").split())


# --------------------------------------------------------- whole games


async def test_a_whole_game_by_keys_in_hot_seat_then_history_replay_and_statistics(any_game,
                                                                                   home,
                                                                                   monkeypatch):
    """Two people at one keyboard and a bot, from the menu to the final standings by keys
    alone: each person is called to the screen under a cover that shows no hand and
    plays only on their own turn. The finished game is no save to continue: History
    lists it and replays it, move by move, trick by trick and deal by deal, with the
    board of scores at any position, and Statistics counts it for both people. The
    deal is seeded: a failure replays, and a Hund game is as long on every run."""
    game = any_game
    monkeypatch.setattr(setup, "fresh_seed", lambda: 1)
    settings_file(home, game, [("Ann", "human"), ("Bea", "human"), ("Cyd", "random")],
                  quickest(game))
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # the menu's game, its form, start
        seen = await play_by_keys(ebbes, pilot)
        assert seen["seat 0"] and seen["seat 1"] and seen["cover 0"] and seen["cover 1"], seen
        await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
        assert SaveStore(game=game).list() == []  # nothing left to continue

        await pilot.press("h")
        await until(lambda: isinstance(ebbes.screen, HistoryScreen) and ebbes.screen.games,
                    what="the finished game in History")
        [kept] = ebbes.screen.games
        assert kept.record is not None and check_file(str(kept.path))[0]["valid"]
        assert flat(kept.players) in flat(screen_text(ebbes))
        await pilot.press("enter")
        await until(lambda: isinstance(ebbes.screen, ReplayBase) and ebbes.screen.is_mounted,
                    what="the replay")
        replay = ebbes.screen
        steps = replay.replay
        assert steps.steps[steps.last].state.outcome() is not None
        trick = steps.next_trick(0)
        for key, position in (("end", steps.last), ("home", 0), ("right", 1), ("left", 0),
                              ("down", trick), ("up", steps.previous_trick(trick)),
                              ("pagedown", steps.next_round(0)), ("pageup", 0)):
            await pilot.press(key)
            assert replay.position == position, key
        await pilot.press("b")  # the board of scores where the replay stands
        await until(lambda: ebbes.screen is not replay, what="the board")
        await pilot.pause()
        footer = screen_text(ebbes).splitlines()[-1]  # issue 25, point 12, in every game
        assert "Back to the replay" in footer and "table" not in footer, footer
        await pilot.press("escape")
        await until(lambda: ebbes.screen is replay, what="the replay again")
        await pilot.press("escape", "escape")  # History, the menu
        await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")

        await pilot.press("s")
        await until(lambda: isinstance(ebbes.screen, StatsScreen) and ebbes.screen.loaded,
                    what="Statistics")
        stats = ebbes.screen.loaded.stats
        assert sorted(stats.players) == ["Ann", "Bea"] and len(stats.games) == 1
        keys = {figure.key for figure in game.presentation.statistics}
        for player in stats.players.values():
            assert player.total.games == 1 and set(player.total.sums) == keys
        played = played_heading(game).lower()  # Hund counts matches
        assert f"1 finished {counted(1, played).split()[1]} counted" in screen_text(ebbes)


# ------------------------------------------------- saves and take-back


def one_against_bots(game: Game) -> tuple[SeatInfo, ...]:
    return game.rules.seats_for([SeatInfo("Ann", "human"), SeatInfo("Bea", "bot", "random"),
                                 SeatInfo("Cyd", "bot", "random")])


def decisions_of_each_kind(game: Game, seeds: int = 6) -> dict[str, Record]:
    """A record stopped at a decision of seat 0 (Ann, against two bots) for every kind
    of decision seeded random games give her, with each of the game's switches on in
    turn (Variant 2's pairs come only so); the record keeps its seed, so a match
    resumed from it deals on as the game would have."""
    switches = [{}] + [{o.key: True} for o in game.rules.options
                       if o.kind == "bool" and o.applies(3)]
    found: dict[str, Record] = {}
    for options, seed in ((o, s) for o in switches for s in range(seeds)):
        state = game.rules.new_state(one_against_bots(game), options)
        rng = random.Random(seed)
        while pending := state.pending():
            for decision in pending:
                if decision.seat == 0 and decision.kind not in found:
                    found[decision.kind] = game.records.to_record(state, {"seed": seed})
            decision = rng.choice(pending)
            if decision.seat is None:
                game.rules.resolve_chance(state, seed)
                continue
            legal = state.legal(decision.seat)
            choices = listed(legal)
            state.apply(rng.choice(choices) if choices is not None else legal.sample(rng),
                        decision.seat)
    return found


def asked_again(ebbes: EbbesApp) -> bool:
    """The decision the player must make is on screen: on the table, or its dialog."""
    screen = ebbes.screen
    return waits_for_a_key(ebbes) and isinstance(screen, (TableScreen, DecisionDialog))


async def test_every_kind_of_decision_is_saved_and_continued(any_game, home):
    """Saved at a decision of each kind, the game continues (``--continue``, then the
    menu's Continue) with that decision back on screen, on the table or in its dialog,
    as it stood."""
    game = any_game
    positions = decisions_of_each_kind(game)
    assert "play" in positions  # and every other kind the game has
    store = SaveStore(game=game)

    def saved_at(record: Record) -> None:
        for info in store.list():
            info.path.unlink()
        store.path(store.new_slot()).write_text(dumps(record))

    kinds = iter(positions.items())
    kind, record = next(kinds)
    saved_at(record)
    ebbes = EbbesApp(pace=0, animation=False, continue_game=True, game=game.id)
    async with ebbes.run_test(size=(80, 24)) as pilot:
        while True:
            await until(lambda: asked_again(ebbes), what=lambda kind=kind: (
                f"Ann's {kind} decision on screen, not {ebbes.screen_stack}:\n"
                f"{screen_text(ebbes)}"))
            replayed = game.records.replay(record)
            pending = ebbes.game.match.state.pending()
            assert Decision(kind, 0) in pending, (kind, pending)
            if replayed.pending() == (Decision(kind, 0),):  # nobody else has moved since
                assert ebbes.table.view == replayed.view(0)
            kind, record = next(kinds, (None, None))
            if record is None:
                break
            ebbes.table.action_menu()  # Esc, also from under a dialog; saved
            await pilot.press("enter")
            await until(lambda: isinstance(ebbes.screen, MenuScreen), what="the menu")
            saved_at(record)
            ebbes.show_menu_message("")  # the menu looks again, as on coming back to it
            line = "Continue: " + game.presentation.describe(game.records.replay(record))["saved"]
            await until(lambda line=line: flat(line) in flat(screen_text(ebbes)),
                        what="the save on the menu")
            await pilot.press("c")


@pytest.mark.parametrize("how", ["menu", "--continue, the menu reading first",
                                 "--continue, the menu reading after"])
async def test_a_game_closed_on_its_final_standings_is_historys_not_continues(
        any_game, home, how, monkeypatch):
    """A game whose window shut on its final standings (before it was archived) is not
    offered to Continue: the menu files it in History and says so, and so does
    ``--continue``, in either order of the two (each runs in a thread at start-up)."""
    game = any_game
    store = SaveStore(game=game)
    record = game.records.to_record(random_game(game, 3, seed=5), {"seed": 5})
    store.path(store.new_slot()).write_text(dumps(record))
    if how != "menu":  # the one waits until the other has begun
        listed, resumed = threading.Event(), threading.Event()
        first, then = (("listed", listed), ("continue_newest", resumed)) if "first" in how \
            else (("continue_newest", resumed), ("listed", listed))
        for (name, done), (_, awaited) in ((first, then), (then, first)):
            original = getattr(Library, name)

            def wrapped(self, *a, _original=original, _done=done, _awaited=awaited,
                        _waits=name == then[0]):
                if _waits:
                    _awaited.wait(10)
                try:
                    return _original(self, *a)
                finally:
                    _done.set()
            monkeypatch.setattr(Library, name, wrapped)
    ebbes = EbbesApp(pace=0, animation=False, game=game.id, continue_game=how != "menu")
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await until(lambda: ENDED in screen_text(ebbes), what="the menu saying it had ended")
        await until(lambda: isinstance(ebbes.screen, MenuScreen)
                    and "Continue:" not in screen_text(ebbes) and store.list() == [],
                    what=lambda: f"no Continue:\n{screen_text(ebbes)}")
        await pilot.press("h")
        await until(lambda: isinstance(ebbes.screen, HistoryScreen) and ebbes.screen.games,
                    what="the finished game in History")
        [kept] = ebbes.screen.games
        assert kept.record == record


async def test_take_back_puts_the_players_last_decision_back(any_game, home):
    """Alone against bots, ``u`` takes the player's last move back (as far as the game
    allows: the first time it may, within the game's first moves) and the same decision
    is asked again, the table as it was."""
    game = any_game
    settings_file(home, game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")], {})
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        asked: dict[int, object] = {}  # Ann's view at each decision she was asked
        while True:
            await until(lambda: waits_for_a_key(ebbes), what="Ann's turn")
            screen, table = ebbes.screen, ebbes.table
            assert not isinstance(screen, FinalStandings), "nothing was ever taken back"
            if table.feed.asks(table.update):
                if isinstance(screen, TableScreen) and table.feed.can_take_back() and asked:
                    break
                asked[table.update.decision] = table.view
            if isinstance(screen, TableScreen):
                await decide_by_keys(screen, pilot)
            else:
                await pilot.press("enter")
        await pilot.press("u")
        # On the table's news line, under the decision's dialog if it has one (an
        # unseeded deal: some runs take back a Blindes Huhn reward's choice).
        await until(lambda: "taken back" in ebbes.table.news.text and asked_again(ebbes),
                    what="the move taken back")
        assert ebbes.table.view == asked[ebbes.table.update.decision]


# ------------------------------------------------------------ shared tables


async def test_two_players_and_a_spectator_share_a_table(any_game, home):
    """Two apps at one table server over real sockets, a bot in the third seat and a
    spectator's app: each player decides by keys on their own turn, seeing their own
    seat's view and no other (what the server shows that seat), and every screen
    follows the others' moves; the spectator sees the public table."""
    game = any_game
    async with LocalTable(home, spec("shared", seats="player,player,bot:random", seed=4,
                                     game=game.id, spectators=True)) as table:
        players = [EbbesApp(pace=0, animation=False, table=await connect_table(
            "shared", directory=table.directory, player=seat + 1)) for seat in (0, 1)]
        watcher = EbbesApp(pace=0, animation=False, table=await connect_table(
            "shared", directory=table.directory, watch=True))
        async with players[0].run_test(size=(80, 24)) as first, \
                players[1].run_test(size=(120, 40)) as second, \
                watcher.run_test(size=(80, 24)):
            made, compared = [0, 0], [0, 0]
            while min(made) < 2:
                await until(lambda: any(waits_for_a_key(p) for p in players),
                            what="a player's turn")
                seat = next(s for s, p in enumerate(players) if waits_for_a_key(p))
                ebbes, pilot = players[seat], (first, second)[seat]
                screen = ebbes.screen
                if not isinstance(screen, TableScreen):
                    await pilot.press("enter")  # a dialog's choice, a summary
                    continue
                view, decision = screen.view, screen.update.decision
                assert view.seat == seat and ebbes.table.remote is not None
                if view.deciding == (seat,):  # the table waits for them: what it saved shows
                    await until(lambda d=decision: saved_at(table, game, d), what="the table's save")
                    assert view == saved_at(table, game, decision).view(seat)  # theirs only
                    compared[seat] += 1
                await decide_by_keys(screen, pilot)
                made[seat] += 1
                await until(lambda decided=decision: all(a.table.update.decision > decided
                                                         for a in (*players, watcher)),
                            what="every screen follows the move")
            assert min(compared) > 0
            await until(lambda: saved_at(table, game, watcher.table.update.decision),
                        what="the spectator and the table's save at one decision")
            decision = watcher.table.update.decision
            assert watcher.table.view == saved_at(table, game, decision).view(None)


def saved_at(table: LocalTable, game: Game, decision: int) -> State | None:
    """The game the table has saved, if it stands at ``decision``."""
    record = table.record()
    state = game.records.replay(record) if record else None
    return state if state is not None and state.decisions_made() == decision else None


async def test_a_spectator_follows_a_table_to_its_end_pressing_nothing(any_game, home,
                                                                     monkeypatch):
    """At a shared table every summary between deals closes by itself, so a spectator
    who presses nothing never falls behind and sees the final standings (of a game of
    two deals, or the game's shortest with more)."""
    game = any_game
    monkeypatch.setattr(table_follow, "SUMMARY_SECONDS", 0.05)
    shown: list[Interlude] = []
    monkeypatch.setattr(Interlude, "on_show", lambda self: shown.append(self), raising=False)
    async with LocalTable(home, spec("watched", seats="player,bot:random", seed=7,
                                     game=game.id, options=quickest(game, more=1),
                                     spectators=True)) as table:
        watcher = EbbesApp(pace=0, animation=False, table=await connect_table(
            "watched", directory=table.directory, watch=True))
        async with watcher.run_test(size=(80, 24)):
            player = await table.join()
            playing = asyncio.ensure_future(play_bot(player, "random"))
            await until(lambda: isinstance(watcher.screen, FinalStandings),
                        what="the spectator reaches the final standings")
            assert shown and all(s.closes_after == 0.05 for s in shown)
            assert await asyncio.wait_for(playing, WAIT) == 0


def serve_args(*words: str):
    return build_parser().parse_args(["table", "serve", *words])


@contextlib.asynccontextmanager
async def serving(plan):
    """The table ``ebbes table serve`` planned, served as it serves it, in this loop."""
    server = TableServer(plan.spec, plan.address, plan.store, saved=plan.saved)
    ready = asyncio.Event()
    task = asyncio.get_running_loop().create_task(server.serve(ready=ready.set))
    await asyncio.wait_for(ready.wait(), WAIT)
    try:
        yield server
    finally:
        server.shutdown("The test is over.")
        await asyncio.wait_for(task, WAIT)


async def one_decision(feed: RemoteFeed) -> None:
    """Make one decision at ``feed``'s seat and see the table take it: asked while no
    other seat decides, so the next decision can only come from this answer."""
    await until(lambda: feed.asks(feed.latest) and tuple(feed.latest.view.deciding) == (feed.seat,),
                what="the seat's own turn")
    asked = feed.latest
    bot = make_bot(feed.client.plays, "random")
    feed.submit(bot.choose(asked.view, asked.view.actions, random.Random(1)), asked.decision)
    await until(lambda: feed.latest.decision > asked.decision, what="the decision taken")


async def sit_and_decide(server: TableServer, name: str, directory) -> None:
    """Sit down at the table, make a decision, leave: the game is saved."""
    client = await TableClient.start(await connect_table(name, directory=directory))
    assert client.plays.id == server.game.id
    await one_decision(await asyncio.wait_for(client.game(), WAIT))
    client.close()
    await asyncio.wait_for(server.done.wait(), WAIT)  # the last person left


async def test_a_saved_table_reopens_as_its_own_game(any_game, home, monkeypatch):
    """A game saved at a table reopens as the game it is (issue 23, item 6): from
    ``ebbes table serve NAME``, which refuses a new game's choices in one sentence, and
    from the Tables screen, where Enter reopens it and the player decides again."""
    game = any_game
    tables = home / "tables"
    monkeypatch.setenv("EBBES_TABLES_DIR", str(tables))
    plan = plan_table(serve_args("mon", "--game", game.id, "--seats",
                                 "player,bot:random,bot:random", "--seed", "4"))
    assert plan.saved is None and plan.spec.game == game.id
    async with serving(plan) as server:
        await sit_and_decide(server, "mon", tables)

    # `ebbes table serve mon`: the save's game, told so; a new game's choices refused.
    other = next(g for g in game_ids() if g != game.id)
    option = game.rules.options[0]
    chosen = [flag(option)] + ([] if option.kind == "bool" else ["2"])
    for words, left_out in ((["--game", other], f"--game {other}"),
                            (chosen, flag(option)), (["--seed", "0"], "--seed")):
        with pytest.raises(SetupError) as refused:
            plan_table(serve_args("mon", *words))
        assert str(refused.value) == (
            f"Your table mon has a saved game of {game.title}, which 'ebbes table serve mon' "
            f"reopens as it was: leave out {left_out}, or choose another name.")
    assert plan_table(serve_args("mon", "--game", game.id)).saved is not None  # its own: fine
    plan = plan_table(serve_args("mon", "--spectators"))
    assert plan.saved is not None and plan.spec.game == game.id
    assert opened(plan) == (f"{ME}/mon is open (its saved game of {game.title}): friends join "
                            f"with 'ebbes table join {ME}/mon'.")
    async with serving(plan) as server:
        [listed] = await find_tables(tables)
        assert listed["game"] == game.id and listed["reopened"] and listed["spectators"]
        assert f"), {game.title}" in describe(listed) and "spectators welcome" in describe(listed)
        await sit_and_decide(server, "mon", tables)

    # The Tables screen: listed with its game, Enter reopens it (served in this process,
    # as `ebbes table serve` would in its own).
    loop = asyncio.get_running_loop()
    served: list[contextlib.AbstractAsyncContextManager] = []

    def open_here(arguments: list[str], **_: object) -> str:
        plan = plan_table(serve_args(*arguments))
        context = serving(plan)
        asyncio.run_coroutine_threadsafe(context.__aenter__(), loop).result(WAIT)
        served.append(context)
        return opened(plan)

    monkeypatch.setattr(commands, "open_table", open_here)
    ebbes = app()
    try:
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            screen = ebbes.screen
            assert isinstance(screen, TablesScreen)
            await until(lambda: screen.query_one("#tables").option_count == 1,
                        what="the saved table is listed")
            listed = str(screen.query_one("#tables").get_option_at_index(0).prompt)
            assert listed.startswith(f"mon: your saved game of {game.title}, ")
            await pilot.press("enter")
            await until(lambda: ebbes.table is not None, what="the reopened game")
            assert ebbes.table.game is game and ebbes.remote.plays is game
            await one_decision(ebbes.table.remote)
    finally:
        for context in served:
            await context.__aexit__(None, None, None)


# ---------------------------------------------------------- the command line


def test_the_command_line_names_the_game_and_takes_its_options(any_game, capsys):
    """``--game G`` opens the menu on the game, and every command that sets a game up
    takes each of its options as a flag (unless the command has that flag itself) or as
    ``--option KEY=VALUE`` (a player counted from 1 there); the defaults are a valid
    setup for every number of players, and a number out of range is refused in one
    sentence."""
    game = any_game
    assert build_parser().parse_args(["--game", game.id]).game == game.id
    for option in game.rules.options:
        value, words = {"bool": (True, "on"), "int": (option.low, str(option.low)),
                        "seat": (1, "2")}[option.kind]
        flag_words = [flag(option)] + ([] if option.kind == "bool" else [words])
        for command in (["tournament"], ["table", "serve", "t"]):
            args = build_parser().parse_args([*command, "--game", game.id, *flag_words])
            if option.key in args.option_flags:  # not the command's own (--games: deals)
                assert from_flags(game, args) == {option.key: value}
            args = build_parser().parse_args([*command, "--game", game.id, "--option",
                                              f"{option.key}={words}"])
            assert from_flags(game, args) == {option.key: value}
    theirs = next((o for g in all_games() if g is not game for o in g.rules.options
                   if o.key not in {m.key for m in game.rules.options} and o.kind == "bool"),
                  None)
    if theirs is not None:  # another game's option is refused, naming this game
        args = build_parser().parse_args(["tournament", "--game", game.id, flag(theirs)])
        with pytest.raises(SetupError, match=f"is not an option of {re.escape(game.title)}"):
            from_flags(game, args)
    for players in game.player_counts:
        options = complete(game, players, {})
        assert set(options) == {o.key for o in game.rules.options}
        for option in game.rules.options:
            if option.kind == "int":
                given = {option.key: option.high + 1, **({option.needs: True} if option.needs
                                                         else {})}
                with pytest.raises(SetupError, match=f"must be from {option.low} to"):
                    complete(game, players, given)


def test_continue_without_a_terminal_says_there_is_nothing_to_continue(any_game, home, capsys):
    assert main(["--game", any_game.id, "--continue"]) == 2
    assert capsys.readouterr().err == "ebbes: There is no saved game to continue.\n"


def test_an_unknown_game_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--game", "chess"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "invalid choice: 'chess'" in err and err.count("\n") == 1


def test_check_tournament_simulate_and_the_benches(any_game, tmp_path, capfd):
    """The commands of every game, in this process: ``check`` tells a finished record
    valid and a broken one invalid in a line each; a tournament of the game's default
    setup, ``simulate`` with every invariant checked, and the rules and bots benches
    each give their figures."""
    game = any_game
    finished = random_game(game, 3, seed=5)
    good, broken = tmp_path / "good.json", tmp_path / "broken.json"
    record = game.records.to_record(finished, {"seed": 5})
    good.write_text(dumps(record))
    broken.write_text(dumps({**record, "players": record["players"][:1]}))
    capfd.readouterr()
    assert main(["check", str(good)]) == 0
    assert capfd.readouterr().out.startswith(f"{good}: ")
    assert main(["check", "--json", str(good), str(broken)]) == 2
    lines = [json.loads(line) for line in capfd.readouterr().out.splitlines()]
    assert [line["valid"] for line in lines] == [True, False]
    assert all(line.items() >= game.records.check_tag.items() for line in lines)

    assert main(["tournament", "--game", game.id, "--players", "3", "--games", "1",
                 "--levels", "random,normal", "--seed", "3", "--json"]) == 0
    assert json.loads(capfd.readouterr().out)
    assert main(["simulate", "--game", game.id, "--players", "3", "--games", "3", "--json"]) == 0
    simulated = json.loads(capfd.readouterr().out)
    assert simulated["faults"] == [] and simulated["rows"][0]["games"] == 3

    assert main(["bench", "rules", "--game", game.id, "--seconds", "0.01", "--json"]) == 0
    figures = json.loads(capfd.readouterr().out)
    counts = {str(n) for n in game.player_counts}
    assert figures["game"] == game.id
    for key in ("validated_games_per_s", "fast_games_per_s", "play_outs_per_s", "rollouts_per_s"):
        assert set(figures[key]) == counts and all(v > 0 for v in figures[key].values()), key
    assert figures["clone_us"] > 0 and figures["view_us"] > 0
    assert main(["bench", "bots", "--game", game.id, "--seconds", "0.01", "--json"]) == 0
    figures = json.loads(capfd.readouterr().out)
    # every level but the expert, which is timed when asked (a second or two a decision)
    assert figures["game"] == game.id and set(figures["levels"]) == set(BENCH_LEVELS)
    assert set(game.players.levels) == {*BENCH_LEVELS, "expert"}
    for row in figures["levels"].values():  # Tiny's random bot may read 0.0 ms
        assert 0 <= row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    assert figures["levels"]["hard"]["p99_ms"] > 0
