"""Blindes Huhn extrem's pace: how long each of its events stays on the table (the
shared part, the trick display setting and catching up, is :mod:`ebbes_tui.ui.pacing`)."""

from __future__ import annotations

from dataclasses import dataclass

from ....controller import Update
from ....ui.pacing import Pacing
from ..rules.view import HuhnView
from ..rules.events import (
    CardPlayed, DealScored, GameOver, LeaderNamed, OptionChosen, PenaltyGiven, RewardTaken,
    TrickTaken,
)

#: Before a deal's first card: who leads and why can be read.
DEAL_START_SECONDS = 2.0


@dataclass(frozen=True)
class HuhnPacing(Pacing[HuhnView]):
    """Another seat's card, reward or named leader waits ``pace``; a finished trick
    stays by the setting; a deal's first card waits a little longer."""

    def hold(self, shown: Update[HuhnView], coming: Update[HuhnView], *,
             catching_up: bool = False) -> float:
        """The player's own card follows at once, and a screen that is catching up does
        not pause."""
        event = coming.event
        mine = shown.view.seat
        if catching_up or (isinstance(event, CardPlayed) and event.seat == mine):
            return 0.0
        if self.shows_finished_trick(shown) and isinstance(event, (CardPlayed, OptionChosen,
                                                                   DealScored, GameOver)):
            return self.trick_hold()
        if self.pace <= 0:
            return 0.0
        if isinstance(event, CardPlayed):
            first = not coming.view.tricks and len(coming.view.trick) == 1
            return max(self.pace, DEAL_START_SECONDS if first else 0.0)
        if isinstance(event, (RewardTaken, LeaderNamed)) and event.seat != mine:
            return self.pace
        return 0.0

    def shows_finished_trick(self, update: Update[HuhnView]) -> bool:
        """The update leaves a taken trick on the table (its last card, its taker,
        what it gave), which stays until the next card or the option."""
        view = update.view
        return (isinstance(update.event, (CardPlayed, TrickTaken, PenaltyGiven, RewardTaken,
                                          LeaderNamed))
                and not view.trick and bool(view.tricks))
