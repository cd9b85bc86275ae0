"""History and replays (issue 11, point 3): every position of a record's replay is the
position a plain replay of that record cut short reaches; the History lists finished
games newest first and refuses an unreadable one in a sentence; the replay screen steps
forward and back through a game at 80x24 and 120x40, in ASCII too; ``ebbes replay
FILE`` checks the file first and needs a terminal."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ebbes_tui.games.ebbes.ui.look import ebbes_look
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.bench.pty_session import PtySession
from ebbes_tui.table.arguments import ebbes_command
from ebbes_tui.controller import SaveStore
from ebbes_tui.controller.history import finished_games
from ebbes_tui.games.ebbes.rules.cards import SUIT_NAMES
from ebbes_tui.games.ebbes.rules.events import CardPlayed, PairChosen, StarterChosen
from ebbes_tui.games.ebbes.rules.record import parse_record, replay
from ebbes_tui.controller.playback import Replay
from ebbes_tui.games.ebbes.rules.state import Phase
from ebbes_tui.ui.history import EMPTY, HistoryScreen
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.games.ebbes.ui.look import SUIT_LETTERS
from ebbes_tui.games.ebbes.ui.replay_screen import NAME, ReplayScreen
from ebbes_tui.ui.replay import AllHands

from ui_support import make_app, screen_text, wait_until

RECORDS = Path(__file__).parent / "records"
#: The example records that ``ebbes check`` finds valid (their .expected.json says so).
VALID = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json")
               and json.loads(p.with_name(p.stem + ".expected.json").read_text())["valid"])
FINISHED = [p for p in VALID if "saved-mid-round" not in p.name]
SIZES = [(80, 24), (120, 40)]


def _record(path: Path) -> dict:
    return parse_record(path.read_text(encoding="utf-8"))


def _cut(record: dict, rnd: int, plays: int, pairs: int | None = None) -> dict:
    """The record up to round ``rnd`` (0-based) with only its first ``plays`` cards
    (and, in Variant 2, its first ``pairs`` pairs)."""
    cut = copy.deepcopy(record)
    cut["rounds"] = cut["rounds"][:rnd + 1]
    last = cut["rounds"][rnd]
    last["plays"] = last["plays"][:plays]
    if pairs is not None:
        last["determiners"] = dict(list(last["determiners"].items())[:pairs])
    return cut


def _hands(state) -> list:
    """Every seat's hand (the dummy's stacks for its seat), as the replay screen shows them."""
    return [(tuple(state.up), tuple(state.down)) if seat == state.dummy else state.view(seat).hand
            for seat in range(state.n)]


# ------------------------------------------------------------------ the positions


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_every_position_is_the_plain_replay_of_the_record_cut_there(path):
    record = _record(path)
    game = Replay(EBBES, record)
    assert game.steps[0].kind == "start" and game.steps[0].state.phase is Phase.DEAL
    rnd, plays, pairs = -1, 0, 0
    for step in game.steps[1:]:
        kind = step.kind
        if kind == "deal":
            rnd, plays, pairs = rnd + 1, 0, 0
            dealt = record["rounds"][rnd]["hands"]
            assert [sorted(c.code for c in h) for h in step.state.dealt] == [sorted(h) for h in dealt]
            continue
        assert kind == "move"
        first = step.events[0]
        if isinstance(first, StarterChosen):
            assert step.state.starter == record["rounds"][rnd]["starter"]
            continue
        if isinstance(first, PairChosen):
            pairs += 1
            event = step.events[0]
            assert isinstance(event, PairChosen)
            assert list(record["rounds"][rnd]["determiners"].items())[pairs - 1] == (
                SUIT_NAMES[event.suit], event.number)
            reference = replay(_cut(record, rnd, 0, pairs))
        else:
            assert isinstance(first, CardPlayed)
            plays += 1
            assert first.card.code == record["rounds"][rnd]["plays"][plays - 1]
            reference = replay(_cut(record, rnd, plays))
        state = step.state
        assert state.view(None) == reference.view(None), (rnd, plays)
        assert _hands(state) == _hands(reference), (rnd, plays)
    final = replay(record)
    assert game.steps[-1].state.totals == final.totals
    assert game.steps[-1].state.phase is final.phase


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_round_ends_hold_the_rounds_of_a_plain_replay_and_the_final_totals(path):
    record = _record(path)
    game = Replay(EBBES, record)
    final = replay(record)
    assert len(game.round_ends) == len(final.results)
    for k, end in enumerate(game.round_ends):
        state = game.steps[end].state
        assert state.results == final.results[:k + 1]
        assert state.totals == list(map(sum, zip(*(r.score.points for r in final.results[:k + 1]))))
    if final.phase is Phase.GAME_OVER:
        assert game.round_ends[-1] == game.last
        assert game.steps[-1].state.winners() == final.winners()


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_trick_and_round_jumps_land_on_their_ends_in_order(path):
    game = Replay(EBBES, _record(path))
    for marks, forward, back in ((game.trick_ends, game.next_trick, game.previous_trick),
                                 (game.round_ends, game.next_round, game.previous_round)):
        there, visited = 0, []
        while there != game.last:
            there = forward(there)
            visited.append(there)
        assert [p for p in visited if p in marks] == list(marks)
        assert all(p in marks for p in visited[:-1])
        there, visited = game.last, []
        while there:
            there = back(there)
            visited.append(there)
        assert visited == [*reversed([p for p in marks if p < game.last]), 0]
    for end in game.trick_ends:
        state = game.steps[end].state
        assert not state.trick and state.tricks, "a trick end shows the finished trick"
    for k, end in enumerate(game.round_ends):
        assert len(game.steps[end].state.results) == k + 1
        assert game.round_of(end) == k
    assert game.step(0, -1) == 0 and game.step(game.last, 1) == game.last


def test_rules_replay_stays_the_function_once_the_replay_screen_is_loaded():
    import ebbes_tui.games.ebbes.rules
    import ebbes_tui.games.ebbes.ui.replay_screen  # noqa: F401

    assert ebbes_tui.games.ebbes.rules.replay is replay


# ------------------------------------------------------------------ the History


def _finish(store_root: Path, *paths: Path, broken: str | None = None) -> list[Path]:
    """Finished games as the app leaves them (``finished/`` of the saves dir), the first
    oldest; ``broken`` adds a record that cannot be replayed, newest of all."""
    folder = store_root / "finished"
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i, path in enumerate(paths):
        target = folder / f"game-2024010{i}-120000.json"
        shutil.copy(path, target)
        os.utime(target, (1_700_000_000 + 3600 * i,) * 2)
        made.append(target)
    if broken is not None:
        target = folder / "game-broken.json"
        target.write_text(broken)
        os.utime(target, (1_700_000_000 + 3600 * len(paths),) * 2)
        made.append(target)
    return made


def test_finished_games_are_listed_newest_first_with_players_variants_and_result(tmp_path):
    three, two, five = (RECORDS / f"{n}.json" for n in (
        "three-players-basic", "two-players-dummy", "five-players-more-cards-choose-determiners"))
    _finish(tmp_path, three, two, five, broken="{not json")
    games = finished_games(SaveStore(tmp_path))
    assert [g.path.name for g in games] == [
        "game-broken.json", "game-20240102-120000.json", "game-20240101-120000.json",
        "game-20240100-120000.json"]
    broken, five_game, two_game, three_game = games
    assert broken.record is None and broken.problem.startswith("not valid JSON")
    assert three_game.players == "Alex, Haui, Jesko"
    assert three_game.variants == "basic, 5 rounds"
    assert three_game.result == "Alex wins: Alex +8, Haui +0, Jesko +1"
    assert two_game.players == "Alex, Haui and the dummy"
    assert two_game.result == "Alex wins: Alex +5, Haui +4", "the dummy never wins (R17)"
    assert five_game.variants == "more cards + choose determiners, 5 rounds"


def test_bots_are_listed_with_their_level(tmp_path):
    record = _record(RECORDS / "three-players-basic.json")
    record["players"][1].update(kind="bot", level="hard")
    record["players"][2].update(kind="bot")
    folder = tmp_path / "finished"
    folder.mkdir()
    (folder / "game-1.json").write_text(json.dumps(record))
    (game,) = finished_games(SaveStore(tmp_path))
    assert game.players == "Alex, Haui (hard bot), Jesko (bot)"


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_history_lists_opens_and_goes_back(tmp_path, size, ascii):
    three, two = RECORDS / "three-players-basic.json", RECORDS / "two-players-dummy.json"
    _finish(tmp_path / "saves", three, two)
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History")
        text = screen_text(app)
        _fits(text, size, ascii)
        assert "History" in text and "Replay" in text and "Back" in text
        newest, older = text.index("Alex, Haui and the dummy"), text.index("Alex, Haui, Jesko")
        assert newest < older, "newest first"
        assert "Alex wins: Alex +8, Haui +0, Jesko +1" in text and "basic, 5 rounds" in text
        await pilot.press("enter")  # the highlighted one: the newest, the two-player game
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay_screen = app.screen
        assert replay_screen.replay.steps[0].state.config.dummy == 0
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "back to the list")
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen)
                         and app.screen is not replay_screen, "the older game")
        assert app.screen.replay.steps[0].state.config.dummy is None
        await pilot.press("escape", "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")


async def test_history_without_finished_games_says_so(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History")
        assert EMPTY in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, HistoryScreen)


@pytest.mark.parametrize("broken", ["{not json", '{"format": "ebbes-record/1", "players": []}'],
                         ids=["not-json", "not-a-game"])
async def test_an_unreadable_record_is_listed_and_refused_in_one_sentence(tmp_path, broken):
    _finish(tmp_path / "saves", RECORDS / "three-players-basic.json", broken=broken)
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History")
        text = screen_text(app)
        assert "game-broken.json cannot be replayed" in text and "Alex, Haui, Jesko" in text
        await pilot.press("enter")  # the broken one is the newest, so highlighted
        assert isinstance(app.screen, HistoryScreen)
        message = str(app.screen.query_one("#history-message").render())
        assert message.startswith("This game cannot be replayed") and message.endswith(".")
        assert message.count(". ") == 0, "one sentence"
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the good one")


async def test_a_game_archived_by_its_save_slot_is_in_the_history(tmp_path):
    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    slot.write(_record(RECORDS / "three-players-basic.json"))
    slot.archive()
    slot.close()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: "Alex, Haui, Jesko" in screen_text(app), "the game listed")


# ------------------------------------------------------------------ the replay screen


def _fits(text: str, size: tuple[int, int], ascii: bool) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    if ascii:
        assert not {c for c in text if ord(c) > 127}


def _short(card) -> str:
    return f"{SUIT_LETTERS[card.suit]}{card.value}" if card is not None else "--"


def _hand_rows(state) -> list[list[str]]:
    """Each line of the hands as the screen must show them, cards without glyphs."""
    rows = []
    for seat in range(state.n):
        if seat != state.dummy:
            hand = state.view(seat).hand
            rows.append([_short(c) for c in hand] or ["no", "cards"])
        elif state.up:
            rows += [["up", *map(_short, state.up)], ["down", *map(_short, state.down)]]
        else:
            rows.append(["no", "cards"])
    return rows


def _shown(screen: ReplayScreen, position: int) -> tuple[str, ...]:
    """What the screen's widgets show, checked against the position's state: the step
    counter, every hand (the dummy's stacks too) and the trick on the table."""
    assert screen.position == position
    game = screen.replay
    state = game.steps[position].state
    texts = tuple(str(screen.query_one(f"#replay-{part}").render())
                  for part in ("status", "board", "seats", "trick", "news"))
    status, trick = texts[0], texts[3]
    assert f"step {position} of {game.last}" in status
    lines = screen.query_one(AllHands).render().plain.splitlines()
    assert [[t.lstrip("●■▲♣♥") for t in line[NAME + 2:].split()] for line in lines] == \
        _hand_rows(state)
    for card in state.trick:
        assert ebbes_look(screen.app.look).card(card).plain in trick
    return (*texts, "\n".join(lines))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
async def test_replay_forward_and_back_reproduces_every_position(tmp_path, size, path):
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = ReplayScreen.of_file(path)
        await app.push_screen(screen)
        await pilot.pause()
        seen = [_shown(screen, 0)]
        for position in range(1, screen.replay.last + 1):
            screen.action_step(1)
            seen.append(_shown(screen, position))
        screen.action_step(1)
        assert screen.position == screen.replay.last, "the end stays the end"
        for position in range(screen.replay.last - 1, -1, -1):
            screen.action_step(-1)
            assert _shown(screen, position) == seen[position]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_replay_keys_step_forward_and_back_through_tricks(tmp_path, size):
    """By keys, the whole screen: forward into the second trick, then back to the start."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = ReplayScreen.of_file(RECORDS / "two-players-dummy.json")
        await app.push_screen(screen)
        await pilot.pause()
        seen = [screen_text(app)]
        for position in range(1, screen.replay.trick_ends[1] + 2):
            await pilot.press("right" if position % 2 else "l")
            _shown(screen, position)
            seen.append(screen_text(app))
            _fits(seen[-1], size, ascii=False)
        for position in range(len(seen) - 2, -1, -1):
            await pilot.press("left" if position % 2 else "h")
            _shown(screen, position)
            assert screen_text(app) == seen[position]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", [p.stem for p in VALID])
async def test_replay_jumps_by_trick_and_round_and_fits_in_ascii(tmp_path, size, name):
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=size) as pilot:
        screen = ReplayScreen.of_file(RECORDS / f"{name}.json")
        await app.push_screen(screen)
        await pilot.pause()
        game = screen.replay
        text = screen_text(app)
        _fits(text, size, ascii=True)
        for fact in ("Determiners", "Players", "Hands", "Trick", "step 0 of", "Card", "Round", "Back"):
            assert fact in text, fact
        await pilot.press("down", "j")
        assert screen.position == game.trick_ends[1]
        assert "takes it" in screen_text(app)
        await pilot.press("up")
        assert screen.position == game.trick_ends[0]
        await pilot.press("pagedown")
        assert screen.position == (game.round_ends[0] if game.round_ends else game.last)
        _shown(screen, screen.position)
        _fits(screen_text(app), size, ascii=True)
        await pilot.press("end")
        shown = _shown(screen, game.last)
        _fits(screen_text(app), size, ascii=True)
        if game.steps[-1].state.phase is Phase.GAME_OVER:
            assert "Game over" in shown[4]
        await pilot.press("p")
        assert screen.position == max((e for e in game.round_ends if e < game.last), default=0)
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("b")
        await wait_until(pilot, lambda: "Board - the rounds and the scoring track" in screen_text(app),
                         "the board")
        _fits(screen_text(app), size, ascii=True)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "back to the replay")


async def test_the_wide_replay_shows_the_round_so_far(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReplayScreen.of_file(RECORDS / "three-players-basic.json")
        await app.push_screen(screen)
        await pilot.press("down", "down", "right")
        text = screen_text(app)
        assert "This round" in text and "Trick 2:" in text and "Scoring track" in text
        first = next(e for e in screen.replay.steps[screen.position].events if isinstance(e, CardPlayed))
        assert f"plays {ebbes_look(app.look).card(first.card).plain}." in text


async def test_the_replay_follows_the_window_size(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReplayScreen.of_file(RECORDS / "five-players-more-cards-choose-determiners.json")
        await app.push_screen(screen)
        await pilot.press("pagedown", "right", "right")
        for size in ((80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            wide = size[0] > 100
            await wait_until(pilot, lambda size=size, wide=wide: screen.size == size and (
                "every other suit" in screen_text(app)) == wide, "the board drawn for the width")
            _fits(screen_text(app), size, ascii=False)
            _shown(screen, screen.position)
            seats = screen.query_one("#replay-seats")
            assert seats.size.height == 2 + 5, "two header lines and one per player, none wrapped"


# ------------------------------------------------------------------ ebbes replay FILE


def _ebbes(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ebbes_tui", *args], capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL)


def test_ebbes_replay_of_a_bad_file_says_why_in_one_line(tmp_path):
    record = _record(RECORDS / "three-players-basic.json")
    record["rounds"][0]["plays"][2] = "blue3"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    for path, why in ((bad, "round 1, play 3: seat 2 must follow green, played blue3"),
                      (tmp_path / "missing.json", "cannot read")):
        done = _ebbes("replay", str(path))
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and why in done.stderr and str(path) in done.stderr


def test_ebbes_replay_needs_a_terminal():
    done = _ebbes("replay", str(RECORDS / "three-players-basic.json"))
    assert done.returncode == 2
    assert done.stderr == "ebbes: the game needs a terminal (try 'ebbes --help')\n"


def test_ebbes_replay_at_a_terminal_opens_the_game_and_esc_goes_to_the_menu(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    session = PtySession(ebbes_command("replay", str(RECORDS / "two-players-dummy.json")), env)
    try:
        assert session.wait_for("step 0 of 159"), session.text_since_mark()
        session.mark()
        session.send("right")
        assert session.wait_for("step 1 of 159")
        session.mark()
        session.send("escape")
        assert session.wait_for("New game")
        session.send("q")
        assert session.wait(20) == 0
    finally:
        session.kill()
