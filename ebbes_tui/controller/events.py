"""Events the controller adds to the rules' own: what a UI must do besides redraw."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.state import Phase


@dataclass(frozen=True)
class DecisionNeeded:
    """``seat`` must decide now; ``human`` tells the UI to wait for that player."""

    seat: int
    phase: Phase
    human: bool


@dataclass(frozen=True)
class HandOff:
    """Hot-seat: cover the table until ``seat``'s player is at the screen."""

    seat: int


@dataclass(frozen=True)
class TakenBack:
    """The human's last card and all after it were undone: redraw everything."""


@dataclass(frozen=True)
class SaveFailed:
    message: str


MatchEvent = DecisionNeeded | HandOff | TakenBack | SaveFailed
