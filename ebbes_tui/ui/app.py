"""The ebbes app: the menu, one game at a time, and the too-small guard.

Screens tell the app what the player wants by posting messages or dismissing with a
result; the app asks the controller (the :class:`Library` of this user's games) and
puts the next screen up. Which save to open, taking a game over, starting one from the
settings and archiving a finished one are the controller's business. The app's jobs
each have a room: opening this player's own games (:mod:`.opening`), sitting down at a
shared table (:mod:`.joining`), the window's size (:mod:`.too_small`); here the menu's
choices, the look, leaving and quitting.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.keys import format_key

from ..controller import settings as settings_file
from ..game.protocols import AnyGame
from ..game.registry import load_game
from .game_ui import playable_games, screens_of
from .joining import TableJoiner
from .look import WIDE, Look, palette_for, to_ascii
from .menu import MenuScreen
from .opening import GameOpener
from .too_small import SizeGuard
from .unhurried import Keystrokes, refused

if TYPE_CHECKING:
    from ..controller import Library, LocalGame
    from ..table.client import TableClient, TableConnection
    from .table import TableScreen
    from .tables import TablesScreen

_ASCII_KEYS = {"←→": "<>", "↑↓": "Up Down", "up": "Up", "down": "Down", "left": "Left",
               "right": "Right", "escape": "Esc", "enter": "Enter", "backspace": "BkSp"}


def _color_system() -> str | None:
    """What the terminal can show, as Rich (and so Textual) will find it."""
    return Console(force_terminal=True, force_interactive=False).color_system


class EbbesApp(App[None]):
    """ebbes in a terminal: menu, table, dialogs, round summaries and the track."""

    TITLE = "ebbes"
    CSS_PATH = ["app.tcss", "menu.tcss", "table.tcss", "dialogs.tcss", "score.tcss"]
    ENABLE_COMMAND_PALETTE = False
    #: From this height the table also shows the scoring track (more room, more facts).
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    #: ``q`` quits everywhere (a text field keeps its q), asking once during a game;
    #: ctrl+q never asks. Every decision is saved.
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
                Binding("q", "ask_quit", "Quit", show=False)]

    def __init__(
        self,
        *,
        ascii: bool = False,
        library: Library | None = None,
        settings_path: Path | None = None,
        continue_game: bool = False,
        replay: Path | None = None,
        pace: float | None = None,
        animation: bool = True,
        table: TableConnection | None = None,
        game: str | None = None,
        learn: bool = False,
        no_colour: str = "",
    ) -> None:
        # Without colour (NO_COLOR) or with only 16, draw in the terminal's own colours:
        # the suits' ANSI colours pass through as the terminal shows them, and NO_COLOR
        # leaves the terminal's default text on its default background (readable),
        # rather than Textual's colours squeezed into 16 or into greys.
        native = "NO_COLOR" in os.environ or _color_system() in (None, "standard", "windows")
        super().__init__(ansi_color=True if native else None)
        #: This user's games of each game, opened on first use.
        self._libraries: dict[str, Library] = {} if library is None else {library.game.id: library}
        self._given = library  # a test's or a bench's: the others go beside it
        self.settings_path = settings_path or settings_file.default_path()
        self.games = playable_games()
        self.settings, self.settings_note = settings_file.load(self.settings_path, self.games)
        if game is not None:
            self.settings.game = game
        if self.settings.game not in {g.id for g in self.games}:
            self.settings.game = self.games[0].id
        self._ascii = ascii
        #: Why nothing is drawn in colour (NO_COLOR, or a terminal without colours).
        self.no_colour = no_colour or ("NO_COLOR is set" if self.no_color else "")
        self.keystrokes = Keystrokes()  # every key's stamp, for the hot-seat cover
        self.look = self._look_for(self.settings.theme)
        self.continue_game = continue_game
        self.learn = learn  # ebbes learn: the menu's game's lesson at once
        self.replay = replay  # a record file to watch at once (ebbes replay FILE)
        #: ``--pace`` (a test's, a bench's): this run's bots' pace, whatever the settings say.
        self.pace_given = pace
        self.animation = animation  # the discs walk on the board after a round
        self.table_connection = table  # ebbes table join: sit down there at once
        self.remote: TableClient | None = None  # the shared table being played
        self.game: LocalGame | None = None
        self.opener = GameOpener(self)
        self.joiner = TableJoiner(self)
        self.size_guard = SizeGuard(self)
        self._running_loop: asyncio.AbstractEventLoop | None = None

    def _look_for(self, theme: str) -> Look:
        """Glyphs or ASCII, and the suit colours for this theme on this terminal."""
        return Look(self._ascii, palette_for(theme, self.console.color_system))

    @property
    def pace(self) -> float:
        """Seconds before a bot's move is shown: ``--pace``, else the settings' pace."""
        if self.pace_given is not None:
            return self.pace_given
        return settings_file.BOT_PACES.get(self.settings.bot_pace, 0.5)

    @property
    def current(self) -> AnyGame:
        """The game the menu is about (the one played last, or chosen)."""
        return load_game(self.settings.game)

    @property
    def library(self) -> Library:
        """This user's games of the current game."""
        return self.library_for(self.current)

    def library_for(self, game: AnyGame) -> Library:
        """This user's games of ``game``, opened on first use so start-up stays fast.
        Beside a library the app was given (a test's, a bench's), whatever its game,
        every other game keeps its saves in a folder of its id, never in the user's
        own data dir."""
        if game.id not in self._libraries:
            from ..controller import Library, SaveStore

            given = self._given  # not the first one opened: that is the user's own
            store = None if given is None else SaveStore(given.store.root.parent / game.id / "saves")
            self._libraries[game.id] = Library(game, store)
        return self._libraries[game.id]

    # ------------------------------------------------------------- start-up

    async def on_mount(self) -> None:
        self._running_loop = asyncio.get_running_loop()
        self.theme = self.settings.theme
        if self.look.ascii:
            self.add_class("-ascii")
        await self.push_screen(MenuScreen())  # mounted, so it can show a message
        if self.settings_note:
            self.show_menu_message(self.settings_note)
        if self.continue_game:
            self.opener.resume()
        if self.learn:
            self.opener.learn()
        if self.table_connection is not None:
            self.joiner.sit_down(self.table_connection)
        if self.replay is not None:
            from ..game.errors import RecordError
            from ..game.records import load_record

            try:
                game, record, _ = load_record(self.replay)
                await self.push_screen(screens_of(game).replay(record, self.replay.name))
            except RecordError as e:  # the file changed since it was checked
                self.show_menu_message(f"{self.replay.name} cannot be replayed: {e}")
        self.size_guard.start()

    def on_menu_screen_chosen(self, message: MenuScreen.Chosen) -> None:
        """What the player picked in the menu."""
        what = message.what
        if what in ("new", "new-separate"):
            self.opener.new()
        elif what == "game":
            self.opener.pick()
        elif what == "continue":
            self.opener.resume()
        elif what == "learn":
            self.opener.learn()
        elif what == "takeover":
            self.show_menu_message("Asking the other ebbes window to save and close ...")
            self.opener.resume(take_over=True)
        elif what == "rules":
            from .rules_screen import RulesScreen

            self.push_screen(RulesScreen(self.current))
        elif what == "help":
            from .help_screen import MENU_LEARN, MENU_TABLES, HelpScreen

            self.push_screen(HelpScreen(self.current, also=(MENU_LEARN, MENU_TABLES)))
        elif what == "tables":
            from .tables import TablesScreen

            self.push_screen(TablesScreen())
        elif what == "history":
            from .history import HistoryScreen

            self.push_screen(HistoryScreen(self.library))
        elif what == "stats":
            from .stats_screen import StatsScreen

            self.push_screen(StatsScreen(self.library))
        elif what == "theme" and self.no_color:
            self.show_menu_message(f"{self.no_colour}, so nothing is drawn in colour: "
                                   "the colours can be chosen where colours are drawn.")
        elif what == "theme":
            self.settings.theme = self.theme = message.value or self.theme
            self.look = self._look_for(self.theme)
            self.save_settings()
            self.show_menu_message("")
        elif what == "pace" and message.value is not None:
            self.settings.bot_pace, self.pace_given = message.value, None
            self.save_settings()
            self.show_menu_message("")
        elif what == "tricks" and message.value is not None:
            self.settings.trick_display = message.value
            self.save_settings()
            self.show_menu_message("")
        elif what == "quit":
            self.save_and_quit()

    def on_tables_screen_chosen(self, message: TablesScreen.Chosen) -> None:
        """Join or watch a table from the Tables screen, or reopen a saved one first."""
        self.joiner.join(message.name, message.watch, message.reopen)

    def save_settings(self) -> None:
        settings_file.save(self.settings_path, self.settings)

    # ---------------------------------------------------------------- leaving

    def on_table_screen_left(self, message: TableScreen.Left) -> None:
        """The table closed: the game is saved (and archived when it is over)."""
        if self.remote is not None:  # a shared table goes on without this player
            self.joiner.leave(self.remote, message.choice, message.finished, message.note)
            return
        setup = self.game.match.setup if self.game is not None else None
        note = (self.game.leave_note() if self.game is not None else "") or message.note
        self.close_game(finished=message.finished)
        if message.choice == "quit":
            self.save_and_quit()
            return
        self.back_to_menu(note)
        if message.choice == "again" and setup is not None:
            self.opener.start(setup)

    def on_table_screen_trick_display(self, message: TableScreen.TrickDisplay) -> None:
        """How long finished tricks stay: this player's setting, kept for next time."""
        self.settings.trick_display = message.value
        self.save_settings()

    def close_game(self, *, finished: bool = False) -> None:
        """Stop the game and release its save (archived when it is over); leave a
        shared table (it goes on; the seat waits as away)."""
        if self.remote is not None:
            self.remote.close()
            self.remote = None
        if self.game is not None:
            self.game.close(finished=finished)
            self.game = None

    def back_to_menu(self, message: str = "") -> None:
        while not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.show_menu_message(message)
        self.size_guard.check()

    def show_menu_message(self, message: str) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, MenuScreen):
                screen.refresh_saves(message)

    def save_and_quit(self) -> None:
        """Quit at once: every decision is already saved, so only release the lock (a
        finished table game's record still on its way is waited for first)."""
        self.close_game()
        if not self.joiner.quit_when_kept():
            self.exit()

    def on_unmount(self) -> None:
        self.close_game()  # however the app ends, the game's save is released

    async def action_quit(self) -> None:
        self.save_and_quit()

    def action_ask_quit(self) -> None:
        """q: during a game (a summary, a cover or a dialog over its table too) asked
        once, as the table's own q asks; elsewhere at once."""
        table = self.table
        if table is None:
            self.save_and_quit()
        else:
            table.action_quit_table()

    def save_now(self) -> None:
        """From the hang-up guard's thread: the game at this screen saved as it stands
        (a decision whose save is still queued is written now)."""
        game = self.game
        if game is not None:
            game.match.save_now()

    def request_quit(self) -> bool:
        """From any thread: save and quit soon. False while the app is not running yet."""
        loop = self._running_loop
        if loop is None or loop.is_closed():
            return False
        loop.call_soon_threadsafe(self.save_and_quit)
        return True

    async def on_event(self, event: events.Event) -> None:
        """A key back from the screen it was given to goes to the bindings of the screen
        on top now, unless that screen refuses it (:func:`~.unhurried.refused`)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.keystrokes.heard(event)
        if isinstance(event, events.Key) and event.is_forwarded and refused(self.screen, event):
            return
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        self.size_guard.check(event.size)  # called before the app's own size is updated

    @property
    def table(self) -> TableScreen | None:
        from .table import TableScreen

        return next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)

    # ------------------------------------------------------------------ ASCII

    def get_key_display(self, binding: Binding) -> str:
        """Key names for the footer; spelled out in ASCII mode."""
        if not self.look.ascii:
            return super().get_key_display(binding)
        if binding.key_display:
            return _ASCII_KEYS.get(binding.key_display) or to_ascii(binding.key_display)
        modifiers, key = binding.parse_key()
        name = _ASCII_KEYS.get(key) or to_ascii(format_key(key)) or key
        return "+".join([*(m.capitalize() for m in modifiers), name])

