"""The deal of a game (N2), drawn whole at once from a Random the caller owns: the ten
cards set aside with two players, three cards each, and the pile's order. Draws then
follow the pile, so nothing else in a game is chance."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ASIDE_TWO_PLAYERS, CODES, DECK, DECK_SIZE, HAND_SIZE, Card, pile_size
from .events import Event
from .state import Deal, HundState


def draw_deal(players: int, dealer: int, rng: random.Random) -> Deal:
    """Shuffle the 52 cards and deal them (N2); only ``random()`` is stable across
    Python versions, so the shuffle sorts by random keys."""
    keys = [rng.random() for _ in DECK]
    deck = sorted(DECK, key=keys.__getitem__)
    aside = ASIDE_TWO_PLAYERS if players == 2 else 0
    hands = tuple(tuple(deck[aside + HAND_SIZE * i:aside + HAND_SIZE * (i + 1)])
                  for i in range(players))
    return Deal(dealer, tuple(deck[:aside]), hands, tuple(deck[aside + HAND_SIZE * players:]))


def deal_next_game(state: HundState, seed: object) -> list[Event]:
    """Deal the game ``state`` waits for from the match's seed: game ``k`` from
    ``Random(f"{seed}:hund:deal:{k}")``, which also draws game 1's dealer when none was
    chosen (N2)."""
    k = len(state.results) + 1
    rng = random.Random(f"{seed}:hund:deal:{k}")
    dealer = state.next_dealer()
    if dealer is None:
        dealer = min(int(rng.random() * state.n), state.n - 1)
    return state.start_game(draw_deal(state.n, dealer, rng))


def deal_fault(deal: Deal, players: int, dealer: int | None) -> str | None:
    """What is wrong with a recorded deal, naming the ruling, or None (N1, N2)."""
    if dealer is not None and deal.dealer != dealer:
        return f"the dealer must be seat {dealer}, the seat after the last game's dealer (N2)"
    if not 0 <= deal.dealer < players:
        return f"the dealer must be a seat from 0 to {players - 1} (N2)"
    aside = ASIDE_TWO_PLAYERS if players == 2 else 0
    if len(deal.aside) != aside:
        return (f"'aside' must hold {aside} cards with {players} players (N2)")
    if len(deal.hands) != players:
        return f"'hands' must hold one hand for each of the {players} players (N2)"
    for seat, hand in enumerate(deal.hands):
        if len(hand) != HAND_SIZE:
            return f"seat {seat} must be dealt {HAND_SIZE} cards, not {len(hand)} (N2)"
    if len(deal.pile) != pile_size(players):
        return f"the pile must hold {pile_size(players)} cards, not {len(deal.pile)} (N2)"
    return _twice_or_missing([*deal.aside, *(c for h in deal.hands for c in h), *deal.pile])


def _twice_or_missing(cards: Sequence[Card]) -> str | None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            return f"{CODES[c]} is dealt twice: the deal must be the 52 cards once each (N1)"
        seen.add(c)
    if len(seen) != DECK_SIZE:
        missing = next(c for c in DECK if c not in seen)
        return f"{CODES[missing]} is missing: the deal must be the 52 cards once each (N1)"
    return None
