"""The table of any game: everything a player may see, drawn from the updates of one feed.

The table follows a feed (one player's session, the hot-seat adapter, or a remote
table) and shows its updates one by one at a pace a person can follow (the game's
:class:`~.pacing.Pacing`): another seat's move waits a moment, a finished trick stays
as the player's trick display setting says (until a key, or a time), a deal's
summary waits until it is read (at a shared table, a few seconds). The match does not
wait for the screen; the screen catches up. Whatever must cover the table (the
hot-seat hand-off, a summary, a decision dialog, the final standings) is put up by the
same loop, so it always comes in the order the game made it.

The game's own widget (:mod:`.game_ui`) draws the view and takes the game's keys; this
screen keeps the rest: the status, presence and news lines, the log, hints, take-back,
chat, the hot-seat covers, leaving.
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from ..controller import AnyUpdate, TakenBack, Update
from ..controller.hot_seat import HotSeat
from ..controller.session import Feed, NotYourTurn
from ..game.errors import IllegalMove
from ..game.events import Dealt, Ended
from ..game.protocols import AnyGame, AnyView
from ..table.client import RemoteFeed
from ..table.events import (
    ChatLine, Disconnected, GameStarted, Lobby, Presence, Refused, unshowable,
)
from .chat import close_chat, open_chat, send_chat
from .footer import KeysFooter
from .game_ui import TRICK_KEY, Decided, Drawing, GameLog, GameTable, screens_of
from .log_screen import LogScreen
from .look import WIDE
from .pacing import SUMMARY_SECONDS, TRICK_LABELS, behind, next_trick_display

if TYPE_CHECKING:
    from .app import EbbesApp

#: The status line once a shared table has gone (nobody's turn any more).
CLOSED = "The table has closed."
#: What a shared table says besides the game (never paced, never a move).
_TABLE_EVENTS = (ChatLine, Presence, Refused, Disconnected, Lobby, GameStarted)


class TableScreen(Screen[None]):
    """The game in progress: the game's table widget draws the view and takes the
    game's keys (they work only while the player at the screen must act); this screen
    follows the feed and takes every other key."""

    app: EbbesApp
    AUTO_FOCUS = "#game-table"  # the game's keys; the chat line takes focus when opened
    BINDINGS = [
        Binding("g", "log", "Log"),
        Binding("b", "scores", "Board"),
        Binding("p", "last_trick", "Last", show=False),
        Binding("u", "take_back", "Undo"),
        Binding("i", "hint", "Hint"),
        Binding("v", "look", "My hand"),
        Binding("c", "chat", "Chat"),
        Binding("question_mark", "help", "Help"),
        Binding(TRICK_KEY, "trick_display", "Tricks", show=False, id="trick-display"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("q", "quit_table", "Quit", show=False),
        Binding("escape", "menu", "Menu"),
    ]

    class Left(Message):
        """The player leaves the table: ``choice`` is ``menu``, ``again`` or ``quit``;
        ``finished`` when the game is over; ``note``, what the menu says then (at a
        shared table, when not the app's own words on leaving)."""

        def __init__(self, choice: str, finished: bool, note: str = "") -> None:
            super().__init__()
            self.choice = choice
            self.finished = finished
            self.note = note

    class TrickDisplay(Message):
        """The player changed how long finished tricks stay (the app keeps it)."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    def __init__(self, feed: Feed, game: AnyGame, *, memory_aid: bool, pace: float,
                 trick_display: str = "normal") -> None:
        super().__init__()
        self.feed = feed
        #: The feed as what it is besides: the hot-seat adapter, or a shared table's.
        self.seats: HotSeat | None = feed if isinstance(feed, HotSeat) else None
        self.remote: RemoteFeed | None = feed if isinstance(feed, RemoteFeed) else None
        self.game = game
        self.screens = screens_of(game)
        self.trick_key = self.screens.trick_key
        if self.trick_key != TRICK_KEY:  # the game's own t (Hund's undertrekk) keeps it
            self._bindings.apply_keymap({"trick-display": self.trick_key})
        self.memory_aid = memory_aid
        self.pacing = self.screens.pace(pace, trick_display)
        self.show_last = True
        self._news = ""
        self._news_kind = ""  # what the news line says: stale at different moments
        self.update: AnyUpdate = feed.snapshot()
        self._paced = self.update  # the last update of the game itself drawn, and when
        self._paced_at = time.monotonic()
        self._fresh = False  # the update on show has just come (its flash, once)
        self.holding = False  # a finished trick waits for a key
        self._skip = asyncio.Event()
        self._rewinding = False  # a take-back was asked for: skip to its update
        # Held while the table is shown to someone (a deal, a hand-off, a decision) or a
        # player looks at their hand: one at a time, so nobody sees another's hand.
        self._covering = asyncio.Lock()
        self._keys: tuple[bool, bool] | None = None
        self._moment_passed = False  # the last refusal: not a rule, the decision went by
        self.game_log: GameLog[AnyView] | None = None  # made on mount, with the app's look
        self._seen: dict[int, int] = {}  # hot-seat: the last update each player saw
        self._unshown: Disconnected | None = None  # why this screen left a shared table

    @property
    def view(self) -> AnyView:
        """The view on screen now."""
        return self.update.view

    @property
    def hot_seat(self) -> bool:
        return self.seats is not None

    @property
    def shared(self) -> bool:
        """A shared table (its feed speaks to a table server)."""
        return self.remote is not None

    @property
    def game_table(self) -> GameTable:
        """The game's own widget."""
        return cast(GameTable, self.query_one("#game-table"))

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        yield self.screens.table(self.app.look, self.view)
        yield Static(id="presence", markup=False)
        yield Static(id="news", markup=False)
        yield KeysFooter(compact=True)  # room for "1-0,asdfx Card" beside the rest at 80

    def on_mount(self) -> None:
        self.game_log = log = self.screens.log(self.app.look, personal=not self.hot_seat,
                                               memory_aid=self.memory_aid)
        log.start(self.update)
        for line in self.remote.earlier_chat if self.remote else ():  # said in the lobby:
            line = replace(line, earlier=True)  # among the moves it came between
            log.add(Update(self.update.seq, line, self.view, self.update.decision))
        self.query_one("#presence").display = self.shared
        if self.shared:
            self.set_interval(1.0, self._show_presence)
        self.redraw()
        self.follow()

    # ------------------------------------------------------------- following

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        """Show the feed's updates in order, at a readable pace, and put up whatever
        the game needs from the players at the screen. An update of another user's
        table this screen cannot show ends that table, not the program; a local game's
        failure is this program's own bug, and stays loud."""
        shown = self.update
        try:
            async with self._covering:
                await self._recap()
                await self._settle()
            while True:
                shown = self.update
                update = await self.feed.next()
                if self._rewinding:  # what came after the move taken back never happened
                    if not isinstance(update.event, TakenBack):
                        continue
                    self._rewinding = False
                if not isinstance(update.event, _TABLE_EVENTS):
                    await self._wait(self.pacing.hold(
                        self._paced, update,
                        catching_up=behind(self.feed.waiting())),
                        since=self._paced_at)
                async with self._covering:  # never while a player asked to look (v)
                    if self.seats is not None:  # whoever came to the screen meanwhile sees theirs
                        update = self.seats.as_seen(update)
                    self.show(update)
                    await self._settle()
        except Exception as error:
            if not self.app.is_running:  # the app is closing: its screens are taken down
                return
            if self.remote is None:
                raise
            self._leave_unshowable(self.remote, error, shown)

    def _leave_unshowable(self, remote: RemoteFeed, error: Exception, shown: AnyUpdate) -> None:
        """Leave the shared table whose update could not be shown and say why; the
        table goes back to the last update shown whole, as it stands when a table
        closes."""
        self._unshown = unshowable(remote.client.address.label, error)
        remote.close()
        self.update = shown
        self._note(replace(shown, event=self._unshown))
        self.redraw()

    async def _wait(self, seconds: float, since: float) -> None:
        """Leave the table as it is for ``seconds`` after ``since`` (a finished trick:
        maybe until a key); any key cuts it short."""
        left = seconds - (time.monotonic() - since)
        if left <= 0:
            return
        self._skip.clear()
        self.holding = math.isinf(left)
        if self.holding:
            self.redraw()  # "any key goes on"
        try:
            await asyncio.wait_for(self._skip.wait(), None if self.holding else left)
        except asyncio.TimeoutError:
            pass
        finally:
            if self.holding:
                self.holding = False
                self.redraw()

    def show(self, update: AnyUpdate) -> None:
        """Draw ``update``, say what it means, and log it."""
        if not isinstance(update.event, _TABLE_EVENTS):
            self._paced, self._paced_at = update, time.monotonic()
        self.update = update
        if self.game_log is not None:
            self.game_log.add(update)
        self._note(update)
        self._fresh = True
        self.redraw()
        self._fresh = False

    async def _settle(self) -> None:
        """Put up what the update on show needs: the hand-off cover (privacy first), a
        deal's summary, the final standings, a decision dialog."""
        update = self.update
        await self._big_enough()
        if self.hot_seat:
            await self._hand_off(update)
            update = self.update
        # At a shared table nobody holds up the others, nor falls behind them.
        interlude = self.screens.interlude(update, SUMMARY_SECONDS if self.shared else None)
        if interlude is not None:
            await self.app.push_screen_wait(interlude)
            await self._big_enough()
        if update.view.over and isinstance(update.event, Ended):
            final = self.screens.final(update, not self.shared)
            choice = await self.app.push_screen_wait(final) if final is not None else "menu"
            self.post_message(self.Left(choice or "menu", finished=True))
            return
        if self.feed.asks(update):
            await self._decide(update)

    async def _recap(self) -> None:
        """A player back at a shared table is told what they missed, as the hot-seat
        cover tells a player what happened since they last looked."""
        from .handoff import HandOffScreen

        missed = self.remote.missed if self.remote else None
        seat = self.view.seat
        if not missed or seat is None:
            return
        log = self.screens.log(self.app.look, personal=True, memory_aid=self.memory_aid)
        for update in missed:
            log.add(update)
        name = self.app.look.text(self.view.seats[seat].name)
        answer = await self.app.push_screen_wait(HandOffScreen(
            seat, name, recap="\n".join(log.since(-1)), back=True))
        if answer == "menu":
            self.action_menu()

    async def _big_enough(self) -> None:
        """Nothing goes over the table while the window is too small."""
        if self.app.too_small:
            await self.app.size_ok.wait()

    async def _hand_off(self, update: AnyUpdate) -> None:
        """Hot-seat: cover the table until the player who must decide is at it."""
        feed = self.feed
        assert isinstance(feed, HotSeat)
        seat = feed.needs_player(update.view)
        if seat is None:
            if isinstance(update.event, Dealt):
                self.redraw()  # the deal covered the table: no hand on show
            return
        if feed.viewer is not None:
            if self.pacing.shows_finished_trick(update):  # who played last sees the trick
                await self._wait(self.pacing.trick_hold(), self._paced_at)
            self._seen[feed.viewer] = update.seq
        self.update = feed.cover()
        self.redraw()
        await self._call_to_screen(seat, self.screens.why(update.view))

    async def _call_to_screen(self, seat: int, why: str) -> None:
        """Hot-seat: the cover names the player, recaps what they missed, and shows
        their view once they are at the screen."""
        from .handoff import HandOffScreen

        feed = self.feed
        assert isinstance(feed, HotSeat) and self.game_log is not None
        name = self.app.look.text(self.view.seats[seat].name)
        missed = self.game_log.since(self._seen.get(seat, -1))
        now = self.game_log.current(self.view)
        recap = "\n".join([*missed, *([self.app.look.text(now)] if now else [])])
        while await self.app.push_screen_wait(HandOffScreen(seat, name, why, recap)) == "menu":
            if await self.app.push_screen_wait(self._leaving("menu")):
                self._leave("menu")
                return
        self.update = feed.take(seat)
        self._seen[seat] = self.update.seq
        self.redraw()

    async def _decide(self, update: AnyUpdate) -> None:
        """A decision the game asks in a dialog (who starts, a pair, a reward ...); a
        refused answer reopens the dialog with the reason. (Most moves are made on the
        table itself.)"""
        error = ""
        while (dialog := self.screens.dialog(update.view, error)) is not None:
            answer = await self.app.push_screen_wait(dialog)
            if answer is None:
                return
            error = self.submit(answer) or ""
            if not error or self._moment_passed:
                return  # done, or no longer this player's (what came instead follows)

    # ------------------------------------------------------------- drawing

    def redraw(self) -> None:
        """Draw everything from the view on screen."""
        view = self.view
        look = self.app.look
        acting = self.feed.asks(self.update)
        wide = self.size.width >= WIDE
        side = ""
        if wide and self.game_log is not None:
            side = "\n".join(self.game_log.text(view).splitlines()[-40:])
        self.game_table.show(self.update, Drawing(
            wide=wide, memory_aid=self.memory_aid, acting=acting, show_last=self.show_last,
            holding=self.holding, hot_seat=self.hot_seat, side_log=side, fresh=self._fresh))
        names = [look.text(s.name) for s in view.seats]
        self.query_one("#status", Static).update(
            CLOSED if self._table_closed else self.screens.status(view, names, look))
        self.query_one("#news", Static).update(self._news)
        keys = (acting, self._can_take_back())
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.refresh_bindings()

    @property
    def presence(self) -> Presence | None:
        """At a shared table: who is connected, away, and thinking (R21)."""
        return self.remote.presence if self.remote else None

    def _show_presence(self) -> None:
        """"1 Ann  2 Bob (away 0:42)  3 Cid · waiting for Bob 0:07" (the game waits
        for an away player), or "· Cid thinking 0:07"; while a bot stands in for every
        person, that the table waits and what brings it back (R21)."""
        presence = self.presence
        if presence is None:
            return
        if self._table_closed:  # no table: no clock ticks on
            self.query_one("#presence", Static).update("Not connected.")
            return
        if presence.waiting:
            me = self.view.seat
            mine = me is not None and me < len(presence.seats) and presence.seats[me].bot
            self.query_one("#presence", Static).update(
                "The table waits: everyone is away. " + ("Press any key to play on." if mine
                                                         else "It goes on when a player comes back."))
            return
        now = time.monotonic()
        parts = []
        waiting = set()  # seats whose player is away and no bot stands in: the game waits
        for seat in presence.seats:
            if seat.kind not in ("human", "bot"):
                continue
            note = ""
            if seat.kind == "human" and (not seat.connected or seat.bot):
                away = f" {_clock(now - seat.away_since)}" if seat.away_since is not None else ""
                note = f" (away{away}{', a ' + seat.bot + ' bot plays' if seat.bot else ''})"
                if not seat.bot:
                    waiting.add(seat.seat)
            parts.append(f"{seat.seat + 1} {seat.name}{note}")
        line = "  ".join(parts)
        if presence.turn is not None and presence.turn_since is not None:
            name = self.view.seats[presence.turn].name
            clock = _clock(now - presence.turn_since)
            if presence.turn_time is not None and presence.turn not in waiting:
                clock += f" of {_clock(presence.turn_time)}"
            line += f" {self.app.look.dot} " + (f"waiting for {name} {clock}"
                                                 if presence.turn in waiting
                                                 else f"{name} thinking {clock}")
        if presence.watchers:
            line += f" {self.app.look.dot} {presence.watchers} watching"
        self.query_one("#presence", Static).update(self.app.look.text(line))

    def say(self, message: str, kind: str = "event") -> None:
        """Put ``message`` on the news line. Its ``kind`` says when it goes stale (the
        game says which move makes which kind stale): an ``event``, a ``hint``, a
        ``refusal``, or the game's own kinds."""
        self._news = self.app.look.text(message)
        self._news_kind = kind if message else ""
        self.query_one("#news", Static).update(self._news)

    def _note(self, update: AnyUpdate) -> None:
        """Say what an update means on the news line (moves speak for themselves on the
        table)."""
        event = update.event
        if isinstance(event, TakenBack):
            self.say("Your last move was taken back.")
        elif isinstance(event, ChatLine):
            if not event.earlier:  # what was said before: in the log (g), not news
                self.say(f"{event.sender}: {event.text}", "chat")
        elif isinstance(event, (Refused, Disconnected)):
            self.say(event.text + (" Esc: back to the menu." if isinstance(
                event, Disconnected) else ""), "table")
        elif isinstance(event, Presence):
            self._show_presence()
            mine = next((s for s in event.seats if s.seat == update.view.seat), None)
            if mine is not None and mine.connected and mine.bot:
                self.say(f"A {mine.bot} bot plays for you (your time ran out, or the host "
                         "handed your seat to it): press any key to play again.", "table")
        else:
            if self._news_kind and self.screens.stale(self._news_kind, update):
                self.say("")
            names = self.screens.names(update.view, not self.hot_seat, self.app.look)
            said = self.screens.note(update, names, self.app.look, self._news)
            if said is not None:
                self.say(*said)

    # ------------------------------------------------------------- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":  # hidden where it never works, else dimmed
            if not self.feed.take_back_offered:
                return False
            return self._can_take_back() or None
        if action == "hint":  # one player against bots, on their turn
            if not self.feed.hints_offered:
                return False
            return self.feed.asks(self.update) or None
        if action == "chat":  # at a shared table
            return self.shared
        if action == "look":  # hot-seat only, while nobody's hand is on screen
            return self.seats is not None and self.seats.viewer is None
        return True

    def _can_take_back(self) -> bool:
        return self.feed.take_back_offered and self.feed.can_take_back()

    def on_decided(self, message: Decided) -> None:
        """The player chose a move on the game's table."""
        if self.feed.asks(self.update):
            self.submit(message.action)

    def submit(self, answer: object) -> str | None:
        """Hand the decision of the player at the screen to the feed. An illegal one
        changes nothing and its reason ("You must follow blue.") is said and returned."""
        try:
            self.feed.submit(answer, self.update.decision)
        except IllegalMove as e:
            # Not a rule but the moment (a turn clock, a bot, a closed table): asking
            # again would get the same answer.
            self._moment_passed = isinstance(e, NotYourTurn)
            self.say(self.screens.in_words(e.player_text, self.app.look), "refusal")
            return self._news
        if self._news_kind == "refusal":
            self.say("")  # "You must follow blue." no longer applies
        self.redraw()
        return None

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.redraw()

    def action_take_back(self) -> None:
        try:
            self.feed.take_back()
        except IllegalMove as e:
            self.say(self.screens.in_words(e.player_text, self.app.look))
            return
        self._rewinding = True
        self._skip.set()

    def action_hint(self) -> None:
        """What the game's normal bot would do now and why; the table points at it,
        nothing is played (the hint is counted in the statistics)."""
        try:
            action, why = self.feed.hint()
        except IllegalMove as e:
            self.say(self.screens.in_words(e.player_text, self.app.look))
            return
        self.game_table.point_at(action)
        self.say(f"Hint: {self.screens.in_words(why, self.app.look)}", "hint")

    def action_chat(self) -> None:
        open_chat(self)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if self.remote is not None:
            send_chat(message, self.remote.send_chat)
        self.query_one("#game-table").focus()

    def action_log(self) -> None:
        if self.game_log is not None:
            self.app.push_screen(LogScreen(self.game_log.text(self.view)))

    @work(exclusive=True, group="look")
    async def action_look(self) -> None:
        """Hot-seat: a player asks to see their own hand while no one must decide."""
        from .picker import PlayerPicker

        feed = self.feed
        if not isinstance(feed, HotSeat) or self._covering.locked():
            return  # the table is being handed to someone who must decide
        async with self._covering:
            names = [self.app.look.text(s.name) for s in self.view.seats]
            seat = await self.app.push_screen_wait(PlayerPicker(
                "Who wants to look at their hand?", [(s, names[s]) for s in feed.players]))
            if seat is not None:
                if feed.viewer is not None:
                    self._seen[feed.viewer] = self.update.seq
                self.update = feed.cover()
                self.redraw()
                await self._call_to_screen(seat, "to look at your hand")
            await self._settle()  # a decision that came meanwhile calls its player now

    def action_scores(self) -> None:
        self.app.push_screen(self.screens.scores(self.view))

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        self.app.push_screen(HelpScreen(self.game))

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_menu(self) -> None:
        """Esc: back to the menu (a shared table: leave it), asked once, because Esc
        also closes the log, the board and the help."""
        if close_chat(self):  # Esc first closes the chat line
            self.query_one("#game-table").focus()
            return
        self.app.push_screen(self._leaving("menu"), lambda yes: self._leave("menu") if yes else None)

    def action_quit_table(self) -> None:
        """q: quit, asked once (the game is saved after every decision)."""
        self.app.push_screen(self._leaving("quit"), lambda yes: self._leave("quit") if yes else None)

    def _leaving(self, choice: str) -> Screen[bool]:
        """The question before leaving the table for the menu or quitting."""
        from .confirm import ConfirmScreen

        if self._table_closed:
            question = (f"{CLOSED} {'Quit ebbes' if choice == 'quit' else 'Back to the menu'}?")
            return ConfirmScreen(question, "q" if choice == "quit" else "escape")
        if choice == "quit":
            question = ("Leave the table and quit ebbes? The game goes on without you."
                        if self.shared else
                        "Quit ebbes? Your game is saved: choose Continue next time.")
            return ConfirmScreen(question, "q")
        if not self.shared:
            question = "Back to the menu? Your game is saved: choose Continue to go on."
        elif self.remote is not None and self.remote.leaving_ends_table():
            question = ("Leave the table? You are the last one at it, so it closes and the "
                        "game is saved for reopening.")
        else:
            question = "Leave the table? The game goes on; join it again from Tables."
        return ConfirmScreen(question, "escape")

    @property
    def _table_closed(self) -> bool:
        """A shared table that has gone: nothing here is anyone's turn any more."""
        return self.remote is not None and self.remote.closed

    def _leave(self, choice: str) -> None:
        if self.shared:  # the app says how to come back, unless this screen left
            note = self._unshown.text if self._unshown is not None else ""
        else:
            note = "Your game is saved: choose Continue to go on."
        self.post_message(self.Left(choice, finished=False, note=note))

    def action_trick_display(self) -> None:
        """How long a finished trick stays (kept in the settings); ``t`` unless the game
        needs that key."""
        trick = next_trick_display(self.pacing.trick)
        self.pacing = self.pacing.with_trick(trick)
        self.post_message(self.TrickDisplay(trick))
        self.say(f"Trick display: {TRICK_LABELS[trick]} ({self.trick_key} changes it).")

    def on_key(self, event: events.Key) -> None:
        """Any key hurries the table along (a bot's move, a finished trick), and at a
        shared table takes back a seat a bot plays because the player's time ran out.
        A finished trick waiting for a key takes the key for itself: the Enter or Space
        that lets it go must not also play the next card; nor does the key that brings
        an away player back do anything else (Esc would ask whether to leave, a digit
        play a card). (This runs before the bindings: they are looked up once the key
        reaches the app.)"""
        woke = self.remote is not None and self.remote.wake()
        if self.holding or woke:
            event.stop()
            event.prevent_default()
        self._skip.set()


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
