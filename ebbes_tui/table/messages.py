"""What a player or a watcher may say to a table (``assets/protocol.md``), and who at
the table answers it: hello (admitted from the kernel's uid, into the lobby or the
game), info, start, a decision, an answer so far (a hand being arranged), back at the
keyboard, a chat line, a request for the whole view; and the host's commands
(:mod:`.host`). Each is called with a message already checked against the protocol's
schema; a ProtocolError it raises is answered to the sender alone."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .host import HOST_COMMANDS, host_only
from .protocol import VERSION, ProtocolError, state_message

if TYPE_CHECKING:
    from .connections import Client
    from .server import TableServer

#: Messages a connection may send instead of hello: answered, then it is closed.
ONE_SHOT = ("info", "close", "invite", "uninvite", "set", "bot", "remove")


def _hello(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    if client.role is not None:
        raise ProtocolError("hello-again", "This connection has already said hello.")
    if message["version"] != VERSION:
        client.error("version", f"This table speaks protocol version {VERSION}, "
                                f"not {message['version']}: use the same ebbes as "
                                f"{table.spec.host}.")
        client.close()
        return
    if table.game.id not in message.get("games", ()):  # (version 2 requires the list)
        client.error("game", f"This table plays {table.game.title}, which this ebbes "
                             f"cannot play: use the same ebbes as {table.spec.host}.")
        client.close()
        return
    if not table.lobby.admit(client, message):
        return
    if table.play.match is None:
        table.lobby.enter(client)
    else:
        table.play.join(client)


def _info(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    client.send({"type": "info", "version": VERSION, **table.lobby.info(client)})


def _start(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    host_only(table, client, "start the game")
    if table.play.match is not None:
        raise ProtocolError("not-now", "The game has already started.")
    if not table.connections.connected_seats():
        raise ProtocolError("not-now", "Nobody is seated yet.")
    table.start()


def _decide(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    table.play.decide(client, message)


def _draft(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    table.play.draft(client, message)


def _back(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    """The player is at the keyboard again: a bot that took their seat when their time
    ran out (or the host handed it to one) gives it back (R21)."""
    seat = client.seat
    if client.player and seat is not None and table.play.match is not None \
            and table.away.is_away(seat):
        table.away.back(seat)
        table.away.arm_turn()
        table.play.broadcast_presence()


def _chat(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    table.chat.say(client, message["text"])


def _sync(table: TableServer, client: Client, message: dict[str, Any]) -> None:
    if client.session is None:
        table.lobby.broadcast(only=client)
        return
    client.send(state_message(table.game, client.session.snapshot()))
    client.send(table.play.presence())


#: The table's answer to each message, by type.
HANDLERS: dict[str, Callable[[TableServer, Client, dict[str, Any]], Awaitable[None] | None]] = {
    "hello": _hello, "info": _info, "start": _start, "decide": _decide, "draft": _draft,
    "back": _back, "chat": _chat, "sync": _sync, **HOST_COMMANDS,
}
