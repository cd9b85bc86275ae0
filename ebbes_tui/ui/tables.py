"""Tables on this server: the open ones (host, seats, free seats, variants, invited or
open), this user's saved ones (to reopen), and opening one. Joining, watching, opening
and reopening post what the player wants; the app asks the table package and seats
the player. Asking the tables is a task of this screen, never a thread: leaving or
quitting cancels it at once, whatever the tables do."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option


from ..bots import LEVELS
from ..controller.saves import SaveError
from ..game.protocols import AnyGame, GameOption
from ..table.client import find_tables
from ..table.commands import describe
from ..table.rendezvous import TableError, check_name, my_login
from ..table.saved import saved_slot, saved_tables, table_store
from .closing import ClosesOnce
from .choice import Choice
from .footer import KeysFooter
from .new_game import ON_OFF, number_values

if TYPE_CHECKING:
    from .app import EbbesApp

SEAT_KINDS = [("a player", "player"), ("a named login", "user")] + [
    (f"bot, {level}", f"bot:{level}") for level in LEVELS]
TIMES = [("2 minutes", "120"), ("1 minute", "60"), ("5 minutes", "300"), ("10 minutes", "600"),
         ("never", "never")]
REOPEN = "reopen:"


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
        """Sit down at (``watch``: watch) the table ``name`` (HOST/NAME); ``reopen``:
        first reopen this user's saved table ``name``."""

        def __init__(self, name: str, watch: bool, reopen: bool = False) -> None:
            super().__init__()
            self.name = name
            self.watch = watch
            self.reopen = reopen

    def compose(self) -> ComposeResult:
        yield Static("Tables on this server", classes="screen-title")
        yield OptionList(id="tables")
        yield Static(id="tables-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_refresh()

    @work(exclusive=True, group="tables")
    async def action_refresh(self) -> None:
        """Ask every table about itself, all at once within one deadline, and read
        this user's saved tables."""
        note = self.query_one("#tables-note", Static)
        note.update("Looking for tables ...")
        try:
            tables = await find_tables()
            saved = await asyncio.to_thread(saved_tables, table_store())
        except (TableError, SaveError, OSError) as e:
            note.update(str(e))
            return
        options = self.query_one(OptionList)
        options.clear_options()
        look = self.app.look
        listed = set()
        for table in tables:
            label = f"{table['host']}/{table['name']}"
            if label in listed:
                continue  # one line a table, however many ways it was found
            listed.add(label)
            options.add_option(Option(Text(look.text(describe(table))), id=label))
        for name, info in saved:
            of = f" of {info.game.title}" if info.game is not None else ""
            options.add_option(Option(Text(look.text(
                f"{name}: your saved game{of}, {info.summary}; Enter reopens it")),
                id=f"{REOPEN}{name}"))
        if tables or saved:
            options.highlighted = 0  # Enter joins the first table at once
        note.update("Enter: join or reopen   w: watch   o: open a table   r: refresh   Esc: back"
                    if tables or saved else "No tables are open. Press o to open one.")
        options.focus()

    def _chosen(self) -> str | None:
        options = self.query_one(OptionList)
        if options.highlighted is None or not options.option_count:
            return None
        return options.get_option_at_index(options.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id, watch=False)

    def action_join(self) -> None:
        self._choose(self._chosen(), watch=False)

    def action_watch(self) -> None:
        self._choose(self._chosen(), watch=True)

    def _choose(self, name: str | None, watch: bool) -> None:
        if name and name.startswith(REOPEN):
            self.post_message(self.Chosen(name.removeprefix(REOPEN), watch, reopen=True))
        elif name:
            self.post_message(self.Chosen(name, watch))

    def action_open(self) -> None:
        self.app.push_screen(OpenTableScreen(), self._opened)

    def _opened(self, name: str | None) -> None:
        if name:
            self.post_message(self.Chosen(f"{my_login()}/{name}", watch=False))

    def say(self, text: str) -> None:
        self.query_one("#tables-note", Static).update(text)

    def action_close(self) -> None:
        self.dismiss()


class OpenTableScreen(ClosesOnce, Screen[str]):
    """The new-game form for a shared table: which game; per seat a player, a named
    login or a bot; the game's own options; who may sit down and watch; how long a
    player has for a decision and an away player's seat waits for them. A name with a
    saved game reopens it as it was (only who may come and the times are given anew).
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
        games = self.app.games
        most = max(max(g.player_counts) for g in games)
        yield Static("Open a table", id="form-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Table name", classes="what")
                yield Input("friday", max_length=32, id="table-name")
            yield Static("", id="saved-note", markup=False)
            with Horizontal(classes="row game", id="row-game"):
                yield Label("Game", classes="what")
                yield Choice([(g.title, g.id) for g in games], self.app.current.id, ascii=ascii,
                             id="game")
            with Horizontal(classes="row game"):
                yield Label("Players", classes="what")
                yield Choice(_counts(self.app.current), 3 if 3 in self.app.current.player_counts
                             else self.app.current.player_counts[0], ascii=ascii, id="players")
            for i in range(most):
                with Horizontal(classes="row game", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="what")
                    yield Choice(SEAT_KINDS, "player", ascii=ascii, id=f"kind-{i}")
                    yield Input(placeholder="login", max_length=32, id=f"login-{i}")
            for game in games:
                for option in game.rules.options:
                    with Horizontal(classes="row game option", id=f"row-{game.id}-{option.key}"):
                        yield Label(("  " if option.needs else "") + option.label, classes="what")
                        yield Choice(_option_values(option, 3), option.default, ascii=ascii,
                                     id=f"opt-{game.id}-{option.key}")
            with Horizontal(classes="row"):
                yield Label("Invite (logins, comma-separated)", classes="what")
                yield Input(max_length=200, id="invite")
            with Horizontal(classes="row"):
                yield Label("Anyone on this server may sit", classes="what")
                yield Choice(ON_OFF, False, ascii=ascii, id="open")
            with Horizontal(classes="row"):
                yield Label("Spectators may watch", classes="what")
                yield Choice(ON_OFF, False, ascii=ascii, id="spectators")
            with Horizontal(classes="row"):
                yield Label("Time for one decision", classes="what")
                yield Choice([(t, v) for t, v in TIMES], "120", ascii=ascii, id="turn")
            with Horizontal(classes="row"):
                yield Label("A bot plays for an away player", classes="what")
                yield Choice([(f"after {t}" if v != "never" else t, v) for t, v in TIMES], "120",
                             ascii=ascii, id="away")
        yield Static("", id="open-note", markup=False)
        yield Static("Up/Down: field  Left/Right: change  Ctrl+S: open  Esc: back", id="form-help")
        yield KeysFooter()

    @property
    def game(self) -> AnyGame:
        chosen = self.query_one("#game", Choice).value
        return next(g for g in self.app.games if g.id == chosen)

    def on_mount(self) -> None:
        self._update_rows()
        self.query_one("#table-name", Input).focus()

    def on_choice_changed(self) -> None:
        self._update_rows()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "table-name":
            self._update_rows()

    def saved(self) -> bool:
        """Whether the name is one of this user's tables with a saved game."""
        name = self.query_one("#table-name", Input).value.strip()
        try:
            check_name(name)
        except TableError:
            return False
        return saved_slot(table_store(), name) is not None

    def _update_rows(self) -> None:
        saved = self.saved()
        self.query_one("#saved-note", Static).update(
            "This table has a saved game: Ctrl+S reopens it as it was (its game, seats, "
            "options and scores); who may come and the times are yours to set again."
            if saved else "")
        for row in self.query(".game"):
            row.display = not saved
        if saved:
            return
        game = self.game
        counts = self.query_one("#players", Choice)
        counts.set_values(_counts(game), counts.value if counts.value in game.player_counts
                          else game.player_counts[0])
        players = counts.value
        for i in range(max(max(g.player_counts) for g in self.app.games)):
            self.query_one(f"#seat-{i}").display = i < players
            named = self.query_one(f"#kind-{i}", Choice).value == "user"
            self.query_one(f"#login-{i}").display = named
        for other in self.app.games:
            for option in other.rules.options:
                row = self.query_one(f"#row-{other.id}-{option.key}")
                row.display = other is game and option.applies(players) and (
                    option.needs is None
                    or bool(self.query_one(f"#opt-{game.id}-{option.needs}", Choice).value))
                if other is game and option.kind == "seat":
                    choice = self.query_one(f"#opt-{game.id}-{option.key}", Choice)
                    keep = choice.value if choice.value is None or choice.value < players else None
                    choice.set_values(_option_values(option, players), keep)
                elif other is game and option.kind == "int" and option.default is None:
                    choice = self.query_one(f"#opt-{game.id}-{option.key}", Choice)
                    choice.set_values(_option_values(option, players), choice.value)

    def arguments(self) -> list[str]:
        """``ebbes table serve`` arguments for what the form says."""
        value = self._value
        args = [self.query_one("#table-name", Input).value.strip(),
                "--away-after", value("#away"), "--turn-time", value("#turn")]
        invite = ",".join(w.strip() for w in self.query_one("#invite", Input).value.split(",")
                          if w.strip())
        if invite:
            args += ["--invite", invite]
        for flag, key in (("--open", "#open"), ("--spectators", "#spectators")):
            if value(key):
                args.append(flag)
        if self.saved():
            return args
        game = self.game
        players = value("#players")
        seats = []
        for i in range(players):
            kind = value(f"#kind-{i}")
            login = self.query_one(f"#login-{i}", Input).value.strip()
            seats.append(f"user:{login}" if kind == "user" else kind)
        args[1:1] = ["--game", game.id, "--seats", ",".join(seats)]
        for option in game.rules.options:
            chosen = value(f"#opt-{game.id}-{option.key}")
            shown = option.applies(players) and (
                option.needs is None or bool(value(f"#opt-{game.id}-{option.needs}")))
            if not shown or chosen == option.default:
                continue
            text = ("on" if chosen else "off") if option.kind == "bool" else \
                (str(chosen + 1) if option.kind == "seat" else str(chosen))
            args += ["--option", f"{option.key}={text}"]
        return args

    def _value(self, selector: str) -> Any:
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


def _counts(game: AnyGame) -> list[tuple[str, int]]:
    return [(str(n), n) for n in game.player_counts]


def _option_values(option: GameOption, players: int) -> list[tuple[str, Any]]:
    """What an option's choice offers at a table: off/on, its numbers (one per player
    where that is the default), random or a seat."""
    if option.kind == "bool":
        return ON_OFF
    if option.kind == "int":
        return number_values(option, players)
    return [("random", None)] + [(f"seat {k + 1}", k) for k in range(players)]
