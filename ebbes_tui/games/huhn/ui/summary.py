"""After each deal: the last trick and its option (H11), every player's hens,
penalties, rewards, no-hen bonus and result (H10), and the totals, as the score
sheet has them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.interludes import Interlude
from ....ui.words import seat_names
from ..rules.events import DealScored
from ..rules.view import HuhnView
from .explain import option_line, takes_line, trick_cards
from .look import huhn_look
from .scores import score_sheet


class DealSummaryScreen(Interlude):
    """A deal's summary (:class:`~ebbes_tui.ui.interludes.Interlude`)."""

    event: DealScored
    view: HuhnView

    def compose(self) -> ComposeResult:
        look = huhn_look(self.app.look)
        view, event = self.view, self.event
        names = seat_names(view, look)
        of = "" if self.lesson else f" of {view.deals}"
        yield Static(f"Deal {event.deal}{of} scored", classes="screen-title")
        with VerticalScroll(classes="score-body"):
            last = view.last_trick
            story = Text()
            if last is not None:
                story.append(look.text(f"Last trick: {trick_cards(last, names, look)}. "
                                       f"{takes_line(last, names, look)}.\n"))
            story.append(look.text(option_line(event.score.taker, event.score.option, names)))
            yield Static(story)
            yield Static(score_sheet(view, names, look, only=event.deal))
            more = "" if view.over or self.lesson else f"Deal {event.deal + 1} comes next. "
            if self.closes_after is not None:
                more += f"The table goes on: this closes by itself in {self.closes_after:.0f} s."
            yield Static(Text(look.text("Each player: -1 a hen card, the penalties, +3 a "
                                        "reward card, +3 for a stack without hens. "
                                        "b shows the whole score sheet at the table.\n" + more),
                              style="italic"))
        yield KeysFooter()
