"""The whole suite on two cores: one process takes about 16 minutes, the budget is 15 on
two cores, and the test extras have no plugin for it (pytest-xdist was asked for and not
granted). A run of at least :data:`LEAST` tests starts a second pytest with the same
arguments; each runs every other test of the one collection (the order is the same in
both), and this one waits for the other, says what it found, and fails if it failed.

A smaller run (a file, ``-k``), ``EBBES_TESTS_ONE_PROCESS=1``, or an option a second
process would break (:data:`ONE_PROCESS_OPTIONS`: ``--collect-only``, ``--pdb``,
``--junitxml``, ``--lf`` and the cache's other options) stays in one process."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

#: Set in the second process: which half it runs, and the first process's pid.
HALF, PARENT = "EBBES_TESTS_HALF", "EBBES_TESTS_PARENT"
#: A line of progress: a mark for each test, then how far the run is.
PROGRESS = re.compile(r"[.FEsxX]+\s*(\[\s*\d+%\])?")
#: Options a second process would break: a listing, a debugger at the terminal, one XML
#: report file, and the cache of the last failures (the second process keeps none).
ONE_PROCESS_OPTIONS = ("collectonly", "usepdb", "trace", "xmlpath", "lf", "failedfirst",
                       "newfirst", "stepwise", "stepwise_skip", "cacheclear")
#: Fewer tests than this stay in one process (the second's start would cost more).
LEAST = 200


class OtherHalf:
    """The second process, its output kept in a file until it ends."""

    def __init__(self, config: pytest.Config) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="ebbes-tests-half-"))
        self.output = self.dir / "output.txt"
        args = [*config.invocation_params.args, "--basetemp", str(self.dir / "tmp"),
                "-p", "no:cacheprovider"]  # this process keeps the cache
        with open(self.output, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pytest", *args], stdin=subprocess.DEVNULL,
                stdout=out, stderr=subprocess.STDOUT,
                cwd=config.invocation_params.dir,
                env={**os.environ, HALF: "1", PARENT: str(os.getpid())})
        self.returncode: int | None = None
        self.stopped = False  # killed when the first stopped early (-x, Ctrl-C)
        self.collected = ""  # this process's collection (:func:`collected`)

    def collected_alike(self) -> bool:
        """Whether the other half collected the tests this one did: each runs every other
        test of its collection, so two collections would leave some tests unrun."""
        said = self.dir / COLLECTED
        return self.stopped or not said.exists() or said.read_text() == self.collected

    def wait(self) -> int:
        if self.returncode is None:
            self.returncode = self.process.wait()
        return self.returncode

    def stop(self) -> None:
        if self.process.poll() is None:
            self.stopped = True
            self.process.kill()
            self.process.wait()

    def remove(self) -> None:
        """Its files, once its report is out."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def heading(self) -> str:
        return "the other half of the suite (a second process, " + (
            "stopped with the first)" if self.stopped else f"exit code {self.wait()})") + (
            "" if self.collected_alike() else
            ": it collected other tests than the first, so some ran in neither")

    def report(self) -> str:
        """What the other half found (failures, the summary), without its progress dots."""
        lines = self.output.read_text(errors="replace").splitlines()
        return "\n".join(line for line in lines if not PROGRESS.fullmatch(line))


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected theirs
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    half = os.environ.get(HALF)
    if half is not None:
        files = Path(config.option.basetemp).parent
        (files / COLLECTED).write_text(collected(items))
        threading.Thread(target=_end_with, daemon=True,
                         args=(int(os.environ[PARENT]), files)).start()
    elif len(items) < LEAST or os.environ.get("EBBES_TESTS_ONE_PROCESS") or \
            any(getattr(config.option, o, None) for o in ONE_PROCESS_OPTIONS):
        return
    else:
        config.stash[OTHER] = other = OtherHalf(config)
        other.collected = collected(items)
    mine = int(half or 0)
    config.hook.pytest_deselected(items=[t for i, t in enumerate(items) if i % 2 != mine])
    items[:] = [t for i, t in enumerate(items) if i % 2 == mine]


OTHER = pytest.StashKey[OtherHalf]()
#: The file in which the second process says what it collected.
COLLECTED = "collected.txt"


def collected(items: list[pytest.Item]) -> str:
    """A collection, in a line: the digest of its tests' ids in their order."""
    return hashlib.sha256("\n".join(t.nodeid for t in items).encode()).hexdigest()


def _end_with(parent: int, files: Path) -> None:
    """The second process ends when the first does, killed or not: a run stopped
    leaves no half of it running on, nor its ``files``."""
    while os.getppid() == parent:
        time.sleep(1)
    shutil.rmtree(files, ignore_errors=True)
    os._exit(pytest.ExitCode.INTERRUPTED)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    other = session.config.stash.get(OTHER, None)
    if other is None:
        return
    if session.shouldstop or session.shouldfail or exitstatus == pytest.ExitCode.INTERRUPTED:
        other.stop()
    elif other.process.poll() is None:
        session.config.get_terminal_writer().line(
            "\nThis half is done; waiting for the other half of the suite ...")
    # Only ever worse: an interrupted run stays interrupted. A half with no tests
    # collected them otherwise than this one: half the suite did not run.
    if (other.wait() != pytest.ExitCode.OK or not other.collected_alike()) and \
            session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    other = config.stash.get(OTHER, None)
    if other is None:
        return
    other.wait()
    terminalreporter.section(other.heading())
    terminalreporter.write_line(other.report())


def pytest_unconfigure(config: pytest.Config) -> None:
    other = config.stash.get(OTHER, None)
    if other is not None:
        other.remove()  # after an interruption too: no process or file left behind
