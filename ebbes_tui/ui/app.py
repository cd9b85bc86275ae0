"""The ebbes app: the menu, one match at a time, saving, and the too-small guard.

The app owns the running :class:`Match` and its save slot; screens only show what the
match lets the screen see (``screen_view()``) and send decisions back through it.
"""

from __future__ import annotations

import asyncio

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.keys import format_key

from . import settings as settings_file
from .look import Look, to_ascii

if TYPE_CHECKING:
    from ..controller import Match, MatchSetup, SaveSlot, SaveStore
    from .table import TableScreen

#: Below this the table cannot be drawn readably (issue: small terminals).
MIN_SIZE = (80, 24)
_ASCII_KEYS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right",
               "enter": "Enter", "backspace": "BkSp"}


class EbbesApp(App[None]):
    """ebbes in a terminal: menu, table, dialogs, round summaries and the track."""

    TITLE = "ebbes"
    CSS_PATH = ["app.tcss", "menu.tcss", "table.tcss", "dialogs.tcss", "score.tcss"]
    ENABLE_COMMAND_PALETTE = False
    #: From this height the table also shows the scoring track (more room, more facts).
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(
        self,
        *,
        ascii: bool = False,
        store: SaveStore | None = None,
        settings_path: Path | None = None,
        continue_game: bool = False,
        pace: float = 0.5,
    ) -> None:
        super().__init__()
        self.look = Look(ascii)
        self._store = store
        self.settings_path = settings_path or settings_file.default_path()
        self.settings = settings_file.load(self.settings_path)
        self.continue_game = continue_game
        self.pace = pace
        self.match: Match | None = None
        self.slot: SaveSlot | None = None
        self.too_small = False
        self._menu_up = False  # no size check before the menu is up
        self._running_loop: asyncio.AbstractEventLoop | None = None

    @property
    def store(self) -> SaveStore:
        """The saved games, opened on first use so start-up stays fast."""
        if self._store is None:
            from ..controller import SaveStore

            self._store = SaveStore()
        return self._store

    # ------------------------------------------------------------- start-up

    async def on_mount(self) -> None:
        self._running_loop = asyncio.get_running_loop()
        self.theme = self.settings.theme
        if self.look.ascii:
            self.add_class("-ascii")
        from .menu import MenuScreen

        await self.push_screen(MenuScreen())  # mounted, so it can show a message
        if self.continue_game:
            self.continue_newest()
        self._menu_up = True
        self._check_size()

    def continue_newest(self, *, take_over: bool = False) -> None:
        """Resume the newest saved game; a failure is said on the menu in one sentence.
        Taking a game over waits for the other ebbes in a thread, so the menu stays live."""
        from ..controller import SaveError

        saves = self.store.list()
        if not saves:
            self.show_menu_message("There is no saved game to continue.")
            return
        slot_name = saves[0].slot
        if take_over:
            self.show_menu_message("Asking the other ebbes window to save and close ...")
            self.run_worker(self._take_over(slot_name), name="take-over", exclusive=True)
            return
        try:
            slot = self.store.open(slot_name)
        except SaveError as e:
            self.show_menu_message(str(e))
            return
        self._resume(slot_name, slot)

    async def _take_over(self, slot_name: str) -> None:
        from ..controller import SaveError

        try:
            slot = await asyncio.to_thread(self.store.take_over, slot_name)
        except SaveError as e:
            self.show_menu_message(str(e))
            return
        self._resume(slot_name, slot)

    def _resume(self, slot_name: str, slot: SaveSlot) -> None:
        from ..controller import Match, SaveError

        try:
            record, _ = self.store.load(slot_name)
            match = Match.resume(record, save=slot, pace=self.pace)
        except (SaveError, ValueError) as e:
            slot.close()
            self.show_menu_message(str(e) if isinstance(e, SaveError)
                                   else f"Your saved game could not be resumed ({e}).")
            return
        self._open_table(match, slot)

    def start_new(self, setup: MatchSetup | None = None) -> None:
        """Start a game: ``setup`` again with a new deal ("play again"), else the one
        the setup form just saved in the settings."""
        from ..controller import Match, MatchSetup

        if setup is None:
            setup = self._setup_from_settings()
        else:
            setup = MatchSetup(setup.seats, setup.options, setup.first_starter,
                               setup.first_dealer)
        slot = self.store.open(self.store.new_slot())
        self._open_table(Match(setup, save=slot, pace=self.pace), slot)

    def _setup_from_settings(self) -> MatchSetup:
        from ..controller import players_setup
        from ..rules import Options

        s = self.settings
        seats = s.seats[: s.players]
        options = Options(more_cards=s.more_cards and s.players > 2,
                          choose_determiners=s.choose_determiners, rounds=s.rounds)
        starter = s.starter if s.starter is not None and s.starter < s.players else None
        if starter is not None and s.players == 2:
            starter += 1  # the dummy takes seat 0 (players_setup)
        return players_setup(
            [(c.name, c.kind, c.level if c.kind == "bot" else None) for c in seats],
            options, first_starter=starter,
        )

    def _open_table(self, match: Match, slot: SaveSlot) -> None:
        from .table import TableScreen

        self.match, self.slot = match, slot
        self.push_screen(TableScreen(match, memory_aid=self.settings.memory_aid))

    def save_settings(self) -> None:
        settings_file.save(self.settings_path, self.settings)

    # ---------------------------------------------------------------- leaving

    def close_match(self, *, finished: bool = False) -> None:
        """Stop the match and release its save (deleted when the game is over)."""
        if self.match is not None:
            self.match.stop()
            self.match = None
        if self.slot is not None:
            if finished:
                self.slot.archive()
            self.slot.close()
            self.slot = None

    def back_to_menu(self, message: str = "") -> None:
        """Leave the table (the game is saved) for the menu."""
        from .menu import MenuScreen

        self.close_match()
        while not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.screen.refresh_saves(message)
        self._check_size()

    def show_menu_message(self, message: str) -> None:
        from .menu import MenuScreen

        for screen in self.screen_stack:
            if isinstance(screen, MenuScreen):
                screen.refresh_saves(message)

    def save_and_quit(self) -> None:
        """Quit at once: every decision is already saved, so only release the lock."""
        if self.slot is not None:
            self.slot.close()
            self.slot = None
        if self.match is not None:
            self.match.stop()
            self.match = None
        self.exit()

    async def action_quit(self) -> None:
        self.save_and_quit()

    def request_quit(self) -> bool:
        """From any thread: save and quit soon. False while the app is not running yet."""
        loop = self._running_loop
        if loop is None or loop.is_closed():
            return False
        loop.call_soon_threadsafe(self.save_and_quit)
        return True

    # ----------------------------------------------------------- small screens

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)  # called before the app's own size is updated

    def _check_size(self, size: Size | None = None) -> None:
        """Below 80x24 one message covers everything; growing the window takes it away
        and the table is as it was (any hand-off cover is put back at once)."""
        from .too_small import TooSmallScreen

        if not self._menu_up:
            return
        size = size or self.size
        small = size.width < MIN_SIZE[0] or size.height < MIN_SIZE[1]
        if small and not self.too_small:
            self.too_small = True
            self.push_screen(TooSmallScreen())
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(self.screen, TooSmallScreen):
                self.pop_screen()
            table = self.table
            if table is not None:
                table.settle()

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
            return to_ascii(binding.key_display)
        modifiers, key = binding.parse_key()
        name = _ASCII_KEYS.get(key) or to_ascii(format_key(key)) or key
        return "+".join([*(m.capitalize() for m in modifiers), name])
