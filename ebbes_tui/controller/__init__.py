"""Runs a match of any game: seats (people, bots, seats nobody plays), sessions for
screens, the hot-seat adapter, saves, resume, take-back, and the library of this
user's games."""

from .events import AnyUpdate, Event, SaveFailed, SeatChanged, Synced, TakenBack, Update
from .hot_seat import HotSeat
from .library import NO_SAVE, Library, LocalGame
from .match import Match
from .saves import SaveError, SaveInfo, SaveSlot, SaveStore, SlotLocked
from .session import NotYourTurn, Session
from .setup import MatchSetup, players_setup

__all__ = [
    "AnyUpdate", "Event", "HotSeat", "Library", "LocalGame", "Match", "MatchSetup", "NO_SAVE",
    "NotYourTurn", "SaveError", "SaveFailed", "SaveInfo", "SaveSlot", "SaveStore",
    "SeatChanged", "Session", "SlotLocked", "Synced", "TakenBack", "Update",
    "players_setup",
]
