"""The moves a player made at a shared table, kept on their own disk until the game's
record comes: a player who hung up and came back only for the end made no move in
the new connection, and their record was refused ("you made no move in it there").
Each move is kept as the decision it answered, a digest of the view it answered and
the move itself, so only a record that shows this seat that very view at that decision
and this very move made there counts it (:meth:`~.witness.Witness.check`): a move of
another game at the same table never does, nor a view the player answered otherwise
than the record says (a hostile table kept the view, and made up the move)."""

from __future__ import annotations

import contextlib
import hashlib
import time
from pathlib import Path

from ..controller.private_files import open_private_append, private_dir
from .rendezvous import TableAddress

#: The most of a book read back, or written to (a long Hund match: a few thousand
#: moves, under 200 bytes each); a longer file is not this program's, and counts for
#: nothing.
BOOK_LIMIT = 1 << 20
#: A view's digest (SHA-256, as the witness makes it).
DIGEST_BYTES = 32
#: A book not written to for this long is of a game whose record never came: it goes
#: when the player next sits down at any table.
STALE_SECONDS = 30 * 24 * 3600


class AnswerBook:
    """One table's file of this player's moves: ``<data dir>/tables/answered/``, named
    by a digest of the table's host and name (any characters a name may have)."""

    def __init__(self, folder: Path, address: TableAddress) -> None:
        label = hashlib.sha256(address.label.encode("utf-8", "surrogatepass")).hexdigest()
        self.path = folder / f"{label[:32]}.txt"

    @classmethod
    def of(cls, tables: Path, address: TableAddress) -> AnswerBook:
        """The book of the table at ``address`` in the player's ``tables`` folder (the
        stale books of other tables there go)."""
        folder = private_dir(tables / "answered")
        now = time.time()
        for book in folder.glob("*.txt"):
            with contextlib.suppress(OSError):
                if now - book.lstat().st_mtime > STALE_SECONDS:
                    book.unlink()
        return cls(folder, address)

    def read(self) -> list[tuple[int, bytes, str]]:
        """The moves kept so far: the decision, the digest of the view it answered, and
        the move as the table was sent it. A line that is not one (a file cut short)
        is passed over."""
        try:
            with open(self.path, "rb") as f:
                data = f.read(BOOK_LIMIT + 1)
        except FileNotFoundError:
            return []
        if len(data) > BOOK_LIMIT:
            return []
        moves: list[tuple[int, bytes, str]] = []
        for line in data.splitlines():
            decision, digest, move = (line.split(b" ", 2) + [b"", b""])[:3]
            try:
                view = bytes.fromhex(digest.decode("ascii"))
                if len(view) == DIGEST_BYTES and move:
                    moves.append((int(decision), view, move.decode("utf-8")))
            except ValueError:  # UnicodeDecodeError too
                continue
        return moves

    def note(self, decision: int, digest: bytes, move: str) -> None:
        """Keep one move (appended: a hang-up loses at most the line being written)."""
        with open_private_append(self.path, "utf-8") as f:
            if f.tell() <= BOOK_LIMIT:
                f.write(f"{decision} {digest.hex()} {' '.join(move.split())}\n")

    def forget(self) -> None:
        """The game's record came: its moves are of no more use."""
        self.path.unlink(missing_ok=True)


__all__ = ["BOOK_LIMIT", "STALE_SECONDS", "AnswerBook"]
