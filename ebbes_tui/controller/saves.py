"""Saved games: the record is the save (RULINGS, "Game records").

Each game has its own slot in the user's data dir (platformdirs; created 0700, files
0600). A slot is written atomically after every decision (temp file, fsync,
``os.replace``), and only by the process holding its lock (``flock`` on a ``.lock``
file, released by the kernel even on ``kill -9``). A save that cannot be read is moved
aside as ``*.corrupt-<timestamp>``, never deleted.
"""

from __future__ import annotations

import fcntl
import os
import signal
import time
from dataclasses import dataclass, replace
from pathlib import Path

from platformdirs import user_data_dir

from ..game.errors import RecordError
from ..game.protocols import AnyGame, AnyState, Record
from ..game.records import dumps, parse_record_text
from ..game.registry import DEFAULT_GAME
from .private_files import private_dir, write_atomically

APP_DIR_NAME = "ebbes-tui"
SAVE_SUFFIX = ".json"
FINISHED_DIR = "finished"


#: What Continue says of a game that ended but was closed before it was archived.
ENDED = "Your last game had ended: its final standings are in History."


class SaveError(Exception):
    """A save problem, worded as one sentence for the player."""


class SlotLocked(SaveError):
    """Another ebbes process has this game open; ``pid`` is that process when known."""

    def __init__(self, slot: str, pid: int | None) -> None:
        self.slot = slot
        self.pid = pid
        who = f" (process {pid})" if pid else ""
        super().__init__(f"This game is already open in another ebbes window{who}.")


def data_dir(game: AnyGame | None = None) -> Path:
    """The user's own data dir, created private (0700) when missing; a game's own
    part of it for ``game``."""
    root = private_dir(Path(user_data_dir(APP_DIR_NAME, appauthor=False)))
    if game is None:
        return root
    if game.id == DEFAULT_GAME and not _earlier_saves_moved(root):
        return root
    own = private_dir(root / game.id)
    _strays_gathered(root, own / "saves", game)
    return own


def _strays_gathered(root: Path, own: Path, game: AnyGame) -> None:
    """An earlier version put a game's saves beside those of the first game the app
    opened (``hund/huhn/saves``), where neither Continue nor History looked: move them
    to the game's own place, finished games with them. Not a folder an earlier
    version's window has a game open in, nor onto a save of the same name."""
    for stray in root.glob(f"*/{game.id}/saves"):
        if stray == own or any(lock_holder(lock) for lock in stray.glob("*.lock")):
            continue
        for path in sorted(stray.rglob(f"*{SAVE_SUFFIX}")):
            target = own / path.relative_to(stray)
            if not target.exists():
                private_dir(target.parent)
                path.rename(target)


def _earlier_saves_moved(root: Path) -> bool:
    """Before the app had several games, its one game (the registry's default) kept
    its saves, finished games included, at the top of the data dir: move them, once,
    to that game's own part. False while an earlier version's window has one open
    (its next save would find no folder): they stay, and are used, where they are."""
    earlier = root / "saves"
    if not earlier.is_dir():
        return True
    if any(lock_holder(lock) for lock in earlier.glob("*.lock")):
        return False
    earlier.rename(private_dir(root / DEFAULT_GAME) / "saves")
    return True


@dataclass(frozen=True)
class SaveInfo:
    """A saved game as the menu lists it: its game and summary once described
    (:meth:`SaveStore.described`, which replays it: off the event loop)."""

    slot: str
    path: Path
    modified: float
    locked_by: int | None  # pid of the process that has it open, if any
    game: AnyGame | None = None  # the game it is of (None: not described, or unreadable)
    summary: str = ""  # who plays, how far, the scores
    over: bool = False  # its game has ended (closed before it was archived)


