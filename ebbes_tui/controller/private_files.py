"""Files only their user may read, replaced atomically (saves, settings), or appended
to (a table's log).

On a shared server many users run ebbes side by side: every dir we make is 0700 and
every file 0600, written to a temp file in the same dir, fsynced, then renamed over
the old one, so a crash or a hang-up leaves the old file or the new, never half. A
folder another user could change (one of theirs on the way to ours, or one anybody may
write to) is refused, as ssh refuses such a home: they could swap a file of ours for a
link to one they want written over. Nothing is opened through a link at its last step.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from pathlib import Path


class DataDirError(OSError):
    """A folder for the user's own files that cannot be used, or is not safe to: the
    message says which and why, in one line."""


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if missing; make it private to the user.
    DataDirError if it cannot be made, or if another user could change what is in it
    (:func:`_check_safe`: checked before anything is made, and after)."""
    absolute = path.absolute()
    try:
        _check_safe(next(p for p in (absolute, *absolute.parents) if p.exists()), absolute)
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        _check_safe(absolute, absolute)
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
    except DataDirError:
        raise
    except OSError as e:
        raise DataDirError(f"{path} cannot be used: {e.strerror or e}") from None
    return path


def _check_safe(path: Path, own: Path) -> None:
    """DataDirError unless every folder ``path`` is looked up through (links followed)
    belongs to the user or root, ``own`` (once made) to the user alone, and none is one
    everybody may write to without the sticky bit (as /tmp has: there only an entry's
    owner may replace it). A folder writable by its group is trusted, as the user's own
    group usually is (umask 002)."""
    me = os.geteuid()
    own = own.resolve()
    looked: set[Path] = set()
    for prefix in (path, *path.parents):
        real = prefix.resolve()
        for folder in (real, *real.parents):
            if folder in looked:
                continue
            looked.add(folder)
            st = folder.stat()
            if st.st_uid not in (0, me) or (folder == own and st.st_uid != me):
                raise DataDirError(f"{folder} belongs to another user, who could change what "
                                   "ebbes keeps there")
            if st.st_mode & stat.S_IWOTH and not st.st_mode & stat.S_ISVTX:
                raise DataDirError(f"{folder} may be changed by any user")


def open_private_append(path: Path, encoding: str | None = None) -> io.TextIOWrapper:
    """``path`` opened to append text, mode 0600 (made so if an older ebbes left it
    readable by others); OSError if it cannot be."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        os.close(fd)
        raise
    return open(fd, "a", encoding=encoding)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``, mode 0600; OSError if the disk refuses. The temp
    file gets a fresh name, made anew (never one somebody laid out beforehand)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)  # the rename itself survives a crash
    finally:
        os.close(dir_fd)
