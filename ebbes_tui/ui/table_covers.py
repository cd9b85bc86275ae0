"""Hot-seat: the table is covered between players. The cover names who is next and
tells them what they missed; only then does their view show (R18). A player may also
ask to look at their own hand while nobody must decide."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..controller import Update
from ..controller.hot_seat import HotSeat
from ..game.events import Dealt
from .table_follow import TABLE_EVENTS

if TYPE_CHECKING:
    from .table import TableScreen


class HotSeatCovers:
    """The covers of one hot-seat table, and the last update each player saw."""

    def __init__(self, screen: TableScreen, seats: HotSeat) -> None:
        self.screen = screen
        self.seats = seats
        self._seen: dict[int, int] = {}

    async def hand_off(self, update: Update) -> None:
        """Cover the table until the player who must decide is at it."""
        screen, seats = self.screen, self.seats
        seat = seats.needs_player(update.view)
        if seat is None:
            if isinstance(update.event, Dealt):
                screen.redraw()  # the deal covered the table: no hand on show
            return
        if seats.viewer is not None:
            if screen.pacing.shows_finished_trick(update):  # who played last sees the trick
                await screen.follower.wait(screen.pacing.trick_hold(), screen.follower.paced_at)
            self._seen[seats.viewer] = update.seq
        # The rest of the move that calls them (the trick it completed) comes after the
        # cover, which goes up at once: the recap says it already.
        rest = [u for u in screen.feed.waiting()  # as everyone may read them: no hand
                if u.decision == update.decision and not isinstance(u.event, TABLE_EVENTS)]
        screen.update = seats.cover()
        screen.redraw()
        await self._call_to_screen(seat, screen.screens.why(update.view), rest)

    async def look(self) -> None:
        """A player asks to see their own hand while no one must decide."""
        from .picker import PlayerPicker

        screen, seats = self.screen, self.seats
        if screen.covering.locked():
            return  # the table is being handed to someone who must decide
        async with screen.covering:
            names = [screen.app.look.text(s.name) for s in screen.view.seats]
            seat = await screen.app.push_screen_wait(PlayerPicker(
                "Who wants to look at their hand?", [(s, names[s]) for s in seats.players]))
            if seat is not None:
                if seats.viewer is not None:
                    self._seen[seats.viewer] = screen.update.seq
                screen.update = seats.cover()
                screen.redraw()
                await self._call_to_screen(seat, "to look at your hand")
            await screen.follower.settle()  # a decision that came meanwhile calls its player now

    async def _call_to_screen(self, seat: int, why: str, rest: Sequence[Update] = ()) -> None:
        """The cover names the player, recaps what they missed (``rest``: updates not
        shown yet), and shows their view once they are at the screen."""
        from .handoff import HandOffScreen

        screen = self.screen
        assert screen.game_log is not None
        name = screen.app.look.text(screen.view.seats[seat].name)
        log = screen.game_log
        if rest:  # said on a copy: the log itself takes them as they are shown
            log = copy.deepcopy(log)
            for update in rest:
                log.add(update)
        missed = log.since(self._seen.get(seat, -1))
        now = log.current(rest[-1].view if rest else screen.view)
        recap = "\n".join([*missed, *([screen.app.look.text(now)] if now else [])])
        while await screen.app.push_screen_wait(HandOffScreen(seat, name, why, recap)) == "menu":
            if await screen.app.push_screen_wait(screen.leaving.question("menu")):
                screen.leaving.leave("menu")
                return
        screen.update = self.seats.take(seat)
        self._seen[seat] = screen.update.seq
        screen.redraw()
