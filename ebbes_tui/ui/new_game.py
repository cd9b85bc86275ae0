"""The new-game form: seats, variants, round-1 starter, memory aid; remembered."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static


from ..bots import LEVELS
from ..controller.settings import PLAYER_COUNTS, PlayerChoice, Settings
from ..games.ebbes.rules.variants import BASIC_ROUNDS, MAX_ROUNDS
from .closing import ClosesOnce
from .choice import Choice

if TYPE_CHECKING:
    from .app import EbbesApp

DUMMY_NOTE = ("With two players a dummy joins as the third seat: it plays the face-up "
              "cards of its five stacks by fixed rules, scores like a player, and cannot win.")
SEAT_KINDS = [("human", ("human", "normal"))] + [(f"bot, {lv}", ("bot", lv)) for lv in LEVELS]
ON_OFF = [("off", False), ("on", True)]


class NewGameScreen(ClosesOnce, Screen[bool]):
    """Everything chosen before the first deal, written into ``settings``; dismissed
    with True to start (Enter), nothing to go back (Esc)."""

    app: EbbesApp
    BINDINGS = [
        Binding("enter", "start", "Start game"),
        Binding("escape", "back", "Back"),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        ascii = self.app.look.ascii
        yield Static("New game", id="form-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Players", classes="what")
                yield Choice([(str(n), n) for n in PLAYER_COUNTS], s.players, ascii=ascii,
                             id="players")
            for i, seat in enumerate(s.seats):
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Player {i + 1}", classes="what")
                    yield Input(self.app.look.text(seat.name), max_length=14,
                                id=f"name-{i}")
                    yield Choice(SEAT_KINDS, (seat.kind, seat.level), ascii=ascii,
                                 id=f"kind-{i}")
            with Horizontal(classes="row", id="row-more"):
                yield Label('Variant 1 "more cards"', classes="what")
                yield Choice(ON_OFF, s.more_cards, ascii=ascii, id="more")
                yield Label("(not with two players)", id="more-note")
            with Horizontal(classes="row"):
                yield Label('Variant 2 "choose determiners"', classes="what")
                yield Choice(ON_OFF, s.choose_determiners, ascii=ascii, id="choose")
            with Horizontal(classes="row", id="row-rounds"):
                yield Label(f"  rounds (at least {BASIC_ROUNDS})", classes="what")
                yield Choice([(str(n), n) for n in range(BASIC_ROUNDS, MAX_ROUNDS + 1)],
                             s.rounds, ascii=ascii, id="rounds")
            with Horizontal(classes="row"):
                yield Label("Who starts round 1", classes="what")
                names = [seat.name for seat in s.seats[: s.players]]
                yield Choice(_starters(names), s.starter, ascii=ascii, id="starter")
            with Horizontal(classes="row", id="row-dealer"):
                yield Label("Who deals round 1", classes="what")
                yield Choice(_starters(names[:2]), s.dealer, ascii=ascii, id="dealer")
                yield Label("(then the two take turns)", classes="note")
            yield Static(DUMMY_NOTE, id="dummy-note")
            with Horizontal(classes="row"):
                yield Label("Memory aid (taken cards)", classes="what")
                yield Choice(ON_OFF, s.memory_aid, ascii=ascii, id="memory")
        yield Static("Up/Down: field  Left/Right: change  Enter: start  Esc: back",
                     id="form-help")
        yield Footer()

    def on_mount(self) -> None:
        self._update_rows()
        self.query_one("#players", Choice).focus()

    def _players(self) -> int:
        return self.query_one("#players", Choice).value

    def _seat_name(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"

    def _update_rows(self) -> None:
        """Show only the seats in play, Variant 1 only with 3+, rounds only with V2."""
        players = self._players()
        for i in range(len(self.settings.seats)):
            self.query_one(f"#seat-{i}").display = i < players
        self.query_one("#more", Choice).display = players > 2
        self.query_one("#more-note").display = players == 2
        self.query_one("#row-rounds").display = self.query_one("#choose", Choice).value
        starter = self.query_one("#starter", Choice)
        current = starter.value if starter.value is None or starter.value < players else None
        names = [self._seat_name(i) for i in range(players)]
        starter.set_values(_starters(names), current)
        two = players == 2
        self.query_one("#row-dealer").display = two
        self.query_one("#dummy-note").display = two
        dealer = self.query_one("#dealer", Choice)
        dealer.set_values(_starters(names[:2]), dealer.value)

    def on_choice_changed(self, message: Choice.Changed) -> None:
        seat = (message.choice.id or "").removeprefix("kind-")
        if seat.isdigit():
            self._rename(int(seat), message.choice.value[0])
        self._update_rows()

    def _rename(self, seat: int, kind: str) -> None:
        """A seat turned from bot to human (or back) that still has the other kind's
        default name takes its own kind's: "Bot 2" as a person read as a bot."""
        field = self.query_one(f"#name-{seat}", Input)
        name = field.value.strip()
        others = {self._seat_name(i) for i in range(len(self.settings.seats)) if i != seat}
        if kind == "human" and (not name or re.fullmatch(r"Bot \d", name)):
            field.value = f"Player {seat + 1}"
        elif kind == "bot" and (not name or name == "You" or re.fullmatch(r"Player \d", name)):
            field.value = next(f"Bot {k}" for k in range(1, 7) if f"Bot {k}" not in others)

    def on_input_changed(self) -> None:
        self._update_rows()

    def on_input_submitted(self) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss()

    def action_start(self) -> None:
        """Write the form into the settings and close it: the app deals."""
        s = self.settings
        s.players = self._players()
        for i in range(len(s.seats)):
            kind, level = self.query_one(f"#kind-{i}", Choice).value
            s.seats[i] = PlayerChoice(self._seat_name(i), kind, level)
        s.more_cards = self.query_one("#more", Choice).value
        s.choose_determiners = self.query_one("#choose", Choice).value
        s.rounds = self.query_one("#rounds", Choice).value
        s.starter = self.query_one("#starter", Choice).value
        s.dealer = self.query_one("#dealer", Choice).value
        s.memory_aid = self.query_one("#memory", Choice).value
        self.dismiss(True)


def _starters(names: list[str]) -> list[tuple[str, int | None]]:
    """Round 1's starter (R11) or, with two players, dealer (R15): random, or a player."""
    return [("random", None)] + [(name, i) for i, name in enumerate(names)]
