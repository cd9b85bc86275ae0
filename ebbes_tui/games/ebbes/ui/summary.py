"""After each round: what every seat took and what it is worth (R6, R7), why ebbes paid
or not, who chooses the next starter (R8, R17), then the scoring track (R9, R14)."""

from __future__ import annotations


from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


from ....ui.footer import KeysFooter
from ..rules.categories import CATEGORY_LABELS
from ..rules.events import RoundScored
from ..rules.scoring import EbbesPlace, ebbes_places
from ..rules.view import PlayerView
from ....ui.interludes import Interlude
from ....ui.words import seat_names
from .explain import card_run, next_starter_line, takes_line
from .look import EbbesLook, ebbes_look
from .track import TrackBoard

#: Why a seat's ebbes count paid +3 or nothing (R7).
EBBES_WHY = {EbbesPlace.BETWEEN: "+3: between", EbbesPlace.MOST: "0: most",
             EbbesPlace.TIED_FOR_MOST: "0: tied for most", EbbesPlace.FEWEST: "0: fewest",
             EbbesPlace.TIED_FOR_FEWEST: "0: tied for fewest",
             EbbesPlace.ALL_EQUAL: "0: all equal"}


def categories_line(look: EbbesLook, suits: tuple[int, ...]) -> Text:
    """"Trump ●B blue  Plus ●R red ..." for a scored round."""
    text = Text()
    for label, suit in zip(CATEGORY_LABELS, suits):
        text.append(f"{label} ", "bold")
        text.append_text(look.suit(suit, name=True))
        text.append("  ")
    return text


class RoundSummaryScreen(Interlude):
    """A round's summary (:class:`~ebbes_tui.ui.interludes.Interlude`)."""

    event: RoundScored
    view: PlayerView

    def compose(self) -> ComposeResult:
        look = ebbes_look(self.app.look)
        event, config = self.event, self.view.config
        score = event.score
        names = seat_names(self.view, look)
        before = tuple(t - p for t, p in zip(event.totals, score.points))
        places = ebbes_places([s.ebbes_cards for s in score.seats])
        of = "" if self.lesson else f" of {config.round_limit}"
        yield Static(f"Round {event.round_no + 1}{of} is scored", classes="screen-title")
        with VerticalScroll(classes="score-body"):
            last = self.view.last_trick
            story = Text()
            if last is not None:  # the trick that ended the round, also for whoever missed it
                story.append("Last trick: ")
                story.append_text(card_run(list(zip(last.seats, last.cards)), names, look))
                story.append(f". {look.text(takes_line(self.view, last, names, look))}.\n")
            story.append_text(categories_line(look, score.suits))
            yield Static(story)  # one block: the board below fits 80x24 with three players
            table = Table(box=None, pad_edge=False, header_style="bold", expand=False)
            # Two-line headers keep every row on one line at 80 columns.
            columns: tuple[tuple[str, JustifyMethod], ...] = (
                ("", "left"), ("Plus\ncards", "right"), ("ebbes\ncards", "right"),
                ("Minus\ncards", "right"), ("nix\ncards", "right"), ("\nRound", "right"),
                ("\nTotal", "right"))
            for column, justify in columns:
                table.add_column(column, justify=justify)
            for seat, s in enumerate(score.seats):
                table.add_row(Text(names[seat]), f"{s.plus_cards} = {_signed(s.plus_cards)}",
                              f"{s.ebbes_cards} ({EBBES_WHY[places[seat]]})",
                              f"{s.minus_cards} = {_signed(-s.minus_cards)}",
                              f"{s.nix_cards}", f"{s.total:+d}", f"{event.totals[seat]:+d}")
            yield Static(table)
            note = "" if self.lesson else next_starter_line(event, self.view, names, look)
            if self.closes_after is not None:
                note += (" " if note else "") + (
                    f"The table goes on: this closes by itself in {self.closes_after:.0f} s.")
            yield Static(Text("Points: Plus +1 a card, ebbes +3 when strictly between the "
                              "fewest and the most, Minus -1 a card." + (f"\n{note}" if note else ""),
                              style="italic"))
            # Each total is in the table above: the board shows the places.
            yield TrackBoard(look, config, before, event.totals, names=names,
                             animate=self.app.animation, legend=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(self.query_one(TrackBoard).show_leader)

    def on_key(self, event: events.Key) -> None:
        """The first key while the discs walk only ends the walk."""
        board = self.query_one(TrackBoard)
        if board.walking:
            board.skip()
            event.stop()
            event.prevent_default()


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"
