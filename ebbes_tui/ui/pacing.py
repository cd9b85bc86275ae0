"""How long the table leaves what it shows before the next update replaces it: the part
every game shares (the trick display setting, catching up, a shared table's summary
that closes itself). Each game's :class:`Pacing` says how long each of its events
stays (``hold``), with no clock in it: the table asks and does the waiting, which any
key cuts short.

The match never waits for a screen; each screen shows the game's updates one by one
at a pace a person can follow, and catches up when it falls behind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from ..controller import AnyUpdate, Update
from ..controller.settings import TRICK_DISPLAYS
from ..game.events import DealEnded, TrickEnded
from ..game.protocols import ViewT
from .choice import next_of

#: The trick display setting (as card sites have it): how long a finished trick stays.
TRICK_LABELS = {"key": "until a key", "slow": "slow", "normal": "normal", "fast": "fast"}
TRICK_SECONDS = {"slow": 4.0, "normal": 2.0, "fast": 1.0}
#: At a shared table a deal's summary closes itself after this long (any key sooner):
#: the table goes on, and nobody falls behind it.
SUMMARY_SECONDS = 8.0
#: Finished tricks waiting in the feed that make the screen catch up (no pauses).
BEHIND_TRICKS = 2
#: Until a key.
UNTIL_KEY = math.inf


def next_trick_display(current: str) -> str:
    """The setting after ``current``, round and round: fast, normal, slow, until a
    key."""
    return next_of(TRICK_DISPLAYS, current)


def behind(waiting: Sequence[AnyUpdate]) -> bool:
    """Whether the updates not shown yet hold enough finished tricks that the screen
    should catch up: show them without pauses."""
    return sum(isinstance(u.event, (TrickEnded, DealEnded)) for u in waiting) >= BEHIND_TRICKS


@dataclass(frozen=True)
class Pacing(Generic[ViewT]):
    """``pace``: seconds before another seat's move (0: no pauses but "until a key");
    ``trick``: the trick display setting. A game subclasses it with its own
    :meth:`hold` and :meth:`shows_finished_trick`."""

    pace: float = 0.5
    trick: str = "normal"

    def hold(self, shown: Update[ViewT], coming: Update[ViewT], *,
             catching_up: bool = False) -> float:
        """Seconds ``shown`` stays on screen before ``coming`` replaces it, counted
        from when ``shown`` was drawn; :data:`UNTIL_KEY` for a finished trick when the
        setting says so."""
        raise NotImplementedError

    def shows_finished_trick(self, update: Update[ViewT]) -> bool:
        """The update leaves a finished trick on the table (it stays by the setting)."""
        raise NotImplementedError

    def trick_hold(self) -> float:
        """How long a finished trick stays (the setting; no time at pace 0)."""
        if self.trick == "key":
            return UNTIL_KEY
        return TRICK_SECONDS.get(self.trick, TRICK_SECONDS["normal"]) if self.pace > 0 else 0.0

    def with_trick(self, trick: str) -> Pacing[ViewT]:
        """The same pace with another trick display setting."""
        return type(self)(self.pace, trick)
