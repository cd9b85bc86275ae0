"""Hund's other screens (issue 19, items 2 and 4): the hund announced and the match
tally (N16) after each game and at the end, the board, the game log with every krig,
sjanse, undertrekk and avstikk, the replay with every hand, hints, take-back that never
reaches past a draw (item 4), hot-seat covers (N15), help, rules, ASCII and colours."""

from __future__ import annotations

from ebbes_tui.games.hund.rules.cards import code
from ebbes_tui.games.hund.ui.look import hund_look

import json
import re
from pathlib import Path

import pytest
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ebbes_tui.controller import Match, Update
from ebbes_tui.controller.playback import Replay
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.rules.actions import UNDERTREKK
from ebbes_tui.games.hund.rules.cards import parse_card
from ebbes_tui.games.hund.ui.game_log import HundLog
from ebbes_tui.games.hund.ui.look import PALETTES, HundLook
from ebbes_tui.games.hund.ui.replay_screen import HundReplayScreen
from ebbes_tui.games.ebbes.ui.replay_screen import ReplayScreen as EbbesReplayScreen
from ebbes_tui.games.hund.ui.standings import FinalScreen, GameEndScreen, TallyScreen
from ebbes_tui.ui.card_row import CardRow
from ebbes_tui.ui.history import HistoryScreen
from ebbes_tui.ui.log_screen import LogScreen
from ebbes_tui.ui.rules_screen import RulesScreen
from ebbes_tui.ui.table import TableScreen

from hund_ui_support import (
    asks, finished_record, hund_app, long_hand, open_at, plays, position, table_of,
)
from ui_support import screen_text, wait_until

LOOK = HundLook()


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


async def play_on(app, pilot, until: type | tuple[type, ...]) -> None:
    """Kari plays Enter (or t when she cannot beat) until a screen of ``until`` is up."""
    while not isinstance(app.screen, until):
        await wait_until(pilot, lambda: asks(app) or isinstance(app.screen, until),
                         "Kari's turn or the screen")
        if isinstance(app.screen, until):
            return
        await pilot.press("t" if asks(app, "undertrekk") else "enter")


# ------------------------------------------------------------- the hund and the tally


async def test_the_hund_is_announced_and_the_final_tally_names_the_winner(tmp_path):
    app = hund_app(tmp_path, players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, long_hand())
        await play_on(app, pilot, FinalScreen)
        text = screen_text(app)
        assert "Final standings" in text and "Ola wins the match: never the hund." in text
        rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()
                if line.strip().startswith(("You", "Ola"))}
        assert rows["You"] == ["HUND", "1"] and rows["Ola"] == ["1st", "0"]  # N16
        assert "Times hund" in text and "Enter: play again" in text
        assert all(len(line) <= 80 for line in text.splitlines())


async def test_after_a_game_the_hund_and_the_order_out_then_the_board_keeps_the_tally(tmp_path):
    app = hund_app(tmp_path, players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, long_hand(games=2))
        await play_on(app, pilot, GameEndScreen)
        text = screen_text(app)
        assert "Game 1 of 2: You are the hund" in text
        assert "Out in this order: 1st Ola." in flat(text)
        assert "the hund (the dog) has lost this game" in flat(text)
        await pilot.press("enter")
        await wait_until(pilot, lambda: asks(app), "game 2")
        assert table_of(app).view.game == 2
        await pilot.press("b")
        assert isinstance(app.screen, TallyScreen)
        text = screen_text(app)
        assert "Game 1" in text and "Game 2 now" in text and "HUND" in text
        assert "Fewest times hund (0): Ola; 1 game to go." in flat(text)


# ------------------------------------------------------------- the game log


def logged(record: dict, personal: bool = False) -> list[str]:
    """Every line the log writes while a recorded match is played."""
    replay = Replay(HUND, record)
    log = HundLog(LOOK, personal=personal)
    log.start(Update(0, None, replay.steps[0].state.view(None), 0))
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(None)
        for event in step.events:
            log.add(Update(i, event, view, i))
    return [line for _, line in log.lines]


