"""A table's door: it takes connections off the listening socket a few at a time, and
hands each, with who the kernel says is knocking, to the table before anything else is
spent on it.

asyncio's own server makes a transport, a reader, a writer and a task for every
connection, and takes up to its backlog at once (thousands) before anyone else's
message is read: a neighbour knocking thousands of times a second kept a table from
answering its own players for many seconds, and it dropped out of everyone's list. Here
a knock the table turns away costs an ``accept``, a ``getsockopt`` and a ``close``.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Callable

log = logging.getLogger("ebbes.table")

#: Connections taken off the queue in one turn of the event loop; the players' own
#: messages are read between turns.
BATCH = 64
#: Seconds the door stays shut when the process has no file left for a connection.
FULL_PAUSE = 0.2


class Door:
    """Accepts from ``sock`` (listening) while open, calling ``knock(connection)`` for
    each new connection (non-blocking; the callee keeps or closes it)."""

    def __init__(self, sock: socket.socket, knock: Callable[[socket.socket], None],
                 backlog: int) -> None:
        self.sock = sock
        self.knock = knock
        self._loop = asyncio.get_running_loop()
        self._open = False
        sock.setblocking(False)
        # Listening again from this process makes the kernel name it to every client
        # (SO_PEERCRED), not the one that made the socket (a detached table forks).
        sock.listen(backlog)

    def open(self) -> None:
        if not self._open:
            self._open = True
            self._loop.add_reader(self.sock.fileno(), self._take)

    def close(self) -> None:
        """Take no more connections, and close the listening socket."""
        if self._open:
            self._open = False
            self._loop.remove_reader(self.sock.fileno())
        self.sock.close()

    def _take(self) -> None:
        for _ in range(BATCH):
            try:
                connection, _ = self.sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as e:  # out of files (EMFILE, ENFILE) or memory: wait a little
                log.warning("cannot take a connection: %s", errno.errorcode.get(e.errno or 0, e))
                self._loop.remove_reader(self.sock.fileno())
                self._loop.call_later(FULL_PAUSE, self._reopen)
                return
            connection.setblocking(False)
            self.knock(connection)

    def _reopen(self) -> None:
        if self._open and self.sock.fileno() >= 0:
            self._loop.add_reader(self.sock.fileno(), self._take)
