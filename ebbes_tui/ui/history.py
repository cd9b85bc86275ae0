"""The History: finished games, newest first, with date, players, variants and result;
Enter watches one again (the game's replay screen). A record that cannot be replayed is
listed with why, and is not opened."""

from __future__ import annotations

import asyncio

import time
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


from ..controller.history import FinishedGame, finished_games
from ..game.clean import NAME_LIMIT, clean

from .closing import ClosesOnce
from .footer import KeysFooter

if TYPE_CHECKING:
    from ..controller import Library
    from .app import EbbesApp

EMPTY = "No finished games yet."


def finished_at(game: FinishedGame) -> str:
    """When the game ended (its file's time), as the list and the replay show it."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(game.finished))


class HistoryScreen(ClosesOnce, Screen[None]):
    """The list of finished games; Enter replays the highlighted one, Esc goes back."""

    app: EbbesApp
    SCOPED_CSS = False
    DEFAULT_CSS = """
    HistoryScreen #history-list { height: 1fr; border: none; padding: 0 1; }
    HistoryScreen #history-message { height: auto; padding: 0 1; text-style: bold; }
    """
    BINDINGS = [Binding("enter", "open", "Replay", priority=True),
                Binding("escape", "close", "Back")]

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.games: list[FinishedGame] = []

    def compose(self) -> ComposeResult:
        yield Static("History: finished games, newest first", classes="screen-title")
        yield OptionList(id="history-list")
        yield Static(id="history-message")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.say("Reading the finished games ...")
        self.load()

    @work(exclusive=True, group="history")
    async def load(self) -> None:
        """Every finished record is replayed, rules checked: off the event loop."""
        self.games = await asyncio.to_thread(finished_games, self.library.store)
        listing = self.query_one(OptionList)
        listing.add_options([Option(self._entry(game)) for game in self.games])
        listing.display = bool(self.games)
        listing.highlighted = 0 if self.games else None
        listing.focus()
        self.say("" if self.games else EMPTY)
        self.refresh_bindings()

    def _entry(self, game: FinishedGame) -> Table:
        """When, then who on one line and the variants and result on the next; for a
        record that cannot be replayed, its name and why."""
        look = self.app.look
        if game.record is None:
            about = f"{game.path.name} cannot be replayed: {game.problem}"
        else:
            at = f"at {clean(game.table, 2 * NAME_LIMIT)}: " if game.table else ""
            about = f"{at}{game.players}\n{game.variants} {look.dot} {game.result}"
        entry = Table.grid(padding=(0, 2))
        entry.add_column(no_wrap=True)
        entry.add_column()
        entry.add_row(finished_at(game), Text(look.text(about)))  # names: no markup
        return entry

    def say(self, message: str) -> None:
        self.query_one("#history-message", Static).update(Text(self.app.look.text(message)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return bool(self.games)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_game(event.option_index)

    def action_open(self) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None:
            self.open_game(highlighted)

    def open_game(self, index: int) -> None:
        """Replay the game at ``index``; one that cannot be replayed is refused."""
        from .game_ui import screens_of

        game = self.games[index]
        if game.record is None:
            self.say(f"This game cannot be replayed: its record is broken ({game.problem}).")
            return
        self.say("")
        self.app.push_screen(screens_of(self.library.game).replay(game.record, finished_at(game)))

    def action_close(self) -> None:
        self.dismiss()
