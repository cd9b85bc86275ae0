"""Every game's options as the form, the command line and the table protocol take them:
the defaults of every game are valid for every number of players it allows (an option
whose default is "one per player" included), and a value out of range is refused in
one sentence."""

import json
import subprocess
import sys

import pytest

from ebbes_tui.game.errors import SetupError
from ebbes_tui.game.options import complete
from ebbes_tui.game.registry import all_games

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_defaults_are_a_valid_setup_for_every_number_of_players(game):
    for players in game.player_counts:
        options = complete(game, players, {})
        assert set(options) == {o.key for o in game.rules.options}
        for option in game.rules.options:
            if option.kind == "int" and option.high is not None:
                given = {option.key: option.high + 1}
                if option.needs:
                    given[option.needs] = True
                with pytest.raises(SetupError, match=f"must be from {option.low} to"):
                    complete(game, players, given)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_tournament_of_each_game_runs_with_the_default_options(game):
    """(Blindes Huhn's tournament once refused its own default number of deals.)"""
    players = min(n for n in game.player_counts if n >= 3)
    out = subprocess.run(
        [sys.executable, "-m", "ebbes_tui", "tournament", "--game", game.id, "--players",
         str(players), "--games", "1", "--levels", "random,random", "--seed", "3", "--json"],
        capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)