class SaveStore:
    """The saved games of this user, one JSON record per slot."""

    def __init__(self, root: Path | None = None, game: AnyGame | None = None) -> None:
        self.root = root if root is not None else data_dir(game) / "saves"
        private_dir(self.root)

    def path(self, slot: str) -> Path:
        return self.root / f"{slot}{SAVE_SUFFIX}"

    def new_slot(self, prefix: str = "game-") -> str:
        """A fresh slot name: ``prefix`` and the time, so saves list in the order they
        began; never the name of a save, a lock or a finished game (archiving it would
        replace that game's record)."""
        base = prefix + time.strftime("%Y%m%d-%H%M%S")
        slot, n = base, 1
        while any(p.exists() for p in (self.path(slot), self.root / f"{slot}.lock",
                                        self.root / FINISHED_DIR / f"{slot}{SAVE_SUFFIX}")):
            n += 1
            slot = f"{base}-{n}"
        return slot

    def list(self) -> list[SaveInfo]:
        """Saved games, newest first."""
        infos = []
        for path in self.root.glob(f"*{SAVE_SUFFIX}"):
            slot = path.name[: -len(SAVE_SUFFIX)]
            try:
                modified = path.stat().st_mtime
            except FileNotFoundError:  # another window archived it meanwhile
                continue
            infos.append(SaveInfo(slot, path, modified, lock_holder(self.root / f"{slot}.lock")))
        return sorted(infos, key=lambda i: i.modified, reverse=True)

    def described(self, info: SaveInfo) -> SaveInfo:
        """``info`` with its game and summary, from the save replayed (call it in a
        thread: a long game takes a while)."""
        try:
            game, record = parse_record_text(info.path.read_text(encoding="utf-8"))
            state = game.records.replay(record)
            return replace(info, game=game, summary=game.presentation.describe(state)["saved"],
                           over=state.outcome() is not None)
        except FileNotFoundError:
            return replace(info, summary="gone meanwhile")
        except (OSError, RecordError, UnicodeDecodeError, RecursionError):
            return replace(info, summary="cannot be read")

    def open(self, slot: str) -> SaveSlot:
        """Take the slot's lock; SlotLocked when another process holds it."""
        return SaveSlot(self, slot)

    def take_over(self, slot: str, timeout: float = 5.0) -> SaveSlot:
        """Ask the process that has ``slot`` open to save and exit (SIGTERM), then
        take the slot. SlotLocked if it does not let go within ``timeout`` seconds."""
        lock = self.root / f"{slot}.lock"
        pid = lock_holder(lock)
        if pid and pid > 0:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.open(slot)
            except SlotLocked:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.05)

    def load(self, slot: str) -> tuple[AnyGame, Record, AnyState]:
        """Read and replay a saved game. A file that fails is moved aside and SaveError
        says so in one sentence."""
        path = self.path(slot)
        try:
            game, record = parse_record_text(path.read_bytes().decode("utf-8"))
            return game, record, game.records.replay(record)
        except FileNotFoundError:
            raise SaveError(f"There is no saved game called {slot}.") from None
        except (OSError, RecordError, UnicodeDecodeError, RecursionError) as e:
            aside = self.move_aside(slot)
            raise SaveError(
                f"Your saved game could not be read ({e}), so it was moved aside to "
                f"{aside.name}."
            ) from None

    def move_aside(self, slot: str) -> Path:
        path = self.path(slot)
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while aside.exists():
            n += 1
            aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        os.replace(path, aside)
        return aside


class SaveSlot:
    """One game's save file, held open with its lock for as long as the game runs."""

    def __init__(self, store: SaveStore, slot: str) -> None:
        self.store = store
        self.slot = slot
        self.path = store.path(slot)
        self.lock_path = store.root / f"{slot}.lock"
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        if not _lock(fd):
            os.close(fd)
            raise SlotLocked(slot, lock_holder(self.lock_path))
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock_fd: int | None = fd

    def write(self, record: Record) -> None:
        """Replace the save with ``record``, atomically: a crash leaves the old or the
        new file, never half of one."""
        if self._lock_fd is None:
            raise SaveError("This game's save is closed.")
        write_atomically(self.path, dumps(record).encode("utf-8"))

    def archive(self) -> Path:
        """Move a finished game's save out of the Continue list into ``finished/``:
        its record stays for ``ebbes check`` and replays."""
        folder = private_dir(self.store.root / FINISHED_DIR)
        target = folder / self.path.name
        if self.path.exists():
            os.replace(self.path, target)
        # No one will open this slot again, so its lock file can go (see close()).
        self.lock_path.unlink(missing_ok=True)
        return target

    def discard(self) -> None:
        """Give up a slot no game was ever saved in (a table closed in its lobby): its
        lock file goes too, since no other process has reason to open a fresh name."""
        if self._lock_fd is not None and not self.path.exists():
            self.lock_path.unlink(missing_ok=True)
        self.close()

    def close(self) -> None:
        """Release the lock (the save file stays). The lock file is left in place:
        unlinking it could let two processes lock two different files of one name."""
        if self._lock_fd is not None:
            os.ftruncate(self._lock_fd, 0)
            os.close(self._lock_fd)
            self._lock_fd = None


#: Seconds between tries while other windows only look at a lock, and the most tries
#: (a window that looked without end would otherwise hold this one up for ever).
LOOK_WAIT, LOOK_TRIES = 0.005, 1000


def _lock(fd: int) -> bool:
    """Take the exclusive lock on ``fd``; False when another process has the game open.
    A window listing its saves holds a shared lock for a moment (:func:`lock_holder`),
    a window playing the game an exclusive one: when a shared lock can be had, only
    windows looking are there, and this one tries again once they let go."""
    for _ in range(LOOK_TRIES):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # a game holds it
        fcntl.flock(fd, fcntl.LOCK_UN)
        time.sleep(LOOK_WAIT)
    return False


def lock_holder(lock_path: Path) -> int | None:
    """The pid holding ``lock_path``, or None when nobody holds it."""
    try:
        fd = os.open(lock_path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            text = os.read(fd, 32).decode(errors="replace").strip()
            return int(text) if text.isdigit() else -1
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
