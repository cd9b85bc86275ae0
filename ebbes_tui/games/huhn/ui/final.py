"""The final standings (H12: the highest total wins, ties share the win), the whole
score sheet, and what next: play again, the menu, or quit."""

from __future__ import annotations

from rich.console import Group
from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.interludes import FinalStandings
from ....ui.words import padded, seat_names, winners_line
from ..rules.events import GameOver
from ..rules.view import HuhnView
from .scores import score_sheet, sheet_notes


def standings(totals: tuple[int, ...], winners: tuple[int, ...], names: list[str]) -> Text:
    """``1. Ann  +7``: places by total, equal totals sharing a place; winners bold."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    text = Text()
    place = 0
    width = max(map(cell_len, names)) + 2
    for i, seat in enumerate(order):
        if i == 0 or totals[seat] != totals[order[i - 1]]:
            place = i + 1
        text.append(f"{place}. {padded(names[seat], width)}{totals[seat]:>+5}\n",
                    "bold" if seat in winners else "")
    return text


class FinalScreen(FinalStandings):
    """The standings and the whole score sheet."""

    event: GameOver
    view: HuhnView

    def compose(self) -> ComposeResult:
        look = self.app.look
        view, event = self.view, self.event
        names = seat_names(view, look)
        yield Static(Text(f"Final standings {look.dot} {winners_line(names, event.winners)}"),
                     classes="screen-title", id="winners")
        with VerticalScroll(classes="score-body"):
            yield Static(standings(event.totals, event.winners, names))
            yield Static(Group(score_sheet(view, names, look), sheet_notes(view, names)))
        yield Static(self.keys_line, id="final-help")
        yield KeysFooter()
