"""The host's word at a running table (tmux's ``server-access``, Board Game Arena's
table admin): close it, invite and uninvite, open it or close it to others and to
spectators, hand a seat to a bot, show a watcher out. Each is a protocol message that
anyone but the host and root is refused (``not-host``), answered with ``done`` and one
sentence saying what changed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..game.clean import NAME_LIMIT, clean
from .protocol import ProtocolError
from .rendezvous import TableError, uid_of
from .seats import STAND_IN_LEVEL

if TYPE_CHECKING:
    from .connections import Client
    from .server import TableServer

log = logging.getLogger("ebbes.table")


def host_only(server: TableServer, client: Client, what: str) -> None:
    """ProtocolError ``not-host`` unless ``client`` is the host (or root)."""
    if not server.access.is_host(client.peer.uid):
        raise ProtocolError("not-host", f"Only the host can {what}.")


def done(client: Client, text: str) -> None:
    """Tell the host what changed (and note it in the table's log)."""
    log.info("%s: %s", client.login, text)
    client.send({"type": "done", "text": text})


def _close(server: TableServer, client: Client, message: dict[str, Any]) -> None:
    host_only(server, client, "close the table")
    if server.play.over or (server.play.match is None and server.save.resumed is None):  # nothing to keep
        reason = f"{server.spec.host} closed the table {server.address.label}."
    else:
        reason = (f"{server.spec.host} closed the table {server.address.label}; the game is "
                  f"saved: {server.reopen_hint()}.")
    done(client, reason)
    server.shutdown(reason)


async def _uids(server: TableServer, logins: list[str]) -> dict[str, int]:
    """The uid of each login the host named, asked of the user database in a thread (a
    slow directory service never stops the table); ProtocolError ``bad-field`` names a
    login nobody has."""
    def look_up() -> dict[str, int]:
        return {login: uid_of(login, server.system) for login in logins}

    try:
        return await asyncio.to_thread(look_up)
    except TableError as e:
        raise ProtocolError("bad-field", str(e)) from None


def _invite(server: TableServer, client: Client, message: dict[str, Any]) -> Awaitable[None]:
    host_only(server, client, "invite")
    return _invite_named(server, client, message["logins"])


async def _invite_named(server: TableServer, client: Client, logins: list[str]) -> None:
    uids = frozenset((await _uids(server, logins)).values())
    server.access = replace(server.access, invited=server.access.invited | uids,
                            barred=server.access.barred - uids)
    done(client, f"{', '.join(sorted(set(logins)))} may now join {server.address.label}.")


def _uninvite(server: TableServer, client: Client, message: dict[str, Any]) -> Awaitable[None]:
    host_only(server, client, "uninvite")
    return _uninvite_named(server, client, message["logins"])


async def _uninvite_named(server: TableServer, client: Client, logins: list[str]) -> None:
    named = await _uids(server, logins)
    server.access = replace(server.access, invited=server.access.invited - set(named.values()))
    seated = server.seating.uids()
    kept = sorted(login for login, uid in named.items() if uid in seated)
    enforce_access(server)
    done(client, f"{', '.join(sorted(named))} may no longer join {server.address.label}"
         + (f" (a seat {', '.join(kept)} holds stays theirs)." if kept else "."))


def _set(server: TableServer, client: Client, message: dict[str, Any]) -> None:
    host_only(server, client, "change who may come")
    if "open" not in message and "spectators" not in message:
        raise ProtocolError("bad-field", "Say 'open', 'spectators' or both.")
    server.access = replace(server.access, open=message.get("open", server.access.open),
                            spectators=message.get("spectators", server.access.spectators))
    enforce_access(server)
    who = "anyone on this server may sit down" if server.access.open else \
        "only those invited may sit down"
    watch = "anyone may watch" if server.access.spectators else "only players may watch"
    done(client, f"At {server.address.label} {who}, and {watch}.")


def enforce_access(server: TableServer) -> None:
    """Watchers who may no longer watch are shown out (a seat held stays held)."""
    seated = server.seating.uids()
    for watcher in [c for c in server.connections.clients if c.role == "spectator"]:
        if not server.access.may_watch(watcher.peer.uid, seated):
            watcher.send({"type": "closed",
                          "text": f"{server.spec.host} closed {server.address.label} to you."})
            watcher.close()


def _bot(server: TableServer, client: Client, message: dict[str, Any]) -> None:
    host_only(server, client, "hand a seat to a bot")
    match = server.play.match
    if match is None or server.play.over:
        raise ProtocolError("not-now", "A bot can take a seat only while the game runs.")
    player = message["player"]
    seats = server.seating.seats
    if not 1 <= player <= len(seats) or not seats[player - 1].human:
        raise ProtocolError("bad-field", f"Seat {player} is not a person's seat.")
    seat = seats[player - 1].seat
    name = match.setup.seats[seat].name
    if not match.human_plays(seat):
        raise ProtocolError("not-now", f"A bot already plays for {name}.")
    server.away.hand_to_bot(seat, ordered=True)
    done(client, f"A {STAND_IN_LEVEL} bot plays for {name} until they act again.")


def _remove(server: TableServer, client: Client, message: dict[str, Any]) -> Awaitable[None]:
    host_only(server, client, "remove a watcher")
    return _remove_named(server, client, message["login"])


async def _remove_named(server: TableServer, client: Client, login: str) -> None:
    uid = (await _uids(server, [login]))[login]
    watchers = [c for c in server.connections.clients
                if c.role == "spectator" and c.peer.uid == uid]
    server.access = replace(server.access, barred=server.access.barred | {uid})
    for watcher in watchers:
        watcher.send({"type": "closed", "text": f"{server.spec.host} asked you to leave "
                                                f"{server.address.label}."})
        watcher.close()
    done(client, f"{clean(login, NAME_LIMIT)} may not watch {server.address.label} any "
         "more" + (" and was shown out." if watchers else "."))


#: The host's commands, by message type.
HOST_COMMANDS: dict[str, Callable[[TableServer, Client, dict[str, Any]],
                                   Awaitable[None] | None]] = {
    "close": _close, "invite": _invite, "uninvite": _uninvite, "set": _set, "bot": _bot,
    "remove": _remove,
}
