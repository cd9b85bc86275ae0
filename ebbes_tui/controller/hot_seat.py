"""Several players at one screen: an adapter over their sessions (R18).

Each player at the keyboard has a session of their own, and the screen one public
session. The adapter follows all of them in step (every session hears every event, in
order) and shows one player's view at a time: the viewer's, or the public table while
the screen is covered. It covers the table from every deal, and whenever another
player must decide, until that player takes the screen.
"""

from __future__ import annotations

from ..game.events import Dealt
from ..game.protocols import AnyView
from .events import AnyUpdate
from .match import Match
from .session import NotYourTurn


class HotSeat:
    """The screen's feed in a hot-seat game: :meth:`next` gives updates as the screen
    may show them, :meth:`take` puts a player at the screen."""

    def __init__(self, match: Match, seats: tuple[int, ...]) -> None:
        self.match = match
        self.players = {seat: match.session(seat) for seat in seats}
        self.public = match.session(None)
        self.viewer: int | None = None  # whose hand the screen may show
        self._latest: dict[int, AnyUpdate] = {}
        self._shown: AnyUpdate = self.public.snapshot()

    @property
    def seat(self) -> int | None:
        """The seat whose view is on screen (None: covered, the public table)."""
        return self.viewer

    def snapshot(self) -> AnyUpdate:
        """The latest state as the screen may show it now."""
        self._shown = self.public.snapshot()
        self._latest = {seat: s.snapshot() for seat, s in self.players.items()}
        return self._as_shown(self._shown)

    async def next(self) -> AnyUpdate:
        """The next update, with the viewer's view (or the public one); a new deal
        covers the table (R18)."""
        update = await self.public.next()
        for seat, session in self.players.items():
            mine = session.poll()
            if mine is not None:
                self._latest[seat] = mine
        if isinstance(update.event, Dealt):
            self.viewer = None
        self._shown = update
        return self._as_shown(update)

    def waiting(self) -> tuple[AnyUpdate, ...]:
        """The updates not taken yet (every session hears them all)."""
        return self.public.waiting()

    def as_seen(self, update: AnyUpdate) -> AnyUpdate:
        """``update`` as the player now at the screen may see it: taken while the
        table was covered, it has no hand; shown after they came, it has theirs."""
        return self._as_shown(update)

    def _as_shown(self, update: AnyUpdate) -> AnyUpdate:
        mine = self._latest.get(self.viewer) if self.viewer is not None else None
        if mine is not None and mine.seq == update.seq:
            return mine
        return update

    def needs_player(self, view: AnyView) -> int | None:
        """The player who must come to the screen for a decision ``view`` shows, if it
        is not the viewer's (several at once: the first in seat order)."""
        if self.viewer is not None and self.viewer in view.deciding:
            return None
        return next((seat for seat in view.deciding
                     if seat in self.players and self.match.human_plays(seat)), None)

    def take(self, seat: int) -> AnyUpdate:
        """``seat``'s player is at the screen: their view of the update on show."""
        if seat not in self.players:
            raise ValueError(f"seat {seat} is not played at this screen")
        self.viewer = seat
        return self._as_shown(self._shown)

    def for_everyone(self) -> AnyUpdate:
        """The update on show as everyone at the screen may read it (a deal's summary,
        the final standings): no hand, and nobody called "you"."""
        return self._shown

    def cover(self) -> AnyUpdate:
        """Nobody's hand is on screen any more."""
        self.viewer = None
        return self._shown

    def asks(self, update: AnyUpdate) -> bool:
        """Whether ``update`` asks the player at the screen for a new decision."""
        session = self.players.get(self.viewer) if self.viewer is not None else None
        return session is not None and session.asks(update)

    def submit(self, action: object, decision: int | None = None) -> None:
        if self.viewer is None:
            raise NotYourTurn(None, "the hand-off screen must be dismissed first")
        self.players[self.viewer].submit(action, decision)

    def draft(self, action: object) -> None:
        if self.viewer is None:
            raise NotYourTurn(None, "the hand-off screen must be dismissed first")
        self.players[self.viewer].draft(action)

    take_back_offered = False
    hints_offered = False

    def hint(self) -> tuple[object, str]:
        raise NotYourTurn(None, "hints are for one player against bots")

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> None:
        raise NotYourTurn(None, "take-back works only for one player against bots")

    def close(self) -> None:
        for session in (*self.players.values(), self.public):
            session.close()
