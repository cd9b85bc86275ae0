"""The menu: new game, continue the newest save (or take it over), the game the menu
is about, a lesson of it, tables, history, statistics, rules, the settings (colours,
the bots' pace, how long a finished trick stays), quit. It posts what the player chose;
the app acts on it."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..controller.lesson import LessonProgress
from ..controller.saves import ENDED, SaveInfo
from ..controller.settings import BOT_PACES
from .choice import next_of
from .footer import KeysFooter
from .pacing import TRICK_LABELS, next_trick_display

if TYPE_CHECKING:
    from .app import EbbesApp


#: The colour themes the menu cycles through, with the names players see.
THEME_NAMES = {"textual-dark": "dark", "textual-light": "light",
               "ansi-dark": "terminal's own colours"}


#: The menu's lines that change a setting where they are (Enter: the next value).
_SETTINGS = ("theme", "pace", "tricks")
#: The fewest rows the options keep, on the smallest screen (they scroll there).
MENU_ROWS = 12


class MenuScreen(Screen[None]):
    """The first screen: what to do, and which saved game is waiting."""

    app: EbbesApp
    #: Whether there is a save to continue; None until the saves are read (c then
    #: tries, and says so when there is none).
    _can_continue: bool | None = None
    _lesson_left = False  # a lesson of this game was left halfway (read with the saves)
    BINDINGS = [
        Binding("n", "choose('new')", "New"),
        # The game's own line in the menu names g: the key line keeps room for l and q.
        Binding("g", "choose('game')", "Game", show=False),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('learn')", "Learn"),
        Binding("t", "choose('tables')", "Tables"),
        Binding("h", "choose('history')", "History"),
        Binding("s", "choose('stats')", "Stats"),  # every key fits 80 columns
        Binding("f1", "choose('rules')", "Rules", show=False),
        Binding("o", "choose('theme')", "Colours"),
        Binding("question_mark", "choose('help')", "Help"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    class Chosen(Message):
        """The player picked ``what`` (``new``, ``continue``, ``theme`` ...); ``value``
        carries a choice's detail (the next colour theme)."""

        def __init__(self, what: str, value: str | None = None) -> None:
            super().__init__()
            self.what = what
            self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(self.app.look.text(self._title()), id="menu-title")
            yield OptionList(id="menu-options")
            yield Static("", id="menu-message", markup=False)
        yield KeysFooter(compact=True)  # every key, o (colours) too, at 80 columns

    def on_resize(self, event: events.Resize) -> None:
        """The options take the rows the screen has (the title, their margins, the
        message and the key line take nine): at 100x30 a long Continue line pushed
        Quit out of sight below six empty rows."""
        self.query_one(OptionList).styles.max_height = max(MENU_ROWS, event.size.height - 9)

    def _title(self) -> str:
        """The program's name, and under it the menu's game: its motto or its title
        (a Hund player read ebbes' motto as the game they were about to play)."""
        game = self.app.current
        return f"e b b e s\n{game.presentation.motto or game.title}"

    def on_mount(self) -> None:
        self._show_saves(None)
        self.refresh_saves()

    def refresh_saves(self, message: str = "") -> None:
        """Rebuild the options from the saves on disk (one may have appeared or gone):
        the message at once, the saves when read."""
        self.query_one("#menu-title", Static).update(self.app.look.text(self._title()))
        self.query_one("#menu-message", Static).update(self.app.look.text(message))
        self._read_saves()

    @work(exclusive=True, group="saves")
    async def _read_saves(self) -> None:
        """Listing the saves and replaying the newest for its summary happen in a thread
        (issue 23, item 14): a long save never holds the menu's keys up."""
        progress = LessonProgress.beside(self.app.library.store.root)

        def read() -> tuple[tuple[list[SaveInfo], bool], bool]:
            return self.app.library.listed(), progress.left_midway()

        (saves, archived), self._lesson_left = await asyncio.to_thread(read)
        try:
            self._show_saves(saves)
        except NoMatches:  # the app closed the menu's parts while the saves were read
            return
        if archived:
            self.query_one("#menu-message", Static).update(self.app.look.text(ENDED))

    def _show_saves(self, saves: list[SaveInfo] | None) -> None:
        """The options, with the newest save's line once the saves are read."""
        text = self.app.look.text
        options = [Option("New game", id="new")]
        self._can_continue = None if saves is None else bool(saves)
        if saves:
            newest = saves[0]
            if newest.locked_by:
                who = f" (process {newest.locked_by})" if newest.locked_by > 0 else ""
                options.append(Option(Text(text(f"Continue: open in another ebbes window{who}")),
                                      id="continue", disabled=True))
                options.append(Option("  Take it over (the other window saves and closes)",
                                      id="takeover"))
                options.append(Option("  Start a separate game", id="new-separate"))
            else:
                options.append(Option(Text(text(f"Continue: {newest.summary}")), id="continue"))
        if len(self.app.games) > 1:
            options.append(Option(Text(text(f"Game: {self.app.current.title} (g: another; "
                                            "each keeps its own saves)")), id="game"))
        # after a restart too, the menu says a lesson left halfway goes on
        learn = "Learn (goes on where you left it)" if self._lesson_left else \
            "Learn (a guided game on fixed cards)"
        options += [Option(learn, id="learn"),
                    Option("Tables (play with others on this server)", id="tables"),
                    Option("History (finished games, replays)", id="history"),
                    Option("Statistics", id="stats"),
                    Option("Rules", id="rules"), Option(self._theme_label(), id="theme"),
                    Option(self._pace_label(), id="pace"),
                    Option(self._tricks_label(), id="tricks"),
                    Option("Quit", id="quit")]
        menu = self.query_one(OptionList)
        # A setting just changed with Enter keeps the cursor, for the next Enter.
        kept = menu.get_option_at_index(menu.highlighted).id \
            if menu.highlighted is not None and menu.option_count else None
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = menu.get_option_index(kept) if kept in _SETTINGS else \
            1 if saves and not saves[0].locked_by else 0
        menu.focus()
        self.refresh_bindings()

    def _theme_label(self) -> str:
        if self.app.no_color:  # every theme draws alike then: in no colour
            return f"Colours: none ({self.app.no_colour})"
        return f"Colours: {THEME_NAMES.get(self.app.theme, self.app.theme)}"

    def _pace_label(self) -> str:
        """The bots' pace, by its name and seconds (``--pace`` given: its seconds)."""
        app = self.app
        if app.pace_given is not None:
            return f"Bots' pace: {app.pace_given:g} s a move (--pace; Enter: the settings')"
        return f"Bots' pace: {app.settings.bot_pace} ({app.pace:g} s a move)"

    def _tricks_label(self) -> str:
        return f"A finished trick stays: {TRICK_LABELS[self.app.settings.trick_display]}"

    def _next_value(self, what: str) -> str | None:
        """The next value of a setting the menu cycles: the colours, the bots' pace,
        the trick display; None for the other choices."""
        settings = self.app.settings
        if what == "theme":
            return next_of(list(THEME_NAMES), self.app.theme)
        if what == "pace":  # after --pace, the settings' own pace again first
            return settings.bot_pace if self.app.pace_given is not None else \
                next_of(list(BOT_PACES), settings.bot_pace)
        if what == "tricks":
            return next_trick_display(settings.trick_display)
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("continue",):
            return self._can_continue is not False
        if action == "choose" and parameters == ("game",):
            return len(self.app.games) > 1
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        self.post_message(self.Chosen(what, self._next_value(what)))
