"""The score sheet, drawn like the paper and pencil the rulebook asks for: a block of
rows for each deal (hens, penalties, rewards, the no-hen bonus, the result) and a
column for each player (H10); the results a player crossed out with the 0's option
struck through, and marked "crossed" in words too, for terminals that draw no strike
(H11); the running totals and the totals (H12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.game_ui import BoardScreen, board_title
from ....ui.look import Look
from ....ui.words import cut_names, seat_names
from ..rules.actions import CROSS_OPTION, NO_OPTION
from ..rules.cards import REWARD_POINTS
from ..rules.scoring import DealScore
from ..rules.view import HuhnView
from .explain import option_line

if TYPE_CHECKING:
    from ....ui.app import EbbesApp

#: Beside a crossed-out result, for terminals that draw no strike (ASCII, NO_COLOR).
CROSSED = "crossed"


def _points(value: int, changed: bool = False) -> Text:
    """A figure as pencil would write it: blank for nothing, a star where the last
    trick's option changed it."""
    if not value and not changed:
        return Text("-", "dim")
    return Text(f"{value:+d}{'*' if changed else ''}")


def crossed_deals(view: HuhnView) -> set[tuple[int, int]]:
    """(deal from 1, seat) of every result crossed out."""
    return {(k, seat) for seat, deals in enumerate(view.crossed) for k in deals}


def score_sheet(view: HuhnView, names: list[str], look: Look, only: int | None = None) -> Table:
    """Deals down, players across; the totals last. ``only``: that deal's rows alone
    (a deal's summary)."""
    table = Table(box=None, pad_edge=False, header_style="bold", show_edge=False)
    table.add_column("")
    for name in cut_names(names, 12, look.ellipsis):
        table.add_column(Text(name), justify="right")
    crossed = crossed_deals(view)
    so_far = [0] * len(names)
    for k, score in enumerate(view.scores, 1):
        so_far = [t + (0 if (k, s) in crossed else p)
                  for s, (t, p) in enumerate(zip(so_far, score.points))]
        if only is None or k == only:
            _deal_rows(table, k, score, len(names), crossed)
        if only is None and k < len(view.scores):  # the running total, as pencil keeps it
            table.add_row(Text("  so far", "italic"), *(Text(f"{t:+d}", "italic") for t in so_far))
    table.add_row(Text("Total", "bold"), *(Text(f"{t:+d}", "bold") for t in view.totals))
    return table


def _deal_rows(table: Table, k: int, score: DealScore, n: int,
               crossed: set[tuple[int, int]]) -> None:
    taker = score.taker
    option = score.option
    table.add_row(Text(f"Deal {k}", "bold underline"), *([""] * n))
    table.add_row("  hens", *(_points(score.hen_points[s], s == taker and option == "hens"
                                      and score.hen_points[s] != -score.hens[s])
                              for s in range(n)))
    table.add_row("  penalties", *(_points(score.penalty_points[s], s == taker
                                           and option == "penalties"
                                           and score.penalty_points[s] != sum(score.penalties[s]))
                                   for s in range(n)))
    table.add_row("  rewards", *(_points(REWARD_POINTS * len(score.rewards[s])) for s in range(n)))
    table.add_row("  no hens", *(_points(score.bonus[s]) for s in range(n)))
    cells = []
    for s in range(n):
        points = score.points[s]
        if (k, s) in crossed:
            cell = Text(f"{points:+d}", "strike dim")
            cell.append(f" {CROSSED}", "italic")
        else:
            cell = Text(f"{points:+d}", "bold")
        cells.append(cell)
    table.add_row(Text("  result", "bold"), *cells)


def sheet_notes(view: HuhnView, names: list[str]) -> Text:
    """What the stars and the crossed-out results mean: each deal's last-trick
    option."""
    text = Text()
    for k, score in enumerate(view.scores, 1):
        if score.option == NO_OPTION:
            continue
        star = "" if score.option.startswith(CROSS_OPTION) else "* "
        text.append(f"{star}Deal {k}: {option_line(score.taker, score.option, names)}\n")
    if crossed_deals(view):
        text.append(f"A result marked {CROSSED} (struck through) does not count in the total.")
    return text


class ScoreSheetScreen(BoardScreen):
    """Opened from the table with ``b``: only public scores."""

    app: EbbesApp
    def __init__(self, view: HuhnView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        look = self.app.look
        view = self.view
        names = seat_names(view, look)
        of = "" if self.lesson else f" of {view.deals}"
        yield Static(board_title(look, f"score sheet, deal {max(view.deal, 1)}{of}"),
                     classes="screen-title")
        with VerticalScroll(classes="score-body"):
            if view.scores:
                yield Static(Group(score_sheet(view, names, look), sheet_notes(view, names)))
            else:
                yield Static("No deal has been scored yet. After each deal every player "
                             "scores -1 a hen card, the penalties, +3 a reward card and +3 "
                             "for a stack without hens.")
        yield KeysFooter()