def test_the_log_has_every_trick_krig_sjanse_undertrekk_and_avstikk_and_why():
    lines = logged(finished_record())
    text = "\n".join(lines)
    assert re.search(r"^Trick 1: \w+ \S+, \w+ \S+, \w+ \S+\. \w+ takes? 3 cards with \S+, "
                     r"the highest card\.$", text, re.M)
    krig = next(line for line in lines if "krig over" in line)
    assert re.search(r"krig over \w+: \w+ and \w+: ", krig) and "winning the krig" in krig
    assert "(sjanse)" in text
    assert re.search(r"\w+ cannot beat \S+: undertrekk, takes \S+ in", text)
    assert re.search(r"avstikk: \w+ takes \d+ cards? out of the game \((\d+ cards lay in it, "
                     r"as many as the players in play when it began|the turn came back to "
                     r"\w+)\)\.$", text, re.M)
    assert "Phase 2! " in text and " lays the last card aside face down" in text
    assert re.search(r"is the hund of game 1", text) and re.search(r"^Out: .*1st", text, re.M)
    assert "The match is over: " in text


def test_the_logs_now_line_has_each_krig_and_sjanse_as_a_taken_trick_has_them():
    """Played through: "Now: You 5♣, Ola 5♦, Per 7♦, You 3♣, Ola 3♥ (krig: You and Ola)."
    lost the sjanse mark on 5♦ and read a war inside a war as one flat list."""
    record = position(3, lambda s: s.krig >= 2 and any(s.t_sjanse), seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    log = HundLog(LOOK)
    log.start(Update(0, None, view, 0))
    now = log.current(view)
    assert now is not None and now.count("; krig") >= 2 and "(sjanse)" in now


def test_a_resumed_logs_phase_two_trick_is_listed_once():
    """Played through: after a resume "Phase 2 so far: Ola J♣, Per K♣." was followed by
    "Now: Ola J♣; Per K♣.": the trick in progress twice (and again once it was taken)."""
    record = position(3, lambda s: s.phase.value == "shed" and len(s.trick2) >= 2
                      and len(s.log2) > len(s.trick2) + 2, seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    log = HundLog(LOOK)
    log.start(Update(0, None, view, 0))
    so_far = next(line for _, line in log.lines if line.startswith("Phase 2 so far: "))
    now = log.current(view)
    assert now is not None
    for seat, cards in view.shed_trick:
        play = f"{log.names(view)[seat]} {LOOK.play(cards)}"
        assert play in now and play not in so_far


def test_a_warrior_who_drops_out_is_said_in_the_krig_they_had_no_card_for():
    """Played through (and found by review): "Siri had no card and dropped out: You K♦,
    Siri K♣" made the drop-out the next krig's header, before the krig Siri did play."""
    line = next(line for line in logged(finished_record(players=6, seed=3))
                if "dropped out" in line)
    assert re.search(r"; krig[^;]*: [^;]*\w+ had no card and dropped out[.;]", line), line
    assert not re.search(r"dropped out: ", line), line


async def test_g_opens_the_log_with_the_game_so_far(tmp_path):
    record = position(3, lambda s: s.phase.value == "shed" and len(s.log2) > 4)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's turn")
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        assert "Phase 2 so far:" in app.screen.body and "Trick 1: " in app.screen.body
        assert app.screen.body.splitlines()[-1] in flat(screen_text(app))  # the newest in sight


# ------------------------------------------------------------- the replay


async def test_history_replays_a_match_with_every_hand_shown(tmp_path):
    record = finished_record(players=4, seed=6)
    app = hund_app(tmp_path, players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.library.keep_finished(record, "t.") is not None
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                         and bool(app.screen.games), "the history")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HundReplayScreen), "the replay")
        screen = app.screen
        text = screen_text(app)  # before the first deal (played through: "over: all shown")
        assert "Hands (none dealt yet)" in text and "all shown" not in text
        await pilot.press("right")  # the deal
        state = screen.replay.steps[screen.position].state
        text = screen_text(app)
        assert "Hands (the match is over: all shown)" in text
        for seat in range(4):
            hand = state.view(seat).hand
            assert hand and all(LOOK.face(c)[:-1] in text for c in hand)
        await pilot.press("down", "down")  # two tricks on
        assert "trick 2" in screen_text(app).splitlines()[0]
        await pilot.press("end")
        assert "the hund of game 1" in flat(screen_text(app)) or \
            "The match is over" in flat(screen_text(app)) or screen.position == screen.replay.last
        await pilot.press("b")
        assert isinstance(app.screen, TallyScreen) and "HUND" in screen_text(app)


