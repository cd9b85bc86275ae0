"""``ebbes bench ui`` finishes (issue 26, item 5). Its memory figure comes from a whole
game played through the UI: the scenario never submitted the New game form and waited
for a game that never began. Its key figure timed the table's redraw with a stand-in
that no longer took the redraw's arguments: the table stopped following the game, and
the bench waited for a bot that never moved."""

from __future__ import annotations

import asyncio
import json

import pytest

from ebbes_tui.bench.ui_bench import play_whole_game, time_keys
from ebbes_tui.game.registry import DEFAULT_GAME, game_ids, load_game

#: Far beyond the few seconds the game takes on a loaded machine: only a hang reaches it.
HANG_S = 300


async def test_the_memory_scenario_plays_a_whole_game_of_five_bots_through_the_ui(tmp_path):
    await asyncio.wait_for(play_whole_game(tmp_path), HANG_S)
    [save] = (tmp_path / "saves").glob("*.json")
    state = load_game(DEFAULT_GAME).records.replay(json.loads(save.read_text()))
    assert state.outcome() is not None and len(state.view(None).seats) == 5


@pytest.mark.parametrize("game_id", game_ids())
async def test_the_key_figure_times_moves_made_at_the_table_of_every_game(tmp_path, game_id):
    times = await asyncio.wait_for(time_keys(tmp_path, presses=1, game_id=game_id), HANG_S)
    assert len(times) == 1 and times[0] > 0
