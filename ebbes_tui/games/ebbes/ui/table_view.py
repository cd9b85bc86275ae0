"""ebbes' part of the table screen: the Determiner board and the players on top, the
trick (with the scoring track on tall screens), the dummy's stacks with two players,
the game log beside it on wide screens, and your hand. It draws a view (R18) and
answers the card keys; everything else (the feed, the pace, covers, chat) is the
generic table screen's."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ....controller import Update
from ..rules.actions import Action
from ....ui.card_row import card_key, no_card_on
from ....ui.game_ui import Decided, Declined, Drawing
from ....ui.look import Look
from ....ui.side_log import SideLog
from ....ui.words import WATCHING
from ..rules.actions import PlayCard
from ..rules.events import CategoryFixed
from ..rules.view import PlayerView
from ....ui.words import seat_names
from .board import DeterminerBoard
from .dummy_stacks import DummyStacks
from .hand import CARD_KEYS, Hand
from .look import ebbes_look
from .pacing import FLASH_SECONDS
from .seats import SeatsPanel
from .track import TrackBoard
from .trick import TrickArea

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


class EbbesTable(Widget, can_focus=True):
    """The table's panels; card keys work only while the player at the screen must
    play (:class:`Drawing` says so)."""

    SCOPED_CSS = False  # its rules also follow the screen's width and the app's ASCII mode
    DEFAULT_CSS = """
    EbbesTable { height: 1fr; layout: vertical; }
    #top { height: auto; }
    #board, #seats, #trick, #dummy, #hand-box {
        border: round $primary; border-title-color: $text; border-title-style: bold;
        padding: 0 1;
    }
    #board { width: 36; height: auto; padding: 0 0 0 1; }  /* its widest line fills it */
    #board.-flash { border: heavy $warning; background: $warning 20%; }
    #seats { width: 1fr; padding: 0; height: auto; }  /* room for "Player 1" at 80 */
    #middle { height: 1fr; min-height: 5; }
    #middle-left { width: 1fr; }
    #trick { height: 1fr; }
    #table-track { display: none; border: round $primary; padding: 0 1; }
    Screen.-tall #table-track { display: block; }
    #dummy { width: 39; height: 100%; }
    #hand-box { height: auto; border: round $accent; }
    App.-ascii #board, App.-ascii #seats, App.-ascii #trick, App.-ascii #dummy,
    App.-ascii #hand-box, App.-ascii #table-track { border: ascii $primary; }
    App.-ascii #board.-flash { border: ascii $warning; }
    #side-log {
        display: none; border: round $primary; border-title-color: $text; padding: 0 1;
        width: 44; height: 100%; scrollbar-size: 0 0;
    }
    Screen.-wide #side-log { display: block; }
    Screen.-wide #board { width: 76; }
    App.-ascii #side-log { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", group=_MOVE, key_display="←→"),
        Binding("right,l", "move(1)", "Move", group=_MOVE, show=False),
        Binding("enter,space", "play", "Play"),
        _LONG_HAND,
        *_PICKS,
    ]

    def __init__(self, look: Look, view: PlayerView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = ebbes_look(look)
        self.config = view.config
        self.view: PlayerView = view
        self.acting = False
        self._keys: tuple[bool, bool] | None = None

    def compose(self) -> ComposeResult:
        # Titles are given as the parts are made, not looked up on mount: a table
        # removed at once (the app quitting as it opens) has no parts left to find.
        look = self.look
        with Horizontal(id="top"):
            yield _titled(DeterminerBoard(look, id="board"), "Determiners")
            yield _titled(SeatsPanel(look, id="seats"), "Players")
        with Horizontal(id="middle"):
            with Vertical(id="middle-left"):
                yield _titled(TrickArea(look, id="trick"), "Trick")
            dummy = _titled(DummyStacks(look, id="dummy"), "Dummy's stacks")
            dummy.display = self.config.dummy is not None
            yield dummy
            yield _titled(SideLog(id="side-log"), "Game log (g)")
        # Across the table (beside the dummy's stacks it would take five strips and
        # leave the trick three rows); the Players panel has every total, the board
        # shows the places.
        zeros = (0,) * self.config.seat_count
        yield _titled(TrackBoard(look, self.config, zeros, zeros, id="table-track",
                                 names=seat_names(self.view, look), legend=False),
                      "Scoring track")
        with Vertical(id="hand-box"):
            yield Hand(look, id="hand")
            yield Static(WATCHING, id="watching", markup=False)

    def show(self, update: Update[PlayerView], drawing: Drawing) -> None:
        """Draw ``update``'s view, and flash the board when a suit got its job."""
        view = update.view
        self.view, self.acting = view, drawing.acting
        self.query_one(DeterminerBoard).show(view, wide=drawing.wide)
        self.query_one(SeatsPanel).show(view, memory_aid=drawing.memory_aid)
        self.query_one(TrickArea).show(view, show_last=drawing.show_last,
                                       holding=drawing.holding)
        if view.dummy_up:
            self.query_one(DummyStacks).show(view)
        self.query_one(Hand).show(view.hand, view.legal if drawing.acting else ())
        last = view.scores[-1].points if view.scores else (0,) * len(view.totals)
        self.query_one(TrackBoard).move(
            tuple(t - p for t, p in zip(view.totals, last)), view.totals)
        box = self.query_one("#hand-box")
        self.query_one(Hand).display = view.seat is not None  # no hand: one line, not three
        self.query_one("#watching").display = view.seat is None and not drawing.hot_seat
        if view.seat is None or view.seat == view.config.dummy:
            box.border_title = "Hand hidden" if drawing.hot_seat else "No hand (watching)"
        else:
            name = self.look.text(view.config.seats[view.seat].name)
            box.border_title = "Your hand" + (f" ({name})" if drawing.hot_seat else "")
        self.query_one(SideLog).show(drawing.side_log)
        if isinstance(update.event, CategoryFixed) and drawing.fresh:
            self._flash()
        keys = (drawing.acting, len(view.hand) > 10)
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.screen.refresh_bindings()

    def _flash(self) -> None:
        board = self.query_one(DeterminerBoard)
        board.add_class("-flash")
        self.set_timer(FLASH_SECONDS, lambda: board.remove_class("-flash"))

    def point_at(self, action: Action) -> None:
        """A hint's card gets the cursor (nothing is played)."""
        hand = self.query_one(Hand)
        if isinstance(action, PlayCard) and action.card in hand.cards:
            hand.cursor = hand.cards.index(action.card)
            hand.refresh()

    # ------------------------------------------------------------- the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "play"):
            return self._can_play()
        if action == "pick":
            index = parameters[0]
            hand = self.view.hand
            if index == 0 and (len(parameters) > 1) != (len(hand) > 10):
                return False  # the footer names the keys of this hand: 1-0, or a s d f x too
            return self._can_play() and isinstance(index, int) and index < len(hand)
        return True

    def _can_play(self) -> bool:
        """The player at the screen must play a card now."""
        return self.acting and bool(self.view.legal)

    def action_move(self, step: int) -> None:
        self.query_one(Hand).move(step)

    def action_play(self) -> None:
        hand = self.query_one(Hand)
        if hand.cards:
            self.post_message(Decided(PlayCard(hand.cards[hand.cursor])))

    def on_key(self, event: events.Key) -> None:
        """A card key above no card, on the player's turn, says so rather than nothing
        (its binding is off then, so the key comes here)."""
        if (key := card_key(event, CARD_KEYS)) and self._can_play() and \
                CARD_KEYS.index(key) >= len(self.view.hand):
            self.post_message(Declined(no_card_on(key)))
            event.stop()

    def action_pick(self, index: int, _long: str = "") -> None:
        hand = self.query_one(Hand)
        if index < len(hand.cards):
            card = hand.cards[index]
            if card in hand.legal:  # a refused card leaves the cursor where it is drawn
                hand.cursor = index
                hand.refresh()
            self.post_message(Decided(PlayCard(card)))

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        if self._can_play():
            self.action_pick(message.index)


_W = TypeVar("_W", bound=Widget)


def _titled(widget: _W, title: str) -> _W:
    widget.border_title = title
    return widget
