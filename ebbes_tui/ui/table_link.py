"""A table screen at a shared table: what it does besides the game. The presence line
(who is connected, away, thinking: R21), the chat said in the lobby, the recap a
player coming back is given, and leaving a table whose update this screen cannot show
(another user's table never ends the program)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Static

from ..controller import SeatChanged, Update
from ..table.client import RemoteFeed
from ..table.events import Disconnected, Presence, unshowable

if TYPE_CHECKING:
    from .table import TableScreen

#: The status line once a shared table has gone (nobody's turn any more).
CLOSED = "The table has closed."


class TableLink:
    """A table screen's link to the shared table its feed speaks to."""

    def __init__(self, screen: TableScreen, remote: RemoteFeed) -> None:
        self.screen = screen
        self.remote = remote
        self.unshown: Disconnected | None = None  # why this screen left the table

    @property
    def closed(self) -> bool:
        """The table has gone: nothing here is anyone's turn any more."""
        return self.remote.closed

    @property
    def presence(self) -> Presence | None:
        """Who is connected, away, and thinking (R21)."""
        return self.remote.presence

    def start(self) -> None:
        """Put what was said in the lobby in the log, among the moves it came between,
        and keep the presence line's clocks running."""
        screen = self.screen
        assert screen.game_log is not None
        for line in self.remote.earlier_chat:
            line = replace(line, earlier=True)
            screen.game_log.add(Update(screen.update.seq, line, screen.view, screen.update.decision))
        screen.set_interval(1.0, self.show_presence)

    async def recap(self) -> None:
        """A player back at a shared table is told what they missed, as the hot-seat
        cover tells a player what happened since they last looked; their own seat is
        "You", and a bot that played it while they were away is said first."""
        from .handoff import HandOffScreen

        screen = self.screen
        missed = self.remote.missed
        seat = screen.view.seat
        if not missed or seat is None:
            return
        log = screen.screens.log(screen.app.look, personal=True, memory_aid=screen.memory_aid)
        log.reader = seat  # the missed news is public: its views have no seat
        stood_in = None
        for update in missed:
            event = update.event
            if isinstance(event, SeatChanged) and event.seat == seat and not event.human:
                stood_in = event.level  # said once, first, in the past
                continue
            log.add(update)
        away = "" if stood_in is None else f"You were away: a {stood_in} bot played for you."
        name = screen.app.look.text(screen.view.seats[seat].name)
        answer = await screen.app.push_screen_wait(HandOffScreen(
            seat, name, recap="\n".join(log.since(-1)), back=True, first=away))
        if answer == "menu":
            screen.action_menu()

    def leave_unshowable(self, error: Exception, shown: Update) -> None:
        """Leave the shared table whose update could not be shown and say why; the
        table goes back to the last update shown whole, as it stands when a table
        closes."""
        screen = self.screen
        self.unshown = unshowable(self.remote.client.address.label, error)
        self.remote.close()
        screen.update = shown
        screen.news.note(replace(shown, event=self.unshown))
        screen.redraw()

    def show_presence(self) -> None:
        """"1 Ann  2 Bob (away 0:42 of 2:00)  3 Cid · waiting for Bob" (the game waits
        for an away player until a bot takes the seat), or "· Cid thinking 0:07 of
        2:00"; while a bot stands in for every person, that the table waits and what
        brings it back (R21). The player whose time ran out is told a key takes the
        seat back."""
        screen = self.screen
        presence = self.presence
        if presence is None:
            return
        line = screen.query_one("#presence", Static)
        if self.closed:  # no table: no clock ticks on
            line.update("Not connected.")
            return
        seat = screen.view.seat
        mine = presence.seats[seat] if seat is not None and seat < len(presence.seats) \
            else None
        if presence.waiting:
            line.update("The table waits: everyone is away. " + (
                "Press any key to play on." if mine is not None and mine.bot
                else "It goes on when a player comes back."))
            return
        if mine is not None and mine.bot and mine.connected and not screen.view.over:
            line.update(f"Your time ran out: a {mine.bot} bot plays for you. "
                        "Press any key to play again.")
            return
        line.update(screen.app.look.text(self._presence_line(presence,
                                                             line.content_size.width)))

    def _presence_line(self, presence: Presence, width: int) -> str:
        """Each seat with its player's absence, and whose turn it is since when: one
        clock each, and the time it runs to (a turn's, or until a bot takes the seat
        of a player who left); within ``width`` cells (0: not yet known)."""
        now = time.monotonic()
        parts: list[tuple[str, bool]] = []
        waiting = set()  # seats whose player is away and no bot stands in: the game waits
        over = self.screen.view.over  # who stood in for whom no longer matters
        for seat in presence.seats:
            if seat.kind not in ("human", "bot"):
                continue
            note = ""
            if seat.kind == "human" and over:
                note = "" if seat.connected else " (left)"
            elif seat.kind == "human" and seat.bot:
                why = "time ran out" if seat.connected else "left"
                note = f" ({why}: a bot plays)"  # its level would cost the line its end
            elif seat.kind == "human" and not seat.connected:
                waiting.add(seat.seat)
                if seat.away_since is not None:
                    limit = presence.away_after
                    note = f" (away {clock_of(now - seat.away_since)}" + (
                        f" of {clock_of(limit)})" if limit is not None else ")")
                else:
                    note = " (away)"
            parts.append((f"{seat.seat + 1} {seat.name}{note}", bool(note)))
        tail = ""  # whose turn, the watchers
        dot = self.screen.app.look.dot
        if presence.turn is not None and presence.turn in waiting:
            tail += f" {dot} waiting for {self.screen.view.seats[presence.turn].name}"
        elif presence.turn is not None and presence.turn_since is not None:
            name = self.screen.view.seats[presence.turn].name
            clock = clock_of(now - presence.turn_since)
            if presence.turn_time is not None:
                clock += f" of {clock_of(presence.turn_time)}"
            tail += f" {dot} {name} thinking {clock}"
        if presence.watchers:
            tail += f" {dot} {presence.watchers} watching"
        return fitted_presence(parts, tail, width, dot)


def fitted_presence(seats: list[tuple[str, bool]], tail: str, width: int, dot: str) -> str:
    """The seats (each with whether it has news: away, or a bot standing in), then
    ``tail`` (whose turn, the watchers), within ``width`` cells: short of room the
    seats without news give way, so the clock and the absences stay in view (at 80
    columns "· root thinking 0:07 of" lost its end)."""
    line = "  ".join(text for text, _ in seats) + tail
    if width <= 0 or cell_len(line) <= width:
        return line
    news = "  ".join(text for text, noted in seats if noted)
    return news + tail if news else tail.removeprefix(f" {dot} ")


def clock_of(seconds: float) -> str:
    """``seconds`` as minutes and seconds: 2:00."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
