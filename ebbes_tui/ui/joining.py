"""Sitting down at a shared table (from Tables, or ``ebbes table join``): reopening a
saved one first when asked, connecting, the lobby until the game starts, then the
table; and leaving it, with what the player is told about coming back."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import WorkerError

from ..table.events import Refused
from .footer import KeysFooter
from .menu import MenuScreen

if TYPE_CHECKING:
    from textual.worker import Worker

    from ..game.protocols import AnyState, Record
    from ..table.client import TableClient, TableConnection
    from ..table.events import TableEvent
    from .app import EbbesApp


class TableJoiner:
    """The app's way to and from other people's tables (and this user's own)."""

    def __init__(self, app: EbbesApp) -> None:
        self.app = app
        #: Keeping the last table game's record in History (a thread), if one came.
        self.keeping: Worker[object] | None = None
        #: Tables the player has left whose finished game's record may still be on its
        #: way (each closes once it comes, or after the patience).
        self.lingering: set[TableClient] = set()

    def join(self, name: str, watch: bool, reopen: bool = False) -> None:
        """Join or watch the table ``name``, reopening this user's saved one first."""
        self.app.run_worker(self._join(name, watch, reopen), name="join", group="join", exclusive=True)

    async def _join(self, name: str, watch: bool, reopen: bool) -> None:
        """Joining is a task of the app's (never a thread), so quitting never waits
        for a table that does not answer."""
        from ..table.client import SeatElsewhere, connect_table
        from ..table.commands import open_table
        from ..table.rendezvous import TableError, my_login
        from .confirm import ConfirmScreen
        from .tables import TablesScreen

        app = self.app
        tables = app.screen if isinstance(app.screen, TablesScreen) else None
        try:
            if reopen:
                if tables is not None:
                    tables.say(f"Reopening {name} ...")
                await asyncio.to_thread(open_table, [name])
                name = f"{my_login()}/{name}"
            try:
                connection = await connect_table(name, watch=watch)
            except SeatElsewhere as e:  # a frozen or forgotten terminal holds the seat
                if not await app.push_screen_wait(ConfirmScreen(
                        f"{e} Take it over here? The other terminal is let go.", "escape")):
                    return
                connection = await connect_table(name, watch=watch, take_over=True)
        except TableError as e:
            if tables is not None:
                tables.say(str(e))
            return
        self.sit_down(connection)

    def sit_down(self, connection: TableConnection) -> None:
        """At a shared table: the lobby until the game starts, then the table; from
        then on the menu is about that game, its History and Statistics too."""
        self.app.run_worker(self._sit_down(connection), name="sit-down", group="sit-down",
                            exclusive=True)

    async def _sit_down(self, connection: TableConnection) -> None:
        from ..controller.saves import data_dir
        from ..table.answers import AnswerBook
        from ..table.client import TableClient
        from .lobby import LobbyScreen
        from .table import TableScreen

        app = self.app
        client = await TableClient.start(connection)
        library = app.library_for(client.plays)

        def keep(record: Record, check: Callable[[Record], AnyState]) -> None:
            self.keeping = app.run_worker(  # replayed, written: a thread
                partial(library.keep_finished, record, f"{client.name}.", check), thread=True)

        client.records.on_record = keep
        if client.role == "player":
            with contextlib.suppress(OSError):  # no book: only this connection's moves count
                client.records.witness.keep_in(AnswerBook.of(data_dir() / "tables", client.address))
        app.remote = client
        feed = await app.push_screen_wait(LobbyScreen(client))
        if feed is None:
            app.remote = None
            app.show_menu_message("You left the table.")
            return
        game = client.plays
        app.settings.game = game.id  # the menu is about the game played (issue 25, item 20)
        await app.push_screen(TableScreen(feed, game, memory_aid=app.settings.of(game).memory_aid,
                                          pace=app.pace, trick_display=app.settings.trick_display))

    def leave(self, client: TableClient, choice: str, finished: bool, note: str) -> None:
        """The player left the table ``client`` is at (it goes on without them): back to
        the menu, told how to come back, or out of the app."""
        app = self.app
        note = "" if finished else note or left_note(client)
        client.leave()  # a finished game's record may still be on its way
        client.records.tell = self._told_after_leaving  # the table screen is going
        app.remote = None
        self.lingering = {c for c in (*self.lingering, client) if not c.closed}
        if choice == "quit":
            app.save_and_quit()
            return
        app.back_to_menu(note)

    def _told_after_leaving(self, event: TableEvent) -> None:
        """A record refused after the player left its table: said at the menu if they
        are there, else over whatever they are doing now."""
        if isinstance(event, Refused):
            if isinstance(self.app.screen, MenuScreen):
                self.app.show_menu_message(event.text)
            else:
                self.app.notify(event.text, severity="warning", timeout=20)

    def quit_when_kept(self) -> bool:
        """Whether quitting must wait for the record of a table game the player has
        finished, still on its way (at most
        :data:`~ebbes_tui.table.record_taker.RECORD_PATIENCE` seconds) or being kept:
        if so, a screen says so until it is kept, then the app quits."""
        waiting = any(not c.closed for c in self.lingering) or (
            self.keeping is not None and not self.keeping.is_finished)
        if waiting and not isinstance(self.app.screen, KeepingScreen):
            self.app.push_screen(KeepingScreen())
            self.app.run_worker(self._quit_when_kept(), group="quitting")
        return waiting

    async def _quit_when_kept(self) -> None:
        for client in list(self.lingering):
            await client.gone()
        if self.keeping is not None:
            with contextlib.suppress(WorkerError):  # a record not kept is not waited for
                await self.keeping.wait()
        self.app.exit()


class KeepingScreen(ModalScreen[None]):
    """Over the screen the player quit from, while the record of the table game they
    finished is still on its way: q or Esc quits at once, without it."""

    BINDINGS = [Binding("q,escape", "quit_now", "Quit now")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Keeping the game you finished at the table in your History, "
                         "then quitting ...", classes="dialog-title")
            yield Static("q or Esc: quit now, without it", classes="dialog-help")
        yield KeysFooter()

    def action_quit_now(self) -> None:
        self.app.exit()


def left_note(client: TableClient) -> str:
    """What a player who leaves a running shared table is told: how to come back, or,
    when they were the last person there (so it closed and saved the game), how it is
    reopened."""
    if client.ended is not None:  # the table went first: say why
        return client.ended.text
    feed = client.feed
    label = client.address.label
    if feed is None or not feed.leaving_ends_table():
        return f"You left {label}; join it again from Tables."
    how = ("reopen it from Tables" if client.host_text == "you"
           else f"{client.address.host} can reopen it")
    return f"You were the last at {label}, so it closed and the game is saved: {how}."
