"""``ebbes bench ui`` measures every game's screens (issue 26, item 5): the start, a key
to the painted table at the local table, at a shared table's client and on a
spectator's screen, and the memory of a whole game; Hund's key figures in a 6-player
game with 30-card hands. Figures are never asserted here, only that each is produced,
where the issue asks for it, and what it spans.

Earlier faults: the memory scenario never submitted the New game form and waited for a
game that never began; the key figure's stand-in for the table's redraw stopped taking
the redraw's arguments, so the table stopped following the game."""

from __future__ import annotations

import asyncio
import json
import math

import pytest
from textual.app import App

from ebbes_tui.bench import ui_keys
from ebbes_tui.bench.ui_bench import (
    FIGURES, key_figures, measure, peak_rss_mb, play_whole_game, report,
)
from ebbes_tui.bench.ui_position import KEY_CARDS, KEY_PLAYERS, find_position
from ebbes_tui.game.registry import DEFAULT_GAME, game_ids, load_game

#: Megabytes the bench process holds while the memory figure is taken: far more than
#: a game through the UI needs.
GROWN_MB = 300
#: The key figures: the local table, a shared table's client, its spectator.
KEYS = ("key_ms", "client_key_ms", "spectator_ms")
#: Far beyond the seconds a run takes on a loaded machine: only a hang reaches it.
HANG_S = 300


async def test_the_memory_scenario_plays_a_whole_game_of_five_bots_through_the_ui(tmp_path):
    await asyncio.wait_for(play_whole_game(tmp_path), HANG_S)
    [save] = (tmp_path / "saves").glob("*.json")
    state = load_game(DEFAULT_GAME).records.replay(json.loads(save.read_text()))
    assert state.outcome() is not None and len(state.view(None).seats) == 5


def test_the_memory_figure_is_the_games_own_process_not_the_bench_that_started_it(home,
                                                                                 tmp_path):
    """The game's process reported the bench's size at its start as its peak: Linux
    keeps the peak from before the exec in ``ru_maxrss``, and the bench has grown by
    the screens it timed in process."""
    grown = b"x" * (GROWN_MB << 20)  # the bench, grown
    figure = peak_rss_mb(tmp_path, DEFAULT_GAME)
    del grown
    assert 0 < figure < GROWN_MB


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_its_key_figures_at_its_own_table(home, tmp_path, game_id):
    figures = key_figures(tmp_path, game_id, presses=1)
    for name in KEYS:
        assert math.isfinite(figures[name]) and figures[name] > 0, (name, figures[name])
    assert figures["players"] == KEY_PLAYERS[game_id]  # ebbes 3, Blindes Huhn 5, Hund 6
    # Hund's at 30 cards in the hand (a fresh 6-player deal gives three): played to.
    assert figures["hand_cards"] >= KEY_CARDS.get(game_id, 1)


def test_every_figure_comes_out_named_with_its_unit_beside_its_goal(home):
    figures = measure(0.0, DEFAULT_GAME, presses=1)
    assert {name for name, _, _ in FIGURES} == {*KEYS, "start_s", "peak_rss_mb"}
    for name, _, unit in FIGURES:
        assert name.endswith(f"_{unit.lower()}") and figures["units"][name] == unit
        assert math.isfinite(figures[name]) and figures[name] > 0, (name, figures[name])
        assert figures["goals"][name] > 0
    assert json.loads(report(figures, as_json=True)) == figures
    text = report(figures, as_json=False)
    for name, what, unit in FIGURES:
        assert what in text and f"{figures[name]:.2f} {unit}" in text
        assert f"goal <= {figures['goals'][name]:g} {unit}" in text


@pytest.fixture
def frames_as_clock(monkeypatch):
    """The figures' clock counts the frames painted so far: a key figure is then the
    number of frames painted inside what it times (times 1000)."""
    painted = [0]
    display = App._display

    def counted(app, screen, renderable):
        display(app, screen, renderable)
        if renderable is not None:
            painted[0] += 1

    monkeypatch.setattr(App, "_display", counted)
    monkeypatch.setattr(ui_keys, "stamp", lambda: float(painted[0]))


@pytest.mark.parametrize("scenario", ["time_keys", "time_spectator"])
async def test_a_key_figure_runs_until_the_redrawn_screen_is_painted(
        home, tmp_path, frames_as_clock, scenario):
    """Timed to the end of the table's redraw, the move's frame was never in the figure.
    (A shared table's client times its key as the local table does; before its move
    comes back it paints the table once already, so it could not tell.)"""
    position = find_position(load_game(DEFAULT_GAME), 1)
    got = await asyncio.wait_for(getattr(ui_keys, scenario)(tmp_path, position, 1), HANG_S)
    times = got[0] if isinstance(got, tuple) else got
    assert len(times) == 1 and times[0] >= 1000  # at least the move's frame
