"""The game log beside the table on wide screens, its newest lines always in sight."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


class SideLog(VerticalScroll, can_focus=False):
    """A scrolling log that follows its end: scrolled there after the new text is laid
    out (scrolling at once would stop at the old end, a line or a trick behind)."""

    def compose(self) -> ComposeResult:
        yield Static(markup=False)

    def show(self, text: str) -> None:
        self.query_one(Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
