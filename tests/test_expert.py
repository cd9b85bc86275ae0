"""Issue 26, point 4: ``expert``, a bot level for players who want a real opponent: the
hard bot's search with more samples (and, in some games, more candidates), offered in
the new-game form, shown as thinking, and deterministic in tournaments."""

from __future__ import annotations

import json
import re

from test_tournament import run
from ui_support import make_app, screen_text, seats, wait_until

from ebbes_tui.bots import LEVELS, make_bot
from ebbes_tui.game.registry import all_games
from ebbes_tui.ui.table import TableScreen


def test_the_expert_searches_several_times_the_hard_bots_samples_over_as_many_candidates_or_more():
    """Its budget is the game's own: ``ebbes bench bots --levels expert`` puts it at about
    a second a decision (ebbes' playouts are slow, Huhn's quick)."""
    assert LEVELS[-1] == "expert"  # the strongest, offered last
    for game in all_games():
        hard, expert = make_bot(game, "hard"), make_bot(game, "expert")
        assert expert.level == "expert"
        assert expert.samples == game.players.expert_samples >= 5 * hard.samples
        assert expert.keep == game.players.expert_keep >= hard.keep == game.players.search_keep


def test_a_tournament_of_expert_against_hard_replays_exactly():
    """Counted in samples, not time: the same seed gives the same result on any machine
    (``--hard-samples 2``: the expert gets 16 in Hund)."""
    args = ("--game", "hund", "--players", "3", "--games", "1", "--levels", "expert,hard",
            "--hard-samples", "2", "--json")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert set(json.loads(first.stdout)["pairs"]) == {"expert>hard"}
    assert first.stdout == second.stdout


async def test_the_form_offers_an_expert_and_the_status_line_says_it_is_thinking(tmp_path):
    """A game against an expert: while it decides (two seconds or so), the status line
    says so, and not while the player decides."""
    settings = {"players": 3, "starter": 1, "seats": seats(("Ann", "human"), ("Bea", "expert"),
                                             ("Cyd", "expert"))}
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")  # the menu's game, its form
        await wait_until(pilot, lambda: "bot, expert" in screen_text(app), "the form")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen

        def status() -> str:
            return screen_text(app).splitlines()[0].rstrip()

        await wait_until(pilot, lambda: "thinking…" in status(), "an expert thinking")
        assert re.search(r"(Bea|Cyd) plays · thinking…$", status()), status()
        await wait_until(pilot, lambda: table.feed.asks(table.update)
                         and "Your turn" in status(), "Ann's turn", seconds=60)
        assert "thinking" not in status(), status()
