"""A match's setup: the game, who sits where, the game's options, the seed; and what a
record keeps of it besides the game's own record."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import LEVELS
from ..game.errors import SetupError
from ..game.protocols import AnyGame, AnyState, Record, SeatInfo


def fresh_seed() -> int:
    """The seed of a game started without one (tests put their own here)."""
    return random.SystemRandom().randrange(2**53)


@dataclass(frozen=True)
class MatchSetup:
    """Everything chosen before the first deal.

    ``seats`` lists every seat clockwise, as :meth:`Rules.seats_for` gives them (a seat
    nobody plays included). ``options`` are the game's own
    (:attr:`Rules.options`); a ``seat`` option (who starts, who deals) counts the
    players from 0, None for "random"."""

    game: AnyGame
    seats: tuple[SeatInfo, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None

    def new_state(self) -> AnyState:
        """The game before its first deal; SetupError says why the setup is wrong."""
        for seat in self.seats:
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise SetupError(f"unknown bot level {seat.level!r} (one of {', '.join(LEVELS)})")
        return self.game.rules.new_state(self.seats, dict(self.options))

    def with_seed(self) -> MatchSetup:
        """This setup with a seed drawn now if none was given, so the game replays."""
        if self.seed is not None:
            return self
        return replace(self, seed=fresh_seed())

    def extras(self) -> Record:
        """Record keys (ignored by other readers) that let a save resume exactly."""
        return {"seed": self.seed}


def players_setup(game: AnyGame, players: list[tuple[str, str, str | None]],
                  options: Mapping[str, Any], seed: int | None = None) -> MatchSetup:
    """A setup from (name, kind, level) per player, in seat order; the game adds any
    seat nobody plays."""
    seats = game.rules.seats_for([SeatInfo(name, kind, level if kind == "bot" else None)
                            for name, kind, level in players])
    return MatchSetup(game, seats, dict(options), seed)


def setup_from_record(game: AnyGame, record: Record) -> MatchSetup:
    """The setup of a saved game, read back from its record."""
    seats, options = game.records.setup_of(record)
    seed = record.get("seed")
    return MatchSetup(game, seats, options, seed if isinstance(seed, int) else None)
