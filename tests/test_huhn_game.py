"""The Game object of Blindes Huhn extrem as the generic layers use it: registry,
options, seeds, History and Statistics figures, the rules text,
and a rules package that stays pure."""

import ast
import re
import subprocess
import sys
from pathlib import Path

from huhn_support import finished, new_game

from ebbes_tui.game.registry import game_of_format, load_game
from ebbes_tui.games.huhn import GAME

PACKAGE = Path(__file__).resolve().parents[1] / "ebbes_tui" / "games" / "huhn"


def test_the_registry_knows_huhn_by_id_and_record_format():
    assert load_game("huhn") is GAME
    assert game_of_format("huhn-record/1") is GAME
    assert GAME.player_counts == (2, 3, 4, 5)
    assert GAME.presentation.ui_module == "ebbes_tui.games.huhn.ui.screens"


def test_options_have_defaults_and_one_line_explanations():
    keys = {o.key: o for o in GAME.rules.options}
    assert keys["deals"].default is None and keys["deals"].kind == "int"
    assert keys["dealer"].kind == "seat" and keys["dealer"].default is None
    assert all("\n" not in o.explain and o.explain.endswith(".") for o in GAME.rules.options)
    assert GAME.presentation.variant_key({"deals": None}) == ("deals=players", "one deal per player")
    assert GAME.presentation.variant_key({"deals": 2}) == ("deals=2", "2 deals")


def test_arrangement_seeds_do_not_depend_on_who_arranged_first():
    state = new_game(3)
    GAME.rules.resolve_chance(state, 1)
    seeds = [GAME.rules.decision_seed(state, s) for s in range(3)]
    state.apply(state.legal(1).sample(__import__("random").Random(0)), 1)
    assert [GAME.rules.decision_seed(state, s) for s in (0, 2)] == [seeds[0], seeds[2]]


def test_describe_and_figures_of_a_finished_game():
    state = finished(3, 2)
    described = GAME.presentation.describe(state)
    assert described["players"] == "Bernd, Tim, Ulf" and described["variants"] == "3 deals"
    assert "won by" in described["result"]
    figures = [{f.key: f.value(state, s) for f in GAME.presentation.statistics}
               for s in range(3)]
    assert sum(f["hens"] for f in figures) == sum(sum(s.hens) for s in state.scores)
    assert [f["average"] for f in figures] == list(state.totals)  # the final totals
    assert all(f["penalties"] <= 0 for f in figures)  # minus points (H7)
    assert [f["penalties"] for f in figures] == \
        [sum(s.penalty_points[seat] for s in state.scores) for seat in range(3)]  # H11 too


def test_the_penalty_figure_is_the_deals_score_when_the_penalties_option_was_taken():
    """H11: a last trick's taker who chose penalties counts that trick's penalty, not the
    penalty cards taken; the Statistics' Penalty column follows the score."""
    penalty = next(f for f in GAME.presentation.statistics if f.key == "penalties")
    for seed in range(60):
        state = finished(3, seed)
        for seat in range(3):
            assert penalty.value(state, seat) == sum(s.penalty_points[seat]
                                                     for s in state.scores)


def test_rules_text_never_shows_ruling_numbers():
    text = GAME.presentation.rules_text()
    assert text.startswith("# Blindes Huhn extrem") and "49" in text
    assert not re.search(r"\bH\d+\b", text)


def test_the_rules_package_is_pure():
    """No screens, no I/O, no clock, no global randomness, nothing of ebbes' own code:
    the package imports only the seam, the standard library's pure parts and itself."""
    allowed = {"__future__", "bisect", "collections", "dataclasses", "itertools", "operator",
               "random", "typing"}
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    assert node.level == 1 or node.module in (
                        "game", "game.codec", "game.defaults", "game.errors", "game.events",
                        "game.protocols"), (
                        path.name, node.module)
                    continue
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, (path.name, name)
        source = path.read_text()
        assert "random.random(" not in source and "random.shuffle(" not in source
    code = "import sys, ebbes_tui.games.huhn; print(sorted(m for m in sys.modules " \
           "if m.split('.')[0] in ('textual', 'rich')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
