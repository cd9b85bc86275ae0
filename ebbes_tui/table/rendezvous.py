"""Where tables meet their players, as tmux's ``/tmp/tmux-UID`` does: every user's tables
listen in a directory of that user's own, ``/tmp/ebbes-tables-UID/NAME.sock``, mode
0755, which only they can write. Nobody can remove, replace or squat another's socket,
and nobody's directory can be spoiled for the others. A directory made under another's
uid before they made theirs is never believed, and its victim is told whose it is and
how to meet elsewhere: ``--dir`` a directory of their own, which their friends may give
too (a parent another user owns shows only that user's tables).

Who a table belongs to is what the kernel says, never what its server claims: the
directory's owner must be the uid its name gives, the socket file must belong to that
uid too, and so must the process serving it (``SO_PEERCRED``, asked through
:class:`~.system.System`). The table's name is its file's name. Every refusal is one
sentence (:class:`TableError`).
"""

from __future__ import annotations

import errno
import os
import re
import socket
import stat
from dataclasses import dataclass
from pathlib import Path

from .system import SYSTEM, System

#: Where the per-user directories are made unless ``--dir`` or the environment says.
DEFAULT_PARENT = "/tmp"
ENV_DIR = "EBBES_TABLES_DIR"
#: A user's directory is PREFIX + their uid.
PREFIX = "ebbes-tables-"
SUFFIX = ".sock"
#: A table's name: letters, digits, '-' and '_'.
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
#: Tables looked at in one user's directory (a user with thousands of sockets must not
#: make everyone's list open thousands of connections).
MAX_TABLES_PER_USER = 32
#: New connections the kernel queues for a table until it accepts them: the system's
#: most, so that a neighbour's flood of connections fills it as late as it can (a
#: client finding it full tries again until its deadline).
BACKLOG = socket.SOMAXCONN
#: How a user the system has no name for is named (:func:`login_of`).
_UNNAMED = re.compile(r"uid (0|[1-9][0-9]{0,9})", re.ASCII)
#: A user's directory's name: the uid as ``str(uid)`` writes it, at most 2**32 - 1.
_DIR_NAME = re.compile(rf"{PREFIX}(0|[1-9][0-9]{{0,9}})", re.ASCII)
_SUN_PATH_MAX = 107  # bytes in sockaddr_un.sun_path, less its final NUL


class TableError(Exception):
    """A table that cannot be reached, trusted or joined; the message is one sentence."""


@dataclass(frozen=True)
class TableAddress:
    """A table's socket: its path, its host (the uid owning its directory, and that
    uid's login) and its name (the file's)."""

    path: Path
    uid: int
    host: str
    name: str

    @property
    def label(self) -> str:
        """How people name the table: ``alice/friday``."""
        return f"{self.host}/{self.name}"


def login_of(uid: int, system: System = SYSTEM) -> str:
    """The login of ``uid`` (``uid 1234`` when the system has no name for it)."""
    return system.login_of(uid) or f"uid {uid}"


def uid_of(login: str, system: System = SYSTEM) -> int:
    """The uid of ``login`` (or of ``uid 1234``, as :func:`login_of` names a user the
    system has no name for); TableError if there is no such user."""
    uid = system.uid_of(login)
    if uid is None:
        unnamed = _UNNAMED.fullmatch(login)
        if unnamed is None:
            raise TableError(f"There is no user called {login!r} on this system.")
        uid = int(unnamed[1])
    return uid


def my_login(system: System = SYSTEM) -> str:
    return login_of(system.uid(), system)


def check_name(name: str) -> str:
    """``name`` if it may name a table; TableError otherwise."""
    if not NAME_PATTERN.fullmatch(name):
        raise TableError(f"{name!r} cannot name a table: use up to 32 letters, digits, "
                         "'-' or '_', starting with a letter or digit.")
    return name


# ----------------------------------------------------------------- directories


def chosen_parent(path: Path | str | None = None) -> Path:
    """The directory that holds the per-user directories: ``path``, else
    ``$EBBES_TABLES_DIR``, else ``/tmp``. Made absolute (a server leaves its cwd)."""
    return Path(os.path.abspath(path or os.environ.get(ENV_DIR) or DEFAULT_PARENT))


