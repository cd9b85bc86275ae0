"""Shuffling and dealing, always from a Random the caller owns (seeded, replayable)."""

from __future__ import annotations

import random
from itertools import repeat, starmap
from operator import itemgetter
from collections.abc import Callable

from .cards import Card
from .events import Event
from .state import GameState
from .variants import BASIC_NUMBER_DETERMINERS, GameConfig


def deal_hands(config: GameConfig, rng: random.Random) -> list[tuple[Card, ...]]:
    """Shuffle the cards in play and deal them evenly, one hand per seat in seat order;
    the same seed gives the same deal on every Python version.
    The dummy's hand is in deal order: first five face down, then five face up (R16)."""
    cards = config.deck()
    # only random() is stable across Python versions, not shuffle(); one key per card
    keys = list(starmap(rng.random, repeat((), len(cards))))
    deck = itemgetter(*sorted(range(len(cards)), key=keys.__getitem__))(cards)
    size = config.hand_size
    return [deck[i * size:(i + 1) * size] for i in range(config.seat_count)]


def deal_next_round(
    state: GameState,
    rng: random.Random,
    *,
    starter: int | None = None,
    dealer: int | None = None,
) -> list[Event]:
    """Deal the round ``state`` waits for. The face-up Number Determiner is the next
    card of the shuffled stack, i.e. a random one of those not yet shown (R10). Round
    1's starter (and, with two players, dealer) are random unless given (R11, R15)."""
    config = state.config
    hands = deal_hands(config, rng)
    number = None
    if not config.options.choose_determiners:
        shown = {r.number for r in state.results}
        number = rng.choice([v for v in BASIC_NUMBER_DETERMINERS if v not in shown])
    if state.results:
        return state.start_round(hands, number=number, dealer=dealer, shuffled=True)
    players = [s for s in range(config.seat_count) if s != config.dummy]
    if config.dummy is not None and dealer is None:
        dealer = rng.choice(players)
    if starter is None:
        starter = rng.choice(players)
    return state.start_round(hands, number=number, starter=starter, dealer=dealer,
                             shuffled=True)


def dealer_from(rng: random.Random, *, starter: int | None = None,
                dealer: int | None = None) -> Callable[[GameState], list[Event]]:
    """A dealer for the game loop: every round from ``rng``; round 1's starter (and,
    with two players, dealer) as given, else drawn (R11, R15)."""

    def deal(state: GameState) -> list[Event]:
        first = not state.results
        return deal_next_round(state, rng, starter=starter if first else None,
                               dealer=dealer if first else None)

    return deal
