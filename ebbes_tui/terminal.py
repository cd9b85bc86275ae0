"""What the terminal and the connection allow: glyphs, mouse, and clean exits.

Decided before Textual starts, from the environment alone, so the rules of thumb are
testable: a non-UTF-8 locale gets ASCII; over SSH the mouse stays off unless asked for,
since every mouse move would cross the network.
"""

from __future__ import annotations

import os
import select
import signal
import termios
import threading
from collections.abc import Callable, Mapping

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


#: Terminals whose fonts lack the suit glyphs: the Linux console draws them as boxes.
ASCII_TERMS = ("linux", "vt100", "vt102", "vt220", "dumb")


def want_ascii(flag: bool, env: Mapping[str, str]) -> bool:
    """ASCII when asked for, in a non-UTF-8 locale, or on a terminal without the glyphs."""
    return flag or not locale_is_utf8(env) or env.get("TERM", "") in ASCII_TERMS


#: Terminals without colours (terminfo gives them none): drawn as under NO_COLOR.
MONOCHROME_TERMS = ("vt100", "vt102", "vt220", "dumb")


def why_no_colour(env: Mapping[str, str]) -> str:
    """Why nothing is drawn in colour here, or "" when colours are drawn."""
    if "NO_COLOR" in env:
        return "NO_COLOR is set"
    term = env.get("TERM", "")
    return f"TERM={term} has no colours" if term in MONOCHROME_TERMS else ""


def want_mouse(no_mouse: bool, mouse: bool, env: Mapping[str, str]) -> bool:
    """Mouse on by default, off over SSH; ``--mouse`` / ``--no-mouse`` decide."""
    if no_mouse:
        return False
    return mouse or not env.get("SSH_CONNECTION")


def exit_on_hangup(request_quit: Callable[[], bool], fd: int = 0,
                   save_now: Callable[[], None] = lambda: None) -> None:
    """Make hang-ups and terminations end the process whatever the event loop is doing.

    SIGHUP and SIGTERM are blocked in every thread (call this before any thread starts,
    so they all inherit the mask) and taken by one guard thread with ``sigwait``; a
    second guard watches the terminal ``fd`` for a hang-up, in case no signal comes.
    After a hang-up there is no terminal to restore: ``save_now`` (thread-safe) writes
    the last decision if its save is still queued, and the process ends without waiting
    for the loop (nor for a disk that hangs: :data:`EXIT_DEADLINE`).
    After SIGTERM ``request_quit`` (thread-safe; False when the app cannot be asked
    yet) lets the app save and restore the terminal; if it has not ended within
    :data:`EXIT_DEADLINE`, the terminal is restored here and the process ends."""
    signals = {signal.SIGHUP, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    restore = _terminal_restorer(fd)

    def on_signal() -> None:
        while True:
            if signal.sigwait(signals) == signal.SIGHUP:
                _exit_saving(save_now)
            timer = threading.Timer(EXIT_DEADLINE, _exit_restoring, (restore,))
            timer.daemon = True
            timer.start()
            if not request_quit():
                _exit_restoring(restore)

    def on_hangup() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # no events asked for: POLLHUP and POLLERR always wake it
        while True:
            for _, mask in poller.poll():
                if mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL):
                    _exit_saving(save_now)

    for guard in (on_signal, on_hangup):
        threading.Thread(target=guard, name=f"ebbes-{guard.__name__}", daemon=True).start()


def _terminal_restorer(fd: int) -> Callable[[], None]:
    """Put the terminal back as it was now: its modes, the main screen, the cursor."""
    try:
        modes = termios.tcgetattr(fd)
    except termios.error:
        return lambda: None

    def restore() -> None:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, modes)
            os.write(fd, b"\x1b[?1000l\x1b[?1003l\x1b[?1006l\x1b[?1049l\x1b[?25h")
        except OSError:
            pass

    return restore


def _exit_saving(save_now: Callable[[], None]) -> None:
    """Write what is still queued, then end (after the deadline, whatever the disk does)."""
    saver = threading.Thread(target=save_now, name="ebbes-save-now", daemon=True)
    saver.start()
    saver.join(EXIT_DEADLINE)
    os._exit(0)


def _exit_restoring(restore: Callable[[], None]) -> None:
    restore()
    os._exit(0)