def parent_owner(parent: Path, system: System = SYSTEM) -> int:
    """The owner of ``parent``, a real directory not writable by others unless sticky
    (as ``/tmp``); TableError says what is wrong and what to do. FileNotFoundError when
    it does not exist."""
    info = system.lstat(parent)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise TableError(f"{parent} is not a directory (or is a symbolic link), so no table "
                         "can meet there: give --dir a real directory.")
    if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
        raise TableError(f"{parent} is writable by others without the sticky bit, so anyone "
                         f"could replace what is in it: run 'chmod +t {parent}' or give --dir "
                         "another directory.")
    return info.st_uid


def check_parent(parent: Path, system: System = SYSTEM) -> Path:
    """``parent`` if this user's tables may listen there: besides :func:`parent_owner`'s
    rules, root's or this user's own (another owner could remove or swap what is in
    it); TableError says what to do."""
    owner = parent_owner(parent, system)
    if owner not in (0, system.uid()):
        raise TableError(f"{parent} belongs to {login_of(owner, system)}, who could remove "
                         "what is in it, so your tables cannot listen there (though "
                         f"{login_of(owner, system)}'s can): give --dir a directory of yours "
                         "or of root.")
    return parent


def user_dir_path(parent: Path, uid: int) -> Path:
    return parent / f"{PREFIX}{uid}"


def _dir_problem(path: Path, uid: int, system: System) -> str | None:
    """Why ``path`` is not ``uid``'s own table directory, or None when it is."""
    info = system.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        return "is not a directory (or is a symbolic link)"
    if info.st_uid != uid:
        return f"belongs to {login_of(info.st_uid, system)}"
    if info.st_mode & 0o022:
        return "is writable by others"
    return None


def own_dir(parent: Path | str | None = None, system: System = SYSTEM) -> Path:
    """This user's table directory, made (0755) when missing; TableError, naming the
    owner and what to do, when it is not this user's own."""
    chosen = chosen_parent(parent)
    try:
        check_parent(chosen, system)
    except FileNotFoundError:
        try:
            system.mkdir(chosen, 0o755)
        except FileExistsError:
            pass  # made meanwhile: checked below
        except OSError as e:
            raise TableError(f"The table directory {chosen} cannot be made ({e.strerror}).") \
                from None
        check_parent(chosen, system)
    uid = system.uid()
    path = user_dir_path(chosen, uid)
    try:
        system.mkdir(path, 0o755)
        os.chmod(path, 0o755)  # the umask must not hide the tables from the others
    except FileExistsError:
        pass
    except OSError as e:
        raise TableError(f"Your table directory {path} cannot be made ({e.strerror}).") from None
    info = system.lstat(path)
    if info.st_uid != uid:
        owner = login_of(info.st_uid, system)
        raise TableError(f"{path} belongs to {owner}, who made it before you could, so your "
                         f"tables cannot listen there and only {owner} or an administrator "
                         "can remove it: meanwhile serve with --dir DIR, a directory of yours "
                         "that your friends can reach (say one made with 'mkdir -m 755 "
                         "~/tables'), and ask them to give --dir DIR too (or set "
                         f"{ENV_DIR}=DIR).")
    problem = _dir_problem(path, uid, system)
    if problem is None:
        return path
    todo = f"run 'chmod 755 {path}'" if problem.endswith("writable by others") else \
        f"remove it ('rm {path}') and serve again"
    raise TableError(f"Your table directory {path} {problem}, so your tables cannot listen "
                     f"there: {todo}.")


def user_dirs(parent: Path | str | None = None, system: System = SYSTEM) -> list[tuple[int, Path]]:
    """Every user's table directory under the parent, as (uid, path): only those whose
    owner is the uid their name gives and that nobody else can write. A parent another
    user owns (alice's ``~/tables``, given with ``--dir``) shows only that user's own:
    they could remove or swap what others keep there, but their own tables are theirs
    anyway (the socket's owner and the serving process are checked all the same). No
    parent: none."""
    chosen = chosen_parent(parent)
    try:
        owner = parent_owner(chosen, system)
    except FileNotFoundError:
        return []
    found = []
    for path in sorted(chosen.glob(f"{PREFIX}*")):
        uid = _uid_named(path.name)
        if uid is None or owner not in (0, system.uid(), uid):
            continue
        try:
            if _dir_problem(path, uid, system) is None:
                found.append((uid, path))
        except OSError:
            continue  # gone meanwhile
    return found


