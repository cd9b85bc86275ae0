"""Blindes Huhn extrem's part of the table screen: the players with their hands as
backs and what lies in front of them, the trick (with the game log beside it on wide
screens), and your hand, where you arrange it (H3) and play its ends (H4, H5, H9). It
draws a view (H13) and answers the game's keys; everything else (the feed, the pace,
covers, chat) is the generic table screen's.

Keys (none of the table screen's g b p u i v c ? t q Esc): arranging ←→ h l choose a
card, , . (< >, Shift+←→) move it, Home End to an end, o a quick order, Enter done;
playing 1 and 2 the left and right end (with *ear* the keys above every card), ←→
Enter the marked card, f face down (the marked card, or the one that may).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ....controller import Update
from ..rules.actions import Action
from ....ui.card_row import CARD_KEYS, CardRow, card_key, no_card_on
from ....ui.game_ui import Decided, Drawing
from ....ui.side_log import SideLog
from ....ui.look import Look
from ....ui.words import WATCHING
from ..rules.actions import PLAY, Arrange, Play
from ..rules.cards import Card, hand_size
from ..rules.view import HuhnView
from .hand import Arrangement, HuhnHand
from .look import huhn_look
from .seats import PlayersPanel, supply_line
from .trick import TrickArea

#: The most cards a hand holds (H1), so the most card keys a hand needs (with *ear*).
MOST_CARDS = max(hand_size(n) for n in (2, 3, 4, 5))
_MOVE = Binding.Group("Move")
_SHIFT = Binding.Group("Shift")
#: The keys above the playable cards: 1 the left end, 2 the right end (with *ear*, the
#: n-th card's). The footer names the two ends; with *ear* the cursor keys.
_ENDS = Binding(CARD_KEYS[0], "pick(0, 'ends')", "Ends", key_display=" ".join(CARD_KEYS[:2]))
_PICKS = [Binding(key, f"pick({i})", "Card", show=False)
          for i, key in enumerate(CARD_KEYS[:MOST_CARDS])]
#: Why the order of a hand matters, under it while it is arranged.
WHY_ORDER = "Order matters: you can only play an end card, and the order stays all deal."


class HuhnTable(Widget, can_focus=True):
    """The table's panels; the hand's keys work only while the player at the screen
    must arrange or play (:class:`Drawing` says so)."""

    SCOPED_CSS = False  # its rules also follow the screen's width and the app's ASCII mode
    DEFAULT_CSS = """
    HuhnTable { height: 1fr; layout: vertical; }
    HuhnTable #players, HuhnTable #trick, HuhnTable #hand-box {
        border: round $primary; border-title-color: $text; border-title-style: bold;
        padding: 0 1;
    }
    HuhnTable #players { height: auto; }
    HuhnTable #middle { height: 1fr; min-height: 4; }
    HuhnTable #trick { width: 1fr; height: 100%; }
    HuhnTable #hand-box { height: auto; border: round $accent; }
    HuhnTable #hand-help { height: auto; max-height: 2; color: $text-muted; }
    HuhnTable #side-log {
        display: none; border: round $primary; border-title-color: $text; padding: 0 1;
        width: 44; height: 100%; scrollbar-size: 0 0;
    }
    Screen.-wide HuhnTable #side-log { display: block; }
    App.-ascii HuhnTable #players, App.-ascii HuhnTable #trick, App.-ascii HuhnTable #hand-box,
    App.-ascii HuhnTable #side-log { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("left,h", "move(-1)", "Card", group=_MOVE, key_display="←→"),
        Binding("right,l", "move(1)", "Card", group=_MOVE, show=False),
        # Not "<>": in ASCII the arrows of "Card" are drawn "<>" too.
        Binding("less_than_sign,shift+left,comma", "shift(-1)", "Move", group=_SHIFT,
                key_display=", ."),
        Binding("greater_than_sign,shift+right,full_stop", "shift(1)", "Move", group=_SHIFT,
                show=False),
        # Not in the footer (no room at 80 columns): the line under the hand names them.
        Binding("home", "to_end(0)", "To the left end", show=False),
        Binding("end", "to_end(1)", "To the right end", show=False),
        Binding("o", "quick", "Order"),
        Binding("enter,space", "done", "Done"),
        Binding("enter,space", "play", "Play"),
        # "Down": with "Face down" the line lost Menu at 80 columns in ASCII; the line
        # under the hand says "f plays 16D face down."
        Binding("f", "face_down", "Down"),
        _ENDS,
        *_PICKS,
    ]

    def __init__(self, look: Look, view: HuhnView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = huhn_look(look)
        self.view: HuhnView = view
        self.acting = False
        self.arrangement: Arrangement | None = None
        self._arranging_for: tuple[int | None, int, tuple[Card, ...]] | None = None
        self._kept: tuple[Card, ...] = ()  # the order the game keeps for the hand so far
        self._keys: tuple[object, ...] | None = None
        self._note = ""  # what the last key did, under the hand
        self._hot_seat = False

    def compose(self) -> ComposeResult:
        yield PlayersPanel(self.look, id="players")
        with Horizontal(id="middle"):
            yield TrickArea(self.look, id="trick")
            yield SideLog(id="side-log")
        with Vertical(id="hand-box"):
            yield HuhnHand(self.look, id="hand")
            yield Static(id="hand-help", markup=False)

    def on_mount(self) -> None:
        self.query_one("#trick").border_title = "Trick"
        self.query_one("#side-log").border_title = "Game log (g)"

    # ------------------------------------------------------------- drawing

    @property
    def arranging(self) -> bool:
        """The player at the screen is arranging their hand now."""
        return self.acting and self.view.phase == "arrange" and self.view.seat is not None

    @property
    def playing(self) -> bool:
        """The player at the screen must play a card now."""
        return self.acting and self.view.phase == "play" and bool(self.view.actions)

    def show(self, update: Update[HuhnView], drawing: Drawing) -> None:
        """Draw ``update``'s view."""
        view: HuhnView = update.view
        if view.seat != self.view.seat or view.deal != self.view.deal or (
                view.phase == "play" and view.hand != self.view.hand):
            self._note = ""  # a card played: what the last key did is old news
        self.view, self.acting = view, drawing.acting
        players = self.query_one(PlayersPanel)
        players.show(view)
        players.border_title = f"Players {self.look.dot} {supply_line(view)}"
        self.query_one(TrickArea).show(view, show_last=drawing.show_last, holding=drawing.holding)
        self.query_one(SideLog).show(drawing.side_log)
        self._hot_seat = drawing.hot_seat
        self._draw_hand()

    def _title(self) -> str:
        view = self.view
        if view.seat is None:
            return "Hand hidden" if self._hot_seat else "No hand (watching)"
        name = self.look.text(view.seats[view.seat].name)
        return "Your hand" + (f" ({name})" if self._hot_seat else "") + (
            ": arrange it" if self.arranging else "")

    def _draw_hand(self) -> None:
        view, hand = self.view, self.query_one(HuhnHand)
        look = self.look
        self.query_one("#hand-box").border_title = self._title()
        hand.display = view.seat is not None  # no hand: one line, not an empty row of cards
        if self.arranging:
            arrangement = self._arrangement()
            hand.arranging = True
            hand.cursor = arrangement.cursor
            hand.show([look.card(c) for c in arrangement.order], range(len(arrangement.order)),
                      active=True, marked=() if arrangement.picked is None
                      else (arrangement.picked,))
            self._keep(tuple(arrangement.order))
        else:
            hand.arranging = False
            playable = self._playable() if self.playing else ()
            hand.show([look.card(c) for c in view.hand], playable, active=self.playing)
        self.query_one("#hand-help", Static).update(look.text(self._help()))
        keys = (self.arranging, self.playing, self._ear(), self._may_go_down())
        if keys != self._keys:  # the footer is rebuilt only when the keys change
            self._keys = keys
            self.screen.refresh_bindings()

    def _arrangement(self) -> Arrangement:
        """The order being built for this seat's hand in this deal (kept while other
        updates come, and after a take-back)."""
        view = self.view
        key = (view.seat, view.deal, tuple(sorted(view.hand)))
        if self.arrangement is None or key != self._arranging_for:
            self.arrangement = Arrangement(tuple(view.hand))  # the order so far, if kept
            self._arranging_for = key
            self._kept = tuple(view.hand)
        return self.arrangement

    def _keep(self, order: tuple[Card, ...]) -> None:
        """Every change of the order goes to the game, which keeps it (not a decision):
        a save or a table that was left brings the hand back as it was (H3)."""
        if order != self._kept:
            self._kept = order
            self.post_message(Decided(Arrange(order), draft=True))

    def _help(self) -> str:
        """The lines under the hand: why the order matters and the keys while you
        arrange; the ends and their keys while you play."""
        view = self.view
        if self.arranging:
            arrangement = self._arrangement()
            quick = f" (now: {arrangement.quick_name})" if arrangement.quick_name else ""
            note = self._note or f"←→ card  , . Home End move it  o order{quick}  Enter done"
            return f"{WHY_ORDER}\n{note}"
        if self.playing:
            if self._ear():
                line = "Ear reward: lead any card of your hand (its key, or ←→ and Enter)."
            else:
                ends = self._cards()
                line = f"1 plays your left end ({self.look.card(ends[0]).plain}), 2 your right " \
                       f"end ({self.look.card(ends[-1]).plain})." if len(ends) > 1 else \
                    f"1 plays your last card ({self.look.card(ends[0]).plain})."
            # One paragraph, short: at 80x24 a second line would cost the trick a line.
            down = [c for c in self._cards() if PLAY[c][1] in view.actions]
            if len(down) == 1:
                line += f" f plays {self.look.card(down[0]).plain} face down."
            elif down and self._ear():  # face-down symbols anywhere in the hand, not ends
                cards = [self.look.card(c).plain for c in down]
                line += f" f plays the marked card face down: {', '.join(cards[:-1])} " \
                        f"or {cards[-1]}."
            elif down:  # both ends (the down reward, or two face-down symbols)
                both = " and ".join(self.look.card(c).plain for c in down)
                line = f"1 or 2 plays an end face up ({both}), f the marked one face down."
            return self._note or line
        if view.phase == "arrange" and view.seat is not None and view.arranged[view.seat]:
            return "Your hand is arranged: play begins when everyone is done."
        if view.seat is None and not self._hot_seat:
            return WATCHING
        return self._note

    # ------------------------------------------------------------- what may be played

    def _cards(self) -> tuple[Card, ...]:
        """The distinct cards the player may play now, in hand order."""
        if not self.playing:
            return ()
        legal = {a.card for a in self.view.actions if isinstance(a, Play)}
        return tuple(c for c in self.view.hand if c in legal)

    def _playable(self) -> list[int]:
        cards = set(self._cards())
        return [i for i, c in enumerate(self.view.hand) if c in cards]

    def _ear(self) -> bool:
        """The player leads with *ear*: any card (H9)."""
        return self.playing and len(self._cards()) > 2

    def _may_go_down(self) -> bool:
        return any(PLAY[c][1] in self.view.actions for c in self._cards())

    def _down_card(self) -> Card | None:
        """The card ``f`` plays face down: the marked one if it may go face down, else
        the only playable card that may."""
        marked = self._marked()
        if marked is not None and PLAY[marked][1] in self.view.actions:
            return marked
        down = [c for c in self._cards() if PLAY[c][1] in self.view.actions]
        return down[0] if len(down) == 1 else None

    def _marked(self) -> Card | None:
        hand = self.query_one(HuhnHand)
        cards = self.view.hand
        return cards[hand.cursor] if self.playing and hand.cursor < len(cards) else None

    # ------------------------------------------------------------- the hint

    def point_at(self, action: Action) -> None:
        """A hint's card gets the cursor; an order suggested (a hint's, or the one a
        lesson's coach asks for) is put on the hand, to be taken with Enter (nothing is
        played or arranged)."""
        hand = self.query_one(HuhnHand)
        if isinstance(action, Play) and action.card in self.view.hand:
            hand.cursor = self.view.hand.index(action.card)
            hand.refresh()
            self.screen.refresh_bindings()
        elif isinstance(action, Arrange) and self.arranging:
            self._arrangement().use(action.order)
            self._note = "The suggested order is on your hand: Enter takes it, or change it."
            self._draw_hand()

    # ------------------------------------------------------------- the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":
            return self.arranging or self.playing
        if action in ("shift", "to_end", "quick", "done"):
            return self.arranging
        if action == "play":
            return self.playing
        if action == "pick":
            index = parameters[0]
            if len(parameters) > 1:  # the footer's "1 2 Ends": two ends, not *ear*
                return self.playing and len(self._cards()) == 2
            return self.playing and isinstance(index, int) and index < len(self._cards())
        if action == "face_down":
            if not self._may_go_down():
                return False
            return self._down_card() is not None or None
        return True

    def action_move(self, step: int) -> None:
        hand = self.query_one(HuhnHand)
        if self.arranging:
            arrangement = self._arrangement()
            arrangement.cursor = (arrangement.cursor + step) % len(arrangement.order)
            self._draw_hand()
            return
        hand.move(step)
        self.screen.refresh_bindings()  # f follows the marked card

    def action_shift(self, step: int) -> None:
        self._arrangement().shift(step)
        self._note = ""
        self._draw_hand()

    def action_to_end(self, right: int) -> None:
        """Home and End: the chosen card to the left or right end at once."""
        self._arrangement().to_end(bool(right))
        self._note = ""
        self._draw_hand()

    def action_quick(self) -> None:
        self._arrangement().next_quick()
        self._note = ""
        self._draw_hand()

    def action_done(self) -> None:
        self._note = ""
        self.post_message(Decided(Arrange(tuple(self._arrangement().order))))

    def action_play(self) -> None:
        marked = self._marked()
        if marked is not None and PLAY[marked][0] in self.view.actions:
            self.post_message(Decided(PLAY[marked][0]))

    def on_key(self, event: events.Key) -> None:
        """``f`` where no card may go face down says why (H5), and a card key above no
        card says so, rather than nothing."""
        if event.key == "f" and self.playing and not self._may_go_down():
            self._note = ("Nothing may go face down now: only an end card with the face-down "
                          "symbol (D), and never as the trick's last player.")
            self._draw_hand()
        elif (key := card_key(event, CARD_KEYS[:MOST_CARDS])) and self.playing and \
                not self.check_action("pick", (CARD_KEYS.index(key),)):
            self._note = no_card_on(key, len(self._cards()) < len(self.view.hand))
            self._draw_hand()

    def action_face_down(self) -> None:
        card = self._down_card()
        if card is not None:
            self.post_message(Decided(PLAY[card][1]))

    def action_pick(self, number: int, _ends: str = "") -> None:
        hand = self.query_one(HuhnHand)
        index = hand.index_of_key(number)
        if index is not None and index < len(self.view.hand):
            if index in self._playable():  # a refused card leaves the cursor where it is drawn
                hand.point_at(index)
            self.post_message(Decided(PLAY[self.view.hand[index]][0]))

    def on_card_row_chosen(self, message: CardRow.Chosen) -> None:
        """A click: while arranging, pick a card up and put it down elsewhere; while
        playing, play the clicked card if it may be."""
        if self.arranging:
            self._arrangement().click(message.index)
            self._draw_hand()
        elif self.playing and message.index in self._playable():
            self.post_message(Decided(PLAY[self.view.hand[message.index]][0]))
