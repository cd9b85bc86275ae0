"""After each round: every seat's plus cards, ebbes, minus cards and round total (R6,
R7), who holds nix (R8), then the scoring track with the discs moved (R9, R14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..rules.categories import CATEGORY_LABELS
from ..rules.events import RoundScored
from ..rules.state import Phase
from ..rules.view import PlayerView
from .look import Look
from .track import TrackBoard

if TYPE_CHECKING:
    from .app import EbbesApp


def categories_line(look: Look, suits: tuple[int, ...]) -> Text:
    """"Trump ●B blue  Plus ●R red ..." for a scored round."""
    text = Text()
    for label, suit in zip(CATEGORY_LABELS, suits):
        text.append(f"{label} ", "bold")
        text.append_text(look.suit(suit, name=True))
        text.append("   ")
    return text


class RoundSummaryScreen(Screen[None]):
    """Read at leisure: the bots wait until it is closed."""

    app: EbbesApp
    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, event: RoundScored, view: PlayerView) -> None:
        super().__init__()
        self.event = event
        self.view = view

    def compose(self) -> ComposeResult:
        look = self.app.look
        event, config = self.event, self.view.config
        score = event.score
        names = [look.text(s.name) for s in config.seats]
        before = tuple(t - p for t, p in zip(event.totals, score.points))
        yield Static(f"Round {event.round_no + 1} of {config.round_limit} is scored",
                     classes="screen-title")
        with VerticalScroll(classes="score-body"):
            yield Static(categories_line(look, score.suits))
            table = Table(box=None, pad_edge=False, header_style="bold", expand=False)
            for column in ("Player", "Plus", "ebbes", "Minus", "nix", "Round", "Total"):
                table.add_column(column, justify="left" if column == "Player" else "right")
            last = event.round_no + 1 >= config.round_limit or self.view.phase is Phase.GAME_OVER
            for seat, s in enumerate(score.seats):
                ebbes = f"{s.ebbes_cards} " + ("(+3)" if s.ebbes_points else "(0)")
                nix = f"{s.nix_cards}"
                if seat == score.nix_holder and not last:  # R8; the dummy just starts (R17)
                    nix += " starts" if seat == config.dummy else " chooses"
                table.add_row(names[seat], _signed(s.plus_cards), ebbes, _signed(-s.minus_cards),
                              nix, f"{s.total:+d}", f"{event.totals[seat]:+d}")
            yield Static(table)
            yield TrackBoard(look, config, before, event.totals)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"
