"""Duplicate deals for ``ebbes tournament``: every round of one game drawn up front
from one seed (the Number Determiners, every round's hands, round 1's starter and
dealer), so each seat rotation plays exactly the same cards."""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import Card
from .deal import deal_hands
from .events import Event
from .state import GameState
from .variants import BASIC_NUMBER_DETERMINERS, GameConfig

Hands = list[tuple[Card, ...]]


def deal_set(config: GameConfig, seed: int | str) -> tuple[list[tuple[Hands, int | None]], int, int]:
    """(hands, Number Determiner) of every round, round 1's starter and dealer."""
    rng = random.Random(seed)
    rand = rng.random
    numbers: list[int | None] = [None] * config.round_limit
    if not config.options.choose_determiners:
        numbers = [*sorted(BASIC_NUMBER_DETERMINERS, key=lambda _: rand())]
    rounds = [(deal_hands(config, rng), numbers[r]) for r in range(config.round_limit)]
    players = [s for s in range(config.seat_count) if s != config.dummy]
    starter = players[int(rand() * len(players))]
    dealer = players[int(rand() * len(players))]
    return rounds, starter, dealer


def duplicate_dealer(seed: int | str) -> Callable[[GameState], list[Event]]:
    """Deals each round of a game from the deal set of ``seed`` (drawn at the first
    deal, from the game's config); round 1's starter and dealer as the config chose
    them, else the deal set's (R11, R15)."""
    drawn: list[tuple[list[tuple[Hands, int | None]], int, int]] = []

    def deal(state: GameState) -> list[Event]:
        config = state.config
        if not drawn:
            drawn.append(deal_set(config, seed))
        rounds, starter, dealer = drawn[0]
        hands, number = rounds[state.round_no]
        if state.results:
            return state.start_round(hands, number=number)
        first_starter = config.first_starter if config.first_starter is not None else starter
        first_dealer = config.first_dealer if config.first_dealer is not None else dealer
        return state.start_round(hands, number=number, starter=first_starter,
                                 dealer=first_dealer if config.dummy is not None else None)

    return deal