def _uid_named(name: str) -> int | None:
    """The uid a directory's name gives: only the name ``ebbes-tables-`` plus that uid
    in ASCII digits as the system writes it (no leading zero, no other script's digits),
    so one user's directory is never listed twice."""
    match = _DIR_NAME.fullmatch(name)
    return int(match[1]) if match else None


# --------------------------------------------------------------------- sockets


def socket_path(directory: Path, name: str) -> Path:
    """Where table ``name`` listens in a user's directory; TableError if the path is
    too long for a Unix socket."""
    path = directory / f"{check_name(name)}{SUFFIX}"
    if len(os.fsencode(path)) > _SUN_PATH_MAX:
        raise TableError(f"The socket path {path} is too long for a Unix socket: "
                         "choose a shorter table directory or name.")
    return path


def own_address(name: str, parent: Path | str | None = None,
                system: System = SYSTEM) -> TableAddress:
    """Where this user's table ``name`` listens (the directory made if need be)."""
    uid = system.uid()
    return TableAddress(socket_path(own_dir(parent, system), name), uid, login_of(uid, system),
                        name)


def tables_in(directory: Path, uid: int, system: System = SYSTEM) -> list[TableAddress]:
    """The sockets in ``uid``'s directory named like tables, sorted by name (at most
    :data:`MAX_TABLES_PER_USER`)."""
    host = login_of(uid, system)
    found = []
    for path in sorted(directory.glob(f"*{SUFFIX}")):
        name = path.name[: -len(SUFFIX)]
        if NAME_PATTERN.fullmatch(name):
            found.append(TableAddress(path, uid, host, name))
    return found[:MAX_TABLES_PER_USER]


def check_socket(address: TableAddress, system: System = SYSTEM) -> None:
    """TableError unless ``address`` is a socket file of its directory's owner."""
    try:
        info = system.lstat(address.path)
    except FileNotFoundError:
        raise TableError(f"The table {address.label} is not open.") from None
    if not stat.S_ISSOCK(info.st_mode):
        raise TableError(f"{address.path} is not a socket, so it is not a table.")
    if info.st_uid != address.uid:
        raise TableError(f"The socket {address.path} belongs to "
                         f"{login_of(info.st_uid, system)}, not {address.host}, so it is "
                         "not their table.")


def check_server(sock: socket.socket, address: TableAddress, system: System = SYSTEM) -> None:
    """TableError unless the process serving ``address`` belongs to its host."""
    if system.peer(sock).uid != address.uid:
        raise TableError(f"The process serving {address.label} is not {address.host}'s, "
                         "so it is not trusted.")


def probe(path: Path, timeout: float = 2.0) -> str:
    """Whether a socket is ``live`` (accepts), ``stale`` (refuses: its server died, or
    it is no socket) or ``gone``."""
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


def listen_socket(address: TableAddress, system: System = SYSTEM) -> socket.socket:
    """A listening socket at ``address``, in this user's own directory. A live table of
    this user's there is refused; anything else in the way (a dead socket, a file, a
    FIFO, a socket someone else put there) is removed: the name is this user's."""
    path = address.path
    try:
        info = system.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None:
        if stat.S_ISSOCK(info.st_mode) and info.st_uid == system.uid() \
                and probe(path) == "live":
            raise TableError(f"Your table {address.name} is already open: 'ebbes table close "
                             f"{address.name}' closes it, or choose another name.")
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise TableError(f"{path} is in the way and cannot be removed ({e.strerror}).") \
                from None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        system.bind(sock, path)
    except OSError as e:
        sock.close()
        raise TableError(f"The table cannot listen at {path} ({e.strerror}).") from None
    try:
        os.chmod(path, 0o666)  # who may sit down is decided from SO_PEERCRED, not the mode
        sock.listen(BACKLOG)
    except OSError as e:
        sock.close()
        path.unlink(missing_ok=True)
        raise TableError(f"The table cannot listen at {path} ({e.strerror}).") from None
    return sock
