"""Detaching a table server from the terminal that opened it: nothing may depend on the
host staying logged in.

The classic double fork: the child leaves the terminal's session (``setsid``) and forks
again, so the server is no session leader and can never get a terminal back. Its
stdio go to /dev/null (it logs through :mod:`logging`, to a capped file); SIGHUP is
ignored; the signal mask is cleared (an interactive
ebbes blocks SIGHUP and SIGTERM in every thread, and a mask survives fork and exec).
The parent waits on a pipe until the server accepts connections, or says why not.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

#: What the detached process runs: ``run(ready, fail)`` returns its exit status;
#: ``ready()`` once it serves, ``fail(sentence)`` if it cannot.
Runner = Callable[[Callable[[], None], Callable[[str], None]], int]

_READY = b"ready\n"


def reset_signals() -> None:
    """A server's signals as they should be, whatever its parent did: nothing blocked,
    hang-ups ignored (it has no terminal), SIGTERM and SIGINT handled by the server."""
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


def detach(run: Runner, log_file: Path) -> str | None:
    """Run ``run`` in a detached process and wait until it is ready: None then, else
    the sentence saying why it failed (``log_file``: where ``run`` logs)."""
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        os.waitpid(pid, 0)  # the middle process exits at once
        answer = b""
        while chunk := os.read(read_end, 4096):
            answer += chunk
        os.close(read_end)
        if answer == _READY:
            return None
        return answer.decode(errors="replace").strip() or \
            f"The table server stopped before it was ready (see {log_file})."
    code = 1
    try:
        os.close(read_end)
        os.setsid()
        if os.fork():
            os._exit(0)
        reset_signals()
        _redirect()
        os.chdir("/")

        def ready() -> None:
            os.write(write_end, _READY)
            os.close(write_end)

        def fail(text: str) -> None:
            os.write(write_end, text.encode())

        code = run(ready, fail)
    except BaseException:
        logging.getLogger("ebbes.table").exception("the table server failed")
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _redirect() -> None:
    """stdin, stdout and stderr to /dev/null: nothing the server prints grows without
    bound (its log is capped)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