async def test_the_replay_steps_back_as_well_as_on_and_esc_returns_to_history(tmp_path):
    """Every key of the replay moves both ways: a move, a trick, a game, either end."""
    record = finished_record(players=3, seed=4, games=2)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.library.keep_finished(record, "t.") is not None
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                         and bool(app.screen.games), "the history")
        history = app.screen
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HundReplayScreen), "the replay")
        screen = app.screen
        status = lambda: screen_text(app).splitlines()[0]  # noqa: E731
        assert "Before the first deal" in flat(screen_text(app))
        await pilot.press("right", "right", "right")
        assert f"step 3 of {screen.replay.last}" in status()
        await pilot.press("left")
        assert f"step 2 of {screen.replay.last}" in status()
        await pilot.press("down", "down")
        assert "trick 2" in status()
        await pilot.press("up")
        assert "trick 1" in status()
        first_end, last = screen.replay.round_ends[0], screen.replay.last
        await pilot.press("pagedown")  # the end of game 1
        assert f"Game 1 of 2 {LOOK.dot} step {first_end} of {last}" in status()
        await pilot.press("pagedown")
        assert f"Game 2 of 2 {LOOK.dot} step {last} of {last}" in status()
        await pilot.press("pageup")
        assert f"step {first_end} of {last}" in status()
        await pilot.press("end")
        assert f"step {last} of {last}" in status()
        await pilot.press("home")
        assert f"step 0 of {last}" in status()
        assert "Before the first deal" in flat(screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is history, "back to the history")


async def test_the_replays_news_keeps_its_three_lines_after_an_ebbes_replay(tmp_path):
    """Before: both replay screens were called ReplayScreen, so once ebbes' replay had
    been shown after Hund's, its rules cut Hund's news line (a krig's explanation) to
    two lines the next time."""
    ebbes = json.loads((Path(__file__).parent / "records" / "three-players-basic.json")
                       .read_text())
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen.is_current, "the menu")
        for screen in (HundReplayScreen(finished_record(), "hund"),
                       EbbesReplayScreen(ebbes, "ebbes"),
                       HundReplayScreen(finished_record(), "hund again")):
            await app.push_screen(screen)
            await wait_until(pilot, lambda s=screen: app.screen is s, "the replay")
        assert app.screen.query_one("#replay-news").styles.max_height.value == 3


# ------------------------------------------------------------- hints and take-back


async def test_a_hint_points_at_the_normal_bots_card_and_plays_nothing(tmp_path):
    record = position(3, lambda s: s.phase.value == "shed" and bool(s.trick2)
                      and UNDERTREKK not in s.legal(0))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's turn")
        action, why = HUND.players.hint(table.view)
        before = plays(app)
        await pilot.press("i")
        # The bot says its cards in record codes ("Beat 5C with 6C"); the screen draws them
        # as every other card on it (5♣), as the play-through asked.
        shown = why
        for card in set(table.view.hand) | {table.view.top}:
            shown = shown.replace(code(card), hund_look(app.look).face(card))
        assert shown != why and f"Hint: {shown}" in flat(screen_text(app))
        row = table.query_one("#game-table").query_one(CardRow)
        assert table.view.hand[row.cursor] == action.cards[-1]
        assert plays(app) == before


async def test_take_back_is_offered_in_phase_two_but_never_past_a_draw(tmp_path):
    """Item 4: never past a draw or a sjanse (the pile's order would show)."""
    record = position(3, lambda s: s.phase.value == "collect" and not s.t_cards
                      and len(s.pile) > 6 and len(s.tricks) > 1)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's lead")
        assert screen.check_action("take_back", ()) is None  # her last card was before a draw
        assert "u Undo" in screen_text(app).splitlines()[-1]  # shown, not offered
        before = plays(app)
        await pilot.press("u")
        await pilot.pause()
        assert plays(app) == before
    record = position(3, lambda s: s.phase.value == "shed" and any(
        m.seat == 0 and not m.took for m in s.log2[-2:]) and bool(s.legal(0)))
    app = hund_app(tmp_path / "2")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's turn")
        assert screen.check_action("take_back", ()) is True
        before = plays(app)
        await pilot.press("u")
        await wait_until(pilot, lambda: len(plays(app)) < len(before) and asks(app),
                         "the move taken back")
        assert "Your last move was taken back." in screen_text(app)


