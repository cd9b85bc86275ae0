"""The table: everything a player may see (R18), drawn from ``match.screen_view()``.

Events from the match only trigger a redraw from a fresh view; the table never keeps
a card list of the game's. The same events decide what must cover the table: the
hot-seat hand-off, a round summary, a decision dialog, the final standings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..controller import Match, SaveFailed, TakenBack
from ..rules.cards import card
from ..rules.categories import Category
from ..rules.errors import IllegalMove
from ..rules.events import (
    CategoryFixed, GameOver, PairChosen, RoundScored, RoundStarted, StarterChosen,
)
from ..rules.state import Phase, track_enders
from ..rules.view import PlayerView
from .board import DeterminerBoard
from .dummy_stacks import DummyStacks
from .hand import CARD_KEYS, Hand
from .seats import SeatsPanel
from .track import TrackBoard
from .trick import TrickArea

if TYPE_CHECKING:
    from ..bots import Answer
    from .app import EbbesApp

#: A fixed category flashes this long on the Determiner board.
FLASH_SECONDS = 1.5
_YOUR_TURN = {Phase.PLAY: "play a card", Phase.CHOOSE_STARTER: "choose who starts",
              Phase.CHOOSE_PAIR: "choose a determiner pair"}
_THEIR_TURN = {Phase.PLAY: "plays", Phase.CHOOSE_STARTER: "chooses who starts",
               Phase.CHOOSE_PAIR: "chooses a determiner pair"}
_CARD = Binding.Group("Card")
_PICKS = [
    Binding(key, f"pick({i})", "Play card", show=i == 0, group=_CARD,
            key_display="1-9,0" if i == 0 else None)
    for i, key in enumerate(CARD_KEYS)
]


class TableScreen(Screen[None]):
    """The game in progress; keys work only while it is the viewer's turn."""

    app: EbbesApp
    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", group=_CARD),
        Binding("right,l", "move(1)", "Move", group=_CARD),
        Binding("enter,space", "play", "Play"),
        *_PICKS,
        Binding("p", "last_trick", "Last trick"),
        Binding("b", "scores", "Scores"),
        Binding("u", "take_back", "Take back"),
        Binding("question_mark", "help", "Help"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("escape", "menu", "Menu"),
    ]

    def __init__(self, match: Match, *, memory_aid: bool) -> None:
        super().__init__()
        self.match = match
        self.memory_aid = memory_aid
        self.show_last = False
        self._summaries: list[RoundScored] = []
        self._game_over: GameOver | None = None
        self._news = ""
        self._complaining = False  # the news is a refusal, stale once a legal answer is given
        self._refusal = ""  # why a dialog's last answer was refused, shown when it reopens
        self.view: PlayerView = match.screen_view()
        self._keys: tuple[bool, int, bool] | None = None

    def compose(self) -> ComposeResult:
        look = self.app.look
        yield Static(id="status")
        with Horizontal(id="top"):
            yield DeterminerBoard(look, id="board")
            yield SeatsPanel(look, id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="middle-left"):
                yield TrickArea(look, id="trick")
                zeros = (0,) * self.match.config.seat_count
                yield TrackBoard(look, self.match.config, zeros, zeros, id="table-track")
            yield DummyStacks(look, id="dummy")
        with Vertical(id="hand-box"):
            yield Hand(look, id="hand")
        yield Static(id="news")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board").border_title = "Determiners"
        self.query_one("#seats").border_title = "Players"
        self.query_one("#trick").border_title = "Trick"
        self.query_one("#dummy").border_title = "Dummy's stacks"
        self.query_one("#table-track").border_title = "Scoring track"
        self.query_one("#dummy").display = self.match.config.dummy is not None
        self.match.listener = self.on_match_event
        self.redraw()
        self.run_worker(self.match.run(), name="match", exclusive=True)
        self.settle()

    # ------------------------------------------------------------- drawing

    def redraw(self) -> None:
        """Draw everything from the view the screen may show now (R18)."""
        self.view = view = self.match.screen_view()
        look = self.app.look
        names = [look.text(s.name) for s in view.config.seats]
        self.query_one(DeterminerBoard).show(view)
        self.query_one(SeatsPanel).show(view, memory_aid=self.memory_aid)
        self.query_one(TrickArea).show(view, show_last=self.show_last)
        if view.dummy_up:
            self.query_one(DummyStacks).show(view)
        self.query_one(Hand).show(view.hand, view.legal)
        last = view.scores[-1].points if view.scores else (0,) * len(view.totals)
        self.query_one(TrackBoard).move(
            tuple(t - p for t, p in zip(view.totals, last)), view.totals)
        box = self.query_one("#hand-box")
        if view.seat is None:
            box.border_title = "Hand hidden"
        else:
            box.border_title = "Your hand" + (f" ({names[view.seat]})" if self.match.hot_seat
                                              else "")
        self.query_one("#status", Static).update(self._status(view, names))
        self.query_one("#news", Static).update(self._news)
        keys = (bool(view.legal), len(view.hand), self.match.can_take_back)
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.refresh_bindings()

    def _status(self, view: PlayerView, names: list[str]) -> str:
        config = view.config
        dot = f" {self.app.look.dot} "
        shown = len(view.scores) if view.phase is Phase.GAME_OVER else view.round_no + 1
        parts = [f"Round {shown} of {config.round_limit}"]
        if view.dealer is not None:
            parts.append(f"dealer {names[view.dealer]}")
        seat = view.to_move
        if view.phase is Phase.GAME_OVER:
            parts.append(f"game over{_why_over(view, names)}")
        elif seat is not None:
            if seat == view.seat:
                parts.append(f"Your turn: {_YOUR_TURN.get(view.phase, '')}")
            else:
                parts.append(f"{names[seat]} {_THEIR_TURN.get(view.phase, '')}")
        return dot.join(parts)

    def say(self, message: str) -> None:
        self._news = self.app.look.text(message)
        self._complaining = False
        self.query_one("#news", Static).update(self._news)

    # -------------------------------------------------------------- events

    def on_match_event(self, event: object) -> None:
        """The match reports: note what needs saying, redraw, then cover as needed."""
        look = self.app.look
        names = [s.name for s in self.match.config.seats]
        if isinstance(event, CategoryFixed):
            label = event.category.label
            if event.category is Category.NIX:
                self.say(f"{self._news.rstrip('.')}, so {look.suit(event.suit, name=True).plain}"
                         " is nix.")
            else:
                self.say(f"{look.card_name(event.card)} ({names[event.seat]}): "
                         f"{look.suit(event.suit, name=True).plain} is {label}.")
            self._flash()
        elif isinstance(event, RoundStarted):
            number = f": Number Determiner {event.number}" if event.number else ""
            self.say(f"Round {event.round_no + 1}{number}.")
        elif isinstance(event, StarterChosen) and event.chooser is not None:
            self.say(f"{names[event.chooser]} chose {names[event.starter]} to start.")
        elif isinstance(event, StarterChosen) and event.starter == self.match.config.dummy \
                and self.match.state.results:
            self.say(f"{names[event.starter]} took the most nix cards, so it starts this "
                     "round (R17).")
        elif isinstance(event, PairChosen):
            self.say(f"{names[event.seat]} takes {look.card_name(card(event.suit, event.number))}.")
        elif isinstance(event, RoundScored):
            self._summaries.append(event)
            self.match.hold()  # bots wait while the summary is read
        elif isinstance(event, GameOver):
            self._game_over = event
        elif isinstance(event, SaveFailed):
            self.say(event.message)
        elif isinstance(event, TakenBack):
            self.say("Your last card was taken back.")
        self.redraw()
        self.settle()

    def _flash(self) -> None:
        board = self.query_one(DeterminerBoard)
        board.add_class("-flash")
        self.set_timer(FLASH_SECONDS, lambda: board.remove_class("-flash"))

    # ------------------------------------------------------------- covering

    def settle(self) -> None:
        """Put the right screen over the table: the hand-off cover first (privacy),
        then round summaries, the final standings, a decision dialog."""
        app = self.app
        match = self.match
        if app.too_small or app.match is not match:
            return
        from .handoff import HandOffScreen

        seat = match.awaiting_human
        if match.hot_seat and seat is not None and match.viewer != seat:
            if not isinstance(app.screen, HandOffScreen):
                name = app.look.text(match.config.seats[seat].name)
                app.push_screen(HandOffScreen(seat, name, self._hand_over))
            return
        if app.screen is not self:
            return
        if self._summaries:
            from .summary import RoundSummaryScreen

            event = self._summaries[0]
            app.push_screen(RoundSummaryScreen(event, self.view), self._summary_done)
        elif self._game_over is not None:
            from .final import FinalScreen

            app.push_screen(FinalScreen(self._game_over, self.view), self._final_done)
        elif seat is not None and seat == match.viewer:
            if self.view.phase is Phase.CHOOSE_STARTER:
                from .starter_dialog import StarterDialog

                app.push_screen(StarterDialog(self.view, self._refusal), self._decided)
            elif self.view.phase is Phase.CHOOSE_PAIR:
                from .pair_dialog import PairDialog

                app.push_screen(PairDialog(self.view, self._refusal), self._decided)

    def _hand_over(self, seat: int) -> None:
        self.match.hand_over(seat)
        self.redraw()
        self.settle()

    def _decided(self, answer: Answer | None) -> None:
        """A dialog closed with the player's answer: submit it now that the dialog is
        gone; a refusal reopens the dialog with the reason (settle() does that)."""
        self._refusal = ""
        if answer is not None:
            self._refusal = self.submit(answer) or ""
        self.settle()

    def _summary_done(self, _: object = None) -> None:
        self._summaries.pop(0)
        if not self._summaries:
            self.match.release()
        self.settle()

    def _final_done(self, choice: str | None) -> None:
        app = self.app
        setup = self.match.setup
        app.close_match(finished=True)
        if choice == "again":
            app.pop_screen()
            app.start_new(setup)
        elif choice == "quit":
            app.save_and_quit()
        else:
            app.back_to_menu()

    # ------------------------------------------------------------- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "play"):
            return self._can_play()
        if action == "pick":
            index = parameters[0]
            return self._can_play() and isinstance(index, int) and index < len(
                self.view.hand)
        if action == "take_back":  # hidden where it never works (hot-seat), else dimmed
            if len(self.match.humans) != 1 or not self.match.bots:
                return False
            return self.match.can_take_back or None
        return True

    def _can_play(self) -> bool:
        """The viewer must play a card now (the view lists legal cards only then)."""
        return bool(self.view.legal)

    def action_move(self, step: int) -> None:
        self.query_one(Hand).move(step)

    def action_play(self) -> None:
        hand = self.query_one(Hand)
        if hand.cards:
            self.submit(hand.cards[hand.cursor])

    def action_pick(self, index: int) -> None:
        hand = self.query_one(Hand)
        if index < len(hand.cards):
            hand.cursor = index
            self.submit(hand.cards[index])

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        if self._can_play():
            self.action_pick(message.index)

    def submit(self, answer: Answer) -> str | None:
        """Hand the viewer's decision to the match. An illegal one changes nothing and
        its reason ("You must follow blue.") is said and returned."""
        seat = self.match.viewer
        if seat is None:
            return "Nobody is at the screen."
        try:
            self.match.submit(seat, answer)
        except IllegalMove as e:
            self.say(e.player_text)
            self._complaining = True
            return self._news
        if self._complaining:
            self.say("")  # "You must follow blue." no longer applies
        return None

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.redraw()

    def action_take_back(self) -> None:
        try:
            self.match.take_back()
        except IllegalMove as e:
            self.say(e.player_text)

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
        self.app.back_to_menu("Your game is saved: choose Continue to go on.")

    def on_key(self, event: events.Key) -> None:
        """Any key hurries a bot's or the dummy's move along (the match's pace)."""
        if self.match.awaiting_human is None:
            self.match.skip()


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
