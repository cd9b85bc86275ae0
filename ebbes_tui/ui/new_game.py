"""The new-game form of any game: the seats (a person or a bot of a level, and a name),
the game's own options (from :attr:`Rules.options`, each with its one-line explanation),
the memory aid; remembered per game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from ..bots import LEVELS
from ..controller.settings import SEATS_KEPT, GameSettings, PlayerChoice, at_one_keyboard
from ..game.protocols import AnyGame, GameOption
from .choice import Choice
from .closing import ClosesOnce
from .footer import KeysFooter
from .game_ui import screens_of

if TYPE_CHECKING:
    from .app import EbbesApp

SEAT_KINDS = [("human", ("human", "normal"))] + [(f"bot, {lv}", ("bot", lv)) for lv in LEVELS]
ON_OFF = [("off", False), ("on", True)]
HELP = "Up/Down: field  Left/Right: change  Enter: start  Esc: back"


def number_values(option: GameOption, players: int) -> list[tuple[str, int | None]]:
    """An ``int`` option's numbers; where the game's default follows the players (None:
    "one per player"), that choice stands just before the players' number, so Left and
    Right step from it to its neighbours (it came first, and Left wrapped to 50)."""
    values: list[tuple[str, int | None]] = [
        (str(n), n) for n in range(option.low or 0, (option.high or 0) + 1)]
    if option.default is None:
        at = next((i for i, (_, n) in enumerate(values) if n == players), 0)
        values.insert(at, (f"one per player ({players})", None))
    return values


class NewGameScreen(ClosesOnce, Screen[bool]):
    """Everything chosen before the first deal, written into ``settings`` (the game's
    own); dismissed with True to start (Enter), nothing to go back (Esc). The line
    under the form explains the option in focus."""

    app: EbbesApp
    BINDINGS = [
        Binding("enter", "start", "Start game"),
        Binding("escape", "back", "Back"),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]

    def __init__(self, game: AnyGame, settings: GameSettings) -> None:
        super().__init__()
        self.game = game
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        ascii = self.app.look.ascii
        yield Static(self.app.look.text(f"New game of {self.game.title}"), id="form-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Players", classes="what")
                yield Choice([(str(n), n) for n in self.game.player_counts], s.players,
                             ascii=ascii, id="players")
            for i, seat in enumerate(s.seats[:max(self.game.player_counts)]):
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Player {i + 1}", classes="what")
                    yield Input(self.app.look.text(seat.name), max_length=14, id=f"name-{i}")
                    yield Choice(SEAT_KINDS, (seat.kind, seat.level), ascii=ascii,
                                 id=f"kind-{i}")
            for option in self.game.rules.options:
                with Horizontal(classes="row", id=f"row-{option.key}"):
                    yield Label(("  " if option.needs else "") + option.label, classes="what")
                    yield Choice(self._values(option, s.players), self._value(option),
                                 ascii=ascii, id=f"opt-{option.key}")
            yield Static("", id="setup-note")
            with Horizontal(classes="row"):
                yield Label("Memory aid (whole game log)", classes="what")
                yield Choice(ON_OFF, s.memory_aid, ascii=ascii, id="memory")
        yield Static(HELP, id="form-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._name_people()
        self._update_rows()
        self.query_one("#players", Choice).focus()

    def _value(self, option: GameOption) -> Any:
        return self.settings.options.get(option.key, option.default)

    def _values(self, option: GameOption, players: int) -> list[tuple[str, Any]]:
        """What an option's choice offers: off/on, the numbers (one per player where
        the default follows the players), random or a player."""
        if option.kind == "bool":
            return ON_OFF
        if option.kind == "int":
            return number_values(option, players)
        names = [self._seat_name(i) if self.is_mounted else self.settings.seats[i].name
                 for i in range(players)]
        return [("random", None)] + [(name, i) for i, name in enumerate(names)]

    def _players(self) -> int:
        return self.query_one("#players", Choice).value

    def _seat_name(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"

    def _update_rows(self) -> None:
        """Only the seats in play, only the options that apply to this many players
        (and whose switch is on), the game's note for this many players."""
        players = self._players()
        for i in range(max(self.game.player_counts)):
            self.query_one(f"#seat-{i}").display = i < players
        for option in self.game.rules.options:
            shown = option.applies(players) and (
                option.needs is None or bool(self.query_one(f"#opt-{option.needs}", Choice).value))
            self.query_one(f"#row-{option.key}").display = shown
            if option.kind == "seat":
                choice = self.query_one(f"#opt-{option.key}", Choice)
                current = choice.value if choice.value is None or choice.value < players else None
                choice.set_values(self._values(option, players), current)
            elif option.kind == "int" and option.default is None:  # "one per player" moves
                choice = self.query_one(f"#opt-{option.key}", Choice)
                choice.set_values(self._values(option, players), choice.value)
        note = screens_of(self.game).setup_note(players)
        self.query_one("#setup-note", Static).update(self.app.look.text(note))
        self.query_one("#setup-note").display = bool(note)

    def on_descendant_focus(self) -> None:
        """The line under the form says what the option in focus does."""
        focused = self.focused
        key = (focused.id or "").removeprefix("opt-") if focused is not None else ""
        option = next((o for o in self.game.rules.options if o.key == key), None)
        text = self.app.look.text(option.explain) if option is not None else HELP
        self.query_one("#form-help", Static).update(text)

    def on_choice_changed(self, message: Choice.Changed) -> None:
        seat = (message.choice.id or "").removeprefix("kind-")
        if seat.isdigit():
            self._rename(int(seat), message.choice.value[0])
        self._name_people()
        self._update_rows()

    def _rename(self, seat: int, kind: str) -> None:
        """A seat turned from bot to human (or back) that still has the other kind's
        default name takes its own kind's: "Bot 2" as a person read as a bot. A bot's
        number is the smallest no other seat in play has (the seats hidden beyond the
        player count made it "Bot 5" in a game of three)."""
        field = self.query_one(f"#name-{seat}", Input)
        name = field.value.strip()
        others = {self._seat_name(i) for i in range(self._players()) if i != seat}
        if kind == "human" and (not name or re.fullmatch(r"Bot \d", name)):
            field.value = f"Player {seat + 1}"
        elif kind == "bot" and (not name or name == "You" or re.fullmatch(r"Player \d", name)):
            field.value = next(f"Bot {k}" for k in range(1, SEATS_KEPT + 2)
                               if f"Bot {k}" not in others)

    def _name_people(self) -> None:
        """Several people at one keyboard: the form shows the names they will have
        (nobody is "You" but the player whose turn it is)."""
        seats = [PlayerChoice(self._seat_name(i), *self.query_one(f"#kind-{i}", Choice).value)
                 for i in range(self._players())]
        for i, seat in enumerate(at_one_keyboard(seats)):
            if seat.name != seats[i].name:
                self.query_one(f"#name-{i}", Input).value = seat.name

    def on_input_changed(self) -> None:
        self._update_rows()

    def on_input_submitted(self) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss()

    def action_start(self) -> None:
        """Write the form into the settings and close it: the app deals."""
        names = [self._seat_name(i) for i in range(self._players())]
        alike = [" ".join(n.split()).casefold() for n in names]  # "Ann  Lee" is "ann lee"
        same = next((n for i, n in enumerate(names) if alike[i] in alike[:i]), None)
        if same is not None:  # every screen tells the players apart by name alone
            self.query_one("#form-help", Static).update(Text(self.app.look.text(
                f"Two players are called {same}: give each a name of their own."), "bold"))
            return
        s = self.settings
        s.players = self._players()
        for i in range(max(self.game.player_counts)):
            kind, level = self.query_one(f"#kind-{i}", Choice).value
            s.seats[i] = PlayerChoice(self._seat_name(i), kind, level)
        for option in self.game.rules.options:
            s.options[option.key] = self.query_one(f"#opt-{option.key}", Choice).value
        s.memory_aid = self.query_one("#memory", Choice).value
        self.dismiss(True)
