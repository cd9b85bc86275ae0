"""The scoring board as a board (issue 11, points 1 and 5; issue 16, point 8; issue 27,
item 5): the track left to right in strips with every place named in dialect over its
space, discs at both ends and sharing spaces (each apart, under a numbered space),
negative totals, labels that never wrap, the exact totals first, the walk after a
round, and the game-end screen."""

from __future__ import annotations

import pytest
from helpers import config

from ebbes_tui.games.ebbes.rules.events import GameOver
from ebbes_tui.games.ebbes.rules.track import DEFAULT_TRACK
from ebbes_tui.games.ebbes.ui.final import FinalScreen
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.games.ebbes.ui.track import (
    CELL, TrackBoard, board_strips, name_lines, place_label,
)

from ui_support import make_app, screen_text, wait_until

FIVE = config(5)  # Alex, Haui, Jesko, Bernhard, Paul
ENDS_AND_SHARED = (12, -3, 34, 12, -17)  # two share Lautre; one past each end


@pytest.mark.parametrize("width, most", [(78, 2), (72, 3), (37, 5), (116, 2)])
def test_the_strips_hold_every_space_once_from_dabbscheedel_to_the_rhoi(width, most):
    """Two strips at 80 columns; as few as the width allows with every name whole."""
    rows = board_strips(DEFAULT_TRACK, width)
    assert [s for row in rows for s in row] == list(range(DEFAULT_TRACK.low, DEFAULT_TRACK.high + 1))
    assert len(rows) <= most and all(len(row) * CELL <= width for row in rows)
    names = {m.space: m.name for m in DEFAULT_TRACK.landmarks}
    assert all(name_lines(row, names, width) for row in rows)


def under(lines: list[str], space: int) -> str:
    """The discs under ``space`` on a board drawn as ``lines``: the digits standing
    from the column of its number's first character, on the lines below its own."""
    for y, line in enumerate(lines):
        for x in range(0, len(line), CELL):
            if line[x:x + CELL] == f"{space:>{CELL}}":
                at = x + CELL - len(str(space))
                found = []
                for below in lines[y + 1:y + 4]:
                    if not below[at:at + 1].isdigit() or (at and below[at - 1] != " "):
                        break
                    found.append(below[at:].split("  ")[0].strip())
                if found:
                    return found[0]
    return ""


def test_a_disc_label_names_its_place():
    look = Look()
    assert place_label(DEFAULT_TRACK, 12, look) == "Lautre, +12"
    assert place_label(DEFAULT_TRACK, 14, look) == "past Lautre, +14"  # read as +14 = Lautre
    assert place_label(DEFAULT_TRACK, -3, look) == "toward Dabbscheedel, -3"
    assert place_label(DEFAULT_TRACK, -17, look) == "Dabbscheedel, -17"  # beyond the end, exact
    assert place_label(DEFAULT_TRACK, 34, look) == "Rhoi, +34"
    assert place_label(DEFAULT_TRACK, 0, look) == "Start, +0"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_the_board_shows_discs_at_both_ends_together_and_below_start(tmp_path, size, ascii):
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        board = TrackBoard(app.look, FIVE, (0,) * 5, ENDS_AND_SHARED)
        await app.screen.mount(board)
        await pilot.pause()
        lines = str(board.render()).splitlines()
        text = "\n".join(lines)
        assert all(len(line) <= size[0] for line in lines)
        for mark in DEFAULT_TRACK.landmarks:  # every named place on the board, in dialect
            assert app.look.text(mark.name) in text
        picture = lines[2:]  # after the exact totals
        assert under(picture, 12) == "1 4"  # discs 1 and 4 apart on 12 (it read "14")
        assert under(picture, 30) == "3"  # past the goal, the disc waits on it
        assert under(picture, -15) == "5"
        assert under(picture, -3) == "2"  # -3 lies in the stretch below Start, numbered
        for total in ENDS_AND_SHARED:  # each label whole on one line
            label = place_label(DEFAULT_TRACK, total, app.look)
            assert any(label in line for line in lines), label
        assert "down the left" not in text  # a board needs no reading note
        if ascii:
            assert not {c for c in text if ord(c) > 127}


