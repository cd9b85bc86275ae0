"""Following the feed: a table screen shows its updates one by one at a pace a person
can follow (the game's :class:`~.game_ui.Pace`), and puts up whatever the game needs
from the players at the screen (the hot-seat hand-off, a deal's summary, the final
standings, a decision dialog) in the order the game made it. The match does not wait
for the screen; the screen catches up."""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING

from ..controller import TakenBack, Update
from ..game.events import ChatLine, Ended
from ..table.events import Disconnected, GameStarted, Lobby, Presence, Refused
from .decision import DecisionDialog
from .pacing import SUMMARY_SECONDS, behind

if TYPE_CHECKING:
    from .table import TableScreen

#: What a shared table says besides the game (never paced, never a move).
TABLE_EVENTS = (ChatLine, Presence, Refused, Disconnected, Lobby, GameStarted)


class Follower:
    """The loop of one table screen: the next update, its pause, its drawing, and what
    must go over the table after it."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.paced = screen.update  # the last update of the game itself drawn, and when
        self.paced_at = time.monotonic()
        self._skip = asyncio.Event()
        self._rewinding = False  # a take-back was asked for: skip to its update

    async def follow(self) -> None:
        """Show the feed's updates in order, at a readable pace, and put up whatever
        the game needs from the players at the screen. An update of another user's
        table this screen cannot show ends that table, not the program; a local game's
        failure is this program's own bug, and stays loud."""
        screen = self.screen
        shown = screen.update
        try:
            async with screen.covering:
                if screen.link is not None:
                    await screen.link.recap()
                await self.settle()
            while True:
                shown = screen.update
                update = await screen.feed.next()
                if self._rewinding:  # what came after the move taken back never happened
                    if not isinstance(update.event, TakenBack):
                        continue
                    self._rewinding = False
                if not isinstance(update.event, TABLE_EVENTS):
                    hold = screen.pacing.hold(self.paced, update,
                                              catching_up=behind(screen.feed.waiting()))
                    if screen.coach is not None:
                        hold = screen.coach.hold(self.paced, update, hold)
                    await self.wait(hold, since=self.paced_at)
                async with screen.covering:  # never while a player asked to look (v)
                    if screen.seats is not None:  # whoever came to the screen meanwhile sees theirs
                        update = screen.seats.as_seen(update)
                    self.show(update)
                    await self.settle()
        except Exception as error:
            if not screen.app.is_running:  # the app is closing: its screens are taken down
                return
            if screen.link is None:
                raise
            screen.link.leave_unshowable(error, shown)

    def hurry(self) -> None:
        """A key: whatever the table waits for now (a bot's move, a finished trick)
        waits no longer."""
        self._skip.set()

    def rewind(self) -> None:
        """A move was taken back: skip what came after it, to the update saying so."""
        self._rewinding = True
        self._skip.set()

    async def wait(self, seconds: float, since: float) -> None:
        """Leave the table as it is for ``seconds`` after ``since`` (a finished trick:
        maybe until a key); any key cuts it short."""
        screen = self.screen
        left = seconds - (time.monotonic() - since)
        if left <= 0:
            return
        self._skip.clear()
        screen.holding = math.isinf(left)
        if screen.holding:
            screen.redraw()  # "any key goes on"
        try:
            await asyncio.wait_for(self._skip.wait(), None if screen.holding else left)
        except asyncio.TimeoutError:
            pass
        finally:
            if screen.holding:
                screen.holding = False
                screen.redraw()

    def show(self, update: Update) -> None:
        """Draw ``update``, say what it means, and log it."""
        screen = self.screen
        if not isinstance(update.event, TABLE_EVENTS):
            self.paced, self.paced_at = update, time.monotonic()
        screen.update = update
        if screen.game_log is not None:
            screen.game_log.add(update)
        screen.news.note(update)
        screen.redraw(fresh=True)

    async def settle(self) -> None:
        """Put up what the update on show needs: a deal's summary and the final
        standings (in hot-seat read by everyone at the screen, before the keyboard
        goes on), the hand-off cover (privacy first), a decision dialog."""
        screen = self.screen
        update = screen.update
        await self.big_enough()
        everyone = screen.seats.for_everyone() if screen.seats is not None else update
        # At a shared table nobody holds up the others, nor falls behind them.
        interlude = screen.screens.interlude(everyone, SUMMARY_SECONDS if screen.shared else None)
        if interlude is not None:
            await screen.app.push_screen_wait(interlude)
            await self.big_enough()
        if update.view.over and isinstance(update.event, Ended):
            final = screen.screens.final(everyone, not screen.shared)
            choice = await screen.app.push_screen_wait(final) if final is not None else "menu"
            screen.post_message(screen.Left(choice or "menu", finished=True))
            return
        if screen.covers is not None:
            await screen.covers.hand_off(update)
            update = screen.update
        # A dialog waits for the rest of the move that asks it (the trick it took):
        # the log under it holds that too.
        if screen.feed.asks(update) and not any(
                u.decision == update.decision and not isinstance(u.event, TABLE_EVENTS)
                for u in screen.feed.waiting()):
            await screen.coach_read()  # a lesson's trick is explained before a dialog
            await self.decide(update)

    async def big_enough(self) -> None:
        """Nothing goes over the table while the window is too small."""
        await self.screen.app.size_guard.big_enough()

    async def decide(self, update: Update) -> None:
        """A decision the game asks in a dialog (who starts, a pair, a reward ...); a
        refused answer reopens the dialog with the reason. (Most moves are made on the
        table itself.)"""
        screen = self.screen
        error = ""
        while (dialog := screen.screens.dialog(update.view, error)) is not None:
            if isinstance(dialog, DecisionDialog):  # its b, g and i work on this table
                dialog.beneath = screen
                dialog.hint = screen.feed.hint if screen.feed.hints_offered else None
                dialog.personal = not screen.hot_seat
                if screen.coach is not None:
                    dialog.said = screen.screens.in_words(screen.coach.line(update, False),
                                                          screen.app.look)
                    dialog.asked = screen.coach.asked(update)
            answer = await screen.app.push_screen_wait(dialog)
            if answer is None:
                return
            error = screen.submit(answer) or ""
            if not error or screen.moment_passed:
                return  # done, or no longer this player's (what came instead follows)
