"""The scoring board on demand: each round's points per seat, totals, the track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..rules.view import PlayerView
from ....ui.footer import KeysFooter
from ....ui.game_ui import BoardScreen, board_title
from ....ui.words import seat_names
from .look import ebbes_look
from .track import TrackBoard

if TYPE_CHECKING:
    from ....ui.app import EbbesApp


def rounds_table(view: PlayerView, names: list[str], *, best: bool = False) -> Table:
    """Seats down, rounds across, the total last (and each seat's best round); the
    dummy has its row (R17)."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Player")
    for r in range(len(view.scores)):
        table.add_column(f"R{r + 1}", justify="right")
    table.add_column("Total", justify="right")
    if best:
        table.add_column("Best round", justify="right")
    for seat, name in enumerate(names):
        points = [s.points[seat] for s in view.scores]
        top = max(range(len(points)), key=points.__getitem__) if points else None
        cells = [Text(f"{p:+d}", "bold" if best and r == top else "") for r, p in enumerate(points)]
        extra = [f"R{top + 1} {points[top]:+d}" if top is not None else "-"] if best else []
        table.add_row(Text(name), *cells, f"{view.totals[seat]:+d}", *extra)  # names: no markup
    return table


class ScoreBoardScreen(BoardScreen):
    """Opened from the table with ``b``; shows only public scores."""

    app: EbbesApp
    def __init__(self, view: PlayerView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        look = ebbes_look(self.app.look)
        view = self.view
        names = seat_names(view, look)
        yield Static(board_title(look, "the rounds and the scoring track"),
                     classes="screen-title")
        with VerticalScroll(classes="score-body"):
            if view.scores:
                yield Static(rounds_table(view, names))
            else:
                yield Static("No round has been scored yet.")
            before = tuple(t - s for t, s in zip(
                view.totals, view.scores[-1].points)) if view.scores else view.totals
            yield TrackBoard(look, view.config, before, view.totals, names=names)
        yield KeysFooter()

