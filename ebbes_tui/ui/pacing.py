"""How long the table leaves what it shows before the next update replaces it.

The match never waits for a screen; each screen shows the game's updates one by one
at a pace a person can follow, and catches up when it falls behind. This module is
the pace, with no clock in it: the table asks :meth:`Pacing.hold` how long the
update on show stays (counted from when it was drawn) and does the waiting, which
any key cuts short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Sequence

from ..controller import Update
from ..controller.settings import TRICK_DISPLAYS
from ..games.ebbes.rules.events import (
    CardPlayed, CategoryFixed, GameOver, PairChosen, RoundScored, StarterChosen, TrickWon,
)

#: The trick display setting (as card sites have it): how long a finished trick stays.
TRICK_LABELS = {"key": "until a key", "slow": "slow", "normal": "normal", "fast": "fast"}
TRICK_SECONDS = {"slow": 4.0, "normal": 2.0, "fast": 1.0}
#: Before the first card (or pair) of a round: who deals, who starts, the new number.
ROUND_START_SECONDS = 2.5
#: A newly fixed job ("brown is ebbes") stays readable before the next update.
FLASH_SECONDS = 1.5
#: At a shared table a round summary closes itself after this long (any key sooner):
#: the table goes on, and nobody falls behind it.
SUMMARY_SECONDS = 8.0
#: Finished tricks waiting in the feed that make the screen catch up (no pauses).
BEHIND_TRICKS = 2
#: Until a key.
UNTIL_KEY = math.inf


def next_trick_display(current: str) -> str:
    """The setting after ``current``, round and round."""
    index = TRICK_DISPLAYS.index(current) if current in TRICK_DISPLAYS else -1
    return TRICK_DISPLAYS[(index + 1) % len(TRICK_DISPLAYS)]


def behind(waiting: Sequence[Update]) -> bool:
    """Whether the updates not shown yet hold enough finished tricks that the screen
    should catch up: show them without pauses."""
    return sum(isinstance(u.event, (TrickWon, RoundScored)) for u in waiting) >= BEHIND_TRICKS


def shows_finished_trick(update: Update) -> bool:
    """The update leaves a finished trick on the table (its last card, the job it
    fixed, its winner), which stays until the next card or the round's summary."""
    view = update.view
    return (isinstance(update.event, (CardPlayed, CategoryFixed, TrickWon))
            and not view.trick and bool(view.tricks))


@dataclass(frozen=True)
class Pacing:
    """``pace``: seconds before another seat's card (0: no pauses but "until a key");
    ``trick``: the trick display setting."""

    pace: float = 0.5
    trick: str = "normal"

    def hold(self, shown: Update, coming: Update, *, catching_up: bool = False) -> float:
        """Seconds ``shown`` stays on screen before ``coming`` replaces it, counted
        from when ``shown`` was drawn; :data:`UNTIL_KEY` for a finished trick when the
        setting says so. The player's own card follows at once, and a screen that is
        catching up does not pause."""
        event = coming.event
        mine = shown.view.seat
        if catching_up or (isinstance(event, (CardPlayed, PairChosen)) and event.seat == mine):
            return 0.0
        if shows_finished_trick(shown) and isinstance(event, (CardPlayed, RoundScored, GameOver)):
            return self.trick_hold()
        if self.pace <= 0:
            return 0.0
        wait = 0.0
        if isinstance(shown.event, CategoryFixed) and isinstance(event, (CardPlayed, CategoryFixed)):
            wait = FLASH_SECONDS  # "brown is ebbes" is read before "red is Minus" comes
        if isinstance(event, (CardPlayed, PairChosen)) or (
                isinstance(event, StarterChosen) and event.chooser is not None):
            wait = max(wait, self.pace)
            if _first_of_round(coming):
                wait = max(wait, ROUND_START_SECONDS)
        return wait


    def trick_hold(self) -> float:
        """How long a finished trick stays (the setting; no time at pace 0)."""
        if self.trick == "key":
            return UNTIL_KEY
        return TRICK_SECONDS.get(self.trick, TRICK_SECONDS["normal"]) if self.pace > 0 else 0.0


def _first_of_round(update: Update) -> bool:
    """The round's first card, or its first Variant 2 pair (R5)."""
    view, event = update.view, update.event
    if isinstance(event, CardPlayed):
        return view.played == 1
    return isinstance(event, PairChosen) and len(view.pairs) == 1
