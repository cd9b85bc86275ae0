"""The table of any game: everything a player may see, drawn from the updates of one feed.

The table follows a feed (one player's session, the hot-seat adapter, or a remote
table) and shows its updates one by one at a pace a person can follow
(:mod:`.table_follow`): another seat's move waits a moment, a finished trick stays as
the player's trick display setting says (until a key, or a time), a deal's summary
waits until it is read (at a shared table, a few seconds). Whatever must cover the
table (the hot-seat hand-off, a summary, a decision dialog, the final standings) is put
up by the same loop, so it always comes in the order the game made it.

The game's own widget (:mod:`.game_ui`) draws the view and takes the game's keys; this
screen keeps the rest, each job in a room of its own: the news line
(:mod:`.table_news`), a shared table's presence, recap and leaving
(:mod:`.table_link`), the hot-seat covers (:mod:`.table_covers`), the questions before
leaving (:mod:`.table_leaving`); here the status line, the log, hints, take-back, chat
and the keys.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from ..controller import AnyUpdate, Synced
from ..controller.hot_seat import HotSeat
from ..controller.lesson import Coach
from ..bots import SEARCHING
from ..controller.session import Feed, NotYourTurn
from ..game.errors import IllegalMove
from ..game.protocols import AnyGame, AnyView
from ..table.client import RemoteFeed
from .chat import close_chat, open_chat, send_chat
from .footer import KeysFooter
from .game_ui import BOARD, TRICK_KEY, Decided, Declined, Drawing, GameLog, GameTable, screens_of
from .look import WIDE
from .pacing import TRICK_LABELS, next_trick_display
from .table_covers import HotSeatCovers
from .table_follow import Follower
from .table_leaving import Leaving
from .table_link import CLOSED, TableLink
from .table_news import News
from .table_pages import TablePages
from .table_waits import TableWaits
from .unhurried import FROM_COVER, TypedAfter

if TYPE_CHECKING:
    from .app import EbbesApp



def searching(view: AnyView) -> bool:
    """Whether a bot that searches (``hard``, ``expert``: a second or two a decision)
    decides now, so the status line says it is thinking."""
    return any(view.seats[seat].kind == "bot" and view.seats[seat].level in SEARCHING
               for seat in view.deciding)

class TableScreen(TablePages, TableWaits, TypedAfter, Screen[None]):
    """The game in progress: the game's table widget draws the view and takes the
    game's keys (they work only while the player at the screen must act); this screen
    follows the feed and takes every other key."""

    app: EbbesApp
    AUTO_FOCUS = "#game-table"  # the game's keys; the chat line takes focus when opened
    BINDINGS = [
        Binding("g", "log", "Log"),
        Binding("b", "scores", BOARD),
        Binding("p", "last_trick", "Last", show=False),
        Binding("u", "take_back", "Undo"),
        # Where there is none to take back or no hint (dimmed, or left out), u and i say why.
        Binding("u", "take_back('why')", "Undo", show=False),
        Binding("i", "hint", "Hint"),
        Binding("i", "hint('why')", "Hint", show=False),
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
                 trick_display: str = "normal", coach: Coach | None = None) -> None:
        super().__init__()
        self.feed = feed
        self.coach = coach  # a lesson's: its line above the news
        self.coach_waits = False  # the coach explains a trick: the next key reads on
        self._coach_read = asyncio.Event()
        #: The feed as what it is besides: the hot-seat adapter, or a shared table's.
        self.seats: HotSeat | None = feed if isinstance(feed, HotSeat) else None
        self.remote: RemoteFeed | None = feed if isinstance(feed, RemoteFeed) else None
        self.hot_seat = self.seats is not None
        self.shared = self.remote is not None  # a shared table (its feed speaks to a server)
        self.game = game
        self.screens = screens_of(game)
        self.trick_key = self.screens.trick_key
        if self.trick_key != TRICK_KEY:  # the game's own t (Hund's undertrekk) keeps it
            self._bindings.apply_keymap({"trick-display": self.trick_key})
        self.memory_aid = memory_aid
        self.pacing = self.screens.pace(pace, trick_display)
        self.show_last = True
        self.update: AnyUpdate = feed.snapshot()
        self.holding = False  # a finished trick waits for a key
        # Held while the table is shown to someone (a deal, a hand-off, a decision) or a
        # player looks at their hand: one at a time, so nobody sees another's hand.
        self.covering = asyncio.Lock()
        self._keys: tuple[bool, bool, bool] | None = None
        self.moment_passed = False  # the last refusal: not a rule, the decision went by
        self.game_log: GameLog | None = None  # made on mount, with the app's look
        self.news = News(self)
        self.follower = Follower(self)
        self.leaving = Leaving(self)
        self.link = TableLink(self, self.remote) if self.remote is not None else None
        self.covers = HotSeatCovers(self, self.seats) if self.seats is not None else None

    @property
    def view(self) -> AnyView:
        """The view on screen now."""
        return self.update.view

    @property
    def game_table(self) -> GameTable:
        """The game's own widget."""
        return cast(GameTable, self.query_one("#game-table"))

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        # A hot-seat table is read by several people: each seat by its name there.
        yield self.screens.table(replace(self.app.look, hot_seat=self.hot_seat,
                                         lesson=self.coach is not None), self.view)
        yield Static(id="presence", markup=False)
        if self.coach is not None:
            yield Static(id="coach", markup=False)
        yield Static(id="news", markup=False)
        yield KeysFooter(compact=True)  # room for "1-0,asdfx Card" beside the rest at 80

    def on_mount(self) -> None:
        self.game_log = self.screens.log(self.app.look, personal=not self.hot_seat,
                                         memory_aid=self.memory_aid)
        self.game_log.start(self.update)
        self.query_one("#presence").display = self.shared
        if self.link is not None:
            self.link.start()
        self.redraw()
        self.point_at_asked()  # a lesson resumed at the learner's move
        self.run_worker(self.follower.follow(), name="follow", group="follow", exclusive=True)

    def redraw(self, *, fresh: bool = False) -> None:
        """Draw everything from the view on screen; ``fresh``: the update has just
        come (not a redraw)."""
        view = self.view
        look = self.app.look
        acting = self.feed.asks(self.update)
        if self.coach is not None and fresh and isinstance(self.update.event, Synced):
            self.news.clear()  # the lesson skipped ahead: the news was of before
        if self.coach is not None and fresh and not self.coach_waits:
            self.coach_waits = acting and self.coach.explains(self.update)
        holding = self.holding or self.coach_waits
        wide = self.size.width >= WIDE
        side = ""
        if wide and self.game_log is not None:
            side = "\n".join(self.game_log.text(view).splitlines()[-40:])
        self.game_table.show(self.update, Drawing(
            wide=wide, memory_aid=self.memory_aid, acting=acting, show_last=self.show_last,
            holding=holding, hot_seat=self.hot_seat, side_log=side, fresh=fresh))
        if fresh:
            self.point_at_asked()
        names = self.screens.names(view, not self.hot_seat, look)
        closed = self.link is not None and self.link.closed
        # While a finished trick stays, nobody plays: the line says who took it.
        trick_over = (not acting or self.coach_waits) and \
            self.pacing.shows_finished_trick(self.update)
        status = CLOSED if closed else self.screens.status(view, names, look,
                                                           trick_over=trick_over)
        if not closed and not acting and not trick_over and searching(view):
            status += look.text(f" {look.dot} thinking…")
        if not closed:
            status = self.coached_status(status, look)
        self.query_one("#status", Static).update(status)
        self.query_one("#news", Static).update(self.news.text)
        if self.coach is not None:
            said = self.screens.in_words(self.coach.line(self.update, holding), look)
            self.query_one("#coach", Static).update(look.text(said))
        keys = (acting, holding, self._can_take_back())
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.refresh_bindings()

    def on_resize(self) -> None:
        """The game log beside a wide table comes with the width: filled at once, not
        at the next move."""
        if self.is_mounted:
            self.redraw()

    # ------------------------------------------------------------- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":  # hidden where it never works, else dimmed
            if not self.feed.take_back_offered:
                return bool(parameters)
            return bool(parameters) or self._can_take_back() or None
        if action == "hint":  # one player against bots, on their turn
            if not self.feed.hints_offered:
                return bool(parameters)
            return self.feed.asks(self.update) or None
        if action == "chat":  # at a shared table
            return self.shared
        if action == "look":  # hot-seat only, while nobody's hand is on screen
            return self.seats is not None and self.seats.viewer is None
        return True

    def _can_take_back(self) -> bool:
        return self.feed.take_back_offered and self.feed.can_take_back()

    def on_decided(self, message: Decided) -> None:
        """The player chose a move on the game's table, or changed their answer so far,
        which the game keeps (a save, or the table, brings it back)."""
        if message.draft:
            with contextlib.suppress(IllegalMove):  # the decision went by meanwhile
                self.feed.draft(message.action)
        elif self.feed.asks(self.update):
            self.submit(message.action)

    def on_declined(self, message: Declined) -> None:
        self.news.say(self.screens.in_words(message.text, self.app.look), "refusal")

    def submit(self, answer: object) -> str | None:
        """Hand the decision of the player at the screen to the feed. An illegal one
        changes nothing and its reason ("You must follow blue.") is said and returned."""
        try:
            self.feed.submit(answer, self.update.decision)
        except IllegalMove as e:
            # Not a rule but the moment (a turn clock, a bot, a closed table): asking
            # again would get the same answer.
            self.moment_passed = isinstance(e, NotYourTurn)
            self.news.say(self.screens.in_words(e.player_text, self.app.look), "refusal")
            return self.news.text
        if self.news.kind == "refusal":
            self.news.say("")  # "You must follow blue." no longer applies
        self.redraw()
        return None

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.redraw()

    def action_take_back(self, why: str = "") -> None:
        """Take back the player's last move; ``why``: there is none the game allows
        now, and the game's refusal says why (nothing changes)."""
        try:
            self.feed.take_back()
        except IllegalMove as e:
            self.news.say(self.screens.in_words(e.player_text, self.app.look))
            return
        self.follower.rewind()

    def action_hint(self, why: str = "") -> None:
        """What the game's normal bot would do now and why; the table points at it,
        nothing is played (counted in the statistics). ``why``: no hints here, say why."""
        try:
            action, reason = self.feed.hint()
        except IllegalMove as e:
            self.news.say(self.screens.in_words(e.player_text, self.app.look))
            return
        self.game_table.point_at(action)
        self.news.say(f"Hint: {self.screens.in_words(reason, self.app.look)}", "hint")

    def action_chat(self) -> None:
        open_chat(self)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if self.remote is not None:
            send_chat(message, self.remote.send_chat)
        self.query_one("#game-table").focus()

    def action_look(self) -> None:
        """Hot-seat: a player asks to see their own hand while no one must decide."""
        if self.covers is not None:
            self.run_worker(self.covers.look(), name="look", group="look", exclusive=True)

    def action_menu(self) -> None:
        """Esc: back to the menu (a shared table: leave it), asked once, because Esc
        also closes the log, the board and the help."""
        if close_chat(self):  # Esc first closes the chat line
            self.query_one("#game-table").focus()
            return
        self.leaving.ask("menu")

    def action_quit_table(self) -> None:
        """q: quit, asked once (the game is saved after every decision)."""
        self.leaving.ask("quit")

    def action_trick_display(self) -> None:
        """How long a finished trick stays (kept in the settings); ``t`` unless the game
        needs that key."""
        trick = next_trick_display(self.pacing.trick)
        self.pacing = self.pacing.with_trick(trick)
        self.post_message(self.TrickDisplay(trick))
        self.news.say(f"Trick display: {TRICK_LABELS[trick]} ({self.trick_key} changes it).")

    async def coach_read(self) -> None:
        """Until the player has read the coach's explanation of the trick on show (a
        key), when there is one: a dialog would cover it."""
        while self.coach_waits:
            self._coach_read.clear()
            await self._coach_read.wait()

    def refuses(self, event: events.Key) -> bool:
        """In hot-seat, a key typed before the table came back on top after a cover or
        a summary (typed with the key that took it away: issue 25, :func:`~.unhurried.refused`);
        anywhere, one of the stream that took a cover away (:meth:`~.Keystrokes.from_cover`)."""
        return super().refuses(event) if self.hot_seat else self.app.keystrokes.from_cover(event)

    def on_key(self, event: events.Key) -> None:
        """Any key not refused hurries the table along (a bot's move, a finished trick),
        and at a shared table takes back a seat a bot plays because the player's time ran
        out. A finished trick waiting for a key takes the key for itself: the Enter that
        lets it go must not also play the next card; nor does the key that brings an away
        player back do anything else. Esc is no key to go on with: it asks about the
        menu, and the trick stays. (This runs before the bindings.)"""
        woke = self.remote is not None and self.remote.wake()
        refused = self.refuses(event)
        if event.key == "escape" and not woke and not refused:
            return  # the menu, as the key line says, also while a trick waits for a key
        if self.holding or self.coach_waits or woke or refused:
            event.stop()
            event.prevent_default()
        if refused:  # typed for a cover, or before the table came: it lets nothing go
            if self.app.keystrokes.uncovered:
                self.news.say(FROM_COVER, "refusal")
            return
        if self.holding and self.coach is not None:
            self.coach.read(self.update)
        if self.coach_waits:  # the trick is read: on to what to do now
            self.coach_waits = False
            self._coach_read.set()
            self.redraw()
        self.follower.hurry()
