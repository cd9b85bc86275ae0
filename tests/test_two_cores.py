"""The suite's two processes (two_cores.py): every test runs in one of them, and a
failure in either fails the run with its report in the output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent
#: This run's environment without the word it gives its second process (this test may
#: run there).
CLEAN_ENVIRONMENT = {k: v for k, v in os.environ.items() if not k.startswith("EBBES_TESTS_")}

CONFTEST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
import two_cores
two_cores.LEAST = 2
from two_cores import (pytest_collection_modifyitems, pytest_sessionfinish,
                       pytest_terminal_summary, pytest_unconfigure)
"""


def run(tmp_path: Path, failing: int, *args: str) -> subprocess.CompletedProcess[str]:
    """Six tests, the ``failing``-th of them failing; pytest given ``args``."""
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "temp").mkdir(exist_ok=True)
    (tmp_path / "test_six.py").write_text("".join(
        f"def test_{i}():\n    assert {i} != {failing}, 'test {i} failed'\n\n" for i in range(6)))
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**CLEAN_ENVIRONMENT, "TMPDIR": str(tmp_path / "temp")})


def test_a_failure_in_either_half_fails_the_run_and_is_reported(tmp_path):
    for failing in (0, 1):  # the first process's half, the second's
        result = run(tmp_path, failing)
        assert result.returncode == 1, result.stdout
        assert f"test {failing} failed" in result.stdout
        assert "the other half of the suite" in result.stdout
        assert "1 failed, 2 passed" in result.stdout and "3 passed" in result.stdout
    assert not list((tmp_path / "temp").iterdir())  # the second's files are gone


def test_every_test_runs_once_and_a_clean_run_passes(tmp_path):
    result = run(tmp_path, failing=-1)
    assert result.returncode == 0, result.stdout
    assert result.stdout.count("3 passed, 3 deselected") == 2, result.stdout


def test_a_run_stopped_at_its_first_failure_reports_and_leaves_nothing(tmp_path):
    """With -x the first process stopped the second and then could not read its report
    (its files were gone): a traceback where its report should be."""
    for failing in (0, 1):
        result = run(tmp_path, failing, "-x")
        assert result.returncode == 1, result.stdout
        said = result.stdout + result.stderr
        assert "Traceback" not in said and "FileNotFoundError" not in said, said
        assert "the other half of the suite" in result.stdout, said
        assert f"test {failing} failed" in result.stdout
        assert not list((tmp_path / "temp").iterdir())


def test_halves_that_collected_other_tests_fail_the_run(tmp_path):
    """Each half runs every other test of its own collection: a test collected by one
    alone shifts the other's half, and some tests would run in neither."""
    (tmp_path / "test_seventh.py").write_text(
        "import os\n\nif os.environ.get('EBBES_TESTS_HALF'):\n"
        "    def test_only_in_the_second():\n        pass\n")
    result = run(tmp_path, failing=-1)
    assert result.returncode == 1, result.stdout
    assert "collected other tests than the first" in result.stdout, result.stdout
