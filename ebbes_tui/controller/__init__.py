"""Runs a match: seats (human, bot, dummy), turn flow, autosave, resume, take-back."""

from .events import DecisionNeeded, HandOff, MatchEvent, SaveFailed, TakenBack
from .match import Match, NotYourTurn
from .saves import SaveError, SaveInfo, SaveSlot, SaveStore, SlotLocked, describe
from .setup import MatchSetup, players_setup

__all__ = [
    "DecisionNeeded", "HandOff", "Match", "MatchEvent", "MatchSetup", "NotYourTurn",
    "SaveError", "SaveFailed", "SaveInfo", "SaveSlot", "SaveStore", "SlotLocked",
    "TakenBack", "describe", "players_setup",
]
