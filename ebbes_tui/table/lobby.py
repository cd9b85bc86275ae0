"""A table's lobby: who may sit where (from the uid the kernel gives, :mod:`.access`
and :mod:`.seats`), the table as ``ebbes table list`` shows it, and the seats as the
people in the lobby see them until the game starts: when every person's seat is
taken, or the host starts early (bots in the empty seats)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .protocol import VERSION
from .seats import Refusal

if TYPE_CHECKING:
    from .connections import Client
    from .server import TableServer

log = logging.getLogger("ebbes.table")


class Lobby:
    """Admits the people who come to ``table`` and keeps them told who sits where."""

    def __init__(self, table: TableServer) -> None:
        self.table = table

    def admit(self, client: Client, hello: dict[str, Any]) -> bool:
        """Seat ``client`` as its ``hello`` asks, or let it watch, and welcome it; False
        when it is refused (told why, and closed)."""
        table = self.table
        peer, login, seated = client.peer, client.login, table.seating.uids()
        try:
            if hello.get("role", "player") == "spectator":
                if not table.access.may_watch(peer.uid, seated):
                    label = table.address.label
                    raise Refusal(f"Nobody may watch {label} without an invitation."
                                  if peer.uid not in table.access.barred else
                                  f"{table.spec.host} asked you not to watch {label}.")
                client.role = "spectator"
            else:
                if not table.access.may_play(peer.uid, seated):
                    raise Refusal(f"This table is not open to you: ask {table.spec.host} "
                                  "for an invitation.")
                player = hello.get("player")
                if hello.get("take_over") is True:
                    player = self._take_over(client, player)
                seat = table.seating.take(peer.uid, login, player,
                                          table.connections.connected_seats())
                client.role, client.seat = "player", seat.seat
        except Refusal as e:
            table.connections.refusals.refused(login, str(e))
            client.error(e.code, str(e))
            client.close()
            return False
        log.info("%s joined (%s, seat %s)", login, client.role, client.seat)
        table.someone_came()
        client.send({"type": "welcome", "version": VERSION, "game": table.game.id,
                     "table": self.info(client),
                     "login": login, "role": client.role, "seat": client.seat,
                     "player": table.seating.by_seat(client.seat).player
                     if client.seat is not None else None})
        return True

    def _take_over(self, client: Client, player: int | None) -> int | None:
        """``client``'s user moves here the seat they hold in another terminal (asked
        for, or their only one): a frozen or forgotten connection kept them out of it.
        That connection is told and let go; its end, noticed later, finds the seat
        taken. The kernel's uid decides, so nobody takes over another user's seat.
        Returns the seat to take (from 1), or None when none is held elsewhere."""
        table = self.table
        held = [(c, table.seating.by_seat(c.seat)) for c in table.connections.clients
                if c.player and not c.closed and c.seat is not None
                and c.peer.uid == client.peer.uid]
        held = [(c, seat) for c, seat in held if player is None or seat.player == player]
        if len(held) > 1:
            raise Refusal("You sit at several seats in other terminals: say which one to "
                          "take over.")
        if not held:
            return player
        [(other, seat)] = held
        other.send({"type": "closed", "text": "Your seat moved to another terminal of yours."})
        other.close()
        log.info("%s took seat %s over from another terminal", client.login, seat.player)
        return seat.player

    def enter(self, client: Client) -> None:
        """``client``, just admitted, waits in the lobby: the game starts once every
        person's seat is taken."""
        table = self.table
        table.chat.send_kept(client)
        self.broadcast()
        connected = table.connections.connected_seats()
        if all(s.seat in connected for s in table.seating.people()):
            table.start()

    def info(self, client: Client) -> dict[str, Any]:
        """The table as ``ebbes table list`` shows it to ``client``'s user; to a user
        it is private to, only its game (its name and host are on its socket): who
        plays, how it is set, how far it is are for those who may come."""
        table = self.table
        uid = client.peer.uid
        access = table.access.label(uid, table.seating.uids())
        if access == "private":
            return {"game": table.game.id, "name": table.spec.name, "host": table.spec.host,
                    "access": access}
        lobby = table.play.match is None
        info: dict[str, Any] = {
            "game": table.game.id, "name": table.spec.name, "host": table.spec.host,
            "seats": len(table.seating.seats),
            "free_seats": len(table.seating.free()) if lobby else 0,
            # During the game too: a player who left has their seat back on coming back.
            "kept_for_you": len(table.seating.kept_for(uid, table.connections.connected_seats()))
            if not table.play.over else 0,
            "spectators": table.access.welcomes_watching(uid), "access": access,
            "phase": "over" if table.play.over else "lobby" if lobby else "playing",
            "reopened": table.save.resumed is not None,
            "options": table.options,
            "watchers": len(table.connections.watching()),
        }
        info["players"] = [self._seat_label(s.seat, s.login, s.kind, s.level)
                           for s in table.seating.seats]
        return info

    def _seat_label(self, seat: int, login: str | None, kind: str, level: str | None) -> str | None:
        match = self.table.play.match
        if match is not None:
            return match.setup.seats[seat].name
        return f"bot:{level}" if kind == "bot" else login

    def broadcast(self, only: Client | None = None) -> None:
        """Who sits where, to everyone admitted (or ``only`` to one)."""
        table = self.table
        connected = table.connections.connected_seats()
        seats = [{"player": s.player, "seat": s.seat, "kind": s.kind, "login": s.login,
                  "name": self._seat_label(s.seat, s.login, s.kind, s.level),
                  "connected": s.seat in connected} for s in table.seating.seats]
        watching = table.connections.watching()
        for client in [only] if only else list(table.connections.clients):
            if client.role is not None:
                client.send({"type": "lobby", "host": table.spec.host, "seats": seats,
                             "can_start": table.access.is_host(client.peer.uid),
                             "watching": watching})