async def test_after_a_round_the_discs_walk_and_a_key_ends_the_walk(tmp_path):
    from test_ui_explains import scored_round

    from ebbes_tui.games.ebbes.rules import player_view

    state, event = scored_round(seed=5)
    app = make_app(tmp_path, animation=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundSummaryScreen(event, player_view(state, 0)))
        board = app.screen.query_one(TrackBoard)
        # Every disc starts on Start and walks toward its total (a loaded machine may have
        # taken a step already: no deadline here).
        assert board.walking and board.before == (0,) * 3
        assert all(min(0, t) <= s <= max(0, t) for s, t in zip(board.shown, event.totals))
        await pilot.press("x")  # any key ends the walk, without closing the summary
        assert not board.walking and board.shown == list(event.totals)
        assert isinstance(app.screen, RoundSummaryScreen)
        app2 = make_app(tmp_path / "2", animation=True)
    async with app2.run_test(size=(80, 24)) as pilot:
        await app2.push_screen(RoundSummaryScreen(event, player_view(state, 0)))
        board = app2.screen.query_one(TrackBoard)
        await wait_until(pilot, lambda: not board.walking, "the walk's end", seconds=10)
        assert board.shown == list(event.totals)


async def test_a_disc_that_walks_onto_the_next_strip_is_drawn_there(tmp_path):
    """Played through: Ann's disc walked from +4 to +12, onto the board's second strip,
    and was not drawn at all: the board kept the height it had with every disc on the
    first strip, so the line under the second strip was cut off."""
    app = make_app(tmp_path, animation=True)
    async with app.run_test(size=(80, 24)) as pilot:
        board = TrackBoard(app.look, config(3), (4, 1, -2), (12, 1, -2), animate=True)
        await app.screen.mount(board)
        await pilot.pause()
        board.skip()
        await pilot.pause()
        lines = str(board.render()).splitlines()
        assert under(lines, 12) == "1" and board.size.height == len(lines)


async def test_the_game_end_screen_tells_the_story(tmp_path):
    from helpers import play_random

    from ebbes_tui.games.ebbes.rules import GameState
    import random

    state = GameState(config(3))
    play_random(state, random.Random(12), next_starter=0)
    winners = state.winners()
    event = GameOver(tuple(state.totals), winners)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 60)) as pilot:  # tall enough to read it all at once
        await app.push_screen(FinalScreen(event, state.view(0)))
        await pilot.pause()
        full = screen_text(app)
        names = [s.name for s in state.config.seats]
        assert "Final standings" in full and names[winners[0]] in full.splitlines()[0]
        assert "Best round" in full and all(f"R{r}" in full for r in range(1, 6))
        for seat in range(3):
            points = [r.score.points[seat] for r in state.results]
            best = max(range(5), key=points.__getitem__)
            assert f"R{best + 1} {points[best]:+d}" in full
            assert place_label(DEFAULT_TRACK, state.totals[seat], Look()) in full


SHARED = (13, 13, 13, -3, -3)  # five players on two shared spaces, neither one named


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "ascii"])
async def test_five_discs_on_two_shared_spaces_read_alone_and_the_totals_show_at_once(
        tmp_path, size, ascii):
    """Issue 16, point 8: "Start 0 12" read as twelve; rows of dots had to be counted;
    the line with exact totals was below the fold at 80x24. Every disc stands apart,
    every space a disc stands on says its number, and the board screen shows every
    exact total without scrolling."""
    from dataclasses import replace

    from ebbes_tui.games.ebbes.rules import GameState
    from ebbes_tui.games.ebbes.rules.scoring import RoundScore
    from ebbes_tui.games.ebbes.ui.scores import ScoreBoardScreen

    view = GameState(FIVE).view(0)
    view = replace(view, totals=SHARED, scores=(RoundScore((0, 1, 2, 3, 4), (), 0, SHARED),))
    app = make_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(ScoreBoardScreen(view))
        await pilot.pause()
        text = screen_text(app)  # what is on screen, no scrolling
        names = ["You", "Haui", "Jesko", "Bernhard", "Paul"]  # Alex reads it
        for seat, total in enumerate(SHARED):
            label = f"{seat + 1} {names[seat]}: {place_label(DEFAULT_TRACK, total, app.look)}"
            assert label in text, label
        board = app.screen.query_one(TrackBoard)
        picture = board.render_lines_for(board.size.width).plain.splitlines()[2:]
        assert under(picture, 13) == "1 2 3"
        assert under(picture, -3) == "4 5"
        # No disc stands next to another digit: every digit on the picture is part of
        # a space's number ("13", "-3", "0") or a disc standing alone.
        import re

        for line in picture:
            for token in re.findall(r"\S+", line):
                assert re.fullmatch(r"-?\d+|[^\d]+", token), (token, line)
                assert not re.fullmatch(r"\d\d", token) or int(token) <= DEFAULT_TRACK.high
