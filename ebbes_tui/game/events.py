"""Marker bases for the events a game reports, so that generic code (hot-seat covers,
replay navigation, pacing, the final screen) knows what an event means without knowing
the game. A game's event classes inherit the markers that apply. And the one event
every layer may meet that is no game's: a line of a shared table's chat, which the
table brings and each game's log shows among the moves."""

from __future__ import annotations

from dataclasses import dataclass


class Dealt:
    """New hands were dealt: a hot-seat screen covers the table (every hand changed)."""

    __slots__ = ()


class TrickEnded:
    """A trick was completed and taken (replay navigation jumps to these)."""

    __slots__ = ()


class DealEnded:
    """A deal (round, game of a match) was completed and scored."""

    __slots__ = ()


class Ended:
    """The whole game (the match) is over; its outcome is final."""

    __slots__ = ()


@dataclass(frozen=True)
class ChatLine:
    """A chat message, already cleaned of control characters and cut to length by the
    server (and again by the client). ``seat`` is None for a spectator; ``at`` where
    the game stood when it was said, (deal, tricks taken in it), (0, 0) before the
    game: a log puts a line said earlier among the moves it came between."""

    sender: str
    text: str
    seat: int | None = None
    earlier: bool = False  # said before this client came (the table keeps the last lines)
    at: tuple[int, int] | None = None
