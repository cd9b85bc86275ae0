"""Chat at a table: a line is cleaned and limited per user, not per connection (more
connections, no more lines); it carries the moment of the game it was said at, so it
stands among the moves in everyone's log; the last lines go to whoever comes later."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from ..game.clean import CHAT_LIMIT, clean
from .limits import TokenBucket
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connections import Client
    from .server import TableServer

#: Chat lines: one every two seconds, five at once; the last CHAT_KEPT go to newcomers.
CHAT_RATE, CHAT_BURST, CHAT_KEPT = 0.5, 5.0, 50


class Chat:
    """What is said at ``table``, and by whom how fast."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        self.allowances: dict[int, TokenBucket] = {}  # per uid
        self.kept: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)

    def say(self, client: Client, text: str) -> None:
        """``client`` says ``text`` to everyone at the table; ProtocolError if it
        chats too fast or says nothing."""
        bucket = self.allowances.setdefault(
            client.peer.uid, TokenBucket(CHAT_RATE, CHAT_BURST, self.table.clock.now))
        if not bucket.take():
            raise ProtocolError("slow-down", "Slow down: one chat line every two seconds.")
        text = clean(text, CHAT_LIMIT)
        if not text:
            raise ProtocolError("bad-field", "That chat line is empty.")
        sender = client.login
        match = self.table.play.match
        if match is not None and client.seat is not None:
            sender = match.setup.seats[client.seat].name
        line = {"type": "chat", "from": sender, "seat": client.seat, "text": text,
                "at": list(self.table.play.moment())}
        self.kept.append(line)
        self.table.connections.broadcast(line)

    def send_kept(self, client: Client) -> None:
        """A newcomer reads what was said before they came."""
        for line in self.kept:
            client.send({**line, "earlier": True})
