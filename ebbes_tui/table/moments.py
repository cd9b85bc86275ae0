"""Where a game stands, for putting what was said at a table among its moves: the deal
(round, game of the match) as the view numbers it, and the tricks taken in it so far,
counted from the events every game marks (a deal, a trick taken). A chat line carries
the moment it was said, so a player who comes later reads it where it belongs in the
game's log (issue 23, item 10)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from ..controller.events import AnyUpdate, Event
from ..game.events import Dealt, TrickEnded
from ..game.protocols import AnyGame, AnyState, AnyView, Record

#: (deal, tricks taken in it); before the game: no deal yet.
Moment = tuple[int, int]
BEFORE_THE_GAME: Moment = (0, 0)


def moment_after(moment: Moment, event: Event, deal: Callable[[], int]) -> Moment:
    """The moment after ``event``; ``deal()`` numbers a deal just dealt."""
    if isinstance(event, Dealt):
        return deal(), 0
    if isinstance(event, TrickEnded):
        return moment[0], moment[1] + 1
    return moment


def moment_of_updates(moment: Moment, updates: Iterable[AnyUpdate]) -> Moment:
    """The moment after ``updates`` (a session's, in order)."""
    for update in updates:
        moment = moment_after(moment, update.event, partial(_deal_of, update.view))
    return moment


def _deal_of(view: AnyView) -> int:
    return view.position()[0]


def moment_of_record(game: AnyGame, record: Record) -> Moment:
    """Where a saved game stopped."""
    moment = BEFORE_THE_GAME

    def observe(state: AnyState, events: Sequence[object]) -> None:
        nonlocal moment
        for event in events:
            moment = moment_after(moment, event, lambda: _deal_of(state.view(None)))

    game.records.replay(record, observe)
    return moment
