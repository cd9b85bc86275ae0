"""The nix holder names who starts the next round: anyone, themselves and the dummy
included (R8, R17)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....ui.decision import DecisionDialog
from ....ui.footer import KeysFooter
from ....ui.picker import seat_label
from ....ui.words import seat_names
from ..rules.actions import NameStarter
from ..rules.view import PlayerView
from .explain import nix_won
from .pair_dialog import over_the_trick


class StarterDialog(DecisionDialog[PlayerView, NameStarter]):
    """The nix holder's choice of the next round's starting seat."""

    SCOPED_CSS = False
    CSS = """
    StarterDialog { align: left top; background: transparent; }
    StarterDialog .dialog { max-height: 100%; margin: 0; }
    StarterDialog .dialog-title { margin-bottom: 0; }
    StarterDialog #starter-row { height: auto; }
    StarterDialog #starter-options { width: 26; }
    StarterDialog #starter-side { width: 1fr; height: auto; padding-left: 1; }
    """  # over the trick area: the board, the Players and the hand stay in view; the
    # keys and the hint beside the seats, so five of them leave the hand's cards too

    def compose(self) -> ComposeResult:
        look = self.app.look
        view = self.view
        with Vertical(classes="dialog"):
            yield Static(f"You {nix_won(view)}. Who starts round {view.round_no + 1}?",
                         classes="dialog-title")
            names = seat_names(view, look, self.personal)
            options = [Option(Text(seat_label(names[seat], own=seat == view.seat,
                                              kind=info.kind)), id=str(seat))
                       for seat, info in enumerate(view.config.seats)]
            with Horizontal(id="starter-row"):
                yield OptionList(*options, id="starter-options")
                with Vertical(id="starter-side"):
                    yield Static("Up/Down: choose   Enter: this player starts",
                                 classes="dialog-help")
                    yield Static(self.error, classes="dialog-error", markup=False)
                    yield Static(id="dialog-hint", markup=False)
        yield KeysFooter()  # its own keys, not the table's under it

    def on_mount(self) -> None:
        self.query_one("#dialog-hint").display = False
        self.query_one(".dialog-error").display = bool(self.error)  # no empty line
        over_the_trick(self)
        options = self.query_one(OptionList)
        options.highlighted = self.view.seat or 0
        options.focus()

    def on_resize(self) -> None:
        self.call_after_refresh(over_the_trick, self)

    def point_at(self, answer: object) -> None:
        if isinstance(answer, NameStarter):
            self.query_one(OptionList).highlighted = answer.seat

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.answer(NameStarter(int(event.option.id or 0)))
