"""Variant 2: the chooser pairs an open suit with a free number (R5, R19).

The dialog lies over the trick area only (empty while pairs are chosen), so the
Determiners board with the pairs taken so far, the Players, the dummy's stacks and the
hand stay in view: they are what a player chooses by. A suit row and a number row,
left and right along each."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ....ui.decision import DecisionDialog
from ....ui.footer import KeysFooter
from ....ui.words import cut_names, seat_names
from ..rules.actions import ChoosePair
from ..rules.cards import card
from ..rules.determiners import open_pairs
from ..rules.view import PlayerView
from .look import ebbes_look

#: The rows' labels, as wide as the longest.
_LABELS = ("Suit", "Number")
#: Where over the table the dialog lies: the trick area.
_OVER = "#trick"


def over_the_trick(dialog: DecisionDialog[PlayerView, Any]) -> None:
    """Lay ``dialog``'s box over the trick area of the table beneath (at the top
    without one): the panels the choice is made from (Determiners, Players, the
    dummy's stacks, the hand) stay in view."""
    box = dialog.query_one(".dialog")
    area = dialog.beneath.query(_OVER) if dialog.beneath is not None else None
    if area:
        region = area.first().region
        box.styles.offset = (region.x, region.y)
        box.styles.width = region.width
        box.styles.min_height = region.height


class PairRow(Static):
    """One row of choices, the chosen one in brackets (reversed while the row has the
    cursor); a click chooses."""

    DEFAULT_CSS = "PairRow { height: auto; }"

    class Clicked(events.Message):
        def __init__(self, row: PairRow, index: int) -> None:
            super().__init__()
            self.row = row
            self.index = index

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.spans: list[tuple[int, int]] = []

    def draw(self, label: str, items: list[Text], chosen: int, active: bool, arrow: str) -> None:
        text = Text(f"{arrow if active else ' '} {label:<{max(map(len, _LABELS))}} ",
                    "bold" if active else "")
        self.spans = []
        for i, item in enumerate(items):
            start = len(text.plain)
            if i == chosen:
                text.append("[", "bold")
                item = item.copy()
                item.stylize("bold reverse" if active else "bold underline")
                text.append_text(item)
                text.append("]", "bold")
            else:
                text.append(" ")
                text.append_text(item)
                text.append(" ")
            self.spans.append((start, len(text.plain)))
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        for index, (start, end) in enumerate(self.spans):
            if start <= event.x < end:
                self.post_message(self.Clicked(self, index))


class PairDialog(DecisionDialog[PlayerView, ChoosePair]):
    """Pick a suit, then a number: Enter on the number row takes the pair. The card of
    that suit and number will fix the next open job when played (R5)."""

    # The app's CSS (the shell's .dialog box), not DEFAULT_CSS, which that box would beat.
    SCOPED_CSS = False
    CSS = """
    PairDialog { align: left top; background: transparent; }
    PairDialog .dialog { width: 100%; max-height: 100%; margin: 0; }
    PairDialog .dialog-title { margin-bottom: 0; }
    """
    BINDINGS = [
        Binding("left,h", "move(-1)", "Choose", key_display="←→"),
        Binding("right,l", "move(1)", "Choose", show=False),
        Binding("up,down", "switch", "Suit or number", key_display="↑↓"),
        # Enter on the suits goes on to the numbers, and the key line says so: it said
        # "Take" there, and a newcomer's Enter seemed to take nothing.
        Binding("enter,space", "to_numbers", "To the number"),
        Binding("enter,space", "take", "Take"),
    ]

    def __init__(self, view: PlayerView, error: str = "") -> None:
        super().__init__(view, error)
        self.suits, self.numbers = open_pairs(view.pairs, view.config.number_choices)
        self.suit = 0
        self.number = 0
        self.row = 0  # 0: the suits, 1: the numbers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), classes="dialog-title", markup=False)
            yield PairRow(id="pair-suits")
            yield PairRow(id="pair-numbers")
            yield Static("", id="pair-preview")
            if self.error:
                yield Static(self.error, classes="dialog-error", markup=False)
            yield Static(id="dialog-hint", markup=False)
        yield KeysFooter()  # its own keys, not the table's under it

    def _title(self) -> str:
        """The round, and who starts it (pairs go round from their left)."""
        look, view = ebbes_look(self.app.look), self.view
        names = cut_names(seat_names(view, look, self.personal), 12, look.ellipsis)
        starter = "you start" if view.starter == view.seat else f"{names[view.starter]} starts"
        return f"Pair for round {view.round_no + 1} ({starter})"

    def on_mount(self) -> None:
        self.query_one("#dialog-hint").display = False
        self._draw()
        self._place()

    def on_resize(self) -> None:
        self.call_after_refresh(self._place)

    def _place(self) -> None:
        over_the_trick(self)

    def _draw(self) -> None:
        look = ebbes_look(self.app.look)
        arrow = self.app.look.arrow
        self.query_one("#pair-suits", PairRow).draw(
            _LABELS[0], [look.suit(s) for s in self.suits], self.suit, self.row == 0, arrow)
        self.query_one("#pair-numbers", PairRow).draw(
            _LABELS[1], [Text(str(v)) for v in self.numbers], self.number, self.row == 1, arrow)
        pair = self.choice()
        text = look.card(card(pair.suit, pair.number))
        text.append(f" ({look.card_name(card(pair.suit, pair.number))}) will fix the next job",
                    "dim")
        self.query_one("#pair-preview", Static).update(text)
        self.refresh_bindings()  # Enter's word: on to the number, or take

    def choice(self) -> ChoosePair:
        """The pair the rows show now."""
        return ChoosePair(self.suits[self.suit], self.numbers[self.number])

    def action_move(self, step: int) -> None:
        if self.row == 0:
            self.suit = (self.suit + step) % len(self.suits)
        else:
            self.number = (self.number + step) % len(self.numbers)
        self._draw()

    def action_switch(self) -> None:
        self.row = 1 - self.row
        self._draw()

    def action_take(self) -> None:
        """Enter on the numbers takes the pair."""
        self.answer(self.choice())

    def action_to_numbers(self) -> None:
        """Enter on the suits: an action of its own, so the key line can say so."""
        self.action_switch()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter goes on to the numbers from the suits, and takes on the numbers."""
        if action in ("to_numbers", "take"):
            return self.row == (action == "take")
        return super().check_action(action, parameters)

    def on_pair_row_clicked(self, message: PairRow.Clicked) -> None:
        """A click chooses; a click on the number already chosen takes the pair."""
        if message.row.id == "pair-suits":
            self.suit, self.row = message.index, 1
        elif self.row == 1 and message.index == self.number:
            self.answer(self.choice())
            return
        else:
            self.number, self.row = message.index, 1
        self._draw()

    def point_at(self, answer: object) -> None:
        """The hint's pair gets the cursors (nothing is taken)."""
        if isinstance(answer, ChoosePair) and answer.suit in self.suits \
                and answer.number in self.numbers:
            self.suit = self.suits.index(answer.suit)
            self.number = self.numbers.index(answer.number)
            self.row = 1
            self._draw()
