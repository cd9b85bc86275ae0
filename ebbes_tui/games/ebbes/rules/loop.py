"""The one game loop. Whoever drives a game (the match, the tournament, the benchmarks,
the tests) steps it through :func:`decisions`: the deal is done when a round must be
dealt, every other decision goes to whoever answers for that seat.
"""

from __future__ import annotations

from random import Random
from collections.abc import Callable, Iterator, Mapping, Sequence

from .actions import Action
from .cards import Card
from .events import Event
from .state import Decision, GameState, Phase
from .view import PlayerView

#: Deals the round the state waits for (chance) and returns what that caused.
Dealer = Callable[[GameState], list[Event]]
#: Answers a decision; it is given the whole state, so wrap players with :func:`by_seat`.
Chooser = Callable[[GameState, Decision], Action]
#: A seat's player: one of the legal actions, from that seat's view only (R18).
SeatPlayer = Callable[[PlayerView, Sequence[Action]], Action]
Observer = Callable[[list[Event]], None]


def decisions(state: GameState, deal: Dealer, observe: Observer | None = None,
              until: Callable[[GameState], bool] | None = None) -> Iterator[Decision]:
    """Yield every decision of the game in turn, dealing each round when it is due,
    to the end of the game or until ``until(state)`` holds. The caller answers a
    decision (``state.apply``) before taking the next; one left unanswered is yielded
    again."""
    while (pending := state.decision) is not None and not (until and until(state)):
        if pending.phase is Phase.DEAL:
            events = deal(state)
            if observe is not None:
                observe(events)
        else:
            yield pending


def play_game(state: GameState, deal: Dealer, choose: Chooser, *,
              observe: Observer | None = None,
              playout: Random | Callable[[GameState, list[Card]], Card] | None = None,
              until: Callable[[GameState], bool] | None = None) -> GameState:
    """Play ``state`` to the end of the game (or until ``until(state)`` holds before a
    decision), every answer checked by the rules. With ``playout`` each round's cards
    go the fast unchecked way instead (:meth:`GameState.play_out`, for benchmarks
    and search): no events, no checks."""
    for decision in decisions(state, deal, observe, until):
        if playout is not None and decision.phase is Phase.PLAY:
            state.play_out(playout)
            continue
        events = state.apply(choose(state, decision), decision.seat)
        if observe is not None:
            observe(events)
    return state


def by_seat(players: Mapping[int, SeatPlayer]) -> Chooser:
    """A chooser that asks each seat's player, showing it that seat's view only."""

    def choose(state: GameState, decision: Decision) -> Action:
        seat = decision.seat
        if seat is None:
            raise ValueError("chance steps are the game's, no player's")
        return players[seat](state.view(seat), state.legal_actions())

    return choose


def forced(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The dummy's player: it never chooses, its one card is forced (R16)."""
    if len(legal) != 1:
        raise ValueError("the dummy has exactly one legal card")
    return legal[0]
