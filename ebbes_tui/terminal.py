"""What the terminal and the connection allow: glyphs, mouse, and clean exits.

Decided before Textual starts, from the environment alone, so the rules of thumb are
testable: a non-UTF-8 locale gets ASCII; over SSH the mouse stays off unless asked for,
since every mouse move would cross the network.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from typing import Callable, Mapping

#: Seconds a hang-up or termination may take before the process ends regardless.
EXIT_DEADLINE = 0.9


def locale_is_utf8(env: Mapping[str, str]) -> bool:
    """Whether the effective LC_CTYPE (LC_ALL, then LC_CTYPE, then LANG) is UTF-8.
    Unset means the POSIX locale, which is ASCII."""
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(key)
        if value:
            normalized = value.lower().replace("-", "")
            return "utf8" in normalized
    return False


def want_ascii(flag: bool, env: Mapping[str, str]) -> bool:
    return flag or not locale_is_utf8(env)


def want_mouse(no_mouse: bool, mouse: bool, env: Mapping[str, str]) -> bool:
    """Mouse on by default, off over SSH; ``--mouse`` / ``--no-mouse`` decide."""
    if no_mouse:
        return False
    return mouse or not env.get("SSH_CONNECTION")


def exit_on_hangup(save_and_quit: Callable[[], None]) -> None:
    """On SIGHUP (the connection dropped) or SIGTERM, save and exit, between two steps
    of the event loop so no save is cut in half. After a hang-up there is no terminal
    to restore, so the process ends at once; after SIGTERM the app restores the
    terminal, within :data:`EXIT_DEADLINE` or the process ends anyway. Every decision
    is already saved, so nothing is lost either way."""

    def on_loop(signum: int) -> None:
        save_and_quit()
        if signum == signal.SIGHUP:
            os._exit(0)

    def handler(signum: int, frame: object) -> None:
        timer = threading.Timer(EXIT_DEADLINE, os._exit, (0,))
        timer.daemon = True
        timer.start()
        try:
            loop = asyncio.get_running_loop()  # the app's loop runs in this thread
        except RuntimeError:
            raise SystemExit(0) from None
        loop.call_soon_threadsafe(on_loop, signum)  # wakes the loop, unlike call_soon

    for sig in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, handler)
