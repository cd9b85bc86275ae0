"""Game setup as data: deck size by player count, the variants, and who sits where."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ....game.errors import SetupError
from ....game.protocols import SeatInfo
from .cards import SUITS, Card, card
from .track import DEFAULT_TRACK, ScoringTrack

#: Highest card value in play, by number of players: (basic game, Variant 1 "more
#: cards"). Rulebook "Setup" and "Variant 1", R12; two players use the 3-player
#: deck and do not play Variant 1 (R15).
DECK_VALUES: dict[int, tuple[int, int | None]] = {
    2: (6, None),
    3: (6, 9),
    4: (8, 12),
    5: (10, 15),
}
#: The Number Determiner cards of the basic game, one per round (R10, R12).
BASIC_NUMBER_DETERMINERS: tuple[int, ...] = (1, 2, 3, 4, 5)
#: Rounds in the basic game (R10) and the least a Variant 2 game may agree on (R13).
BASIC_ROUNDS = 5
#: The most rounds the setup offers for Variant 2 (the rulebook sets no limit).
MAX_ROUNDS = 15
SEAT_KINDS = ("human", "bot", "dummy")


@dataclass(frozen=True)
class Options:
    """The variants in play (rulebook "Variant 1" and "Variant 2", R12, R13)."""

    more_cards: bool = False
    choose_determiners: bool = False
    #: Variant 2's agreed number of rounds (R13); the basic game always has 5.
    rounds: int = BASIC_ROUNDS


@dataclass(frozen=True)
class GameConfig:
    """Everything fixed for a whole game. Seats are listed clockwise (R3)."""

    seats: tuple[SeatInfo, ...]
    options: Options = field(default_factory=Options)
    #: The track whose ends finish a Variant 2 game (R13, R14).
    track: ScoringTrack = DEFAULT_TRACK
    #: Round 1's starting player and, with two players, its dealer, as chosen at setup
    #: (R11, R15); None: drawn at random with the first deal.
    first_starter: int | None = None
    first_dealer: int | None = None

    def __post_init__(self) -> None:
        n = self.players
        if n not in DECK_VALUES:
            raise SetupError(f"ebbes is played by 2 to 5 players, not {n}")
        for seat in self.seats:
            if seat.kind not in SEAT_KINDS:
                raise SetupError(f"unknown seat kind {seat.kind!r}")
        dummies = [s for s in self.seats if s.kind == "dummy"]
        if n == 2 and len(dummies) != 1:
            raise SetupError("a two-player game needs exactly one dummy seat (R15)")
        if n > 2 and dummies:
            raise SetupError("only the two-player game has a dummy seat (R15)")
        if n == 2 and self.options.more_cards:
            raise SetupError("Variant 1 (more cards) is not played with two (R15)")
        if self.options.choose_determiners and self.options.rounds < BASIC_ROUNDS:
            raise SetupError(
                f"Variant 2 plays at least {BASIC_ROUNDS} rounds (R13), "
                f"not {self.options.rounds}"
            )

    @cached_property
    def players(self) -> int:
        """Number of players, not counting the dummy."""
        return sum(1 for s in self.seats if s.kind != "dummy")

    @cached_property
    def seat_count(self) -> int:
        return len(self.seats)

    @cached_property
    def dummy(self) -> int | None:
        """The dummy's seat index in a two-player game, else None."""
        for i, s in enumerate(self.seats):
            if s.kind == "dummy":
                return i
        return None

    @cached_property
    def max_value(self) -> int:
        """Highest card value dealt (R12)."""
        basic, more = DECK_VALUES[self.players]
        return more if self.options.more_cards and more else basic

    @cached_property
    def hand_size(self) -> int:
        return self.max_value * len(SUITS) // self.seat_count

    @cached_property
    def number_choices(self) -> tuple[int, ...]:
        """Numbers a Number Determiner can show: 1-5, or every dealt value in Variant 2."""
        if self.options.choose_determiners:
            return tuple(range(1, self.max_value + 1))
        return BASIC_NUMBER_DETERMINERS

    @cached_property
    def round_limit(self) -> int:
        return self.options.rounds if self.options.choose_determiners else BASIC_ROUNDS

    def deck(self) -> list[Card]:
        """The cards in play, in deck order (suit, then value)."""
        return list(self._deck)

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        return frozenset(self._deck)

    @cached_property
    def _deck(self) -> tuple[Card, ...]:
        return tuple(card(s, v) for s in SUITS for v in range(1, self.max_value + 1))