# ------------------------------------------------------------- help, rules, looks


async def test_help_explains_the_games_words_and_f1_shows_the_rules(tmp_path):
    app = hund_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        legend = next(w.content for w in app.screen.query(Static) if isinstance(w.content, Table)
                      and "krig" in [str(c) for c in w.content.columns[0]._cells])
        words = dict(zip((str(c) for c in legend.columns[0]._cells),
                         (str(c) for c in legend.columns[1]._cells)))
        for word in ("krig", "sjanse", "undertrekk", "avstikk", "hund"):
            assert len(words[word]) > 60, word  # each explained in a sentence or two
        assert "spades" in words["A♠, 10♠"] and "hearts" in words["A♥, 10♥"]
        await pilot.press("escape", "f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.pause()
        text = flat(screen_text(app))
        assert "Hund (Bikkje)" in text and "Krig (war)." in text
        assert not re.search(r"\bN\d+\b", text)  # no ruling numbers for players


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_ascii_mode_draws_cards_as_rank_and_suit_letter_and_nothing_else(tmp_path, size):
    app = hund_app(tmp_path)
    app._ascii = True
    app.look = app._look_for(app.settings.theme)
    record = position(3, lambda s: s.phase.value == "shed" and bool(s.trick2))
    async with app.run_test(size=size) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's turn")
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        view = table.view
        ascii_look = HundLook(ascii=True)
        row = table.query_one("#game-table").query_one(CardRow)
        for card in view.hand[row.first:row.first + row.in_sight][:5]:  # the cards in sight
            assert ascii_look.face(card) in text and len(ascii_look.face(card)) in (2, 3)
        assert f"trump {'SHDC'[view.trump]} " in text.splitlines()[0]


def test_every_palette_gives_the_four_suits_four_colours_and_a_glyph_or_letter_each():
    for palette, colours in PALETTES.items():
        assert len(set(colours)) == 4, palette
    cards = [parse_card(c) for c in ("AS", "10H", "5D", "2C")]
    assert [HundLook(ascii=True).face(c) for c in cards] == ["AS", "10H", "5D", "2C"]
    assert [HundLook().face(c) for c in cards] == ["A♠", "10♥", "5♦", "2♣"]


async def test_without_colour_the_table_still_tells_the_suits_apart(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # which game (Hund), its form
        await wait_until(pilot, lambda: asks(app), "Kari's first card")
        text = screen_text(app)
        assert app.ansi_color and isinstance(app.screen, TableScreen)
        for card in table_of(app).view.hand:
            assert LOOK.face(card) in text


def test_a_replay_steps_from_the_start_to_the_deal_then_move_by_move():
    """The replay's first step is the deal (its observer saw an empty step before it,
    so Right once showed nothing new)."""
    record = finished_record(players=3, seed=2)
    replay = Replay(HUND, record)
    kinds = [step.kind for step in replay.steps]
    assert kinds[:3] == ["start", "deal", "move"] and kinds.count("start") == 1
    plays_ = sum(len(g["plays"]) for g in record["games"])
    assert replay.last == len(record["games"]) + plays_


async def test_the_footer_fits_80_columns_in_ascii_with_sjanse_offered(tmp_path):
    """The card keys' footer entry pushed Menu off the line in ASCII; each key stands
    above its card instead."""
    app = hund_app(tmp_path, players=6)
    app._ascii = True
    app.look = app._look_for(app.settings.theme)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # which game (Hund), its form
        await wait_until(pilot, lambda: asks(app, "sjanse"), "Kari's first card")
        footer = screen_text(app).splitlines()[-1]
        assert "s Sjanse" in footer and footer.rstrip().endswith("Esc Menu")
        keys = str(table_of(app).query_one(CardRow).render()).splitlines()[0].split()
        assert keys == ["1", "2", "3"]  # above the cards


def news_lines(record: dict) -> list[tuple[int, str]]:
    """(game, line) for every news line the table would show while ``record`` is
    played, as the public table sees it."""
    from ebbes_tui.games.hund.ui.screens import SCREENS

    replay = Replay(HUND, record)
    lines = []
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(None)
        names = [s.name for s in view.seats]
        for event in step.events:
            note = SCREENS.note(Update(i, event, view, i), names, LOOK, "")
            if note is not None:
                lines.append((view.game, note[0]))
    return lines


def test_each_word_is_explained_the_first_time_in_each_game_and_said_short_after():
    """Issue 19: krig, sjanse, undertrekk, avstikk and hund each explained the first
    time they happen (in every game of a match), in a few words after that."""
    lines = news_lines(finished_record(players=3, seed=4, games=2))
    for game in (1, 2):
        said = [line for g, line in lines if g == game]
        firsts = {word: next(line for line in said if line.startswith(word))
                  for word in ("Krig!", "Sjanse!", "Undertrekk!", "Avstikk!")}
        assert "equal ranks go to war, even when a higher card lies there" in firsts["Krig!"]
        assert "the winner takes all" in firsts["Krig!"]
        assert firsts["Sjanse!"].endswith("A sjanse plays the pile's top card instead of one "
                                          "from the hand.")
        assert firsts["Undertrekk!"].endswith("into their hand; the next player must beat "
                                              "the top card.")
        assert firsts["Avstikk!"].endswith("its cards leave the game, and the taker leads next.")
        assert sum(line.startswith("Sjanse!") for line in said) == 1
        assert sum(line.startswith("Undertrekk!") for line in said) == 1
        assert sum(line.startswith("Avstikk!") for line in said) == 1
        assert any(re.search(r"\w+: sjanse, \S+ from the pile\.$", line) for line in said)
        assert any(re.search(r"cannot beat \S+: undertrekk, takes \S+ in\.$", line)
                   for line in said)
        assert any(re.match(r"Avstikk: \w+ \w* ?takes \d+ cards? out of the game\.$", line)
                   for line in said)
        [hund] = [line for line in said if " is the hund of game" in line]
        assert hund.endswith(f"the hund of game {game}: the last one holding cards, who has "
                             "lost it.")


def test_news_about_a_trick_goes_when_an_undertrekk_empties_it():
    """A first explanation stayed on the news line across tricks that undertrekk
    emptied (no avstikk ends them, N10), long after its trick was gone."""
    from ebbes_tui.games.hund.rules.events import UndertrekkTaken
    from ebbes_tui.games.hund.ui.screens import SCREENS

    replay = Replay(HUND, finished_record(players=3, seed=4))
    emptied = kept = 0
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(None)
        for event in step.events:
            if isinstance(event, UndertrekkTaken):
                stale = SCREENS.stale("trick", Update(i, event, view, i))
                assert stale is (not view.shed_trick)
                emptied += stale
                kept += not stale
    assert emptied and kept


async def news_by_a_test_clock(app, pilot) -> tuple[TableScreen, list[float]]:
    """A 3-player table whose news line goes by the test's clock (``now[0]``, no
    sleeps), for updates noted by hand."""
    screen = await open_at(app, pilot, position(3, lambda s: True))
    now = [1000.0]
    screen.news.clock = lambda: now[0]
    return screen, now


def each_update(record: dict):
    """Every event of ``record``'s match in turn: (its step, the event, seat 0's view)."""
    replay = Replay(HUND, record)
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(0)
        for event in step.events:
            yield i, event, view


def _krig_then_sjanse(record: dict) -> list[tuple[int, object, object]] | None:
    """The updates of ``record`` up to the end of a trick in which the game's first
    krig came before its first sjanse, or None."""
    from ebbes_tui.games.hund.rules.events import CardPlayed, Krig, TrickTaken

    updates, krig, sjanse = [], False, False
    for i, event, view in each_update(record):
        updates.append((i, event, view))
        if isinstance(event, Krig):
            krig = True
        if isinstance(event, CardPlayed) and event.sjanse:
            if not krig:
                return None
            sjanse = True
        if isinstance(event, TrickTaken):
            if sjanse:
                return updates
            krig = False  # the first krig's trick is over, no sjanse in it
            if any(t.krig for t in view.tricks):
                return None
    return None


async def test_two_explanations_in_one_trick_each_stay_four_seconds(tmp_path):
    """Issue 25, 15: the first krig's explanation was replaced at once by the first
    sjanse's in the same trick. Each now stays 4 s (the test's clock), the second
    waits, and so does the end of the trick."""
    from ebbes_tui.controller import TakenBack
    from ebbes_tui.ui.table_news import HOLD

    updates = next(u for seed in range(400)
                   if (u := _krig_then_sjanse(finished_record(players=3, seed=seed))))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, now = await news_by_a_test_clock(app, pilot)
        for i, event, view in updates:
            screen.news.note(Update(i, event, view, i))
            await pilot.pause()
        news = screen.query_one("#news").render()
        assert str(news).startswith("Krig! ") and "equal ranks go to war" in str(news)
        now[0] += HOLD - 0.1
        screen.news.flush()
        assert str(screen.query_one("#news").render()).startswith("Krig! ")
        now[0] += 0.2
        screen.news.flush()
        news = str(screen.query_one("#news").render())
        assert news.startswith("Sjanse! ") and "A sjanse plays the pile's top card" in news
        now[0] += HOLD + 0.1
        screen.news.flush()  # then the news that came meanwhile: who took the trick
        assert " the krig with " in str(screen.query_one("#news").render())
        for i, event, view in updates:  # again; then the moves are taken back
            screen.news.note(Update(i, event, view, i))
        screen.news.note(Update(i, TakenBack(), view, i))
        now[0] += 2 * HOLD
        screen.news.flush()  # nothing of the moves taken back comes after
        assert str(screen.query_one("#news").render()) == "Your last move was taken back."


def _krig_again(record: dict) -> tuple[list, int, int] | None:
    """The updates of ``record`` up to the end of the trick of the game's first krig,
    when that krig was tied again; with the indexes of the first krig and the second."""
    from ebbes_tui.games.hund.rules.events import Krig, TrickTaken

    replay = Replay(HUND, record)
    updates: list[tuple[int, object, object]] = []
    first = again = None
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(0)
        for event in step.events:
            updates.append((i, event, view))
            if isinstance(event, Krig):
                if first is None:
                    first = len(updates) - 1
                elif again is None and event.level > 1:
                    again = len(updates) - 1
            if isinstance(event, TrickTaken) and first is not None:
                return (updates, first, again) if again is not None else None
    return None


async def test_news_that_come_while_an_explanation_stays_are_each_said_in_turn(tmp_path):
    """pt2 item 9: while the first krig's explanation stayed, the sjanse cards and
    "Krig again!" were never said, and the explanation ("the winner takes all 5
    cards") stayed 7 s though 7 cards were at stake by then. It gives way at once to
    what made it false, and every news that came meanwhile is said, in order."""
    from ebbes_tui.games.hund.ui.screens import SCREENS
    from ebbes_tui.ui.table_news import HOLD, READ

    updates, first, again = next(found for seed in range(3000) if (
        found := _krig_again(finished_record(players=3, seed=seed))))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, now = await news_by_a_test_clock(app, pilot)
        news = screen.news
        names = SCREENS.names(updates[first][2], True, app.look)
        expected = []
        for n, (i, event, view) in enumerate(updates[:again + 1]):
            now[0] += 0.3 if n > first else HOLD + READ  # the krig's moves come fast
            news.flush()
            news.note(Update(i, event, view, i))
            said = SCREENS.note(Update(i, event, view, i), names, app.look, "")
            if n > first and said:
                expected.append(said[0])
            if n == first:
                explained = news.text
                assert explained.startswith("Krig! ") and "the winner takes all" in explained
            elif first < n < again:  # the explanation stays; the news after it wait
                assert news.text == explained
        assert expected and expected[-1].startswith("Krig again! ")
        assert news.text != explained  # its count of cards no longer holds: it gave way
        shown = [news.text]
        while news.waiting:
            now[0] += max(HOLD, READ) + 0.1
            news.flush()
            shown.append(news.text)
        told = " ".join(shown)
        assert explained not in told
        at = 0
        for line in expected:  # every one, in order
            at = told.index(app.look.text(line), at) + 1
        await pilot.pause()


async def test_a_keys_answer_comes_at_once_and_news_too_long_together_come_in_turn(tmp_path):
    """A refusal or a hint is said at once; the explanation it interrupted comes back
    after it. News waiting that do not fit on the line together are said one line
    after another, none cut or lost."""
    from ebbes_tui.ui.table_news import EXPLAIN, HOLD, READ

    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, position(3, lambda s: True))
        await pilot.pause()
        now = [1000.0]
        news = screen.news
        news.clock = lambda: now[0]
        explained = "Krig! Ola and you played K♥ and K♣: equal ranks go to war."
        news.say(explained, EXPLAIN)
        news.say("No undertrekk in phase 1.", "refusal")
        assert news.text == "No undertrekk in phase 1."
        now[0] += READ + 0.1
        news.flush()
        assert news.text == explained and news.held()  # back for its whole time
        lines = [f"News {n}: " + " ".join(["a sentence of some length."] * 4) for n in range(3)]
        news.waiting += [(line, "trick") for line in lines]
        shown = []
        while news.waiting:
            now[0] += HOLD + 0.1
            news.flush()
            shown.append(news.text)
            await pilot.pause()
            line = screen.query_one("#news")
            assert len(Text(news.text).wrap(app.console, line.content_size.width)) <= 3
        assert " ".join(shown) == " ".join(lines)  # every one, in order, none cut
        assert len(shown) > 1  # not all on one line


async def test_a_hint_stays_until_a_move_while_the_news_it_interrupted_waits(tmp_path):
    """Issue 27's play-through: in phase 2 a hint asked for at once gave way within two
    seconds to the explanation it interrupted ("Avstikk! ..."), before it was read."""
    from ebbes_tui.controller import TakenBack
    from ebbes_tui.ui.table_news import EXPLAIN, HOLD

    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, now = await news_by_a_test_clock(app, pilot)
        news = screen.news
        explained = "Avstikk! Ola takes the trick with 6♠ on top."
        news.say(explained, EXPLAIN)
        hint = "Hint: Play 7♠: the lowest card that beats the trick."
        news.say(hint, "hint")
        now[0] += 10 * HOLD
        news.flush()
        assert news.text == hint
        news.note(Update(1, TakenBack(), screen.view, 1))  # a move: the hint has been read
        assert news.text != hint


async def test_the_final_title_of_five_sharing_the_win_is_read_whole_at_80x24(tmp_path):
    """Issue 25, 18: at six players the title was cut: "Final standings · Bot 1, Bot 2,
    Bot 3, Bot 4 and Bot 5 share the win: each"."""
    from ebbes_tui.games.hund.rules.events import MatchOver

    record = finished_record(players=6, seed=1)
    state = Replay(HUND, record).steps[-1].state
    view = state.view(0)
    winners = tuple(s for s, t in enumerate(view.tally) if t == min(view.tally))
    assert len(winners) == 5
    app = hund_app(tmp_path, players=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen.query("*") is not None, "the menu")
        app.push_screen(FinalScreen(MatchOver(tuple(view.tally), winners), view))
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen), "the standings")
        await pilot.pause()
        text = flat(screen_text(app))
        assert "share the win: each never the hund." in text


