"""`ebbes bench rules|bots --game G --json` print the figures the issues ask for, for
every game (never asserted on speed, but for a copy slowed on purpose)."""

import ast
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from ebbes_tui.game.registry import GAMES, game_ids, load_game

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("validated_games_per_s", "fast_games_per_s", "play_outs_per_s", "rollouts_per_s")


def bench(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", *args, "--json"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_bench_rules_of_any_game_against_a_baseline_gives_every_figure_side_by_side():
    """`--game G --baseline DIR` measures another checkout's game in the same run (here
    this checkout's own Huhn): games both ways, play-outs and search's rollouts, for
    every player count."""
    figures = bench("rules", "--game", "huhn", "--baseline", str(ROOT), "--seconds", "0.01")
    counts = {str(n) for n in load_game("huhn").player_counts}
    assert figures["game"] == "huhn"
    for name in ("baseline", "current", "ratio"):
        for key in KINDS:
            assert set(figures[name][key]) == counts
            assert all(v > 0 for v in figures[name][key].values())


def slowed_copy(folder: Path, game_id: str) -> Path:
    """``folder`` with a copy of this checkout's ``ebbes_tui`` in which every function of
    ``game_id``'s package (its screens aside) first counts to 300: a fifth of the speed,
    or less, in every figure."""
    package = folder / "ebbes_tui"
    shutil.copytree(ROOT / "ebbes_tui", package, ignore=shutil.ignore_patterns("__pycache__"))
    game = package.joinpath(*GAMES[game_id].partition(":")[0].strip(".").split("."))
    busy = ast.parse("for _slowed in range(300): pass").body
    for module in game.rglob("*.py"):
        if "ui" in module.relative_to(game).parts:
            continue
        tree = ast.parse(module.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                node.body[:0] = busy
        module.write_text(ast.unparse(tree), "utf-8")
    return folder


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_slowed_on_purpose_reads_below_one_against_its_baseline(tmp_path, game_id):
    """Each side runs its own game packages: a copy whose game was slowed, measured
    against this checkout, reads well below 1 in every figure (were the baseline to run
    the copy's games, as it did before issue 24, about 1). Three rounds a figure instead
    of the command's 25, to be quick."""
    code = ("import json, sys; from pathlib import Path; "
            "from ebbes_tui.bench.rules_bench import compare; "
            "print(json.dumps(compare(Path(sys.argv[1]), 0.01, 3, sys.argv[2])))")
    out = subprocess.run([sys.executable, "-c", code, str(ROOT), game_id],
                         cwd=slowed_copy(tmp_path, game_id), capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    ratios = json.loads(out.stdout)["ratio"]
    counts = {str(n) for n in load_game(game_id).player_counts}
    for key in KINDS:
        assert set(ratios[key]) == counts
        assert all(ratio < 0.75 for ratio in ratios[key].values()), (key, ratios[key])


def test_a_baseline_whose_registry_names_its_games_absolutely_runs_its_own(tmp_path):
    """A checkout from before the registry named its games relatively (3a65866) is
    renamed in its copy, so it loads its own games, not this checkout's; the player
    counts are those both sides have; a game it lacks is one clear line."""
    files = {
        "__init__.py": "",
        "bench/__init__.py": "",
        "bench/rules_bench.py": "from ebbes_tui.game.registry import load_game\n",
        "game/__init__.py": "",
        "game/registry.py": ("import importlib\n"
                             "GAMES = {'huhn': 'ebbes_tui.games.huhn:GAME'}\n"
                             "def game_ids():\n    return tuple(GAMES)\n"
                             "def load_game(game_id):\n"
                             "    module, _, name = GAMES[game_id].partition(':')\n"
                             "    return getattr(importlib.import_module(module), name)\n"),
        "games/__init__.py": "",
        "games/huhn/__init__.py": ("from types import SimpleNamespace\n"
                                   "GAME = SimpleNamespace(player_counts=(3, 4, 6), "
                                   "module=__name__)\n"),
    }
    for name, text in files.items():
        (tmp_path / "ebbes_tui" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "ebbes_tui" / name).write_text(text)
    code = ("import sys; from pathlib import Path; "
            "from ebbes_tui.bench.rules_bench import _import_baseline; "
            "bench, counts = _import_baseline(Path(sys.argv[1]), sys.argv[2]); "
            "print(bench.load_game(sys.argv[2]).module, counts)")

    def baseline(game_id):
        return subprocess.run([sys.executable, "-c", code, str(tmp_path), game_id],
                              capture_output=True, text=True, timeout=600)

    out = baseline("huhn")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ebbes_tui_baseline.games.huhn", "(3,", "4)"]
    out = baseline("hund")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == (f"ebbes bench: {tmp_path} has no game 'hund' (its games: huhn); "
                          "compare with a newer checkout\n")


def test_a_copy_of_the_package_under_another_name_loads_its_own_games(tmp_path):
    shutil.copytree(ROOT / "ebbes_tui", tmp_path / "ebbes_copy",
                    ignore=shutil.ignore_patterns("__pycache__", "ui", "assets"))
    code = ("from ebbes_copy.game.registry import all_games; "
            "print(sorted({type(game.rules).__module__ for game in all_games()}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert all(module.startswith("ebbes_copy.games.") for module in eval(out.stdout))


def test_a_baseline_from_before_the_game_seam_plays_out_its_own_deals(monkeypatch):
    """A checkout from before the seam (0e16b66) has no play_outs in its bench: its
    GameState is dealt by its own deal_next_round and played out with a Random, and
    its hard bot's playout is search's rollout, from the seat to move's first card."""
    from ebbes_tui.bench.rules_bench import _play_outs_of
    from ebbes_tui.games.ebbes.rules import GameConfig, GameState, Phase, SeatInfo, deal_next_round

    played = []

    class Counted(GameState):
        __slots__ = ()

        def clone(self):
            played.append(self)
            return GameState.clone(self)

    rolled = []
    hard = ModuleType("old_ebbes.bots.hard")
    hard.playout = lambda state, first, seat, rng: rolled.append((state, first, seat))
    for name in ("old_ebbes", "old_ebbes.bots"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, "old_ebbes.bots.hard", hard)
    old = SimpleNamespace(__name__="old_ebbes.bench.rules_bench", GameState=Counted,
                          deal_next_round=deal_next_round,
                          bench_config=lambda n: GameConfig(tuple(SeatInfo(f"P{i}") for i in range(n))))
    play_out = _play_outs_of(old, old.bench_config(4))
    for _ in range(3):
        play_out(random.Random(1))
    assert len(set(map(id, played))) == 3  # three deals in turn, each kept for the next round
    assert all(s.phase is Phase.PLAY and not s.tricks for s in played)
    _play_outs_of(old, old.bench_config(4), search=True)(random.Random(1))
    (state, first, seat), = rolled
    assert seat == state.to_move and first in state.hands[seat] and not state.trick


def test_a_baseline_from_after_the_seam_without_play_outs_is_measured_by_this_bench():
    """A checkout between the seam and the play-out figures (bb87d34) has a Game but no
    play_outs: this bench's play_outs play its deals through that Game's methods."""
    from ebbes_tui.bench.rules_bench import _play_outs_of, bench_config

    played = []
    game, seats, options = bench_config(4)

    class Watched:  # the baseline's Game, its methods flat, as far as play_outs asks it
        def __getattr__(self, name):
            facet = game.rules if hasattr(game.rules, name) else game.players
            return getattr(facet, name)

        def random_playout(self, state, rng):
            played.append(state)
            return game.players.random_playout(state, rng)

    old = SimpleNamespace(bench_config=lambda n: (Watched(), seats, options))
    play_out = _play_outs_of(old, old.bench_config(4))  # finds each deal's first move through the Game
    before = len(played)
    play_out(random.Random(1))
    assert len(played) == before + 1 and played[-1].outcome() is None and not played[-1].view(None).trick


def test_bench_refuses_a_game_for_an_area_that_has_none():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "ssh", "--game", "huhn"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 2 and "--game works with" in out.stderr
