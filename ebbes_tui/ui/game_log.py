"""What every game's log keeps (``g``, beside the table on wide screens, and the
hot-seat recap): lines tagged with the update that brought them, one player's names
("You"), the memory aid (with it off, of the tricks only the last completed one
shows), and chat said before the log began, put among the moves it came between. Each
game writes its own lines."""

from __future__ import annotations

import bisect
import math
from typing import Generic

from ..game.events import ChatLine
from ..game.protocols import ViewT
from .look import Look
from .words import as_seen_by, seat_names

#: Where a line stands in the game, to put chat said earlier among the moves: (deal,
#: tricks taken in it), as :mod:`ebbes_tui.table.moments` counts them. A line written
#: from the view a log begins with stands at the move it tells of (a summary of a deal
#: at its end); a line written as an update comes stands after all that was said before.
Moment = tuple[float, float]
END = math.inf
LATER: Moment = (math.inf, math.inf)


class TrickLog(Generic[ViewT]):
    """Lines of what happened, each tagged with the update's sequence number."""

    def __init__(self, look: Look, *, personal: bool = True, memory_aid: bool = True) -> None:
        """``personal``: one player reads it, so their own seat is "You" (not in
        hot-seat, where the log is everyone's); ``memory_aid``: every trick, else only
        the last completed one."""
        self.look = look
        self.personal = personal
        self.memory_aid = memory_aid
        self.lines: list[tuple[int, str]] = []
        self.moments: list[Moment] = []  # where each line stands in the game, in order
        self._trick_lines: list[int] = []  # where in ``lines`` each trick's line is
        #: The reader's seat where the views are public news (a shared table's recap):
        #: it is still "You".
        self.reader: int | None = None

    def note(self, seq: int, line: str, *, trick: bool = False, at: Moment = LATER) -> None:
        """A line for update ``seq`` (``trick``: a completed trick's, a memory aid;
        ``at``: where it stands, for a line of the view the log begins with)."""
        if trick:
            self._trick_lines.append(len(self.lines))
        self.lines.append((seq, self.look.text(line)))
        self.moments.append(at)

    def said(self, seq: int, event: ChatLine) -> None:
        """A chat line: as it comes, or, said before this log began, among the moves it
        came between (in the lobby: before them all)."""
        if not event.earlier or event.at is None:
            self.note(seq, f"{event.sender} says: {event.text}")
            return
        where = bisect.bisect_right(self.moments, event.at)
        self.lines.insert(where, (seq, self.look.text(f"{event.sender} says: {event.text}")))
        self.moments.insert(where, event.at)
        self._trick_lines = [i + (i >= where) for i in self._trick_lines]

    def _shown(self) -> list[tuple[int, str]]:
        """The lines a player may read: with the memory aid off, of the tricks only
        the last completed one."""
        if self.memory_aid:
            return self.lines
        earlier = set(self._trick_lines[:-1])
        return [line for i, line in enumerate(self.lines) if i not in earlier]

    def current(self, view: ViewT) -> str | None:
        """One line on the trick in progress, if any (the game says it)."""
        return None

    def since(self, seq: int) -> list[str]:
        """The lines after update ``seq``, every one: a cover that shows them keeps
        the latest that fit, and says how many it left out (a cut here said nothing)."""
        return [line for s, line in self._shown() if s > seq]

    def text(self, view: ViewT) -> str:
        lines = [line for _, line in self._shown()]
        now = self.current(view)
        if now:
            lines.append(self.look.text(now))
        return "\n".join(lines) or "Nothing has happened yet."

    def names(self, view: ViewT) -> list[str]:
        """The seats' names as the log's reader reads them."""
        names = seat_names(view, self.look, self.personal)
        if self.personal and getattr(view, "seat", None) is None:
            return as_seen_by(names, self.reader)
        return names
