"""A table's arguments kept out of ``ps``: every user of the server can read any
process's command line, and a private table's seats, invitations and options are
nobody else's business (a stranger asking the table learns only its game).

``ebbes table serve -`` reads NAME and the options from standard input, one a line;
``ebbes table serve NAME ...`` typed at a shell puts itself in that form at once, in
the same process (:func:`hand_over`), so the table that stays open shows only
``table serve -``.
"""

from __future__ import annotations

import os
import sys
from typing import BinaryIO

from ..game.errors import SetupError

#: The word for NAME that reads the arguments from standard input.
FROM_STDIN = "-"
#: The most ``serve -`` reads: a table's arguments are a few short lines, and a pipe
#: holds this much before anyone reads it (:func:`hand_over` writes before it execs).
ARGUMENTS_LIMIT = 16 * 1024


def python_command(code: str, *args: str) -> list[str]:
    """``code`` run by this interpreter, the working directory off its import path:
    ``python -m`` or ``-c`` puts it first, where another user's ``ebbes_tui`` could
    wait (a table opened from /tmp); ``-P`` is only from Python 3.11."""
    return [sys.executable, "-c", f"import sys; del sys.path[0]; {code}", *args]


def ebbes_command(*args: str) -> list[str]:
    """``ebbes ARGS`` as this ebbes: the same interpreter, the installed package."""
    return python_command("from ebbes_tui.cli import main; raise SystemExit(main())", *args)


def serve_command() -> list[str]:
    """The command line of a table whose arguments come on standard input."""
    return ebbes_command("table", "serve", FROM_STDIN)


def encode(arguments: list[str]) -> bytes:
    """``arguments`` as ``serve -`` reads them; SetupError for one it cannot carry."""
    if any("\n" in a or "\0" in a for a in arguments):
        raise SetupError("A table's name and options cannot hold a line break.")
    data = "".join(f"{a}\n" for a in arguments).encode()
    if len(data) > ARGUMENTS_LIMIT:
        raise SetupError(f"A table's name and options take at most {ARGUMENTS_LIMIT} bytes.")
    return data


def read_arguments(stream: BinaryIO) -> list[str]:
    """What ``serve -`` was given on ``stream``; SetupError if it is not a few lines
    of text."""
    data = stream.read(ARGUMENTS_LIMIT + 1)
    if len(data) > ARGUMENTS_LIMIT:
        raise SetupError(f"'serve {FROM_STDIN}' reads at most {ARGUMENTS_LIMIT} bytes of "
                         "arguments, one a line.")
    try:
        text = data.decode()
    except UnicodeDecodeError:
        raise SetupError(f"'serve {FROM_STDIN}' reads UTF-8 text, one argument a line.") from None
    if "\0" in text:
        raise SetupError(f"'serve {FROM_STDIN}' reads text: an argument cannot hold a NUL.")
    # blank lines after the last argument, and a line's CR (a file saved on Windows),
    # would be arguments nobody can see
    arguments = [line.removesuffix("\r") for line in text.rstrip("\r\n").split("\n")]
    if not text.strip():
        raise SetupError(f"'serve {FROM_STDIN}' reads the table's NAME, then its options, "
                         "one a line, from standard input.")
    return arguments


def hand_over(arguments: list[str]) -> None:
    """Become ``ebbes table serve -`` with ``arguments`` on standard input (the same
    process: whoever waits for it, waits for the table); SetupError for arguments it
    cannot carry. Returns only if the interpreter cannot be run again, and the table
    then opens as it was asked, its arguments shown."""
    data = encode(arguments)  # a line break in one is refused, not shown to everyone
    if not sys.executable:
        return
    read_end, write_end = os.pipe()
    os.write(write_end, data)  # within a pipe's room: nothing waits for a reader
    os.close(write_end)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(read_end, 0)
    os.close(read_end)
    try:
        os.execv(sys.executable, serve_command())
    except OSError:
        return  # the interpreter cannot be run again: serve in this process


__all__ = ["ARGUMENTS_LIMIT", "FROM_STDIN", "ebbes_command", "encode", "hand_over", "python_command",
           "read_arguments", "serve_command"]
