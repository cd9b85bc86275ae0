"""Sentences about players, for every game: the player at the screen reads their own
seat as "You", and verbs agree with it ("You take", "Ola takes"); what the match says
about seats (a bot standing in, a save that failed)."""

from __future__ import annotations

from collections.abc import Sequence

from ..controller import SaveFailed, SeatChanged


def as_seen_by(names: list[str], seat: int | None) -> list[str]:
    """The seats' names as ``seat``'s player reads them: their own is "You" (two seats
    of one login at a shared table are "root" and "root (2)": "chose root (2)" read
    as someone else)."""
    if seat is None or not 0 <= seat < len(names):
        return names
    return [*names[:seat], "You", *names[seat + 1:]]


def says(name: str, verb: str) -> str:
    """``Bot 1 takes``, but ``You take``: the default player is called "You"."""
    return f"{name} {verb_for(name, verb)}"


def verb_for(name: str, verb: str) -> str:
    """``verb`` (third person, "takes") as it goes with ``name`` ("you" inside a
    sentence too)."""
    if name not in ("You", "you"):
        return verb
    if verb in ("is", "has"):
        return {"is": "are", "has": "have"}[verb]
    return verb[:-2] if verb.endswith(("ches", "shes", "sses")) else verb.removesuffix("s")


def match_line(event: object, names: Sequence[str]) -> str | None:
    """What the match (not the game) says about a seat or the save, or None."""
    if isinstance(event, SeatChanged):
        who = names[event.seat]
        return f"{says(who, 'is')} back." if event.human else \
            f"{says(who, 'is')} away: a {event.level} bot plays for them."
    if isinstance(event, SaveFailed):
        return event.message
    return None
