"""The rules, the bots and `ebbes check` load without Textual or Rich (STYLE, issue 2)."""

import subprocess
import sys

CODE = """
import sys
import ebbes_tui.games.ebbes.rules, ebbes_tui.bots, ebbes_tui.check, ebbes_tui.cli
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
print(' '.join(loaded))
"""


def test_rules_bots_and_check_import_neither_textual_nor_rich():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_every_package_the_code_imports_is_declared():
    """A package imported by ebbes_tui must be a runtime dependency of its own, not one
    that comes only with another (platformdirs came only through Textual)."""
    import ast
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    declared = {dep.split(">")[0].split("=")[0].split("<")[0].strip().lower().replace("-", "_")
                for dep in tomllib.loads((root / "pyproject.toml").read_text())["project"]
                ["dependencies"]}
    imported = set()
    for path in (root / "ebbes_tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = {name for name in imported
                   if name not in sys.stdlib_module_names and name != "ebbes_tui"}
    assert third_party <= declared, third_party - declared
    assert {"textual", "rich", "platformdirs"} <= declared


def test_the_controller_loads_without_textual_or_rich():
    code = ("import sys\n"
            "class Refuse:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] in ('textual', 'rich'):\n"
            "            raise ImportError(name)\n"
            "sys.meta_path.insert(0, Refuse())\n"
            "import ebbes_tui.controller, ebbes_tui.table.server, ebbes_tui.tournament\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_package_and_file_of_the_code_is_installed_without_a_list_to_edit():
    """A clean install (not an editable one) gets every package and every file the code
    reads (rules texts, styles), found by pyproject.toml's patterns: a new game's package
    is found without editing a list."""
    import tomllib
    from fnmatch import fnmatch
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "packages" not in config or set(config["packages"]) == {"find"}
    include = config["packages"]["find"]["include"]
    folders = {".".join(p.parent.relative_to(root).parts)
               for p in (root / "ebbes_tui").rglob("__init__.py")}
    assert {f for f in folders if not any(fnmatch(f, pattern) for pattern in include)} == set()
    kinds = config["package-data"]["*"]
    files = {p.relative_to(root) for p in (root / "ebbes_tui").rglob("*")
             if p.is_file() and p.suffix not in (".py", ".pyc")}
    assert {f for f in files if not any(fnmatch(f.name, kind) for kind in kinds)} == set()
    assert {f.parent for f in files if f.suffix == ".md"} >= {
        Path("ebbes_tui/games") / game for game in ("ebbes", "huhn", "hund")}
