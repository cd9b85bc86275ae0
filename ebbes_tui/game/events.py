"""Marker bases for the events a game reports, so that generic code (hot-seat covers,
replay navigation, pacing, the final screen) knows what an event means without knowing
the game. A game's event classes inherit the markers that apply."""

from __future__ import annotations


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
