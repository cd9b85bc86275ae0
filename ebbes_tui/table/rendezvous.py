"""Where tables meet their players: a directory of Unix sockets shared by the users of a
server (``/tmp/ebbes-tables``, like ``/tmp/.X11-unix``), and who is at the other end
of a socket, as the kernel says (``SO_PEERCRED``), never as a client or server claims.

A table's socket is ``<host login>.<table>.sock``. The directory is sticky, so nobody
can remove or replace another user's socket; a client trusts a table only if both the
socket file and the process serving it belong to the login its name gives (so no fake
table can phish a hand), or both are the client's own user's (an ``ssh -L`` forward).
Every refusal is one sentence (:class:`TableError`).
"""

from __future__ import annotations

import errno
import os
import pwd
import re
import socket
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DIR = "/tmp/ebbes-tables"
ENV_DIR = "EBBES_TABLES_DIR"
SUFFIX = ".sock"
#: A table's name: letters, digits, '-' and '_' (no '.', which separates the host).
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
_SUN_PATH_MAX = 107  # bytes in sockaddr_un.sun_path, less its final NUL
_UCRED = struct.Struct("3i")


class TableError(Exception):
    """A table that cannot be reached, trusted or joined; the message is one sentence."""


@dataclass(frozen=True)
class Peer:
    """The process at the other end of a Unix socket, from the kernel."""

    pid: int
    uid: int
    gid: int

    @property
    def login(self) -> str:
        return login_of(self.uid)


@dataclass(frozen=True)
class TableAddress:
    """A table's socket: its path, its host's login and the table's name."""

    path: Path
    host: str
    name: str

    @property
    def label(self) -> str:
        """How people name the table: ``alice/friday``."""
        return f"{self.host}/{self.name}"


def login_of(uid: int) -> str:
    """The login of ``uid`` (``uid 1234`` when the system has no name for it)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def uid_of(login: str) -> int:
    """The uid of ``login``; TableError if there is no such user."""
    try:
        return pwd.getpwnam(login).pw_uid
    except KeyError:
        raise TableError(f"There is no user called {login!r} on this system.") from None


def my_login() -> str:
    return login_of(os.geteuid())


def check_name(name: str) -> str:
    """``name`` if it may name a table; TableError otherwise."""
    if not NAME_PATTERN.fullmatch(name):
        raise TableError(f"{name!r} cannot name a table: use up to 32 letters, digits, "
                              "'-' or '_', starting with a letter or digit.")
    return name


def chosen_dir(path: Path | str | None = None) -> Path:
    """The rendezvous directory asked for: ``path``, else ``$EBBES_TABLES_DIR``, else
    :data:`DEFAULT_DIR` (not checked: see :func:`table_dir`). A relative path stays
    relative: it is looked up from the current directory alone."""
    return Path(path or os.environ.get(ENV_DIR) or DEFAULT_DIR)


def table_dir(path: Path | str | None = None, *, create: bool = True) -> Path:
    """The rendezvous directory (:func:`chosen_dir`), created 01777 when missing and
    ``create``; refused when it is a symlink, not a directory, or writable by others
    without the sticky bit."""
    chosen = chosen_dir(path)
    try:
        info = os.lstat(chosen)
    except FileNotFoundError:
        if not create:
            raise TableError(f"There is no table directory {chosen}, so no table is open.") \
                from None
        try:
            os.mkdir(chosen, 0o700)
            os.chmod(chosen, 0o1777)  # the umask must not narrow a shared directory
        except FileExistsError:
            pass  # another user made it meanwhile: check theirs below
        except OSError as e:
            raise TableError(f"The table directory {chosen} cannot be created "
                                  f"({e.strerror}).") from None
        info = os.lstat(chosen)
    if stat.S_ISLNK(info.st_mode):
        raise TableError(f"The table directory {chosen} is a symbolic link, so it is "
                              "not used.")
    if not stat.S_ISDIR(info.st_mode):
        raise TableError(f"The table directory {chosen} is not a directory.")
    if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
        raise TableError(f"The table directory {chosen} is writable by others without "
                              "the sticky bit, so anyone could replace a table there.")
    return chosen


def socket_path(directory: Path, host: str, name: str) -> Path:
    """Where ``host``'s table ``name`` listens; TableError if the path is too long
    for a Unix socket."""
    path = directory / f"{host}.{check_name(name)}{SUFFIX}"
    if len(os.fsencode(path)) > _SUN_PATH_MAX:
        raise TableError(f"The socket path {path} is too long for a Unix socket: "
                              "choose a shorter table directory or name.")
    return path


def parse_socket_name(path: Path) -> TableAddress | None:
    """The table a socket's file name gives, or None for any other file."""
    if not path.name.endswith(SUFFIX):
        return None
    host, dot, name = path.name[: -len(SUFFIX)].rpartition(".")
    if not dot or not host or not NAME_PATTERN.fullmatch(name):
        return None
    return TableAddress(path, host, name)


