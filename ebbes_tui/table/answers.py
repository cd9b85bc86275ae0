"""The moves a player made at a shared table, kept on their own disk until the game's
record comes: a player who hung up and came back only for the end made no move in
the new connection, and their record was refused ("you made no move in it there").
Each move is kept as the decision it answered and a digest of the view it answered,
so only a record that shows this seat that very view at that decision counts it
(:meth:`~.witness.Witness.check`); a move of another game at the same table never
does."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..controller.private_files import open_private_append, private_dir
from .rendezvous import TableAddress

#: The most of a book read back (a long Hund match: a few thousand moves, 70 bytes
#: each); a longer file is not this program's, and counts for nothing.
BOOK_LIMIT = 1 << 20
#: A view's digest (SHA-256, as the witness makes it).
DIGEST_BYTES = 32


class AnswerBook:
    """One table's file of this player's moves: ``<data dir>/tables/answered/``, named
    by a digest of the table's host and name (any characters a name may have)."""

    def __init__(self, folder: Path, address: TableAddress) -> None:
        label = hashlib.sha256(address.label.encode("utf-8", "surrogatepass")).hexdigest()
        self.path = folder / f"{label[:32]}.txt"

    @classmethod
    def of(cls, tables: Path, address: TableAddress) -> AnswerBook:
        """The book of the table at ``address`` in the player's ``tables`` folder."""
        return cls(private_dir(tables / "answered"), address)

    def read(self) -> dict[int, bytes]:
        """The moves kept so far: decision -> digest of the view it answered. A line
        that is not one (a file cut short) is passed over."""
        try:
            with open(self.path, "rb") as f:
                data = f.read(BOOK_LIMIT + 1)
        except FileNotFoundError:
            return {}
        if len(data) > BOOK_LIMIT:
            return {}
        moves: dict[int, bytes] = {}
        for line in data.splitlines():
            decision, _, digest = line.partition(b" ")
            try:
                view = bytes.fromhex(digest.decode("ascii"))
                if len(view) == DIGEST_BYTES:
                    moves[int(decision)] = view
            except ValueError:
                continue
        return moves

    def note(self, decision: int, digest: bytes) -> None:
        """Keep one move (appended: a hang-up loses at most the line being written)."""
        with open_private_append(self.path, "ascii") as f:
            f.write(f"{decision} {digest.hex()}\n")

    def forget(self) -> None:
        """The game's record came: its moves are of no more use."""
        self.path.unlink(missing_ok=True)


__all__ = ["BOOK_LIMIT", "AnswerBook"]
