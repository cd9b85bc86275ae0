"""Where ``ebbes bench ui`` takes its key figures: a position reached by the rules, saved
as a game to continue at the local table or to reopen at a shared one.

Seat 0 is the seat at the keyboard. Seeded games are played with random legal moves
(every seat alike, chance dealt from the seed) until seat 0 must decide holding at
least the cards its game's figure asks for: a fresh deal for ebbes and Blindes Huhn,
30 cards for Hund (issue 26) with room for every timed key to keep 30 (each of seat 0's
moves sheds at most one card; a hand is only ever drawn in full). The game's record up
to there is the position; a table resumes it as any saved game.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count

from ..controller import SaveStore
from ..game.drive import next_to_decide
from ..game.protocols import AnyGame, AnyState, AnyView, Record, SeatInfo, any_answer
from ..table.rendezvous import my_login
from ..table.saved import new_slot, write_holders

#: The players at the table where each game's key figures are taken.
KEY_PLAYERS = {"ebbes": 3, "huhn": 5, "hund": 6}
#: Cards seat 0 must hold at every timed key, per game (issue 26: Hund with 30).
KEY_CARDS = {"hund": 30}
#: Seeds tried before the bench gives up looking for a position.
SEARCH_SEEDS = 2000


def players_for(game_id: str) -> int:
    return KEY_PLAYERS.get(game_id, 3)


def cards_held(view: AnyView) -> int:
    """The cards of the seat's own hand on screen (every game's view lists it as
    ``hand``; none for a spectator)."""
    return len(getattr(view, "hand", ()))


@dataclass(frozen=True)
class Position:
    """A position of ``game`` at ``players``: the seed whose random game reaches it and
    the decisions made by then; seat 0 holds ``cards`` and must decide."""

    game: AnyGame
    players: int
    seed: int
    decisions: int
    cards: int

    def record(self, seats: Sequence[SeatInfo]) -> Record:
        """The game up to the position, with ``seats`` (seat 0 first) at the table."""
        state = _played(self.game, seats, self.seed,
                        lambda s, _seat: s.decisions_made() >= self.decisions)
        assert state is not None and state.decisions_made() == self.decisions
        return self.game.records.to_record(state, {"seed": self.seed})

    def save_local(self, store: SaveStore) -> None:
        """The position as the newest saved game of one player (seat 0) against random
        bots: Continue opens it."""
        seats = [SeatInfo("You", "human", None)] + \
            [SeatInfo(f"Bot {i}", "bot", "random") for i in range(1, self.players)]
        _write(store, store.new_slot(), self.record(self.game.rules.seats_for(seats)))

    def save_table(self, store: SaveStore, name: str) -> str:
        """The position as the save of table ``name``, every seat a person's and kept for
        this user (each seat is joined by a client of this process); its slot."""
        seats = self.game.rules.seats_for(
            [SeatInfo(f"Player {i + 1}", "human", None) for i in range(self.players)])
        slot = new_slot(store, name)
        _write(store, slot, self.record(seats))
        me = (my_login(), os.getuid())
        write_holders(store, slot, {i: me for i, s in enumerate(seats) if s.kind == "human"})
        return slot


def find_position(game: AnyGame, presses: int) -> Position:
    """The first seeded position where seat 0 must decide holding its game's cards
    (:data:`KEY_CARDS`) and enough more that ``presses`` of its moves keep them."""
    players = players_for(game.id)
    least = KEY_CARDS.get(game.id, 0)
    needed = least + presses - 1 if least else 0
    seats = game.rules.seats_for([SeatInfo(f"Player {i + 1}", "human", None)
                                  for i in range(players)])

    def reached(state: AnyState, seat: int) -> bool:
        return seat == 0 and cards_held(state.view(0)) >= needed

    for seed in count(1):
        if seed > SEARCH_SEEDS:
            raise RuntimeError(f"no {game.id} game of {SEARCH_SEEDS} seeds reached a position "
                               f"where seat 0 holds {needed} cards")
        state = _played(game, seats, seed, reached)
        if state is not None:
            return Position(game, players, seed, state.decisions_made(), cards_held(state.view(0)))
    raise AssertionError("unreachable")


def _played(game: AnyGame, seats: Sequence[SeatInfo], seed: int,
            stop: Callable[[AnyState, int], bool]) -> AnyState | None:
    """Game ``seed`` played with random legal moves until ``stop(state, seat)`` holds at
    a decision of ``seat``; None if the game ends first."""
    rules = game.rules
    state = rules.new_state(tuple(seats), {})
    rng = random.Random(seed)

    def deal(s: AnyState) -> None:
        rules.resolve_chance(s, seed)

    while (seat := next_to_decide(state, deal)) is not None:
        if stop(state, seat):
            return state
        state.apply(any_answer(state.legal(seat), rng), seat)
    return None


def _write(store: SaveStore, slot: str, record: Record) -> None:
    saved = store.open(slot)
    try:
        saved.write(record)
    finally:
        saved.close()
