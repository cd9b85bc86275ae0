"""A player's side of the record a shared table sends once its game is over: taken
once, only after the player saw their game there end, handed on to be kept in their
own History with the check it must pass (:class:`~.witness.Witness`), and refused with
one line saying why when it is not kept. Another user's table may send anything."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game.clean import NAME_LIMIT, clean
from ..game.errors import RecordError
from ..game.protocols import AnyState, Record
from .events import Refused, TableEvent
from .witness import Witness

if TYPE_CHECKING:
    from .client import TableClient

#: Seconds a player who leaves a finished game's table at once waits, unseen, for the
#: game's record to keep in their History: the table sends it once its last save is
#: written, which on a busy server can come after the final standings.
RECORD_PATIENCE = 15.0


class RecordTaker:
    """The table's record of ``client``'s game, for the player to keep; ``tell`` shows
    the player a refusal (at the table, or wherever they went after leaving it)."""

    def __init__(self, client: TableClient, tell: Callable[[TableEvent], None]) -> None:
        self.client = client
        self.tell = tell
        #: Called with the whole record once the game is over, and the check it must
        #: pass to be kept (:meth:`Witness.check`: a thread may run it); the terminal
        #: keeps it in the player's History, headless clients leave this None.
        self.on_record: Callable[[Record, Callable[[Record], AnyState]], object] | None = None
        #: What this player saw of the game, to hold the table's record against.
        self.witness = Witness(client.plays)
        #: The player has left and the client waits only for the record (at most
        #: :data:`RECORD_PATIENCE` seconds), then closes.
        self.leaving = False
        self._taken = False  # at most one record per table game
        self._refused = False  # and one line saying why one was not kept
        self._loop = asyncio.get_running_loop()  # a record is checked in a thread

    def awaited(self) -> bool:
        """Whether this player's game here is over and its record, to keep in their
        History, has not come yet."""
        client = self.client
        return (self.on_record is not None and client.role == "player" and not client.closed
                and not self._taken and client.feed is not None
                and client.feed.latest.view.over)

    def take(self, record: object) -> None:
        """The table's record of the game, to keep: taken once, only from a table
        whose game this player saw end (at most 1 MiB: the client reads no longer
        line); whether it agrees with what they saw is checked where it is replayed."""
        client = self.client
        if self.on_record is None or client.role != "player" or self._taken:
            return  # a spectator keeps nothing; a second record is ignored
        if client.feed is None or not client.feed.latest.view.over:
            self._refuse("it came before your game there had ended")
            return
        self._taken = True
        if isinstance(record, dict):
            self.on_record(self._own(record), self._check)
        else:
            self._refuse("it is not a game record")
        if self.leaving:
            client.close()

    def _check(self, record: Record) -> AnyState:
        """:meth:`Witness.check`, from any thread; a record that fails it is refused
        with one line at the table."""
        try:
            state = self.witness.check(record)
        except RecordError as e:
            if not self._loop.is_closed():
                self._loop.call_soon_threadsafe(self._refuse, str(e))
            raise
        # The game is kept: its moves are of no more use. (Not before the check: a junk
        # record first would take the proof of a true one with it.)
        self.witness.forget()
        return state

    def _refuse(self, why: str) -> None:
        """Tell the player once that the table's record was not kept, and why."""
        if not self._refused:
            self._refused = True
            self.tell(Refused(f"The game record the table {self.client.address.label} "
                              f"sent was not kept in your History: {clean(why)}.", "record"))

    def _own(self, record: dict[str, Any]) -> dict[str, Any]:
        """The finished game's record as this player keeps it: names cleaned, and the
        table it was played at named as the kernel says (not as the server claims)."""
        players = record.get("players")
        if isinstance(players, list):
            for player in players:
                if isinstance(player, dict) and "name" in player:
                    player["name"] = clean(player["name"], NAME_LIMIT)
        return {**record, "table": {"host": self.client.address.host, "name": self.client.name}}
