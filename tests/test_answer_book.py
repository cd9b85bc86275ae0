"""A player's book of their moves at a shared table (table/answers.py): private, read
back whatever is in it, never written through a link, and not kept for ever."""

from __future__ import annotations

import os
import time

import pytest

from ebbes_tui.table.answers import BOOK_LIMIT, STALE_SECONDS, AnswerBook
from ebbes_tui.table.rendezvous import TableAddress


def book_at(tmp_path, name: str = "fri") -> AnswerBook:
    return AnswerBook.of(tmp_path / "tables",
                         TableAddress(tmp_path / "s.sock", 1, "carol", name))


def test_moves_are_kept_privately_and_read_back(tmp_path):
    book = book_at(tmp_path)
    book.note(3, b"\x01" * 32, "play blue1")
    book.note(7, b"\x02" * 32, "arrange 3  1\n2")  # one line, whatever the move's words
    assert book.read() == [(3, b"\x01" * 32, "play blue1"), (7, b"\x02" * 32, "arrange 3 1 2")]
    assert oct(book.path.stat().st_mode & 0o777) == "0o600"
    assert oct(book.path.parent.stat().st_mode & 0o777) == "0o700"
    assert book_at(tmp_path).path == book.path != book_at(tmp_path, "sat").path
    book.forget()
    assert book.read() == []


def test_a_damaged_or_overlong_book_counts_only_what_it_can(tmp_path):
    book = book_at(tmp_path)
    book.note(2, b"\x05" * 32, "play 7")
    with open(book.path, "ab") as f:  # garbage, a move missing, bad bytes, a line cut short
        f.write(b"x zz play\n5 " + b"ab" * 32 + b"\n6 " + b"ab" * 32 + b" \xff\xfe\n12 abc\n4")
    assert book.read() == [(2, b"\x05" * 32, "play 7")]
    book.path.write_bytes(b"1 00 p\n" * (BOOK_LIMIT // 7 + 1))
    assert book.read() == []
    size = book.path.stat().st_size
    book.note(9, b"\x07" * 32, "play 9")  # not written to past the limit either
    assert book.path.stat().st_size == size


def test_a_link_in_the_books_place_is_not_written_through(tmp_path):
    book = book_at(tmp_path)
    target = tmp_path / "victim"
    target.write_text("mine\n")
    book.path.symlink_to(target)
    with pytest.raises(OSError):
        book.note(1, b"\x00" * 32, "play 1")
    assert target.read_text() == "mine\n"


def test_a_book_whose_record_never_came_goes_after_a_month(tmp_path):
    old, new = book_at(tmp_path, "old"), book_at(tmp_path, "new")
    old.note(1, b"\x00" * 32, "play 1")
    new.note(1, b"\x00" * 32, "play 1")
    month_ago = time.time() - STALE_SECONDS - 60
    os.utime(old.path, (month_ago, month_ago))
    book_at(tmp_path, "any")  # sitting down at a table
    assert not old.path.exists() and new.path.exists()
