"""Errors every game raises, worded for the player who caused them."""

from __future__ import annotations


class RulesError(ValueError):
    """A move or setup the rules do not allow."""


class SetupError(RulesError):
    """A game setup the rules do not allow, with a sentence saying why."""


class RecordError(ValueError):
    """A record that cannot be replayed; the message says where and why in one line
    (the deal or round, the play number and the rule)."""


class IllegalMove(RulesError):
    """A decision the rules forbid. ``str()`` names the seat (for records and logs);
    :attr:`player_text` says it to the player at the table ("You must follow blue.").
    ``rule`` is worded to follow "You": "must follow blue"."""

    def __init__(self, seat: int | None, rule: str, played: object = None) -> None:
        self.seat = seat
        self.rule = rule
        self.played = played
        who = "" if seat is None else f"seat {seat} "
        what = "" if played is None else f", played {played}"
        super().__init__(f"{who}{rule}{what}")

    @property
    def player_text(self) -> str:
        if self.seat is not None:
            return f"You {self.rule}."
        return f"{self.rule[0].upper()}{self.rule[1:]}."


class RuleBroken(IllegalMove):
    """An :class:`IllegalMove` that names the ruling it breaks (``"H4"``, ``"N10"``), so
    a record's check can cite it; players read only the sentence."""

    def __init__(self, seat: int | None, rule: str, played: object = None, *,
                 ruling: str) -> None:
        super().__init__(seat, rule, played)
        self.ruling = ruling
