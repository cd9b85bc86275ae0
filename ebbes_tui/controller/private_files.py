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

import grp
import io
import os
import pwd
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

#: Links followed in one path before it is refused (Linux's own limit).
_MOST_LINKS = 40


class DataDirError(OSError):
    """A folder for the user's own files that cannot be used, or is not safe to: the
    message says which and why, in one line."""


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if missing; make it private to the user.
    DataDirError if it cannot be made, or if another user could change what is in it
    (:func:`_check_safe`: checked before anything is made, and after)."""
    absolute = path.absolute()
    try:
        _check_safe(absolute)  # as far as it exists: before anything is made
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        _check_safe(absolute)
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
    except DataDirError:
        raise
    except OSError as e:
        raise DataDirError(f"{path} cannot be used: {e.strerror or e}") from None
    return path


def _check_safe(path: Path) -> None:
    """DataDirError unless every folder absolute ``path`` is looked up in, and every
    link it is looked up through, belongs to the user or root (``path`` itself, once
    made, to the user alone), and no such folder may be written by others: by everybody
    without the sticky bit (as /tmp has: there only an entry's owner may replace it),
    or by a group other than the user's own (a group named as the user, as umask 002
    systems give each user)."""
    me = os.geteuid()
    own = path.resolve()
    for entry, link in _looked_up(path):
        st = os.lstat(entry) if link else os.stat(entry)
        if st.st_uid not in (0, me) or (entry == own and st.st_uid != me):
            whose = "is a link another user made" if link else "belongs to another user"
            raise DataDirError(f"{entry} {whose}, who could change what ebbes keeps there")
        if link or st.st_mode & stat.S_ISVTX:
            continue
        if st.st_mode & stat.S_IWOTH:
            raise DataDirError(f"{entry} may be changed by any user")
        if st.st_mode & stat.S_IWGRP and not _users_own_group(st.st_gid):
            raise DataDirError(f"{entry} may be changed by others in its group")


def _looked_up(path: Path, links: int = 0) -> Iterator[tuple[Path, bool]]:
    """Every folder the system reads a name in to find absolute ``path`` (False) and
    every link it follows on the way (True), as far as ``path`` exists."""
    if links > _MOST_LINKS:
        raise DataDirError(f"{path} goes through too many links")
    folder = Path(path.anchor)
    yield folder, False
    for part in path.parts[1:]:
        entry = folder / part
        try:
            mode = os.lstat(entry).st_mode
        except FileNotFoundError:
            return  # the rest is still to be made
        if stat.S_ISLNK(mode):
            yield entry, True
            yield from _looked_up(Path(os.path.abspath(folder / os.readlink(entry))), links + 1)
            entry = entry.resolve()
        yield entry, False
        folder = entry


def _users_own_group(gid: int) -> bool:
    """Whether ``gid`` is the user's private group (named as the user, nobody else's)."""
    try:
        return grp.getgrgid(gid).gr_name == pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return False


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
