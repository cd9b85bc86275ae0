"""Hund's pace: how long each of its events stays on the table (the shared part, the
trick display setting and catching up, is :mod:`ebbes_tui.ui.pacing`).

Every event of one move comes with the view after the whole move (the last card of a
trick, its taking, the draws): they follow each other at once, and what they leave
stays until the next move."""

from __future__ import annotations

from dataclasses import dataclass

from ....controller import Update
from ....ui.pacing import Pacing
from ..rules.view import HundView
from ..rules.events import (
    Avstikk, CardPlayed, GameDealt, HundFound, Krig, Played, ShedBegan, TrickTaken,
    TrumpCardLaidAside, UndertrekkTaken,
)

#: A move of a seat: what waits the pace (another seat's) or nothing (your own).
MOVES = (CardPlayed, Played, UndertrekkTaken)
#: A krig, the trump card laid aside, an undertrekk: read before the next card comes.
NEWS_SECONDS = 1.5
#: A new game, or phase 2 with its trump card shown: a moment before the first card.
START_SECONDS = 2.5


@dataclass(frozen=True)
class HundPacing(Pacing[HundView]):
    """A card of another seat waits ``pace``; a finished trick, and the play that ends
    a game, stay by the setting; a krig or the trump card laid aside stays readable;
    a game's and phase 2's first card wait a little longer."""

    def hold(self, shown: Update[HundView], coming: Update[HundView], *,
             catching_up: bool = False) -> float:
        event = coming.event
        if catching_up or (isinstance(event, MOVES) and event.seat == shown.view.seat):
            return 0.0  # your own move shows at once
        if isinstance(event, HundFound) or (self.shows_finished_trick(shown)
                                            and isinstance(event, MOVES)):
            return self.trick_hold()  # the play that ended the game lands before the tally
        if self.pace <= 0 or not isinstance(event, MOVES):
            return 0.0
        wait = self.pace
        if isinstance(shown.event, (Krig, TrumpCardLaidAside, UndertrekkTaken)):
            wait = max(wait, NEWS_SECONDS)
        if isinstance(shown.event, (GameDealt, ShedBegan)):
            wait = max(wait, START_SECONDS)
        return wait

    def shows_finished_trick(self, update: Update[HundView]) -> bool:
        """The update leaves a taken trick on the table: a phase-1 trick (with what
        followed it in the same move: draws, the trump card laid aside), or an
        avstikk."""
        view = update.view
        if view.phase == "collect":
            return not view.trick and bool(view.tricks) and not isinstance(update.event, GameDealt)
        if view.phase == "shed" or view.phase == "over":
            return isinstance(update.event, (Played, Avstikk, TrickTaken, HundFound)) \
                and not view.shed_trick and bool(view.last_trick)
        return False
