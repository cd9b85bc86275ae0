"""ebbes' pace: how long each of its events stays on the table (the shared part, the
trick display setting and catching up, is :mod:`ebbes_tui.ui.pacing`)."""

from __future__ import annotations

from dataclasses import dataclass

from ....controller import Update
from ....ui.pacing import Pacing
from ..rules.view import PlayerView
from ..rules.events import (
    CardPlayed, CategoryFixed, GameOver, PairChosen, RoundScored, StarterChosen, TrickWon,
)

#: Before the first card (or pair) of a round: who deals, who starts, the new number.
ROUND_START_SECONDS = 2.5
#: A newly fixed job ("brown is ebbes") stays readable before the next update.
FLASH_SECONDS = 1.5


@dataclass(frozen=True)
class EbbesPacing(Pacing[PlayerView]):
    """A card of another seat waits ``pace``; a finished trick stays by the setting; a
    fixed job flashes; a round's first card waits a little longer."""

    def hold(self, shown: Update[PlayerView], coming: Update[PlayerView], *,
             catching_up: bool = False) -> float:
        """The player's own card follows at once, and a screen that is catching up does
        not pause."""
        event = coming.event
        mine = shown.view.seat
        if catching_up or (isinstance(event, (CardPlayed, PairChosen)) and event.seat == mine):
            return 0.0
        if self.shows_finished_trick(shown) and isinstance(event, (CardPlayed, RoundScored,
                                                                   GameOver)):
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

    def shows_finished_trick(self, update: Update[PlayerView]) -> bool:
        """The update leaves a finished trick on the table (its last card, the job it
        fixed, its winner), which stays until the next card or the round's summary."""
        view = update.view
        return (isinstance(update.event, (CardPlayed, CategoryFixed, TrickWon))
                and not view.trick and bool(view.tricks))


def _first_of_round(update: Update[PlayerView]) -> bool:
    """The round's first card, or its first Variant 2 pair (R5)."""
    view, event = update.view, update.event
    if isinstance(event, CardPlayed):
        return view.played == 1
    return isinstance(event, PairChosen) and len(view.pairs) == 1
