"""A match's setup: seats, variants, who starts, the seed; and its record extras."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..bots import LEVELS
from ..rules.record import Record
from ..rules.variants import GameConfig, Options, SeatInfo, SetupError

DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class MatchSetup:
    """Everything chosen before the first deal.

    ``seats`` lists the players clockwise; a two-player game adds the dummy itself
    (seat 0). ``first_starter`` / ``first_dealer`` are None for "random" (R11, R15).
    """

    seats: tuple[SeatInfo, ...]
    options: Options = field(default_factory=Options)
    first_starter: int | None = None
    first_dealer: int | None = None
    seed: int | None = None

    def config(self) -> GameConfig:
        for seat in self.seats:
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise SetupError(f"unknown bot level {seat.level!r} (one of {', '.join(LEVELS)})")
        return GameConfig(self.seats, self.options)

    def with_seed(self) -> MatchSetup:
        """This setup with a seed drawn now if none was given, so the game replays."""
        if self.seed is not None:
            return self
        return MatchSetup(self.seats, self.options, self.first_starter, self.first_dealer,
                          random.SystemRandom().randrange(2**53))

    def extras(self) -> Record:
        """Record keys (ignored by other readers) that let a save resume exactly."""
        return {"seed": self.seed, "first_starter": self.first_starter,
                "first_dealer": self.first_dealer}


def players_setup(players: list[tuple[str, str, str | None]], options: Options,
                  **kw: int | None) -> MatchSetup:
    """A setup from (name, kind, level) per player; two players get the dummy in seat 0."""
    seats = [SeatInfo(name, kind, level if kind == "bot" else None) for name, kind, level in players]
    if len(seats) == 2:
        seats.insert(0, SeatInfo("Dummy", "dummy"))
    return MatchSetup(tuple(seats), options, **kw)


def setup_from_record(record: Record, config: GameConfig) -> MatchSetup:
    """The setup of a saved game, read back from its record's extras."""
    def seat_or_none(key: str) -> int | None:
        value = record.get(key)
        return value if isinstance(value, int) and 0 <= value < config.seat_count else None

    seed = record.get("seed")
    return MatchSetup(config.seats, config.options, seat_or_none("first_starter"),
                      seat_or_none("first_dealer"), seed if isinstance(seed, int) else None)
