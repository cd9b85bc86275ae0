"""What happens at a shared table besides the game: chat (the seam's
:class:`~ebbes_tui.game.events.ChatLine`, which every game's log shows), who is
connected, refusals, the lobby. A remote feed hands these to a screen as the ``event``
of an :class:`~ebbes_tui.controller.Update`, with the latest view attached, so a screen
follows one stream as it does for a local game."""

from __future__ import annotations

from dataclasses import dataclass

from ..game.clean import NAME_LIMIT, clean
from ..game.events import ChatLine


@dataclass(frozen=True)
class SeatPresence:
    """One seat as the presence line shows it. ``away_since`` and times are this
    process's ``time.monotonic()``; ``bot`` is the level of a bot standing in (R21)."""

    seat: int
    name: str
    kind: str  # human, bot, or a game's seat nobody plays
    connected: bool
    away_since: float | None = None
    bot: str | None = None


@dataclass(frozen=True)
class Presence:
    """Who is connected and whose turn it is, since when (``time.monotonic()``); how
    long a connected player has for one decision (``turn_time``, None: no limit); the
    logins watching; ``waiting``: a bot stands in for every person, so the game waits
    until one of them is back; ``away_after``: how long a seat with no connection waits
    before a bot plays it (None: never)."""

    seats: tuple[SeatPresence, ...]
    turn: int | None
    turn_since: float | None
    watchers: int = 0
    turn_time: float | None = None
    watching: tuple[str, ...] = ()
    waiting: bool = False
    away_after: float | None = None


@dataclass(frozen=True)
class Refused:
    """The server refused something this client sent; ``text`` is one sentence for the
    player, ``code`` says what kind of refusal (``illegal``, ``slow-down`` ...)."""

    text: str
    code: str = "refused"


@dataclass(frozen=True)
class Disconnected:
    """The connection to the table is gone (the table ended or the network broke)."""

    text: str


def unshowable(table: str, error: Exception) -> Disconnected:
    """Leaving ``table`` (its label, ``carol/fri``) because this ebbes could not show
    an update it sent: what passed the protocol's checks may still be nonsense, and
    another user's table must not end the program. The error's words are cleaned."""
    why = clean(error, NAME_LIMIT) or type(error).__name__
    return Disconnected(f"The table {table} sent something this ebbes cannot show ({why}), "
                        "so you left it.")


@dataclass(frozen=True)
class LobbySeat:
    """A seat before the game: ``player`` counts from 1 in the order of ``--seats``,
    ``seat`` is the game's seat number (views use it; a seat nobody plays may be 0).
    ``kind`` is ``player`` (anyone), ``user`` (reserved for ``login``) or ``bot``."""

    player: int
    seat: int
    kind: str
    name: str | None
    login: str | None
    connected: bool


@dataclass(frozen=True)
class Lobby:
    """The table before its game starts: the seats, and whether this client may start
    the game now (the host, with bots in the empty seats)."""

    seats: tuple[LobbySeat, ...]
    host: str
    can_start: bool
    watching: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameStarted:
    """The lobby is over: the game's feed is ready (:meth:`TableClient.game`)."""


TableEvent = ChatLine | Presence | Refused | Disconnected | Lobby | GameStarted
