"""The nix holder names who starts the next round: anyone, themselves and the dummy
included (R8, R17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..rules.view import PlayerView

if TYPE_CHECKING:
    from .app import EbbesApp


class StarterDialog(ModalScreen[None]):
    """Shown only to the nix holder at the screen; ``submit`` returns an error text
    (and nothing changed) or None."""

    app: EbbesApp

    def __init__(self, view: PlayerView, submit: Callable[[int], str | None]) -> None:
        super().__init__()
        self.view = view
        self._submit = submit

    def compose(self) -> ComposeResult:
        look = self.app.look
        view = self.view
        with Vertical(classes="dialog"):
            yield Static(f"You hold nix. Who starts round {view.round_no + 1}?",
                         classes="dialog-title")
            options = []
            for seat, info in enumerate(view.config.seats):
                tag = " (you)" if seat == view.seat else (
                    " (dummy)" if info.kind == "dummy" else "")
                options.append(Option(look.text(info.name) + tag, id=str(seat)))
            yield OptionList(*options, id="starter-options")
            yield Static("Up/Down: choose   Enter: this player starts", classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.view.seat or 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        error = self._submit(int(event.option.id or 0))
        if error:
            self.query_one(".dialog-error", Static).update(error)
        else:
            self.dismiss()
