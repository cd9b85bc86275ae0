"""A line under a scrolling body that says there is more and how to see it: in ASCII
no scroll bar shows, and a sheet or a help longer than the screen read as if it ended
at its last visible row."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static


class ScrollNote(Static):
    """"More below: Down, PgDn or End scrolls ``what``." while ``body`` has more below,
    "The end of ``what``: ..." once scrolled to its end, nothing while it fits."""

    def __init__(self, body: VerticalScroll, what: str, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.body = body
        self.what = what
        self.said = ""

    def on_mount(self) -> None:
        # Scrolled, grown, or laid out anew (a taller window may make it fit).
        self.watch(self.body, "scroll_y", self.say, init=False)
        self.watch(self.body, "virtual_size", self.say, init=False)
        self.screen.screen_layout_refresh_signal.subscribe(self, self.say)
        self.call_after_refresh(self.say)

    def say(self, *_: object) -> None:
        body = self.body
        # The line keeps its row, said or not: shown and hidden by the body's fit, it
        # changed that fit and flickered, or said "The end" of a sheet that fitted.
        # It tells where a scroll goes, not where its second-long glide is now ("More
        # below" stayed up after End).
        if body.max_scroll_y <= 0:
            said = ""
        elif round(body.scroll_target_y) < body.max_scroll_y:
            said = f"More below: Down, PgDn or End scrolls {self.what}."
        else:
            said = f"The end of {self.what}: Up, PgUp or Home goes back to the top."
        if said != self.said:  # an update lays the screen out again, which calls this
            self.said = said
            self.update(said)
