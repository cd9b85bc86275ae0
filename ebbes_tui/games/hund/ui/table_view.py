"""Hund's part of the table screen: the players and the draw pile (or the trump card)
on top, the trick below them (the game log beside it on wide screens), and your hand,
which scrolls when it is long. It draws a view (N15) and answers the game's keys:
the cards, ``s`` for a sjanse, ``t`` for an undertrekk, ``m`` to pick the cards of a
series; everything else (the feed, the pace, covers, chat) is the generic screen's."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ....controller import Synced, TakenBack, Update
from ..rules.actions import Action
from ....ui.card_row import CardRow, card_key, no_card_on
from ....ui.game_ui import Decided, Declined, Drawing, quiet_height
from ....ui.side_log import SideLog
from ....ui.look import Look
from ....ui.words import WATCHING
from ..rules.actions import SERIES, SJANSE, UNDERTREKK, Series, play_of
from ..rules.checks import beat_with
from ..rules.events import CardPlayed, Drew, GameDealt, Played, TrickTaken
from ..rules.view import HundView
from .explain import undertrekk_reason, why_not
from .look import hund_look
from .panels import PilePanel, SeatsPanel, TrickPanel

#: The keys of the cards in sight, in order: the digits, then letters that no other key
#: of this screen uses (not s, t, m, nor the table's g b p u i v c d q, nor h and l, nor
#: j and k, which step through tricks in a replay), then, for a long hand at a tall
#: screen, punctuation typed without Shift. No capitals: with Caps Lock on, b (the board)
#: or e (another card) would play a card.
CARD_KEYS = "1234567890aefrwxyz" + "no" + ";,./[]-='`"
#: Textual's names of the punctuation keys.
_KEY_NAMES = {";": "semicolon", ",": "comma", ".": "full_stop", "/": "slash",
              "[": "left_square_bracket", "]": "right_square_bracket", "-": "minus",
              "=": "equals_sign", "'": "apostrophe", "`": "grave_accent"}
#: The trick display setting's key on this table (t is undertrekk here).
TRICK_KEY = "d"
#: The rows the trick panel keeps (its border and five lines: the top card, the plays,
#: when the avstikk comes, your move in two) when a long hand takes more lines of cards;
#: a news line of two or three lines takes its rows from these, not from the hand.
TRICK_ROWS = 7

_MOVE = Binding.Group("Move")
#: Not in the footer: each key stands above its card (and the footer must fit 80
#: columns in ASCII, where its key names are longer).
_PICKS = [Binding(_KEY_NAMES.get(key, key), f"pick({i})", "Card", show=False)
          for i, key in enumerate(CARD_KEYS)]


class HundTable(Widget, can_focus=True):
    """The table's panels; the game's keys work only while the player at the screen
    must act (:class:`Drawing` says so), and each only when its move is legal."""

    SCOPED_CSS = False  # its rules also follow the screen's width and the app's ASCII mode
    DEFAULT_CSS = """
    HundTable { height: 1fr; layout: vertical; }
    HundTable #top { height: auto; }
    #seats, #pile, #trick, #hand-box {
        border: round $primary; border-title-color: $text; border-title-style: bold;
        padding: 0 1;
    }
    #seats { width: 1fr; height: auto; }
    #pile { width: 28; height: auto; min-height: 4; }
    #middle { height: 1fr; min-height: 4; }
    #trick { width: 1fr; height: 100%; }
    #hand-box { height: auto; border: round $accent; }
    #side-log {
        display: none; border: round $primary; border-title-color: $text; padding: 0 1;
        width: 44; height: 100%; scrollbar-size: 0 0;
    }
    Screen.-wide #side-log { display: block; }
    Screen.-wide #pile { width: 40; }
    App.-ascii #seats, App.-ascii #pile, App.-ascii #trick, App.-ascii #hand-box,
    App.-ascii #side-log { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", group=_MOVE, key_display="←→"),
        Binding("right,l", "move(1)", "Move", group=_MOVE, show=False),
        Binding("enter,space", "play", "Play"),
        # When the only move is undertrekk, Enter says so (a binding: the table's screen
        # has the key first, for a held trick, a lesson's coach or a cover's keys).
        Binding("enter,space", "play('why')", "Play", show=False),
        Binding("s", "sjanse", "Sjanse"),
        Binding("t", "undertrekk", "Undertrekk"),
        Binding("m", "mark", "Mark"),
        *_PICKS,
    ]

    def __init__(self, look: Look, view: HundView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = hund_look(look)
        self.view: HundView = view
        self.acting = False
        self.marked: set[int] = set()  # cards picked for a series (N14)
        self.note = ""  # what the table says about the player's own pick
        self.draws: tuple[tuple[int, int], ...] = ()  # after the trick on show (N6)
        self._drawing: Drawing | None = None
        self._keys: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        look = self.look
        with Horizontal(id="top"):
            yield SeatsPanel(look, id="seats")
            yield PilePanel(look, id="pile")
        with Horizontal(id="middle"):
            yield TrickPanel(look, id="trick")
            yield SideLog(id="side-log")
        with Vertical(id="hand-box"):
            yield CardRow(look, keys="held", card_keys=CARD_KEYS, id="hand")
            yield Static(WATCHING, id="watching", markup=False)

    def on_resize(self) -> None:
        self._draw()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Players"
        self.query_one("#side-log").border_title = "Game log (g)"

    # ------------------------------------------------------------- drawing

    def show(self, update: Update[HundView], drawing: Drawing) -> None:
        """Draw ``update``'s view; note who drew after the trick on show."""
        view: HundView = update.view
        if drawing.fresh:
            self._follow(update)
        if not drawing.acting or view.phase != "shed":
            self.marked.clear()
        self.marked &= set(view.hand)
        self.view, self.acting, self._drawing = view, drawing.acting, drawing
        self._draw()

    def _follow(self, update: Update[HundView]) -> None:
        """What the table remembers of the moves themselves: the draws after a
        trick (the view has only the counts), a note that no longer applies."""
        event = update.event
        if isinstance(event, Drew):
            self.draws = (*self.draws, (event.seat, event.count))
        elif isinstance(event, (TrickTaken, CardPlayed, GameDealt, Synced, TakenBack)):
            self.draws = ()
        if isinstance(event, (CardPlayed, Played, GameDealt, TakenBack)) or self.note and \
                not update.view.actions:
            self.note = ""

    def _draw(self) -> None:
        drawing = self._drawing
        if drawing is None:
            return
        view, look = self.view, self.look
        self.query_one(SeatsPanel).show(view, self.draws)
        self.query_one("#pile").border_title = self.query_one(PilePanel).show(view)
        trick = self.query_one(TrickPanel)
        trick.border_title = trick.show(view, acting=self.acting, draws=self.draws,
                                        show_last=drawing.show_last, holding=drawing.holding,
                                        note=self.note)
        playable = self._playable()
        row = self.query_one(CardRow)
        # A long hand uses the room the trick does not need, the same whatever the news.
        room = quiet_height(self) - self.query_one("#top").outer_size.height - 2 - TRICK_ROWS
        row.lines = max(1, room // 3)
        row.show([look.card(c) for c in view.hand], playable, active=self.acting and bool(playable),
                 marked=[view.hand.index(c) for c in sorted(self.marked)])
        box = self.query_one("#hand-box")
        row.display = view.seat is not None  # no hand: one line, not empty rows of cards
        self.query_one("#watching").display = view.seat is None and not drawing.hot_seat
        count = f"{len(view.hand)} card{'s' * (len(view.hand) != 1)}"
        if view.seat is None:
            box.border_title = "Hand hidden" if drawing.hot_seat else "No hand (watching)"
        else:
            name = look.text(view.seats[view.seat].name)
            box.border_title = f"Your hand ({name}, {count})" if drawing.hot_seat \
                else f"Your hand ({count})"
        if drawing.side_log:  # the newest lines in sight
            self.query_one(SideLog).show(drawing.side_log)
        keys = (self.acting, *(self.check_action(a, ()) for a in ("sjanse", "undertrekk", "mark",
                                                                  "play")))
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.screen.refresh_bindings()

    def _playable(self) -> list[int]:
        """The indexes of the hand's cards that may be played alone or in a series
        (phase 2: the cards that beat; N10, N14)."""
        if not self.acting:
            return []
        cards = {c for a in self.view.actions for c in getattr(a, "cards", ())}
        return [i for i, c in enumerate(self.view.hand) if c in cards]

    # ------------------------------------------------------------- the hint

    def point_at(self, action: Action) -> None:
        """A hint's card gets the cursor; a hint's series is marked (nothing is
        played)."""
        row = self.query_one(CardRow)
        hand = self.view.hand
        cards = [c for c in getattr(action, "cards", ()) if c in hand]
        if not cards:
            return
        if isinstance(action, Series):
            self.marked = set(cards)
        row.point_at(hand.index(cards[-1]))
        self._draw()

    # ------------------------------------------------------------- the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        actions = self.view.actions if self.acting else ()
        if action == "play" and parameters:
            return UNDERTREKK in actions
        if action in ("move", "play"):
            return bool(self._playable())
        if action == "pick":
            index = parameters[0] if parameters else 0
            return isinstance(index, int) and bool(self._playable()) and \
                self.query_one(CardRow).index_of_key(index) is not None
        if action == "sjanse":
            return SJANSE in actions
        if action == "undertrekk":  # offered only as the one legal move (N10)
            return UNDERTREKK in actions
        if action == "mark":
            return any(isinstance(a, Series) for a in actions)
        return True

    def action_move(self, step: int) -> None:
        self.query_one(CardRow).move(step)

    def action_play(self, why: str = "") -> None:
        """The marked cards (a series), else the card under the cursor; ``why``: no card
        may be played, only taken in, and the reason is said."""
        row = self.query_one(CardRow)
        if why:
            self.post_message(Declined(undertrekk_reason(self.view, self.look)))
        elif self.marked:
            self._offer(tuple(sorted(self.marked, reverse=True)))
        elif row.faces:
            self._offer((self.view.hand[row.cursor],))

    def action_pick(self, index: int) -> None:
        row = self.query_one(CardRow)
        card = row.index_of_key(index)
        if card is not None:
            row.point_at(card)
            self.marked.clear()
            self._offer((self.view.hand[card],))

    def on_card_row_chosen(self, message: CardRow.Chosen) -> None:
        if self.acting and self.view.actions:
            self.marked.clear()
            self._offer((self.view.hand[message.index],))

    def on_key(self, event: events.Key) -> None:
        """``s``, ``t`` or ``m`` when the move is not allowed, or a card key above no card
        on the player's turn: say why (their bindings are off then, so the key comes
        here)."""
        move = {"s": "sjanse", "t": "undertrekk", "m": "mark"}.get(event.key)
        if move and self.view.seat is not None and not self.check_action(move, ()):
            self.post_message(Declined(why_not(self.view, event.key, self.look)))
            event.stop()
        elif (key := card_key(event, CARD_KEYS)) and self._playable() and \
                not self.check_action("pick", (CARD_KEYS.index(key),)):
            unkeyed = len(self._playable()) < len(self.view.hand)
            self.post_message(Declined(no_card_on(key, unkeyed)))
            event.stop()

    def action_sjanse(self) -> None:
        self.post_message(Decided(SJANSE))

    def action_undertrekk(self) -> None:
        self.post_message(Decided(UNDERTREKK))

    def action_mark(self) -> None:
        """Pick the card under the cursor for a series, or put it back (N14)."""
        row = self.query_one(CardRow)
        if not row.faces:
            return
        card = self.view.hand[row.cursor]
        self.marked ^= {card}
        cards = sorted(self.marked, reverse=True)
        self.note = (f"Marked for a series: {self.look.play(cards)}. Enter plays them; m on a "
                     "card puts it back." if cards else "")
        self._draw()

    def _offer(self, cards: tuple[int, ...]) -> None:
        """Play ``cards`` (low to high) if that is a legal play now; else say why, in
        the game's words, and change nothing."""
        view = self.view
        if not self.acting or not view.actions:
            return
        run = len(cards) == 1 or (SERIES.get((cards[-1], cards[0])) is not None
                                  and SERIES[cards[-1], cards[0]].cards == cards)
        what = self.look.play(cards)
        if not run:
            why = f"{what} is not a series: cards of one suit in unbroken rank order."
        elif (action := play_of(cards)) in view.actions:
            self.marked.clear()
            self.note = ""
            self.post_message(Decided(action))
            return
        elif view.top is not None:
            why = (f"{what} cannot beat {self.look.face(view.top)}: you must beat it "
                   f"{beat_with(view.top, view.trump)}.")
        else:
            why = f"{what} cannot be played now."
        self.post_message(Declined(why))
