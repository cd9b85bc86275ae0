"""Picking a player from a list: who looks at their hand at a hot-seat screen, who
starts, who leads; and how a seat reads in such a list."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .closing import ClosesOnce


def seat_label(name: str, *, own: bool, kind: str = "human") -> str:
    """A seat as a list shows it: ``Ann (yourself)``, or for a seat of another kind
    that nobody plays its kind beside its name (unless the name says it already);
    never ``You (you)``."""
    if own and name.lower() not in ("you", "me"):
        return f"{name} (yourself)"
    if kind not in ("human", "bot") and kind not in name.lower():
        return f"{name} (the {kind})"
    return name


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
