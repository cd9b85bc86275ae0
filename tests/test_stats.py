"""Statistics (issue 11): every figure is what the finished records say; the kept file,
updated as games finish, equals the statistics rebuilt from the records; a lost,
corrupt or mismatched file is rebuilt, an unreadable record skipped with a note; the
file is private; the screen reads well at 80x24 and 120x40, in ASCII too."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import stat

import pytest
from helpers import play_random

from ebbes_tui.bots.search import SearchBot
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.game.records import dumps
from ebbes_tui.controller import Library, SaveStore, players_setup
from ebbes_tui.controller.stats import KeptStatistics, Statistics
from ebbes_tui.game.registry import game_ids, load_game
from ebbes_tui.games.ebbes.rules import Phase, parse_record, replay, to_record
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.stats_screen import EMPTY, StatsScreen

from ui_support import make_app, screen_text, wait_until

WAIT = 60  # seconds a whole bot game may take before the test fails

#: (seats as (name, kind, level), options, hints by seat) of the games the tests play.
GAMES = [
    ([("Ann", "human", None), ("Bea", "bot", "normal"), ("Cyd", "bot", "random")],
     {}, {"0": 2}),
    ([("Ann", "human", None), ("Bea", "bot", "normal"), ("Cyd", "bot", "normal"),
      ("Dan", "bot", "random")], {"more_cards": True}, {}),
    ([("Ann", "human", None), ("Jürgen", "human", None)], {"choose_determiners": True}, {}),
    ([("Jürgen", "human", None), ("Ann", "human", None), ("Bea", "bot", "hard"),
      ("Cyd", "bot", "random"), ("Dan", "bot", "normal")],
     {"more_cards": True, "choose_determiners": True, "rounds": 6}, {"0": 1, "1": 4}),
    ([("Ann", "human", None), ("Bea", "bot", "random"), ("Cyd", "bot", "random")], {}, {}),
    ([("Bot A", "bot", "random"), ("Bot B", "bot", "normal"), ("Bot C", "bot", "random")],
     {}, {}),
]


def finished_record(players, options, hints, seed):
    """A whole game played out by the rules loop, as a record with its extras."""
    state = players_setup(EBBES, players, options).new_state()
    play_random(state, random.Random(seed), first_starter=None)
    assert state.phase is Phase.GAME_OVER
    extras = {"seed": seed}
    if hints:
        extras["hints"] = hints
    return to_record(state, extras)


def records() -> dict:
    return {f"game-{i}": finished_record(*game, seed=i) for i, game in enumerate(GAMES)}


def expected(records: dict, name: str | None) -> dict:
    """The figures of ``name`` (None: every human seat), read straight off the records."""
    out = {"games": 0, "won": 0, "points": 0, "best": None, "ebbes": 0, "nix": 0,
           "hints": 0, "kinds": {}, "bots": {}}
    for record in records.values():
        state = replay(record)
        config = state.config
        for seat, info in enumerate(config.seats):
            if info.kind != "human" or name not in (None, info.name):
                continue
            total = state.totals[seat]
            out["games"] += 1
            out["won"] += seat in state.winners()
            out["points"] += total
            out["best"] = total if out["best"] is None else max(out["best"], total)
            kind = (config.players, EBBES.presentation.variant_key(EBBES.records.setup_of(record)[1])[1])
            out["kinds"][kind] = out["kinds"].get(kind, 0) + 1
            for result in state.results:
                out["ebbes"] += result.score.seats[seat].ebbes_points == 3
                out["nix"] += result.score.nix_holder == seat
            out["hints"] += record.get("hints", {}).get(str(seat), 0)
            levels = {s.level for s in config.seats if s.kind == "bot"}
            for level in levels:
                bots = [t for s, t in zip(config.seats, state.totals) if s.level == level]
                games, beaten = out["bots"].get(level, (0, 0))
                out["bots"][level] = (games + 1, beaten + all(total > t for t in bots))
    return out


def figures(player) -> dict:
    total = player.total
    return {"games": total.games, "won": total.sums["won"], "points": total.sums["average"],
            "best": total.bests["best"], "ebbes": total.sums["ebbes_payouts"],
            "nix": total.sums["nix_held"],
            "hints": player.hints,
            "kinds": {kind: tally.games for kind, tally in player.kinds.items()},
            "bots": {level: (b.games, b.beaten) for level, b in player.bots.items()}}


def test_each_figure_is_what_the_records_say():
    recs = records()
    stats = Statistics.from_records(EBBES, recs)
    assert stats.games == set(recs) and not stats.skipped
    assert set(stats.players) == {"Ann", "Jürgen"}  # bots are opponents, the dummy nobody
    for name in ("Ann", "Jürgen"):
        assert figures(stats.players[name]) == expected(recs, name), name
    assert figures(stats.overall()) == expected(recs, None)
    ann = stats.players["Ann"]
    assert ann.total.games == 5 and ann.hints == 2 + 4
    assert set(ann.kinds) == {(3, "basic game"), (4, "more cards (V1)"),
                              (2, "choose determiners (V2)"), (5, "V1 + V2")}
    assert ann.kinds[(3, "basic game")].games == 2
    assert ann.bots["random"].games == 4 and ann.bots["hard"].games == 1
    assert stats.players["Jürgen"].hints == 1
    assert stats.overall().total.games == 7  # the two hot-seat games count for each player
    # The same from the kept form, and a game is counted once.
    again = Statistics.from_json(json.loads(json.dumps(stats.to_json())))
    assert again == stats
    again.add(EBBES, "game-0", recs["game-0"])
    assert again == stats


def test_averages_and_win_rates_come_from_the_sums():
    recs = records()
    ann = Statistics.from_records(EBBES, recs).players["Ann"]
    mine = expected(recs, "Ann")
    shown = {f.key: ann.total.shown(f) for f in EBBES.presentation.statistics}
    assert shown["average"] == pytest.approx(mine["points"] / 5)
    assert shown["win_rate"] == pytest.approx(mine["won"] / 5)
    assert shown["best"] == mine["best"] and shown["played"] == 5


def test_a_record_that_is_not_a_finished_game_is_skipped_with_the_reason():
    recs = records()
    unfinished = json.loads(json.dumps(recs["game-0"]))
    unfinished["rounds"] = unfinished["rounds"][:2]
    broken = json.loads(json.dumps(recs["game-1"]))
    broken["rounds"][0]["plays"][0] = "blue99"
    stats = Statistics.from_records(EBBES, {"game-0": recs["game-0"], "short": unfinished, "bad": broken})
    assert stats.games == {"game-0"}
    assert stats.skipped["short"] == "the game is not finished"
    assert "blue99" in stats.skipped["bad"]
    assert stats.players["Ann"].total.games == 1


# ------------------------------------------------------------- the kept file




async def play_through_library(saves, games=GAMES[:4], seed=0) -> Library:
    """Finish ``games`` as the app does: a new game in a save slot, run to the end (a
    random bot stands in for each person, R21), then closed as finished."""
    library = Library(EBBES, SaveStore(saves))  # games within one second each keep their own record
    for i, (players, options, hints) in enumerate(games):
        game = library.start(players_setup(EBBES, players, options, seed=seed + i))
        match = game.match
        match.bot_pause = 0  # the hard bot's pause is for players watching, not for this
        for bot in match.bots.values():  # nor its strength: 40 samples, not 600, a move
            if isinstance(bot, SearchBot):
                bot.samples = 40
        for seat in match.humans:
            match.stand_in(seat, "random")
        match.hints.update({int(seat): n for seat, n in hints.items()})
        await asyncio.wait_for(match.run(), WAIT)
        game.close(finished=True)
    return library


def finished_records(saves) -> dict:
    return {p.name.removesuffix(".json"): parse_record(p.read_text("utf-8"))
            for p in (saves / "finished").glob("*.json")}


def kept(saves) -> Statistics:
    return Statistics.from_json(json.loads((saves.parent / "stats.json").read_text("utf-8")))


async def test_statistics_kept_while_playing_equal_those_rebuilt_from_the_records(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    rebuilds = []
    rebuild = KeptStatistics.rebuild
    monkeypatch.setattr(KeptStatistics, "rebuild", lambda self: rebuilds.append(1) or rebuild(self))
    for n in range(1, 4):
        await play_through_library(saves, GAMES[n - 1:n], seed=n)
        records = finished_records(saves)
        assert len(records) == n
        assert kept(saves) == Statistics.from_records(EBBES, records)
    assert len(rebuilds) == 1  # the first game found no file; later ones only add theirs
    loaded = KeptStatistics(EBBES, saves).load()
    assert loaded.rebuilt == "" and len(rebuilds) == 1
    assert loaded.stats.players["Ann"].hints == 2
    assert loaded.stats.players["Jürgen"].total.games == 1


def _delete(path, saves):
    path.unlink()


def _garble(path, saves):
    path.write_text('{"format": "ebbes-stats/1", "games": [')


def _wrong_shape(path, saves):
    data = json.loads(path.read_text())
    data["players"]["Ann"]["kinds"][0]["sums"]["won"] = "many"
    path.write_text(json.dumps(data))


def _forget_a_game(path, saves):
    data = json.loads(path.read_text())
    data["games"].popitem()
    path.write_text(json.dumps(data))


def _remove_a_record(path, saves):
    next((saves / "finished").glob("*.json")).unlink()


def _copy_in_a_record(path, saves):
    record = next((saves / "finished").glob("*.json"))
    shutil.copy(record, record.with_name("game-copied.json"))


@pytest.mark.parametrize("damage", [_delete, _garble, _wrong_shape, _forget_a_game,
                                    _remove_a_record, _copy_in_a_record])
async def test_a_lost_corrupt_or_mismatched_file_is_rebuilt_from_the_records(tmp_path, damage):
    saves = tmp_path / "saves"
    await play_through_library(saves, GAMES[:2])
    path = tmp_path / "stats.json"
    damage(path, saves)
    loaded = KeptStatistics(EBBES, saves).load()
    assert bool(loaded.rebuilt) is (damage is not _delete)  # none kept is nothing wrong
    assert loaded.stats == Statistics.from_records(EBBES, finished_records(saves))
    assert kept(saves) == loaded.stats  # written back
    assert KeptStatistics(EBBES, saves).load().rebuilt == ""  # and right from then on


async def test_a_finishing_game_mends_a_mismatched_file(tmp_path):
    saves = tmp_path / "saves"
    await play_through_library(saves, GAMES[:1])
    _forget_a_game(tmp_path / "stats.json", saves)
    await play_through_library(saves, GAMES[1:2], seed=5)
    assert kept(saves) == Statistics.from_records(EBBES, finished_records(saves))
    assert len(kept(saves).games) == 2


async def test_the_kept_file_is_private(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    await play_through_library(data / "saves", GAMES[:1])
    path = data / "stats.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert not [p.name for p in data.iterdir() if p.name.startswith(".")]  # no temp file left


async def test_an_unreadable_finished_record_is_skipped_with_a_note(tmp_path):
    saves = tmp_path / "saves"
    await play_through_library(saves, GAMES[:1])
    finished = saves / "finished"
    (finished / "game-garbled.json").write_text("{not json")
    (finished / "game-bytes.json").write_bytes(b"\xff\xfe\x00")
    short = parse_record(next(finished.glob("game-2*.json")).read_text())
    short["rounds"] = short["rounds"][:1]
    (finished / "game-short.json").write_text(dumps(short))
    loaded = KeptStatistics(EBBES, saves).load()
    stats = loaded.stats
    assert set(stats.skipped) == {"game-garbled", "game-bytes", "game-short"}
    assert "not valid JSON" in stats.skipped["game-garbled"]
    assert "UTF-8" in stats.skipped["game-bytes"]
    assert stats.skipped["game-short"] == "the game is not finished"
    assert len(stats.games) == 1 and stats.players["Ann"].total.games == 1
    assert KeptStatistics(EBBES, saves).load().rebuilt == ""  # skipped ones are accounted for
    (finished / "game-folder.json").mkdir()  # cannot be read, even by root
    stats = KeptStatistics(EBBES, saves).load().stats
    assert "cannot read" in stats.skipped["game-folder"]
    # Playing on still counts new games beside the skipped ones.
    await play_through_library(saves, GAMES[1:2], seed=7)
    assert len(kept(saves).games) == 2


# ------------------------------------------------------------------ the screen


async def open_stats(app, pilot) -> StatsScreen:
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.loaded
                     and "Counting the finished games" not in screen_text(app), "the statistics")
    return app.screen


#: Several games, one with a name that looks like markup.
SCREEN_GAMES = [*GAMES[:4], ([("[/b]Zed", "human", None), ("Bea", "bot", "random"),
                             ("Cyd", "bot", "random")], {}, {})]


def _fits(text: str, size: tuple[int, int], ascii: bool) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    if ascii:
        assert not sorted({c for c in text if ord(c) > 127})


@pytest.fixture(scope="module")
def several_games(tmp_path_factory):
    """The SCREEN_GAMES finished once for every look at their statistics."""
    home = tmp_path_factory.mktemp("several-games")
    asyncio.run(play_through_library(home / "saves", SCREEN_GAMES))
    return home


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_the_screen_after_several_games(tmp_path, monkeypatch, several_games, size,
                                              ascii):
    monkeypatch.setenv("NO_COLOR", "1")
    shutil.copytree(several_games, tmp_path, dirs_exist_ok=True)
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(app, pilot)
        stats = screen.loaded.stats
        text = screen_text(app)
        _fits(text, size, ascii)
        ann = stats.players["Ann"].total
        jurgen = "Juergen" if ascii else "Jürgen"
        for fact in ("Statistics", "5 finished games counted.", "Win rate", "ebbes +3",
                     "Nix held", "Hints", "All people", jurgen, "[/b]Zed", "Back"):
            assert fact in text, fact
        ann_row = next(line for line in text.splitlines() if line.lstrip().startswith("Ann "))
        assert ann_row.split()[1:3] == [str(ann.games), str(ann.sums["won"])]
        if size == (120, 40):  # room enough for each player's two tables side by side
            assert any("Variant" in line and "Bot level" in line for line in text.splitlines())
        await pilot.press("end")
        await wait_until(pilot, lambda: "counts once for each" in screen_text(app),
                         "the end of the statistics")
        text = screen_text(app)
        _fits(text, size, ascii)
        for fact in ("choose determiners (V2)", "V1 + V2", "hard"):
            assert fact in text, fact
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await open_stats(app, pilot)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")


async def test_the_screen_before_any_game_and_with_a_skipped_record(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(app, pilot)
        assert EMPTY.format("games") in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        finished = tmp_path / "saves" / "finished"
        finished.mkdir(parents=True)
        (finished / "game-garbled.json").write_text("{not json")
        await open_stats(app, pilot)
        text = screen_text(app)
        assert EMPTY.format("games") in text and "Not counted: game-garbled (not valid JSON" in text


async def test_one_person_has_no_all_row_that_only_repeats_them(tmp_path):
    """Issue 16: "All players" counted only "You" (statistics are about people): with
    one person there is no such row; with several it adds them up as "All people"."""
    await play_through_library(tmp_path / "saves", [GAMES[0]])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(app, pilot)
        text = screen_text(app)
        assert "Ann" in text and "All players" not in text and "All people" not in text


async def bots_game(game, seed: int, human: str = "Ann") -> dict:
    """A whole game of ``game``: ``human``'s seat played by a bot too, noted as a person's."""
    from ebbes_tui.controller import Match

    setup = players_setup(game, [(human, "human", None), ("Bea", "bot", "random"),
                                 ("Cyd", "bot", "random")], {}, seed=seed)
    match = Match(setup, bot_pause=0)
    match.stand_in(0, "random")
    await asyncio.wait_for(match.run(), WAIT)
    record = match.record()
    del record["seat_changes"]  # Ann played it herself, as far as her statistics go
    return record


@pytest.mark.parametrize("gid", game_ids())
async def test_a_game_kept_twice_is_counted_and_listed_once(tmp_path, gid):
    """The same game kept again, with other extra keys (another table's name, hints,
    no seed) and written another way, is one game in Statistics and History; rebuilt
    from the records, too."""
    from ebbes_tui.controller.history import finished_games

    game = load_game(gid)
    saves = tmp_path / "saves"
    first, other = await bots_game(game, seed=1), await bots_game(game, seed=2)
    again = {key: value for key, value in first.items() if key != "seed"}
    again.update(table={"host": "carol", "name": "fri"}, hints={"0": 2})
    library = Library(game, SaveStore(saves))
    assert library.keep_finished(first, "a.") is not None
    assert library.keep_finished(again, "b.") is None  # the library keeps it once
    for name, record in (("c", again), ("d", first), ("e", other)):  # copied in by hand
        (saves / "finished" / f"{name}.json").write_text(json.dumps(record, indent=3))
    kept = KeptStatistics(game, saves)
    for stats in (kept.load().stats, kept.rebuild()):
        assert len(stats.games) == 2 and len(stats.copies) == 2, stats
        assert stats.players["Ann"].total.games == 2
    assert len(finished_games(SaveStore(saves))) == 2


def test_a_figure_is_shown_as_its_column_counts_it_and_nothing_reads_minus_zero():
    """Issue 25, item 19: Hund's best "score" read -0.0. What rounds to nothing shows
    as 0, a score keeps its sign, an average one decimal, a rate a percentage."""
    from ebbes_tui.game.defaults import AVERAGE, BEST, PLAYED, WIN_RATE
    from ebbes_tui.ui.stats_screen import figure_text

    assert [figure_text(BEST, v) for v in (-0.0, 0, 3, -2.0, None)] == ["0", "0", "+3", "-2", "-"]
    assert [figure_text(AVERAGE, v) for v in (-0.04, -2.5, 5.25)] == ["0.0", "-2.5", "+5.2"]
    assert figure_text(WIN_RATE, 1 / 3) == "33%" and figure_text(PLAYED, 4) == "4"
