"""The nix holder names who starts the next round: anyone, themselves and the dummy
included (R8, R17); and the same kind of list to pick a player at a shared screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


from ..games.ebbes.rules.actions import NameStarter
from .closing import ClosesOnce
from .decision import DecisionDialog


def seat_label(name: str, *, own: bool, dummy: bool) -> str:
    """A seat as a list shows it: ``Ann (yourself)``, ``Dummy``, ``the dummy (Hans)``;
    never ``You (you)`` or ``Dummy (dummy)``."""
    if own and name.lower() not in ("you", "me"):
        return f"{name} (yourself)"
    if dummy and "dummy" not in name.lower():
        return f"{name} (the dummy)"
    return name


class StarterDialog(DecisionDialog[NameStarter]):
    """The nix holder's choice of the next round's starting seat."""

    def compose(self) -> ComposeResult:
        look = self.app.look
        view = self.view
        with Vertical(classes="dialog"):
            yield Static(f"You hold nix (the most nix cards). Who starts round "
                         f"{view.round_no + 1}?", classes="dialog-title")
            options = [Option(Text(look.text(seat_label(info.name, own=seat == view.seat,
                                                   dummy=info.kind == "dummy"))), id=str(seat))
                       for seat, info in enumerate(view.config.seats)]
            yield OptionList(*options, id="starter-options")
            yield Static("Up/Down: choose   Enter: this player starts", classes="dialog-help")
            yield Static(self.error, classes="dialog-error", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.view.seat or 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.answer(NameStarter(int(event.option.id or 0)))


class PlayerPicker(ClosesOnce, ModalScreen[int]):
    """Pick one of ``players`` (seat, name); Esc picks nobody."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, title: str, players: list[tuple[int, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield OptionList(*(Option(Text(name), id=str(seat)) for seat, name in self.players))
            yield Static("Up/Down: choose   Enter: this player   Esc: back",
                         classes="dialog-help")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))
