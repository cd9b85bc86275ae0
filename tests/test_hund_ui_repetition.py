"""Hund's screens when a position came round a third time (N17): the log, the
screen after the game and the final standings say why the game ended."""

from __future__ import annotations

import json
from pathlib import Path

from ebbes_tui.controller import Update
from ebbes_tui.controller.playback import Replay
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.ui.game_log import HundLog
from ebbes_tui.games.hund.ui.look import HundLook
from ebbes_tui.games.hund.ui.standings import FinalScreen, GameEndScreen

from hund_ui_support import asks, hund_app, open_at
from ui_support import screen_text, wait_until

RECORD = Path(__file__).parent / "records" / "hund" / "hund-three-players-repetition.json"
WHY = "the same position came round a third time"


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_the_log_says_why_the_game_ended():
    record = json.loads(RECORD.read_text())
    replay = Replay(HUND, record)
    log = HundLog(HundLook(), personal=False)
    log.start(Update(0, None, replay.steps[0].state.view(None), 0))
    for i, step in enumerate(replay.steps[1:], 1):
        for event in step.events:
            log.add(Update(i, event, step.state.view(None), i))
    lines = [line for _, line in log.lines]
    assert f"Ola is the hund of game 1: {WHY}, which ends the game. Ola holds the most " \
           "cards." in lines


def _before_the_end(games: int) -> dict:
    """The example record one move before its end: Ola (at the screen) must take in,
    and the position comes round the third time; the others are bots."""
    record = json.loads(RECORD.read_text())
    record["players"] = [{"name": name, "kind": "human" if seat == 1 else "bot",
                          "level": "normal"} for seat, name in enumerate(("Kari", "Ola", "Per"))]
    record["options"]["games"] = games
    record["games"][0]["plays"].pop()
    return record


async def _take_in(tmp_path: Path, games: int, until: type) -> str:
    app = hund_app(tmp_path, players=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, _before_the_end(games))
        await wait_until(pilot, lambda: asks(app, "undertrekk"), "Ola's undertrekk")
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, until), until.__name__)
        return flat(screen_text(app))


async def test_the_screen_after_the_game_says_why_it_ended(tmp_path):
    text = await _take_in(tmp_path, 2, GameEndScreen)
    assert f"You are the hund of game 1: {WHY}, which ends the game. You hold the most " \
           "cards." in text


async def test_the_final_standings_say_why_a_game_ended(tmp_path):
    text = await _take_in(tmp_path, 1, FinalScreen)
    assert f"Game 1: {WHY}, which ended it. You held the most cards." in text
    # The legend's HUND is true of this game too (it said only "the last one holding").
    assert "HUND: the last one holding cards (where a repeated position ended the game, " \
           "the one holding the most), who lost that game." in text
    # What ended it, and what "-" in the tally means (play test pt2 7).
    assert "The last play of game 1: You took " in text and " in by undertrekk." in text
    assert "-: still holding cards when a repeated position ended the game" in text
