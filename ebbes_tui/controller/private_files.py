"""Files only their user may read, replaced atomically (saves, settings), or appended
to (a table's log).

On a shared server many users run ebbes side by side: every dir we make is 0700 and
every file 0600, written to a temp file in the same dir, fsynced, then renamed over
the old one, so a crash or a hang-up leaves the old file or the new, never half.
"""

from __future__ import annotations

import io
import os
from pathlib import Path


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if missing; make it private to the user."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.stat().st_mode & 0o077:
        path.chmod(0o700)
    return path


def open_private_append(path: Path, encoding: str | None = None) -> io.TextIOWrapper:
    """``path`` opened to append text, mode 0600 (made so if an older ebbes left it
    readable by others); OSError if it cannot be."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        os.close(fd)
        raise
    return open(fd, "a", encoding=encoding)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``, mode 0600; OSError if the disk refuses."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)  # the rename itself survives a crash
    finally:
        os.close(dir_fd)
