"""Every key of the table in one place (the footer shows the most used ones): the
game's own keys first, then those of every table; at a table, only the keys that do
something there (a spectator holds no hand, a shared table offers no take-back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..game.protocols import AnyGame
from .closing import ClosesOnce
from .footer import KeysFooter
from .scroll_note import ScrollNote
from .game_ui import screens_of

if TYPE_CHECKING:
    from .app import EbbesApp

#: What the trick display key does (its key is the game's: ``t`` unless it needs t).
TRICK_DISPLAY = ("how long a finished trick stays: fast, normal, slow or until a key (kept "
                 "for next time, as in the menu; a shared table never waits for it)")
ANY_KEY = ("any key", "hurry the table along (a bot's move, a finished trick)")
#: The keys of every table, after the game's own, any key and the trick display's.
KEYS = (
    ("g", "the game log: every move, every trick and why it was won, every score"),
    ("b", "the scores"),
    ("v", "hot-seat: look at your own hand while nobody must decide"),
    ("c", "at a shared table: say something to the table"),
    ("?", "this help"),
    ("F1", "the rules"),
    ("Esc", "back to the menu, or leave a shared table (asks first; the game is saved "
            "after every move)"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl+Q", "quit at once (the game is saved)"),
)
#: The menu's help also says where shared tables are (the table's t is another key).
MENU_TABLES = ("t in the menu", "Tables: play or watch a game with other users of this "
                                "machine, or open a table of your own")
#: And where its lesson is (Learn: ``ebbes learn --game G`` opens it too).
MENU_LEARN = ("l in the menu", "Learn: a short guided game of this game on fixed cards, with a "
                               "coach who says what to do and why (Esc leaves it, l goes on)")
#: Of a game's own keys, those that work without a hand (a spectator's): the last trick.
WITHOUT_A_HAND = frozenset({"p"})


class HelpScreen(ClosesOnce, ModalScreen[None]):
    """The keys, and how to read a card without colour."""

    app: EbbesApp
    BINDINGS = [Binding("escape,question_mark,enter", "close", "Close")]

    def __init__(self, game: AnyGame, *, left_out: frozenset[str] = frozenset(),
                 watching: bool = False, also: tuple[tuple[str, str], ...] = ()) -> None:
        """``left_out``: keys that do nothing where the help was asked for;
        ``watching``: a spectator's help, without the keys of a hand; ``also``: rows
        after every table's keys."""
        super().__init__()
        self.screens = screens_of(game)
        self.left_out = left_out
        self.watching = watching
        self.also = also

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=False, pad_edge=False)
        keys.add_column(style="bold")
        keys.add_column()
        trick = (self.screens.trick_key, TRICK_DISPLAY)
        own = [row for row in self.screens.keys
               if not self.watching or row[0] in WITHOUT_A_HAND]
        for key, what in (*own, ANY_KEY, trick, *KEYS, *self.also):
            if key not in self.left_out:
                keys.add_row(key, what)
        heading, legend = self.screens.legend(self.app.look)
        with VerticalScroll(classes="dialog help") as body:
            yield Static("Keys", classes="dialog-title")
            yield Static(keys)
            yield Static(f"\n[b]{heading}[/b]")
            yield Static(legend)
        yield ScrollNote(body, "the help", id="help-more")  # in ASCII no scroll bar shows
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss()
