"""CI runs what the README tells a newcomer (issue 23, item 17): the README's test line,
word for word, in a virtual environment made fresh for the run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_lines() -> list[str]:
    """The README's indented command lines before its first section."""
    intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    return [line.strip() for line in intro.splitlines() if line.startswith("    ")]


def test_the_readme_has_two_lines_and_ci_runs_the_second_in_a_fresh_venv():
    install, tests = readme_lines()
    assert install.startswith("pip install .") and install.endswith("ebbes")
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == tests
    venv = next(i for i, c in enumerate(commands) if re.match(r"python3? -m venv ", c))
    activate = next(i for i, c in enumerate(commands) if "/bin/activate" in c)
    assert venv < activate < len(commands) - 1
