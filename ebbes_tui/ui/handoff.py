"""Hot-seat cover: nothing of the table shows until the next player is at the screen.
The same cover, with its recap, welcomes a player back to a shared table."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .closing import ClosesOnce
from .footer import KeysFooter
from .unhurried import STILL_COMING, Unhurried, keystrokes_of

#: The cover's box (``#handoff-text`` in app.tcss): at most this wide, of which border
#: and padding take :data:`FRAME_COLUMNS`; border, padding, the line under the box and
#: the footer take :data:`FRAME_ROWS` rows of the screen.
BOX_COLUMNS, FRAME_COLUMNS, FRAME_ROWS = 72, 8, 6


def rows_of(text: str, width: int, console: Console) -> int:
    """How many rows ``text`` takes, wrapped ``width`` wide as the cover wraps it."""
    return sum(len(Text(line).wrap(console, width)) for line in text.split("\n"))


def latest_fitting(lines: list[str], width: int, rows: int, console: Console,
                   more: str = "…") -> list[str]:
    """The latest of ``lines`` that fit in ``rows`` rows, so the cover never runs off
    the screen: the first that does not fit whole keeps its latest words (after
    ``more``), and how many lines before it were left out is said first."""
    def note(left_out: int) -> list[str]:
        return [f"({left_out} earlier, left out to fit)"] if left_out else []

    def tail(words: list[str], count: int) -> str:
        return f"{more} " + " ".join(words[-count:]).lstrip()

    kept: list[str] = []
    room = rows  # rows left above the lines kept
    for i in range(len(lines) - 1, -1, -1):
        left = room - sum(rows_of(line, width, console) for line in note(i))
        needs = rows_of(lines[i], width, console)
        if needs <= left:
            kept.insert(0, lines[i])
            room -= needs
            continue
        words = lines[i].split(" ")
        low, high = 0, len(words)  # the most of its last words that fit, by halving
        while low < high:
            mid = (low + high + 1) // 2
            if rows_of(tail(words, mid), width, console) <= left:
                low = mid
            else:
                high = mid - 1
        # not one word of it fits: it is left out too
        return [*note(i), tail(words, low), *kept] if low else [*note(i + 1), *kept]
    return kept


class HandOffScreen(Unhurried, ClosesOnce, Screen[str]):
    """"Pass the keyboard to Bob": an opaque screen, so no hand shows through (R18).
    Dismissed with ``ready`` once that player is at the screen, or ``menu``; not by a
    key the last player typed on (:class:`~.unhurried.Unhurried`)."""

    BINDINGS = [Binding("enter", "ready", "I am here"),
                Binding("escape", "dismiss('menu')", "Menu")]

    def __init__(self, seat: int, name: str, why: str = "", recap: str = "", *,
                 back: bool = False, first: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.player = name
        self.why = why
        self.recap = recap
        self.first = first  # said before the recap, whatever of it must be left out
        self.back = back  # a player back at a shared table: no keyboard to pass
        self.until_keys_stop = not back  # hot-seat: a stream of keys must stop first

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="handoff-text", markup=False)
        yield Static("", id="handoff-again", markup=False)
        yield KeysFooter()

    def on_resize(self) -> None:
        """The window changed: the recap is fitted to it again (it ran off a window made
        smaller; below 80x24 the too-small message covers it anyway)."""
        self.query_one("#handoff-text", Static).update(self._text())

    def _text(self) -> str:
        """What the cover says, its recap the latest lines that fit the window now."""
        why = f" ({self.why})" if self.why else ""
        if self.back:
            text = f"Welcome back, {self.player}: press Enter to go on."
        else:
            text = (f"Pass the keyboard to {self.player}.\n\n"
                    f"{self.player}, your turn{why}: press Enter when the others cannot see "
                    "the screen.")
        if self.recap or self.first:
            what = "While you were away" if self.back else "Since you last looked"
            text += f"\n\n{what}:" + (f"\n{self.first}" if self.first else "")
        if self.recap:
            size, console = self.app.size, self.app.console
            width = min(BOX_COLUMNS, size.width) - FRAME_COLUMNS
            rows = size.height - FRAME_ROWS - rows_of(text, width, console)
            recap = latest_fitting(self.recap.split("\n"), width, rows, console,
                                   self.app.look.text("…"))
            text += "\n" + "\n".join(recap)
        return text

    def action_ready(self) -> None:
        """The player is at the screen: keys still coming were typed at the cover, not
        at the hand it shows (:meth:`~.unhurried.Keystrokes.from_cover`)."""
        keys = keystrokes_of(self.app)
        if keys is not None:
            keys.cover_taken_away("enter")
        self.dismiss("ready")

    def say_still_coming(self) -> None:
        """On the cover's own line, under what it says."""
        self.query_one("#handoff-again", Static).update(STILL_COMING)
