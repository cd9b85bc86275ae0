"""A table's save, in the host's own data dir (private, as every save): the game's
record in ``tables/<name>.<time>.json`` (a :class:`SaveStore` of its own, so a table
game never shows up in the solo Continue list), and beside it who held which seat.

The rule for reopening: ``ebbes table serve NAME`` reopens the newest unfinished save
``tables/NAME.*.json`` of the user who runs it; a finished game is archived into
``tables/finished/`` and never reopened.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..controller.private_files import write_atomically
from ..controller.saves import SAVE_SUFFIX, SaveInfo, SaveSlot, SaveStore, data_dir
from ..game.protocols import AnyGame, Record

HOLDERS_SUFFIX = ".seats"


def table_store(root: Path | None = None) -> SaveStore:
    """The host's table saves (``<data dir>/tables``)."""
    return SaveStore(root if root is not None else data_dir() / "tables")


def new_slot(store: SaveStore, name: str) -> str:
    """A fresh slot for table ``name``: the name and the time it began."""
    return store.new_slot(f"{name}.")


def saved_slot(store: SaveStore, name: str) -> str | None:
    """The newest unfinished save of table ``name``, if there is one."""
    paths = [p for p in store.root.glob(f"{name}.*{SAVE_SUFFIX}")
             if p.name[len(name) + 1:-len(SAVE_SUFFIX)][:1].isdigit()]
    if not paths:
        return None
    newest = max(paths, key=lambda p: p.stat().st_mtime)
    return newest.name[: -len(SAVE_SUFFIX)]


def saved_tables(store: SaveStore) -> list[tuple[str, SaveInfo]]:
    """This user's tables with a saved game to reopen, by name: the newest save of each
    name (the one ``serve NAME`` reopens), leaving out those open now, each described
    (its game and summary: replayed, so call it in a thread)."""
    tables: dict[str, SaveInfo] = {}
    for info in store.list():  # newest first
        name, dot, stamp = info.slot.partition(".")
        if dot and stamp[:1].isdigit() and name not in tables:
            tables[name] = info
    return [(name, store.described(info)) for name, info in sorted(tables.items())
            if info.locked_by is None]


def write_holders(store: SaveStore, slot: str, holders: dict[int, tuple[str, int | None]]) -> None:
    """Keep who holds which seat beside the save (a record has no place for logins):
    each seat's login, and its uid, which outlasts a renamed login."""
    data = {str(seat): {"login": login, "uid": uid} for seat, (login, uid) in holders.items()}
    write_atomically(store.root / f"{slot}{HOLDERS_SUFFIX}", json.dumps(data).encode())


def read_holders(store: SaveStore, slot: str) -> dict[int, tuple[str, int | None]]:
    """Who held which seat, as (login, uid); the uid None from a save written before
    uids were kept (a bare login); empty when unknown (seats are then kept by their
    names)."""
    try:
        data = json.loads((store.root / f"{slot}{HOLDERS_SUFFIX}").read_text(encoding="utf-8"))
        holders: dict[int, tuple[str, int | None]] = {}
        for seat, held in data.items():
            if isinstance(held, str):
                holders[int(seat)] = (held, None)
            elif isinstance(held, dict) and isinstance(held.get("login"), str):
                uid = held.get("uid")
                holders[int(seat)] = (held["login"], uid if type(uid) is int and uid >= 0
                                      else None)
        return holders
    except (OSError, ValueError, AttributeError):
        return {}


def forget_holders(store: SaveStore, slot: str) -> None:
    (store.root / f"{slot}{HOLDERS_SUFFIX}").unlink(missing_ok=True)


def log_path(store: SaveStore, name: str) -> Path:
    """Where a detached table server writes its log."""
    return store.root / f"{name}.log"


class TableSave:
    """The save of one running table: the slot it holds (a new game's too: the disk is
    never touched on the loop while people wait for a card, so the slot is taken before
    anyone comes), the record it reopens, and who held which seat beside it. Every
    write runs in a thread at once, and closing waits for it, so nothing meant for the
    disk is lost."""

    def __init__(self, store: SaveStore, name: str, saved: str | None) -> None:
        self.store = store
        self.slot_name = saved or new_slot(store, name)
        self.slot: SaveSlot | None = None
        self.resumed: Record | None = None  # the saved game the table reopens
        self.archiving: asyncio.Future[None] | None = None  # the finished game's move
        self._writing: set[asyncio.Future[None]] = set()  # disk work under way in threads

    def reopen(self) -> tuple[AnyGame, Record]:
        """The saved game and its record, to resume; SaveError if it cannot be read."""
        game, record, _ = self.store.load(self.slot_name)
        self.resumed = record
        return game, record

    def holders(self) -> dict[int, tuple[str, int | None]]:
        return read_holders(self.store, self.slot_name)

    async def open(self) -> None:
        """Take the slot (in a thread); SaveError or SlotLocked if it cannot be had."""
        self.slot = await asyncio.to_thread(self.store.open, self.slot_name)

    def keep_holders(self, holders: dict[int, tuple[str, int | None]]) -> None:
        self._on_disk(write_holders, self.store, self.slot_name, holders)

    def archive(self) -> asyncio.Future[None]:
        """The finished game goes to ``finished/``, who held the seats goes."""
        self.archiving = self._on_disk(self._archive)
        return self.archiving

    def archived(self) -> bool:
        return self.archiving is not None and self.archiving.done()

    def abandon(self) -> None:
        """The table could not open: let the slot go as it was."""
        if self.slot is not None:
            self.slot.close()

    async def let_go(self, *, played: bool) -> None:
        """The table closes: once what goes to disk is there, the slot is let go, or
        dropped if no game was ever saved in it (``played``: a game began)."""
        if self._writing:
            await asyncio.wait(self._writing)
        if self.slot is not None and not played and self.resumed is None:
            self.slot.discard()
        elif self.slot is not None:
            self.slot.close()

    def _on_disk(self, work: Callable[..., None], *args: Any) -> asyncio.Future[None]:
        """Run ``work`` in a thread at once; not one of the table's tasks (which closing
        cancels)."""
        future = asyncio.ensure_future(asyncio.to_thread(work, *args))
        self._writing.add(future)
        future.add_done_callback(self._writing.discard)
        return future

    def _archive(self) -> None:
        assert self.slot is not None
        self.slot.archive()
        forget_holders(self.store, self.slot_name)