def _phase_two_begun(record: dict) -> tuple[list, int] | None:
    """The updates of ``record`` up to the second move of phase 2 (seat 0's view), and
    the index of phase 2's beginning, when no other news comes between."""
    from ebbes_tui.games.hund.rules.events import ShedBegan
    from ebbes_tui.games.hund.ui.screens import SCREENS

    replay = Replay(HUND, record)
    updates: list[tuple[int, object, object]] = []
    began = None
    for i, step in enumerate(replay.steps[1:], 1):
        view = step.state.view(0)
        for event in step.events:
            updates.append((i, event, view))
            if isinstance(event, ShedBegan):
                began = len(updates) - 1
            elif began is not None:
                if SCREENS.note(Update(i, event, view, i), ["A", "B", "C"], LOOK, ""):
                    return None  # other news: they would replace the explanation anyway
                if len(updates) - began > 2:
                    return updates, began
    return None


async def test_a_first_explanation_stays_its_time_then_goes_with_the_moves_after_it(tmp_path):
    """Played through: "Phase 2! ... Ann leads." (and the first krig's or sjanse's
    explanation) stayed on the news line through the moves after it, long after Ann
    had led, until other news came. It stays its 4 s, and while nobody moves (the
    player reading it may be the one to move); a move after that sends it away."""
    from ebbes_tui.ui.table_news import EXPLAIN, HOLD

    updates, began = next(found for seed in range(300)
                          if (found := _phase_two_begun(finished_record(players=3, seed=seed))))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, now = await news_by_a_test_clock(app, pilot)
        news = screen.news

        def up_to_phase_two() -> None:
            for i, event, view in updates[:began + 1]:
                now[0] += HOLD + 1  # phase 1 played slowly: each news said its time
                news.flush()
                news.note(Update(i, event, view, i))

        up_to_phase_two()
        assert news.text.startswith("Phase 2! ") and news.kind == EXPLAIN
        now[0] += HOLD + 1  # nobody moves: it stays
        news.flush()
        assert news.text.startswith("Phase 2! ")
        i, event, view = updates[began + 1]  # a move: gone
        news.note(Update(i, event, view, i))
        assert news.text == ""
        up_to_phase_two()  # again, the move within its time
        i, event, view = updates[began + 1]
        news.note(Update(i, event, view, i))
        now[0] += HOLD - 0.5
        news.flush()
        assert news.text.startswith("Phase 2! ")  # read first
        now[0] += 1
        news.flush()
        assert news.text == ""  # then gone, with nothing after it
        await pilot.pause()


