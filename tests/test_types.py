"""The types hold: mypy (a test extra) finds nothing in the package, strict on the seam and
the layers below the screens (its config in pyproject.toml), and the few ``type: ignore``
left each say why on their line."""

import hashlib
import re
import tempfile
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ebbes_tui"
#: The most ``type: ignore`` comments the package may have (issue 24: it had 109).
MOST_IGNORES = 15
IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)$")
#: An ignore names its error codes and gives a reason after them: ``# type:
#: ignore[attr-defined]  # Textual's ... is untyped``.
EXPLAINED = re.compile(r"^\[[a-z-]+(, *[a-z-]+)*\]\s+#\s*\S.{5,}")


def _cache_dir() -> str:
    """A cache kept between runs, outside the work tree: a re-run checks only what
    changed. One per checkout, so two checkouts never share one."""
    key = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return str(Path(tempfile.gettempdir()) / f"ebbes-tui-mypy-{key}")


def _mypy(*paths: Path) -> tuple[str, int]:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", _cache_dir(), *map(str, paths)])
    return out + err, status


def test_mypy_finds_no_error():
    said, status = _mypy(PACKAGE)
    assert status == 0, said


def test_a_game_whose_facets_disagree_on_its_types_is_refused(tmp_path):
    """The seam is generic over a game's state, view and action types: a game made of
    ebbes' rules and Blindes Huhn's players is refused before it ever runs."""
    mixed = tmp_path / "mixed.py"
    mixed.write_text(
        "from ebbes_tui.game.protocols import Game\n"
        "from ebbes_tui.games.ebbes.game import EbbesRecords, EbbesRules, EbbesWords\n"
        "from ebbes_tui.games.ebbes.codec import event_from_json, event_to_json\n"
        "from ebbes_tui.games.ebbes.codec import view_from_json, view_to_json\n"
        "from ebbes_tui.game.defaults import CodecWire\n"
        "from ebbes_tui.games.ebbes.rules.actions import Action\n"
        "from ebbes_tui.games.ebbes.rules.state import GameState\n"
        "from ebbes_tui.games.ebbes.rules.view import PlayerView\n"
        "from ebbes_tui.games.huhn.game import HuhnPlayers\n"
        "GAME: Game[GameState, PlayerView, Action] = Game(\n"
        "    'mixed', 'Mixed', (3,), rules=EbbesRules(), records=EbbesRecords(),\n"
        "    wire=CodecWire(view_to_json, view_from_json, event_to_json, event_from_json),\n"
        "    players=HuhnPlayers(), presentation=EbbesWords())\n",
        encoding="utf-8")
    said, status = _mypy(mixed)
    assert status == 1, said
    errors = [line for line in said.splitlines() if ": error:" in line]
    assert len(errors) == 1 and 'Argument "players" to "Game"' in errors[0], said


def _ignores() -> list[tuple[str, str]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = IGNORE.search(line)
            if match:
                found.append((f"{path.relative_to(ROOT)}:{number}", match["rest"]))
    return found


def test_few_type_ignores_each_with_its_reason():
    ignores = _ignores()
    assert len(ignores) <= MOST_IGNORES, "\n".join(where for where, _ in ignores)
    unexplained = [where for where, rest in ignores if not EXPLAINED.match(rest)]
    assert not unexplained, "a type: ignore names its codes and says why: " + ", ".join(unexplained)


#: The most lines and methods a class of the shared tables or the shell may have (issue
#: 24, item 7: TableServer had grown to 678 lines and 52 methods, TableScreen to 562 and 43).
MOST_LINES, MOST_METHODS = 300, 25


def test_no_class_of_the_tables_or_the_shell_outgrows_a_room_a_reader_can_hold():
    import ast

    big = []
    for path in [*(PACKAGE / "table").rglob("*.py"), *(PACKAGE / "ui").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                methods = sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                              for n in node.body)
                if lines > MOST_LINES or methods > MOST_METHODS:
                    big.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: "
                               f"{lines} lines, {methods} methods")
    assert big == []
