"""The table: everything a player may see (R18), drawn from the updates of one feed.

The table follows a feed (one player's session, the hot-seat adapter, or a remote
table) and shows its updates one by one at a pace a person can follow (:mod:`.pacing`):
a bot's or the dummy's card waits a moment, a finished trick stays as the player's
trick display setting says (until a key, or a time), a round's first card waits a
little longer, a round summary waits until it is read (at a shared table, a few
seconds). The match does not wait for the screen; the screen catches up. Whatever
must cover the table (the hot-seat hand-off, a summary, a decision dialog, the final
standings) is put up by the same loop, so it always comes in the order the game made
it.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ..controller import Synced, TakenBack, Update
from ..controller.hot_seat import HotSeat
from ..games.ebbes.rules.actions import Action, PlayCard
from ..games.ebbes.rules.categories import Category
from ..games.ebbes.rules.errors import IllegalMove
from ..games.ebbes.rules.events import (
    CardPlayed, CategoryFixed, GameOver, PairChosen, RoundScored, RoundStarted, StarterChosen,
    TrickWon,
)
from ..games.ebbes.rules.state import Phase, track_enders
from ..games.ebbes.rules.view import PlayerView
from ..table.events import ChatLine, Disconnected, Presence, Refused
from .board import DeterminerBoard
from .chat import close_chat, open_chat, send_chat
from .dummy_stacks import DummyStacks
from .explain import as_seen_by, event_line
from .game_log import GameLog, LogScreen
from .hand import CARD_KEYS, Hand
from .look import WIDE
from .pacing import (
    FLASH_SECONDS, SUMMARY_SECONDS, TRICK_LABELS, Pacing, behind, next_trick_display,
    shows_finished_trick,
)
from .seats import SeatsPanel
from .track import TrackBoard
from .trick import TrickArea

if TYPE_CHECKING:
    from .app import EbbesApp

_YOUR_TURN = {Phase.PLAY: "play a card", Phase.CHOOSE_STARTER: "choose who starts",
              Phase.CHOOSE_PAIR: "choose a determiner pair"}
_THEIR_TURN = {Phase.PLAY: "plays", Phase.CHOOSE_STARTER: "chooses who starts",
               Phase.CHOOSE_PAIR: "chooses a determiner pair"}
_WHY = {Phase.PLAY: "play a card", Phase.CHOOSE_STARTER: "you hold nix: choose who starts",
        Phase.CHOOSE_PAIR: "choose a determiner pair"}
_CARD = Binding.Group("Card")
_MOVE = Binding.Group("Move")
_PICKS = [
    Binding(key, f"pick({i})", "Card", show=i == 0, group=_CARD,
            key_display="1-0" if i == 0 else None)
    for i, key in enumerate(CARD_KEYS)
]
#: The same first key, shown instead while the hand holds more than ten cards.
_LONG_HAND = Binding(CARD_KEYS[0], "pick(0, 'long')", "Card", group=_CARD,
                     key_display=f"1-0,{CARD_KEYS[10:]}")
#: Events of the game itself (a shared table's chat and presence are not paced).
_GAME_EVENTS = (CardPlayed, CategoryFixed, GameOver, RoundScored, RoundStarted, TrickWon,
                PairChosen, StarterChosen, TakenBack, Synced)


class TableScreen(Screen[None]):
    """The game in progress; card keys work only while the player at the screen must
    play."""

    app: EbbesApp
    AUTO_FOCUS = None  # keys are the table's; the chat line takes focus only when opened
    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", group=_MOVE, key_display="←→"),
        Binding("right,l", "move(1)", "Move", group=_MOVE, show=False),
        Binding("enter,space", "play", "Play"),
        _LONG_HAND,
        *_PICKS,
        Binding("g", "log", "Log"),
        Binding("b", "scores", "Board"),
        Binding("p", "last_trick", "Last", show=False),
        Binding("u", "take_back", "Undo"),
        Binding("i", "hint", "Hint"),
        Binding("v", "look", "My hand"),
        Binding("c", "chat", "Chat"),
        Binding("question_mark", "help", "Help"),
        Binding("t", "trick_display", "Tricks", show=False),
        Binding("f1", "rules", "Rules", show=False),
        Binding("q", "quit_table", "Quit", show=False),
        Binding("escape", "menu", "Menu"),
    ]

    class Left(Message):
        """The player leaves the table: ``choice`` is ``menu``, ``again`` or ``quit``;
        ``finished`` when the game is over."""

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

    def __init__(self, feed: object, *, memory_aid: bool, pace: float,
                 trick_display: str = "normal") -> None:
        super().__init__()
        self.feed = feed
        self.memory_aid = memory_aid
        self.pacing = Pacing(pace, trick_display)
        self.show_last = True
        self._news = ""
        self._news_kind = ""  # what the news line says: stale at different moments
        self._complaining = False  # the news is a refusal, stale once a legal answer is given
        self.update: Update = feed.snapshot()  # type: ignore[attr-defined]
        self._paced = self.update  # the last update of the game itself drawn, and when
        self._paced_at = time.monotonic()
        self.holding = False  # a finished trick waits for a key
        self._skip = asyncio.Event()
        self._rewinding = False  # a take-back was asked for: skip to its update
        # Held while the table is shown to someone (a deal, a hand-off, a decision) or a
        # player looks at their hand: one at a time, so nobody sees another's hand.
        self._covering = asyncio.Lock()
        self._keys: tuple[bool, int, bool] | None = None
        self.game_log: GameLog | None = None  # made on mount, with the app's look
        self._seen: dict[int, int] = {}  # hot-seat: the last update each player saw

    @property
    def view(self) -> PlayerView:
        """The view on screen now."""
        return self.update.view

    @property
    def hot_seat(self) -> bool:
        return isinstance(self.feed, HotSeat)

    @property
    def shared(self) -> bool:
        """A shared table (its feed speaks to a table server)."""
        return hasattr(self.feed, "send_chat")

    def compose(self) -> ComposeResult:
        look = self.app.look
        yield Static(id="status", markup=False)
        with Horizontal(id="top"):
            yield DeterminerBoard(look, id="board")
            yield SeatsPanel(look, id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="middle-left"):
                yield TrickArea(look, id="trick")
                zeros = (0,) * self.view.config.seat_count
                yield TrackBoard(look, self.view.config, zeros, zeros, id="table-track")
            yield DummyStacks(look, id="dummy")
            yield Static(id="side-log", markup=False)
        with Vertical(id="hand-box"):
            yield Hand(look, id="hand")
        yield Static(id="presence", markup=False)
        yield Static(id="news", markup=False)
        yield Footer(compact=True)  # room for "1-0,asdfx Card" beside the rest at 80

    def on_mount(self) -> None:
        self.query_one("#board").border_title = "Determiners"
        self.query_one("#seats").border_title = "Players"
        self.query_one("#trick").border_title = "Trick"
        self.query_one("#dummy").border_title = "Dummy's stacks"
        self.query_one("#table-track").border_title = "Scoring track"
        self.query_one("#side-log").border_title = "Game log (g)"
        self.query_one("#dummy").display = self.view.config.dummy is not None
        self.game_log = GameLog(self.app.look, personal=not self.hot_seat,
                                memory_aid=self.memory_aid)
        self.game_log.start(self.update)
        for line in getattr(self.feed, "earlier_chat", ()):  # a shared table's lobby chat
            self.game_log.add(Update(self.update.seq, line, self.view,  # type: ignore[arg-type]
                                     self.update.decision))
        shared = self.presence is not None or hasattr(self.feed, "send_chat")
        self.query_one("#presence").display = shared
        if shared:
            self.set_interval(1.0, self._show_presence)
        self.redraw()
        self.follow()

    # ------------------------------------------------------------- following

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        """Show the feed's updates in order, at a readable pace, and put up whatever
        the game needs from the players at the screen."""
        async with self._covering:
            await self._recap()
            await self._settle()
        while True:
            update = await self.feed.next()  # type: ignore[attr-defined]
            if self._rewinding:  # what came after the card taken back never happened
                if not isinstance(update.event, TakenBack):
                    continue
                self._rewinding = False
            if isinstance(update.event, _GAME_EVENTS):
                await self._wait(self.pacing.hold(
                    self._paced, update,
                    catching_up=behind(self.feed.waiting())),  # type: ignore[attr-defined]
                    since=self._paced_at)
            async with self._covering:  # never while a player asked to look (v)
                if self.hot_seat:  # whoever came to the screen meanwhile sees their hand
                    update = self.feed.as_seen(update)  # type: ignore[attr-defined]
                self.show(update)
                await self._settle()

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

    def show(self, update: Update) -> None:
        """Draw ``update``, say what it means, and log it."""
        if isinstance(update.event, _GAME_EVENTS):
            self._paced, self._paced_at = update, time.monotonic()
        self.update = update
        if self.game_log is not None:
            self.game_log.add(update)
        self._note(update)
        self.redraw()

    async def _settle(self) -> None:
        """Put up what the update on show needs: the hand-off cover (privacy first), a
        round summary, the final standings, a decision dialog."""
        update = self.update
        event = update.event
        await self._big_enough()
        if self.hot_seat:
            await self._hand_off(update)
            update = self.update
        if isinstance(event, RoundScored):
            from .summary import RoundSummaryScreen

            # At a shared table nobody holds up the others, nor falls behind them.
            closes = SUMMARY_SECONDS if self.shared else None
            await self.app.push_screen_wait(RoundSummaryScreen(event, update.view,
                                                               closes_after=closes))
            await self._big_enough()
        if update.view.phase is Phase.GAME_OVER and isinstance(event, GameOver):
            from .final import FinalScreen

            choice = await self.app.push_screen_wait(FinalScreen(event, update.view,
                                                                 again=not self.shared))
            self.post_message(self.Left(choice or "menu", finished=True))
            return
        if self.feed.asks(update):  # type: ignore[attr-defined]
            await self._decide(update)

    async def _recap(self) -> None:
        """A player back at a shared table is told what they missed, as the hot-seat
        cover tells a player what happened since they last looked."""
        from .handoff import HandOffScreen

        missed = getattr(self.feed, "missed", None)
        seat = self.view.seat
        if not missed or seat is None:
            return
        log = GameLog(self.app.look)
        for update in missed:
            log.add(update)
        name = self.app.look.text(self.view.config.seats[seat].name)
        answer = await self.app.push_screen_wait(HandOffScreen(
            seat, name, recap="\n".join(log.since(-1)), back=True))
        if answer == "menu":
            self.action_menu()

    async def _big_enough(self) -> None:
        """Nothing goes over the table while the window is too small."""
        if self.app.too_small:
            await self.app.size_ok.wait()

    async def _hand_off(self, update: Update) -> None:
        """Hot-seat: cover the table until the player who must decide is at it (R18)."""
        feed = self.feed
        assert isinstance(feed, HotSeat)
        seat = feed.needs_player(update.view)
        if seat is None:
            if isinstance(update.event, RoundStarted):
                self.redraw()  # the deal covered the table: no hand on show
            return
        if feed.viewer is not None:
            if shows_finished_trick(update):  # who played the last card sees the trick
                await self._wait(self.pacing.trick_hold(), self._paced_at)
            self._seen[feed.viewer] = update.seq
        self.update = feed.cover()
        self.redraw()
        await self._call_to_screen(seat, _WHY[update.view.phase])

    async def _call_to_screen(self, seat: int, why: str) -> None:
        """Hot-seat: the cover names the player, recaps what they missed, and shows
        their view once they are at the screen."""
        from .handoff import HandOffScreen

        feed = self.feed
        assert isinstance(feed, HotSeat) and self.game_log is not None
        name = self.app.look.text(self.view.config.seats[seat].name)
        recap = self.game_log.since(self._seen.get(seat, -1))
        now = self.game_log.current(self.view)
        recap = "\n".join([*recap, *([self.app.look.text(now)] if now else [])])
        while await self.app.push_screen_wait(HandOffScreen(seat, name, why, recap)) == "menu":
            if await self.app.push_screen_wait(self._leaving("menu")):
                self._leave("menu")
                return
        self.update = feed.take(seat)
        self._seen[seat] = self.update.seq
        self.redraw()

    async def _decide(self, update: Update) -> None:
        """The starter and pair decisions are dialogs; a refused answer reopens the
        dialog with the reason. (A card is played from the table itself.)"""
        phase = update.view.phase
        if phase is Phase.PLAY:
            return
        from .pair_dialog import PairDialog
        from .starter_dialog import StarterDialog

        dialog = StarterDialog if phase is Phase.CHOOSE_STARTER else PairDialog
        error = ""
        while True:
            answer = await self.app.push_screen_wait(dialog(update.view, error))
            if answer is None:
                return
            error = self.submit(answer) or ""
            if not error:
                return

    # ------------------------------------------------------------- drawing

    def redraw(self) -> None:
        """Draw everything from the view on screen (R18)."""
        view = self.view
        look = self.app.look
        names = [look.text(s.name) for s in view.config.seats]
        wide = self.size.width >= WIDE
        self.query_one(DeterminerBoard).show(view, wide=wide)
        if wide and self.game_log is not None:
            lines = self.game_log.text(view).splitlines()
            self.query_one("#side-log", Static).update("\n".join(lines[-40:]))
        self.query_one(SeatsPanel).show(view, memory_aid=self.memory_aid)
        self.query_one(TrickArea).show(view, show_last=self.show_last, holding=self.holding)
        if view.dummy_up:
            self.query_one(DummyStacks).show(view)
        playable = view.legal if self.feed.asks(self.update) else ()  # type: ignore[attr-defined]
        self.query_one(Hand).show(view.hand, playable)
        last = view.scores[-1].points if view.scores else (0,) * len(view.totals)
        self.query_one(TrackBoard).move(
            tuple(t - p for t, p in zip(view.totals, last)), view.totals)
        box = self.query_one("#hand-box")
        if view.seat is None or view.seat == view.config.dummy:
            box.border_title = "Hand hidden" if self.hot_seat else "No hand (watching)"
        else:
            box.border_title = "Your hand" + (f" ({names[view.seat]})" if self.hot_seat else "")
        self.query_one("#status", Static).update(self._status(view, names))
        self.query_one("#news", Static).update(self._news)
        keys = (bool(playable), len(view.hand) > 10, self._can_take_back())
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.refresh_bindings()

    def _status(self, view: PlayerView, names: list[str]) -> str:
        config = view.config
        dot = f" {self.app.look.dot} "
        over = view.phase in (Phase.GAME_OVER, Phase.DEAL) and bool(view.scores)
        # A scored round's last trick stays on show: it is still that round's.
        shown = len(view.scores) if over else view.round_no + 1
        parts = [f"Round {shown} of {config.round_limit}"]
        if view.dealer is not None:
            parts.append(f"dealer {names[view.dealer]}")
        seat = view.to_move
        if view.phase is Phase.GAME_OVER:
            parts.append(f"game over{_why_over(view, names)}")
        elif over:
            parts.append("last trick of the round")
        elif seat is not None:
            if seat == view.seat:
                parts.append(f"Your turn: {_YOUR_TURN.get(view.phase, '')}")
            else:
                parts.append(f"{names[seat]} {_THEIR_TURN.get(view.phase, '')}")
        return dot.join(parts)

    @property
    def presence(self) -> Presence | None:
        """At a shared table: who is connected, away, and thinking (R21)."""
        return getattr(self.feed, "presence", None)

    def _show_presence(self) -> None:
        """"1 Ann  2 Bob (away 0:42)  3 Cid · waiting for Bob 0:07" (the game waits
        for an away player), or "· Cid thinking 0:07"."""
        presence = self.presence
        if presence is None:
            return
        if getattr(self.feed, "closed", False):  # no table: no clock ticks on
            self.query_one("#presence", Static).update("Not connected: the table has closed.")
            return
        now = time.monotonic()
        parts = []
        waiting = set()  # seats whose player is away and no bot stands in: the game waits
        for seat in presence.seats:
            if seat.kind == "dummy":
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
            name = self.view.config.seats[presence.turn].name
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
        """Put ``message`` on the news line. Its ``kind`` says when it goes stale: an
        ``event`` or a ``hint`` with the next card, a fixed job (``fixed``) with the
        next trick's lead, a refusal once a legal answer is given."""
        self._news = self.app.look.text(message)
        self._news_kind = kind if message else ""
        self._complaining = kind == "refusal"
        self.query_one("#news", Static).update(self._news)

    def _expire_news(self, update: Update) -> None:
        """A card was played: clear what it made stale."""
        kind, lead = self._news_kind, len(update.view.trick) == 1
        if kind in ("event", "hint", "refusal") or (kind == "fixed" and lead):
            self.say("")

    def _note(self, update: Update) -> None:
        """Say what an update means on the news line (cards and tricks speak for
        themselves in the trick area)."""
        event = update.event
        look = self.app.look
        names = [s.name for s in update.view.config.seats]
        if not self.hot_seat:  # one player's screen: their seat is "You"
            names = as_seen_by(names, update.view.seat)
        if isinstance(event, CategoryFixed):
            if event.category is Category.NIX:
                self.say(f"{self._news.rstrip('.')}, so {look.suit(event.suit, name=True).plain}"
                         " is nix.", "fixed")
            else:
                self.say(f"{look.card_name(event.card)} ({names[event.seat]}): "
                         f"{look.suit(event.suit, name=True).plain} is {event.category.label}.",
                         "fixed")
            self._flash()
        elif isinstance(event, TakenBack):
            self.say("Your last card was taken back.")
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
        elif isinstance(event, CardPlayed):
            self._expire_news(update)
        elif isinstance(event, (TrickWon, RoundScored, GameOver, Synced)):
            if self._complaining:
                self.say("")  # a refusal is stale once play goes on
        else:
            line = event_line(update, names, look)
            if line:
                self.say(line)

    def _flash(self) -> None:
        board = self.query_one(DeterminerBoard)
        board.add_class("-flash")
        self.set_timer(FLASH_SECONDS, lambda: board.remove_class("-flash"))

    # ------------------------------------------------------------- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "play"):
            return self._can_play()
        if action == "pick":
            index = parameters[0]
            if index == 0 and (len(parameters) > 1) != (len(self.view.hand) > 10):
                return False  # the footer names the keys of this hand: 1-0, or a s d f x too
            return self._can_play() and isinstance(index, int) and index < len(
                self.view.hand)
        if action == "take_back":  # hidden where it never works, else dimmed
            if not getattr(self.feed, "take_back_offered", False):
                return False
            return self._can_take_back() or None
        if action == "hint":  # one player against bots, on their turn
            if not getattr(self.feed, "hints_offered", False):
                return False
            return self._can_play() or None
        if action == "chat":  # at a shared table
            return self.shared
        if action == "look":  # hot-seat only, while nobody's hand is on screen
            return self.hot_seat and self.feed.viewer is None  # type: ignore[attr-defined]
        return True

    def _can_play(self) -> bool:
        """The player at the screen must play a card now."""
        return bool(self.view.legal) and self.feed.asks(self.update)  # type: ignore[attr-defined]

    def _can_take_back(self) -> bool:
        return bool(getattr(self.feed, "take_back_offered", False)) and \
            self.feed.can_take_back()  # type: ignore[attr-defined]

    def action_move(self, step: int) -> None:
        self.query_one(Hand).move(step)

    def action_play(self) -> None:
        hand = self.query_one(Hand)
        if hand.cards:
            self.submit(PlayCard(hand.cards[hand.cursor]))

    def action_pick(self, index: int, _long: str = "") -> None:
        hand = self.query_one(Hand)
        if index < len(hand.cards):
            hand.cursor = index
            self.submit(PlayCard(hand.cards[index]))

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        if self._can_play():
            self.action_pick(message.index)

    def submit(self, answer: Action) -> str | None:
        """Hand the decision of the player at the screen to the feed. An illegal one
        changes nothing and its reason ("You must follow blue.") is said and returned."""
        try:
            self.feed.submit(answer, self.update.decision)  # type: ignore[attr-defined]
        except IllegalMove as e:
            self.say(e.player_text, "refusal")
            return self._news
        if self._complaining:
            self.say("")  # "You must follow blue." no longer applies
        self.redraw()
        return None

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.redraw()

    def action_take_back(self) -> None:
        try:
            self.feed.take_back()  # type: ignore[attr-defined]
        except IllegalMove as e:
            self.say(e.player_text)
            return
        self._rewinding = True
        self._skip.set()

    def action_hint(self) -> None:
        """What the normal bot would play now and why; the cursor goes to that card,
        nothing is played (the hint is counted in the statistics)."""
        try:
            action, why = self.feed.hint()  # type: ignore[attr-defined]
        except IllegalMove as e:
            self.say(e.player_text)
            return
        hand = self.query_one(Hand)
        if isinstance(action, PlayCard) and action.card in hand.cards:
            hand.cursor = hand.cards.index(action.card)
            hand.refresh()
        self.say(f"Hint: {why}", "hint")

    def action_chat(self) -> None:
        open_chat(self)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        send_chat(message, self.feed.send_chat)  # type: ignore[attr-defined]

    def action_log(self) -> None:
        if self.game_log is not None:
            self.app.push_screen(LogScreen(self.game_log.text(self.view)))

    @work(exclusive=True, group="look")
    async def action_look(self) -> None:
        """Hot-seat: a player asks to see their own hand while no one must decide."""
        from .starter_dialog import PlayerPicker

        feed = self.feed
        if not isinstance(feed, HotSeat) or self._covering.locked():
            return  # the table is being handed to someone who must decide
        async with self._covering:
            names = [self.app.look.text(s.name) for s in self.view.config.seats]
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
        from .scores import ScoreBoardScreen

        self.app.push_screen(ScoreBoardScreen(self.view))

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_menu(self) -> None:
        """Esc: back to the menu (a shared table: leave it), asked once, because Esc
        also closes the log, the board and the help."""
        if close_chat(self):  # Esc first closes the chat line
            return
        self.app.push_screen(self._leaving("menu"), lambda yes: yes and self._leave("menu"))

    def action_quit_table(self) -> None:
        """q: quit ebbes, asked once (the game is saved after every decision)."""
        self.app.push_screen(self._leaving("quit"), lambda yes: yes and self._leave("quit"))

    def _leaving(self, choice: str) -> Screen[bool]:
        """The question before leaving the table for the menu or quitting."""
        from .confirm import ConfirmScreen

        if choice == "quit":
            question = ("Leave the table and quit ebbes? The game goes on without you."
                        if self.shared else
                        "Quit ebbes? Your game is saved: choose Continue next time.")
            return ConfirmScreen(question, "q")
        if not self.shared:
            question = "Back to the menu? Your game is saved: choose Continue to go on."
        elif self.feed.leaving_ends_table():  # type: ignore[attr-defined]
            question = ("Leave the table? You are the last one at it, so it closes and the "
                        "game is saved for reopening.")
        else:
            question = "Leave the table? The game goes on; join it again from Tables."
        return ConfirmScreen(question, "escape")

    def _leave(self, choice: str) -> None:
        self.post_message(self.Left(choice, finished=False, note="" if self.shared else
                                    "Your game is saved: choose Continue to go on."))

    def action_trick_display(self) -> None:
        """t: how long a finished trick stays (kept in the settings)."""
        trick = next_trick_display(self.pacing.trick)
        self.pacing = Pacing(self.pacing.pace, trick)
        self.post_message(self.TrickDisplay(trick))
        self.say(f"Trick display: {TRICK_LABELS[trick]} (t changes it).")

    def on_key(self, event: events.Key) -> None:
        """Any key hurries the table along (a bot's card, a finished trick), and at a
        shared table takes back a seat a bot plays because the player's time ran out."""
        self._skip.set()
        wake = getattr(self.feed, "wake", None)
        if wake is not None:
            wake()


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _why_over(view: PlayerView, names: list[str]) -> str:
    """Why a game ended before its last round: whose disc reached an end (R13)."""
    enders = track_enders(view.config, view.totals)
    if not enders or len(view.scores) >= view.config.round_limit:
        return ""
    track = view.config.track
    reached = [f"{names[s]} reached "
               f"{track.landmarks[-1 if view.totals[s] >= track.high else 0].name}"
               for s in enders]
    return ": " + ", ".join(reached)
