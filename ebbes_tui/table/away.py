"""Players away from a running table, and the bots that stand in for them (R21): a
player whose last connection closes is away, and after ``away_after`` seconds a bot
stands in until they come back; a connected player who lets ``turn_time`` pass on one
decision is away too, a bot making that decision and the next until they act again;
and the host may hand a seat to a bot. The record notes every change of hands."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .clock import Timer
from .seats import STAND_IN_LEVEL

if TYPE_CHECKING:
    from .server import TableServer

log = logging.getLogger("ebbes.table")


class Away:
    """Who is away from ``table``'s game since when, and each deciding player's turn
    clock."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        self._away: dict[int, tuple[float, Timer | None]] = {}  # seat -> (since, stand-in)
        #: Each deciding player's turn clock: (the number their decision came up at, timer).
        self.turn_timers: dict[int, tuple[int, Timer]] = {}
        self._armed_at: dict[int, float] = {}  # seat -> when its turn clock started

    def is_away(self, seat: int) -> bool:
        return seat in self._away

    def since(self, seat: int) -> float | None:
        """When ``seat``'s player went away (by the table's clock); None: here."""
        away = self._away.get(seat)
        return away[0] if away else None

    def turn_started(self, seat: int) -> float | None:
        """When ``seat``'s turn clock started (a player back gets a whole turn_time
        again, so it is shown from then); None: no clock runs for it."""
        return self._armed_at.get(seat) if seat in self.turn_timers else None

    def set_away(self, seat: int) -> None:
        """``seat``'s player has no connection: after ``away_after`` a bot stands in."""
        if seat in self._away:
            return
        clock, away_after = self.table.clock, self.table.spec.away_after
        timer = None if away_after is None else clock.later(away_after, self._stand_in, seat)
        self._away[seat] = (clock.now(), timer)
        log.info("seat %d is away", seat)

    def hand_to_bot(self, seat: int, *, ordered: bool = False) -> None:
        """A bot plays ``seat`` now, the decision pending included, and the seat is
        away until its player acts again (R21); ``ordered``: the host said so (the game
        goes on even with no person left to play it)."""
        assert self.table.play.match is not None
        self._away.setdefault(seat, (self.table.clock.now(), None))
        self._stand_in(seat, ordered=ordered)

    def _stand_in(self, seat: int, *, ordered: bool = False) -> None:
        play = self.table.play
        match = play.match
        if match is not None and seat in self._away and not play.over and match.human_plays(seat):
            match.stand_in(seat, STAND_IN_LEVEL, ordered=ordered)  # R21: the record notes it
            log.info("a %s bot plays seat %d", STAND_IN_LEVEL, seat)
            play.broadcast_presence()

    def back(self, seat: int) -> None:
        """``seat``'s player is back: the seat is theirs again (R21)."""
        entry = self._away.pop(seat, None)
        if entry is not None and entry[1] is not None:
            entry[1].cancel()
        play = self.table.play
        if play.over:  # the record is archived: a change of hands now would save it again
            return
        match = play.match
        if match is not None and seat in match.humans and not match.human_plays(seat):
            match.give_back(seat)
            log.info("seat %d is played by its player again", seat)

    def arm_turn(self) -> None:
        """The turn clock: a connected player has ``turn_time`` for one decision (each
        of several deciding at once has their own); it is set again whenever the
        decision, or who answers it, changes."""
        play = self.table.play
        match = play.match
        if match is None:
            return
        connected = self.table.connections.connected_seats()
        timed = {} if play.over else {
            seat: match.asked[seat] for seat in match.awaiting
            if match.human_plays(seat) and seat in connected and seat in match.asked}
        for seat in [s for s in self.turn_timers if self.turn_timers[s][0] != timed.get(s)]:
            self.turn_timers.pop(seat)[1].cancel()
        turn_time = self.table.spec.turn_time
        if turn_time is None:
            return
        for seat, asked in timed.items():
            if seat not in self.turn_timers:
                self._armed_at[seat] = self.table.clock.now()
                self.turn_timers[seat] = (asked, self.table.clock.later(
                    turn_time, self._time_up, seat, asked))

    def _time_up(self, seat: int, asked: int) -> None:
        play = self.table.play
        match = play.match
        self.turn_timers.pop(seat, None)
        if match is not None and not play.over and match.asked.get(seat) == asked \
                and match.human_plays(seat):
            log.info("seat %d ran out of time", seat)
            self.hand_to_bot(seat)

    def cancel(self) -> None:
        """The table closes: no bot stands in, no turn clock runs any more."""
        for timer in (*(t for _, t in self._away.values()),
                      *(t for _, t in self.turn_timers.values())):
            if timer is not None:
                timer.cancel()
