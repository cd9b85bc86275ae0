"""A player's book of their moves at a shared table (table/answers.py): private, read
back whatever is in it, and never written through a link."""

from __future__ import annotations

import pytest

from ebbes_tui.table.answers import BOOK_LIMIT, AnswerBook
from ebbes_tui.table.rendezvous import TableAddress


def book_at(tmp_path) -> AnswerBook:
    return AnswerBook.of(tmp_path / "tables", TableAddress(tmp_path / "s.sock", 1, "carol", "fri"))


def test_moves_are_kept_privately_and_read_back(tmp_path):
    book = book_at(tmp_path)
    book.note(3, b"\x01" * 32)
    book.note(7, b"\x02" * 32)
    assert book.read() == {3: b"\x01" * 32, 7: b"\x02" * 32}
    assert oct(book.path.stat().st_mode & 0o777) == "0o600"
    assert oct(book.path.parent.stat().st_mode & 0o777) == "0o700"
    assert book_at(tmp_path).path == book.path  # one table, one book
    book.forget()
    assert book.read() == {}


def test_a_damaged_or_overlong_book_counts_only_what_it_can(tmp_path):
    book = book_at(tmp_path)
    book.note(2, b"\x05" * 32)
    with open(book.path, "ab") as f:
        f.write(b"x zz\n\xff\xfe\n12 abc\n4")  # garbage, and a line cut short
    assert book.read() == {2: b"\x05" * 32}
    book.path.write_bytes(b"1 00\n" * (BOOK_LIMIT // 5 + 1))
    assert book.read() == {}


def test_a_link_in_the_books_place_is_not_written_through(tmp_path):
    book = book_at(tmp_path)
    target = tmp_path / "victim"
    target.write_text("mine\n")
    book.path.symlink_to(target)
    with pytest.raises(OSError):
        book.note(1, b"\x00" * 32)
    assert target.read_text() == "mine\n"
