"""What a session hears: the rules' events, the controller's own, each with a sequence
number and the view after it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from ..game.protocols import AnyView, ViewT_co


@dataclass(frozen=True)
class Synced:
    """The view is complete as it stands (a session's first update, or after it fell
    behind): draw it from scratch."""


@dataclass(frozen=True)
class TakenBack:
    """The last card of the one player against bots, and all after it, were undone
    (R20): everything after the previous update is void."""


@dataclass(frozen=True)
class SeatChanged:
    """Who plays ``seat`` now: ``human`` again, or a bot of ``level`` standing in for a
    player who is away (R21); the seat keeps its name and score."""

    seat: int
    human: bool
    level: str | None = None


@dataclass(frozen=True)
class SaveFailed:
    message: str


MatchEvent = Synced | TakenBack | SeatChanged | SaveFailed
#: What a session hears: a :data:`MatchEvent` or a game's own event, which the seam hands
#: on unread (a screen of that game reads it).
Event = object


@dataclass(frozen=True)
class Update(Generic[ViewT_co]):
    """One step of a session's stream: ``seq`` counts the match's events (1, 2, ...),
    ``view`` is what the session's seat may see once ``event`` (and any event reported
    with it) has happened, ``decision`` numbers the decision pending then (how many
    the game has had before it), so an answer is never given twice."""

    seq: int
    event: Event
    view: ViewT_co
    decision: int


#: An update as the generic layers pass it on: the view of a game they never name.
AnyUpdate = Update[AnyView]
