"""Run ``ebbes`` in a real pseudo-terminal, as an SSH login would, and watch it.

Used by the end-to-end tests and ``ebbes bench ssh``. Only the standard library: the
child gets its own session with the pty as controlling terminal, so closing the master
side is a true hang-up (the kernel sends SIGHUP), like a dropped SSH connection.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from pathlib import Path
from collections.abc import Mapping

_ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor moves, colours, modes
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: titles, clipboard
    rb"|\x1bP[^\x1b]*\x1b\\"  # DCS
    rb"|\x1b[()][0-9A-Za-z]"  # character sets
    rb"|\x1b[@-Z\\-_=>]"  # two-byte escapes
)

#: Keys as a terminal sends them.
KEYS = {
    "enter": b"\r", "escape": b"\x1b", "left": b"\x1b[D", "right": b"\x1b[C",
    "up": b"\x1b[A", "down": b"\x1b[B", "tab": b"\t", "space": b" ",
}


def plain_text(data: bytes) -> str:
    """Terminal output with escape sequences removed (text order kept)."""
    return _ESCAPES.sub(b"", data).decode("utf-8", errors="replace")


class PtySession:
    """One program in its own pseudo-terminal of ``cols`` x ``rows``."""

    def __init__(self, argv: list[str], env: Mapping[str, str], cols: int = 80,
                 rows: int = 24, cwd: str | Path | None = None) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: its own session, the pty as its terminal
            try:
                if cwd is not None:
                    os.chdir(cwd)
                os.execvpe(argv[0], argv, dict(env))
            finally:
                os._exit(127)
        self.pid = pid
        # Not inherited by programs started later (another session's child): closing
        # this side must hang up this terminal, which it cannot while a copy is open.
        os.set_inheritable(fd, False)
        self.fd: int | None = fd
        self.output = bytearray()
        self._mark = 0
        self.returncode: int | None = None
        self.resize(cols, rows)

    # ----------------------------------------------------------- terminal

    def resize(self, cols: int, rows: int) -> None:
        """Set the window size; the child gets SIGWINCH like from a real terminal."""
        assert self.fd is not None
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def send(self, *keys: str) -> None:
        """Type keys: names from :data:`KEYS` or literal text."""
        assert self.fd is not None
        for key in keys:
            os.write(self.fd, KEYS.get(key, key.encode()))

    def read_available(self, timeout: float = 0.0) -> bool:
        """Read what the program wrote, waiting up to ``timeout``; False at its end."""
        if self.fd is None:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed its side
            chunk = b""
        if not chunk:
            return False
        self.output += chunk
        return True

    def mark(self) -> None:
        """Later :meth:`wait_for` calls look only at output written after now."""
        self._mark = len(self.output)

    def text_since_mark(self) -> str:
        return plain_text(bytes(self.output[self._mark:]))

    def wait_for(self, text: str, timeout: float = 20.0) -> bool:
        """Whether ``text`` appears on screen (since the last mark) within ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            if text in self.text_since_mark():
                return True
            left = deadline - time.monotonic()
            if left <= 0 or not self.read_available(min(left, 0.2)):
                return text in self.text_since_mark()

    # ------------------------------------------------------------ process

    def hang_up(self) -> None:
        """Close the terminal, as a dropped connection does: the child gets SIGHUP."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def wait(self, timeout: float) -> int | None:
        """Exit status once the program has ended (None if still running after
        ``timeout``); keeps draining its output meanwhile."""
        deadline = time.monotonic() + timeout
        while self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() >= deadline:
                return None
            if not self.read_available(0.02):
                time.sleep(0.01)
        return self.returncode

    def alive(self) -> bool:
        return self.wait(0) is None

    def kill(self) -> None:
        if self.returncode is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.wait(5)
        self.hang_up()

    # --------------------------------------------------------- resources

    def peak_rss_mb(self) -> float:
        """Peak resident memory so far (VmHWM), while the program runs."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far, while the program runs."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
