"""A seat-bound window onto a match: what one screen (local or remote) holds.

A session for seat K reads only seat K's view and submits only seat K's decisions; a
spectator's session (seat None) reads the public table and submits nothing (R18, R21).
Each session has its own stream of updates with sequence numbers, so a screen that
lost some catches up from :meth:`Session.snapshot`.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from typing import Protocol

from ..game.errors import IllegalMove
from ..game.protocols import AnyView
from .events import AnyUpdate, Event, Synced, TakenBack, Update

if TYPE_CHECKING:
    from .match import Match


class NotYourTurn(IllegalMove):
    """A decision from a session that may not make it now."""


class Feed(Protocol):
    """What a table screen follows: a local session, the hot-seat adapter, or a shared
    table's remote feed. Updates come in order; a screen that lost some draws
    :meth:`snapshot` from scratch."""

    @property
    def seat(self) -> int | None:
        """The seat whose view the screen shows (None: the public table)."""
        ...

    @property
    def take_back_offered(self) -> bool: ...

    @property
    def hints_offered(self) -> bool: ...

    async def next(self) -> AnyUpdate: ...

    def waiting(self) -> tuple[AnyUpdate, ...]:
        """The updates come and not taken yet, oldest first (how far behind the screen is)."""
        ...

    def snapshot(self) -> AnyUpdate: ...

    def asks(self, update: AnyUpdate) -> bool:
        """Whether ``update`` asks the player at this screen for a decision still open."""
        ...

    def submit(self, action: object, decision: int | None = None) -> None: ...

    def draft(self, action: object) -> None:
        """Keep the player's answer so far, not decided (:meth:`Rules.draft`)."""
        ...

    def can_take_back(self) -> bool: ...

    def take_back(self) -> None: ...

    def hint(self) -> tuple[object, str]: ...

    def close(self) -> None: ...


class UpdateStream:
    """Updates in order, for a screen to take one by one: a local session's and a
    shared table's feed alike."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[AnyUpdate] = asyncio.Queue()

    async def next(self) -> AnyUpdate:
        """The next update, waiting for it."""
        return await self._queue.get()

    def poll(self) -> AnyUpdate | None:
        """The next update if one is waiting, else None."""
        try:
            return self._queue.get_nowait()
        except asyncio.QueueEmpty:
            return None

    def waiting(self) -> tuple[AnyUpdate, ...]:
        """The updates received and not taken yet, oldest first (how far behind the
        screen is)."""
        return tuple(self._queue._queue)  # type: ignore[attr-defined]  # the buffer: not in stubs


class Session(UpdateStream):
    """One seat's (or a spectator's) connection to a :class:`Match`."""

    def __init__(self, match: Match, seat: int | None) -> None:
        super().__init__()
        self.match = match
        self.seat = seat
        self.closed = False
        self.answered = -1  # the number of the last decision this session answered

    def view(self) -> AnyView:
        """What this seat may see now (R18); a spectator: the public table, no hand."""
        return self.match.state.view(self.seat)

    def snapshot(self) -> AnyUpdate:
        """The full view at the latest sequence number, to draw from scratch; of a game
        that has ended, with how it ended (a player back only then sees the standings)."""
        view = self.view()
        ended = self.match.ended
        event = ended if ended is not None and view.over else Synced()
        return Update(self.match.seq, event, view, self.match.decision)

    def asks(self, update: AnyUpdate) -> bool:
        """Whether ``update`` asks this seat for a decision that is still open: the
        latest, not answered yet, not being made by a bot standing in (R21)."""
        if self.seat is None:
            return False
        asked = self.match.asked.get(self.seat)
        return (bool(update.view.actions) and asked is not None and asked > self.answered
                and update.decision == self.match.decision
                and self.match.human_plays(self.seat))

    def submit(self, action: object, decision: int | None = None) -> None:
        """Answer this seat's pending decision (the one numbered ``decision``, when
        given). Raises :class:`IllegalMove` (its ``player_text`` says why) and changes
        nothing when the rules, the turn or the seat forbid it."""
        if self.seat is None:
            raise NotYourTurn(None, "a spectator cannot play")
        if self.closed:
            raise NotYourTurn(None, "this session is closed")
        asked = self.match.asked.get(self.seat, -1)  # there is one: else submit refuses
        self.match.submit(self.seat, action, decision)
        self.answered = asked

    def draft(self, action: object) -> None:
        """This seat's answer so far (a hand being arranged), kept and saved for it
        alone; IllegalMove says why not."""
        if self.seat is None:
            raise NotYourTurn(None, "a spectator has no hand to arrange")
        if self.closed:
            raise NotYourTurn(None, "this session is closed")
        self.match.draft(self.seat, action)

    @property
    def take_back_offered(self) -> bool:
        """Whether take-back exists in this game for this seat (one player against
        bots, R20); :meth:`can_take_back` says whether there is a card to take back."""
        return self.seat is not None and self.match.take_back_allowed

    def can_take_back(self) -> bool:
        return self.seat is not None and self.match.can_take_back(self.seat)

    @property
    def hints_offered(self) -> bool:
        """Hints exist for one player against bots (not at a shared table)."""
        return self.seat is not None and self.match.take_back_allowed

    def hint(self) -> tuple[object, str]:
        """What the game's ``normal`` bot would do now and why; counted, nothing is
        played."""
        if self.seat is None:
            raise NotYourTurn(None, "a spectator gets no hints")
        return self.match.hint(self.seat)

    def take_back(self) -> None:
        """Undo this seat's last card of the round (one player against bots, R20)."""
        if self.seat is None:
            raise NotYourTurn(None, "a spectator cannot take back")
        self.match.take_back(self.seat)

    def close(self) -> None:
        """Stop receiving updates."""
        self.closed = True
        self.match.detach(self)

    def push(self, seq: int, event: Event) -> None:
        """The match reports ``event`` (it has happened): queue it with this seat's view."""
        if isinstance(event, TakenBack):
            self.answered = -1  # the decisions after the card taken back are open again
        if not self.closed:
            self._queue.put_nowait(Update(seq, event, self.view(), self.match.decision))