def tables_in(directory: Path) -> list[TableAddress]:
    """Every socket file in the directory named like a table, sorted by name."""
    found = []
    for path in sorted(directory.glob(f"*{SUFFIX}")):
        address = parse_socket_name(path)
        if address is not None:
            found.append(address)
    return found


def check_socket_owner(address: TableAddress) -> int:
    """The uid that must serve ``address``: its host's, when the socket belongs to the
    login its name gives; TableError for a socket anyone else made. A socket of this
    user's own (their table, or their ``ssh -L`` forwarding one from another machine)
    must be served by this user's own process."""
    try:
        info = os.lstat(address.path)
    except FileNotFoundError:
        raise TableError(f"The table {address.label} is not open.") from None
    if not stat.S_ISSOCK(info.st_mode):
        raise TableError(f"{address.path} is not a socket, so it is not a table.")
    if info.st_uid == os.geteuid():
        return info.st_uid
    if info.st_uid != uid_of(address.host):
        raise TableError(f"The socket {address.path} does not belong to {address.host}, "
                         "so it is not their table.")
    return info.st_uid


def peer_of(sock: socket.socket) -> Peer:
    """Who is at the other end of a connected Unix socket, from the kernel."""
    data = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _UCRED.size)
    return Peer(*_UCRED.unpack(data))


def check_server(sock: socket.socket, address: TableAddress, host_uid: int) -> Peer:
    """The server's credentials, if the process serving ``address`` belongs to its host
    (whose socket file :func:`check_socket_owner` checked before connecting, giving
    ``host_uid``); TableError otherwise."""
    peer = peer_of(sock)
    if peer.uid != host_uid:
        raise TableError(f"The process serving {address.label} is not {address.host}'s, "
                              "so it is not trusted.")
    return peer


def probe(path: Path, timeout: float = 2.0) -> str:
    """Whether a socket is ``live`` (accepts), ``stale`` (refuses: its server died) or
    ``gone``."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(os.fsencode(path))
        except FileNotFoundError:
            return "gone"
        except ConnectionRefusedError:
            return "stale"
        except OSError as e:
            if e.errno in (errno.ECONNREFUSED, errno.ENOTSOCK):
                return "stale"
            return "live"  # busy (backlog full, timeout): someone is serving it
        return "live"


def remove_if_stale(address: TableAddress) -> bool:
    """Remove a socket whose server died, if it is this user's own (by name and owner);
    another user's stale socket is left to them. True when it was removed."""
    try:
        info = os.lstat(address.path)
    except FileNotFoundError:
        return False
    mine = address.host == my_login() and info.st_uid == os.geteuid()
    if not (mine and stat.S_ISSOCK(info.st_mode)) or probe(address.path) != "stale":
        return False
    address.path.unlink(missing_ok=True)
    return True


def listen_socket(address: TableAddress) -> socket.socket:
    """A listening socket at ``address`` for a table of this user's. A stale socket of
    ours is removed first; a live one, or one of another user, is refused."""
    path = address.path
    if os.path.lexists(path):
        if probe(path) == "live":
            raise TableError(f"A table called {address.name} is already open ({path}).")
        if not remove_if_stale(address):
            raise TableError(f"{path} is in the way and is not yours to remove.")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(os.fsencode(path))
    except OSError as e:
        sock.close()
        raise TableError(f"The table cannot listen at {path} ({e.strerror}).") from None
    try:
        os.chmod(path, 0o666)  # who may sit down is decided from SO_PEERCRED, not the mode
        sock.listen(64)
    except OSError as e:
        sock.close()
        path.unlink(missing_ok=True)
        raise TableError(f"The table cannot listen at {path} ({e.strerror}).") from None
    return sock
