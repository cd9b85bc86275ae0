"""Statistics of every game (issue 25, item 19): each game's columns are its own,
declared through the seam (:attr:`Presentation.statistics`), counted from its finished
games and kept in a file that reads back; at 80x24 every heading shows whole, no figure
reads "-0.0", a legend says what each column counts, and a first run (no kept file yet,
or one of an earlier version) says nothing is wrong."""

from __future__ import annotations

import json
import math
import re

from table_support import until
from test_conformance import app, settings_file
from ui_support import screen_text

from ebbes_tui.controller import Library
from ebbes_tui.controller.stats import Statistics
from ebbes_tui.game.defaults import PresentationBase
from ebbes_tui.game.protocols import Game, Record
from ebbes_tui.game.simulate import random_game
from ebbes_tui.ui.stats_screen import StatsScreen, played_heading

#: A figure that rounds to nothing shown with a minus.
MINUS_NOTHING = re.compile(r"-0(\.0+)?(?![\d.])")


def finished(game: Game, seed: int, people: tuple[str, ...] = ("Ann",)) -> Record:
    """A finished random game of three, its first seats played by ``people``."""
    state = random_game(game, 3, seed)
    record = game.records.to_record(state, {"seed": seed})
    for entry, name in zip(record["players"], people):
        entry.update(name=name, kind="human")
        entry.pop("level", None)
    return record


def test_every_game_declares_its_columns_and_each_counts_a_finished_game(any_game):
    """Keys and headings are unique, an average divides by a figure the game has, every
    figure of every seat is a number, and the kept form reads back as it was written
    (Blindes Huhn's minus points made the file unreadable, so every visit said it was
    counted anew)."""
    game = any_game
    figures = game.presentation.statistics
    assert PresentationBase.statistics  # the seam's default: games, wins, final scores
    keys = [f.key for f in figures]
    headings = [f.heading for f in figures]
    assert len(set(keys)) == len(keys) and len(set(headings)) == len(headings), headings
    assert {f.per for f in figures if f.per} <= set(keys)
    assert any(f.by_kind for f in figures)
    records = {f"game-{seed}": finished(game, seed, ("Ann", "Bea")) for seed in range(3)}
    for record in records.values():
        state = game.records.replay(record)
        for figure in figures:
            for seat in range(len(record["players"])):
                value = figure.value(state, seat)
                assert isinstance(value, (int, float)) and math.isfinite(value), figure.key
    stats = Statistics.from_records(game, records)
    assert stats.games == set(records) and set(stats.players) == {"Ann", "Bea"}
    assert Statistics.from_json(json.loads(json.dumps(stats.to_json()))) == stats


async def open_stats(ebbes, pilot) -> str:
    await pilot.press("s")
    await until(lambda: isinstance(ebbes.screen, StatsScreen) and ebbes.screen.loaded
                and "Counting" not in screen_text(ebbes), what="Statistics")
    return screen_text(ebbes)


def keep_three(home, game: Game) -> Library:
    """Three finished games of ``game`` kept (one of two people), the menu about it."""
    settings_file(home, game, [("Ann", "human"), ("Bea", "random"), ("Cyd", "random")])
    library = Library(game)
    for seed, people in ((1, ("Ann",)), (2, ("Ann", "Bea")), (3, ("Ann",))):
        assert library.keep_finished(finished(game, seed, people), "t.") is not None
    return library


async def test_a_first_run_says_nothing_is_wrong_and_a_broken_file_is_told(any_game, home):
    """Nothing says the figures were counted anew after the games were kept, nor when
    there is no kept file yet (a first run) or an earlier version's; a broken file is
    still told."""
    kept = keep_three(home, any_game).store.root.parent / "stats.json"
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        for first_run in (lambda: None, kept.unlink,
                          lambda: kept.write_text('{"format": "ebbes-stats/2"}')):
            first_run()
            await open_stats(ebbes, pilot)
            await pilot.press("end")
            await until(lambda: "counts once for each" in screen_text(ebbes), what="the end")
            assert "Counted anew" not in screen_text(ebbes), screen_text(ebbes)
            assert not ebbes.screen.loaded.rebuilt
            await pilot.press("escape")
        kept.write_text("{not json")
        await open_stats(ebbes, pilot)
        await pilot.press("end")
        await until(lambda: "the kept ones could not be read." in screen_text(ebbes),
                    what="the broken file told")


async def test_the_screen_shows_the_games_own_columns_whole_with_a_legend(any_game, home):
    """Three finished games (one of two people): the header row has each of the game's
    headings once and whole, no figure reads "-0.0", and the legend explains every
    column."""
    game = any_game
    keep_three(home, game)
    headings = [f.heading for f in game.presentation.statistics]
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        text = await open_stats(ebbes, pilot)
        # in the game's own word for what it counts: Hund's "Matches" read "3 games"
        assert f"3 finished {played_heading(game).lower()} counted." in text
        header = next(line for line in text.splitlines() if line.lstrip().startswith("Player"))
        assert re.split(r"\s{2,}", header.strip()) == ["Player", *headings, "Hints"], header
        assert "…" not in text and all(len(line) <= 80 for line in text.splitlines())
        assert not MINUS_NOTHING.search(text), text
        await pilot.press("end")
        await until(lambda: "counts once for each" in screen_text(ebbes), what="the legend")
        legend = " ".join(screen_text(ebbes).split())
        for figure in game.presentation.statistics:
            assert f"{figure.heading}: {figure.meaning}" in legend, figure.key
        assert not MINUS_NOTHING.search(screen_text(ebbes))


async def test_the_count_of_games_agrees_with_all_people_and_the_key_line_says_it_scrolls(
        any_game, home):
    """Three finished games, one of two people: "3 finished games counted." stood
    right above "All people 4" unexplained, and nothing said the screen scrolled to
    the rest (the legend at the bottom among it)."""
    keep_three(home, any_game)
    ebbes = app()
    async with ebbes.run_test(size=(80, 24)) as pilot:
        text = await open_stats(ebbes, pilot)
        flat = " ".join(text.split())
        played = played_heading(any_game).lower()
        assert f"3 finished {played} counted. All people counts 4 {played}: each once for " \
               "every person who played it." in flat, text
        row = next(line for line in text.splitlines() if line.lstrip().startswith("All people"))
        assert row.split()[2] == "4", row  # its games (or matches): the count's 4
        await until(lambda: "↑↓ Scroll" in screen_text(ebbes).splitlines()[-1],
                    what="the key line saying it scrolls")
        await pilot.press("down")
        body = ebbes.screen.query_one("#stats-body")
        await until(lambda: body.scroll_y > 0, what="scrolled")
    ebbes = app()
    async with ebbes.run_test(size=(160, 80)) as pilot:  # all of it on the screen
        text = await open_stats(ebbes, pilot)
        await pilot.pause()
        assert "Scroll" not in screen_text(ebbes).splitlines()[-1], text
        # Hund counts matches: a bot level is beaten in a match (it said "in a game").
        one = "match" if played == "matches" else "game"
        assert f"A bot level is beaten in a {one} when" in " ".join(text.split()), text
