"""Errors the rules raise, worded for the player who caused them."""

from __future__ import annotations

from .cards import Card


class RulesError(ValueError):
    """A move or setup the rules do not allow."""


class IllegalMove(RulesError):
    """A decision the rules forbid. ``str()`` names the seat (for records and logs);
    :attr:`player_text` says it to the player at the table ("You must follow blue.")."""

    def __init__(self, seat: int | None, rule: str, card: Card | None = None) -> None:
        self.seat = seat
        self.rule = rule
        self.card = card
        who = "" if seat is None else f"seat {seat} "
        played = "" if card is None else f", played {card}"
        super().__init__(f"{who}{rule}{played}")

    @property
    def player_text(self) -> str:
        return f"You {self.rule}." if self.seat is not None else f"{self.rule[0].upper()}{self.rule[1:]}."
