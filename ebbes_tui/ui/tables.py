"""Tables on this server: the open ones (host, seats, free seats, variants, invited or
open), and opening one. Joining, watching and opening post what the player wants;
the app asks the table package and seats the player."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option


from ..bots import LEVELS
from ..controller.settings import PLAYER_COUNTS
from ..games.ebbes.rules.variants import BASIC_ROUNDS, MAX_ROUNDS
from ..table.client import list_tables
from ..table.commands import describe
from ..table.rendezvous import TableError
from .closing import ClosesOnce
from .choice import Choice
from .new_game import ON_OFF

if TYPE_CHECKING:
    from .app import EbbesApp

SEAT_KINDS = [("a player", "player"), ("a named login", "user")] + [
    (f"bot, {level}", f"bot:{level}") for level in LEVELS]
AWAY = [("2 minutes", "120"), ("1 minute", "60"), ("5 minutes", "300"), ("10 minutes", "600"),
        ("never", "never")]


class TablesScreen(ClosesOnce, Screen[None]):
    """The open tables, newest first; Enter joins, w watches, o opens a table."""

    app: EbbesApp
    BINDINGS = [
        Binding("enter", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("o", "open", "Open a table"),
        Binding("r", "refresh", "Refresh"),
        Binding("escape", "close", "Back"),
    ]

    class Chosen(Message):
        """Sit down at (``watch``: watch) the table ``name`` (HOST/NAME)."""

        def __init__(self, name: str, watch: bool) -> None:
            super().__init__()
            self.name = name
            self.watch = watch

    def compose(self) -> ComposeResult:
        yield Static("Tables on this server", classes="screen-title")
        yield OptionList(id="tables")
        yield Static(id="tables-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()

    @work(exclusive=True, group="tables")
    async def action_refresh(self) -> None:
        """Ask every table about itself (a moment each, so off the event loop)."""
        note = self.query_one("#tables-note", Static)
        note.update("Looking for tables ...")
        try:
            tables = await asyncio.to_thread(list_tables)
        except TableError as e:
            note.update(str(e))
            return
        options = self.query_one(OptionList)
        options.clear_options()
        look = self.app.look
        for table in tables:
            options.add_option(Option(Text(look.text(describe(table))),
                                      id=f"{table['host']}/{table['name']}"))
        if tables:
            options.highlighted = 0  # Enter joins the first table at once
        note.update("Enter: join   w: watch   o: open a table   r: refresh   Esc: back" if tables
                    else "No tables are open. Press o to open one.")
        options.focus()

    def _chosen(self) -> str | None:
        options = self.query_one(OptionList)
        if options.highlighted is None or not options.option_count:
            return None
        return options.get_option_at_index(options.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.post_message(self.Chosen(event.option.id or "", watch=False))

    def action_join(self) -> None:
        name = self._chosen()
        if name:
            self.post_message(self.Chosen(name, watch=False))

    def action_watch(self) -> None:
        name = self._chosen()
        if name:
            self.post_message(self.Chosen(name, watch=True))

    def action_open(self) -> None:
        self.app.push_screen(OpenTableScreen(), self._opened)

    def _opened(self, name: str | None) -> None:
        if name:
            self.post_message(self.Chosen(name, watch=False))

    def say(self, text: str) -> None:
        self.query_one("#tables-note", Static).update(text)

    def action_close(self) -> None:
        self.dismiss()


class OpenTableScreen(ClosesOnce, Screen[str]):
    """The new-game form for a shared table: per seat a player, a named login or a
    bot; who may sit down and watch; how long an away player's seat waits for them.
    Dismissed with the table's name once it is open."""

    app: EbbesApp
    BINDINGS = [
        Binding("ctrl+s", "open", "Open the table"),
        Binding("escape", "back", "Back"),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]

    def compose(self) -> ComposeResult:
        ascii = self.app.look.ascii
        yield Static("Open a table", id="form-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Table name", classes="what")
                yield Input("friday", max_length=24, id="table-name")
            with Horizontal(classes="row"):
                yield Label("Players", classes="what")
                yield Choice([(str(n), n) for n in PLAYER_COUNTS], 3, ascii=ascii, id="players")
            for i in range(max(PLAYER_COUNTS)):
                with Horizontal(classes="row", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="what")
                    yield Choice(SEAT_KINDS, "player", ascii=ascii, id=f"kind-{i}")
                    yield Input(placeholder="login", max_length=32, id=f"login-{i}")
            with Horizontal(classes="row"):
                yield Label("Invite (logins, comma-separated)", classes="what")
                yield Input(max_length=200, id="invite")
            with Horizontal(classes="row"):
                yield Label("Anyone on this server may sit", classes="what")
                yield Choice(ON_OFF, False, ascii=ascii, id="open")
            with Horizontal(classes="row"):
                yield Label("Spectators may watch", classes="what")
                yield Choice(ON_OFF, True, ascii=ascii, id="spectators")
            with Horizontal(classes="row"):
                yield Label('Variant 1 "more cards"', classes="what")
                yield Choice(ON_OFF, False, ascii=ascii, id="more")
            with Horizontal(classes="row"):
                yield Label('Variant 2 "choose determiners"', classes="what")
                yield Choice(ON_OFF, False, ascii=ascii, id="choose")
            with Horizontal(classes="row", id="row-rounds"):
                yield Label(f"  rounds (at least {BASIC_ROUNDS})", classes="what")
                yield Choice([(str(n), n) for n in range(BASIC_ROUNDS, MAX_ROUNDS + 1)],
                             BASIC_ROUNDS, ascii=ascii, id="rounds")
            with Horizontal(classes="row"):
                yield Label("A bot plays for an away player", classes="what")
                yield Choice([(f"after {t}" if v != "never" else t, v) for t, v in AWAY], "120",
                             ascii=ascii, id="away")
        yield Static("", id="open-note", markup=False)
        yield Static("Up/Down: field  Left/Right: change  Ctrl+S: open  Esc: back", id="form-help")
        yield Footer()

    def on_mount(self) -> None:
        self._update_rows()
        self.query_one("#table-name", Input).focus()

    def on_choice_changed(self) -> None:
        self._update_rows()

    def _update_rows(self) -> None:
        players = self.query_one("#players", Choice).value
        for i in range(max(PLAYER_COUNTS)):
            self.query_one(f"#seat-{i}").display = i < players
            named = self.query_one(f"#kind-{i}", Choice).value == "user"
            self.query_one(f"#login-{i}").display = named
        self.query_one("#row-rounds").display = self.query_one("#choose", Choice).value

    def arguments(self) -> list[str]:
        """``ebbes table serve`` arguments for what the form says."""
        value = self._value
        players = value("#players")
        seats = []
        for i in range(players):
            kind = value(f"#kind-{i}")
            login = self.query_one(f"#login-{i}", Input).value.strip()
            seats.append(f"user:{login}" if kind == "user" else kind)
        args = [self.query_one("#table-name", Input).value.strip(), "--seats", ",".join(seats),
                "--away-after", value("#away")]
        invite = ",".join(w.strip() for w in self.query_one("#invite", Input).value.split(",")
                          if w.strip())
        if invite:
            args += ["--invite", invite]
        for flag, key in (("--open", "#open"), ("--spectators", "#spectators"),
                          ("--more-cards", "#more"), ("--choose-determiners", "#choose")):
            if value(key):
                args.append(flag)
        if value("#choose"):
            args += ["--rounds", str(value("#rounds"))]
        return args

    def _value(self, selector: str) -> object:
        return self.query_one(selector, Choice).value

    def on_input_submitted(self) -> None:
        self.action_open()

    @work(exclusive=True, group="open-table")
    async def action_open(self) -> None:
        from ..table.commands import open_table

        args = self.arguments()
        note = self.query_one("#open-note", Static)
        note.update("Opening the table ...")
        try:
            await asyncio.to_thread(open_table, args)
        except (TableError, OSError) as e:
            note.update(str(e))
            return
        await self.dismiss_when_on_top(args[0])

    def action_back(self) -> None:
        self.dismiss(None)

