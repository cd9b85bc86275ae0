"""What the operating system says about people: who this process is, who is at the
other end of a Unix socket (``SO_PEERCRED``), who owns a file, and the names of users.

Every question of identity at a table goes through one :class:`System`, so the server
and the client ask the kernel the same way, and a test can play several users at once
without root by handing in a system of its own.
"""

from __future__ import annotations

import errno
import os
import pwd
import socket
import struct
from dataclasses import dataclass
from pathlib import Path

_UCRED = struct.Struct("3i")
_NOBODY = -1  # the uid SO_PEERCRED reads when there is no peer


@dataclass(frozen=True)
class Peer:
    """The process at the other end of a Unix socket, from the kernel."""

    pid: int
    uid: int
    gid: int


class System:
    """The kernel's and the user database's word, never a process's claim."""

    def uid(self) -> int:
        """Who this process acts as."""
        return os.geteuid()

    def peer(self, sock: socket.socket) -> Peer:
        """Who is at the other end of a connected Unix socket; OSError if the kernel
        names nobody (a socket that is not connected reads uid -1, pid 0: that is no
        user's word, so nobody may be judged on it)."""
        data = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _UCRED.size)
        peer = Peer(*_UCRED.unpack(data))
        if peer.uid == _NOBODY:
            raise OSError(errno.ENOTCONN, "the kernel gives no peer for this socket")
        return peer

    def lstat(self, path: Path) -> os.stat_result:
        """A file's owner and mode, not following a symbolic link."""
        return os.lstat(path)

    def login_of(self, uid: int) -> str | None:
        try:
            return pwd.getpwuid(uid).pw_name
        except KeyError:
            return None

    def uid_of(self, login: str) -> int | None:
        try:
            return pwd.getpwnam(login).pw_uid
        except KeyError:
            return None

    def mkdir(self, path: Path, mode: int) -> None:
        """Make a directory owned by this process's user."""
        os.mkdir(path, mode)

    def bind(self, sock: socket.socket, path: Path) -> None:
        """Make a socket file owned by this process's user, listening at ``path``."""
        sock.bind(os.fsencode(path))

    def client_socket(self) -> socket.socket:
        """A socket to connect to a table with."""
        return socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)


#: The real system, which everything uses unless a test hands in another.
SYSTEM = System()
