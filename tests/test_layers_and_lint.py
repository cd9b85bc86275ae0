"""The code keeps its shape: the layers point down (import-linter contracts in
pyproject.toml) and ruff finds nothing (its short config is there too)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    """The test extra's command, next to this Python (a venv) or on the PATH."""
    local = Path(sys.executable).with_name(name)
    found = str(local) if local.exists() else shutil.which(name)
    assert found, f"{name} is a test extra: pip install '.[test]'"
    return found


def test_the_layer_contracts_are_kept():
    done = subprocess.run([_tool("lint-imports")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = (ROOT / "pyproject.toml").read_text().count("[[tool.importlinter.contracts]]")
    assert f"{contracts} kept, 0 broken" in done.stdout


def test_ruff_finds_nothing():
    done = subprocess.run([_tool("ruff"), "check", "ebbes_tui", "tests"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