def _first_krig_then_next_card(record: dict) -> list[tuple[int, object, object]] | None:
    """The updates of ``record`` from its start to the first card of the trick after
    the game's first krig, with no sjanse before it, or None."""
    from ebbes_tui.games.hund.rules.events import CardPlayed, Krig, TrickTaken

    updates, krig, taken = [], False, False
    for i, event, view in each_update(record):
        updates.append((i, event, view))
        if isinstance(event, CardPlayed) and event.sjanse and not taken:
            return None  # the first sjanse's explanation would come first
        krig = krig or isinstance(event, Krig)
        taken = taken or (krig and isinstance(event, TrickTaken))
        if taken and isinstance(event, CardPlayed):
            return updates
    return None


async def test_the_first_krigs_explanation_goes_once_its_trick_is_over(tmp_path):
    """Played through in the lesson: "Krig! ... They play again; the winner takes all 6
    cards." stayed on the news line through the next trick, while the news of how the
    krig ended, which waited behind it, was dropped when the next trick began within
    the 4 s. It stays its 4 s; then the trick's end is said, and a card of the next trick
    leaves no word of the krig."""
    from ebbes_tui.ui.table_news import HOLD

    updates = next(u for seed in range(400)
                   if (u := _first_krig_then_next_card(finished_record(players=3, seed=seed))))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, now = await news_by_a_test_clock(app, pilot)
        for i, event, view in updates[:-1]:  # up to the end of the krig's trick, at once
            screen.news.note(Update(i, event, view, i))
        assert str(screen.query_one("#news").render()).startswith("Krig! ")  # its 4 s
        now[0] += HOLD + 0.1
        screen.news.flush()
        said = str(screen.query_one("#news").render())
        assert " the krig with " in said and "Krig!" not in said, said
        i, event, view = updates[-1]  # the next trick's first card
        screen.news.note(Update(i, event, view, i))
        now[0] += HOLD + 0.1
        screen.news.flush()
        assert "krig" not in str(screen.query_one("#news").render()).lower()
        # A quick player: the next trick begins within the explanation's 4 s
        for i, event, view in updates:
            screen.news.note(Update(i, event, view, i))
        now[0] += HOLD + 0.1
        screen.news.flush()
        assert "Krig!" not in str(screen.query_one("#news").render())
