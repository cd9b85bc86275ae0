"""Guessing hidden cards from one seat's view, for bots that search.

A bot may know only its :class:`PlayerView`. To look ahead it samples where the
unseen cards could be, consistent with everything the seat saw: each hand's size,
the suits a player has shown void in, the dummy's face-up cards (R18); then it plays
out full states built from the view and that guess. Nothing here reads a real hand.
"""

from __future__ import annotations

import random

from .cards import SUIT_OF, SUITS, Card
from .state import GameState, Phase
from .view import PlayerView


def known_voids(view: PlayerView) -> list[set[int]]:
    """Suits each seat has shown it lacks: it did not follow a suit that was led.
    The dummy is left out: its face-down cards never had to follow (R16)."""
    voids: list[set[int]] = [set() for _ in range(view.config.seat_count)]
    dummy = view.config.dummy
    tricks = [(t.seats, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick_seats, view.trick))
    for seats, cards in tricks:
        led = SUIT_OF[cards[0]]
        for seat, c in zip(seats, cards):
            if SUIT_OF[c] != led and seat != dummy:
                voids[seat].add(led)
    return voids


def unseen_cards(view: PlayerView) -> list[Card]:
    """Cards in play that this seat has not seen: other hands and face-down cards."""
    seen = set(view.hand) | set(view.trick)
    seen.update(c for t in view.tricks for c in t.cards)
    seen.update(c for c in view.dummy_up if c is not None)
    return [c for c in view.config.deck() if c not in seen]


def hidden_holders(view: PlayerView) -> dict[int, int]:
    """How many unseen cards each other holder has; the dummy's count is its
    face-down cards."""
    dummy = view.config.dummy
    holders = {}
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        if seat == dummy:
            holders[seat] = sum(view.dummy_down)
        elif size:
            holders[seat] = size
    return holders


def sample_hidden(view: PlayerView, rng: random.Random) -> dict[int, list[Card]]:
    """A random placement of the unseen cards: each holder gets its count, no player
    gets a suit it has shown void in. The true deal is always one such placement."""
    cards = unseen_cards(view)
    holders = hidden_holders(view)
    voids = known_voids(view)
    for _ in range(50):  # a random greedy fill almost always succeeds at once
        placed = _greedy_fill(cards, holders, voids, rng)
        if placed is not None:
            return placed
    return _exact_fill(cards, holders, voids, rng)


def _greedy_fill(cards, holders, voids, rng):
    room = dict(holders)
    placed: dict[int, list[Card]] = {s: [] for s in holders}
    order = cards[:]
    rng.shuffle(order)
    # Cards with fewer possible holders first, so constrained suits are placed early.
    order.sort(key=lambda c: sum(1 for s in holders if SUIT_OF[c] not in voids[s]))
    for c in order:
        options = [s for s in holders if room[s] and SUIT_OF[c] not in voids[s]]
        if not options:
            return None
        seat = rng.choices(options, weights=[room[s] for s in options])[0]
        placed[seat].append(c)
        room[seat] -= 1
    return placed


def _exact_fill(cards, holders, voids, rng):
    """Place card by card, keeping only choices after which the rest still fits
    (a tiny max-flow over suits and holders)."""
    room = dict(holders)
    placed: dict[int, list[Card]] = {s: [] for s in holders}
    left = cards[:]
    rng.shuffle(left)
    while left:
        c = left.pop()
        options = [s for s in holders if room[s] and SUIT_OF[c] not in voids[s]]
        rng.shuffle(options)
        for seat in options:
            room[seat] -= 1
            if _fits(left, room, voids):
                placed[seat].append(c)
                break
            room[seat] += 1
        else:
            raise ValueError("no placement of the unseen cards fits the view")
    return placed


def _fits(cards, room, voids) -> bool:
    need = [0] * len(SUITS)
    for c in cards:
        need[SUIT_OF[c]] += 1
    # Max flow from suits to holders by augmenting paths (at most 5 x 5 nodes).
    cap = dict(room)
    flow: dict[tuple[int, int], int] = {}
    total = 0
    for suit in SUITS:
        for _ in range(need[suit]):
            if not _augment(suit, cap, flow, voids, set()):
                return False
            total += 1
    return total == len(cards)


def _augment(suit, cap, flow, voids, seen) -> bool:
    for seat in cap:
        if suit in voids[seat] or seat in seen:
            continue
        seen.add(seat)
        if cap[seat] > 0:
            cap[seat] -= 1
            flow[(suit, seat)] = flow.get((suit, seat), 0) + 1
            return True
        for other in SUITS:  # move one of ``other``'s cards away from this seat
            if flow.get((other, seat), 0) and _augment(other, cap, flow, voids, seen):
                flow[(other, seat)] -= 1
                flow[(suit, seat)] = flow.get((suit, seat), 0) + 1
                return True
    return False


def determinized_state(view: PlayerView, hidden: dict[int, list[Card]],
                       rng: random.Random) -> GameState:
    """A full state of the current round: the view's public facts, the seat's own hand,
    and ``hidden`` (from :func:`sample_hidden`) for everything unseen. The dummy's
    hidden cards are laid face down in a random order, so no stack is favoured. For
    search only: its past rounds are left out, so play it no further than the round's
    end."""
    if view.phase is not Phase.PLAY or view.seat is None:
        raise ValueError("determinized states are built for a seat while cards are played")
    config = view.config
    dummy = config.dummy
    hands: list[list[Card]] = [[] for _ in range(config.seat_count)]
    hands[view.seat] = list(view.hand)
    down: list[Card | None] = []
    if dummy is not None:
        down_cards = list(hidden.get(dummy, [])) if dummy != view.seat else []
        rng.shuffle(down_cards)
        down = [down_cards.pop() if lies else None for lies in view.dummy_down]
        hands[dummy] = [c for c in view.dummy_up + tuple(down) if c is not None]
    for seat, cards in hidden.items():
        if seat != dummy:
            hands[seat] = list(cards)
    return GameState.mid_round(
        config, round_no=view.round_no, totals=view.totals, dealer=view.dealer,
        number=view.number, pairs=view.pairs, starter=view.starter, hands=hands,
        dummy_down=down, dummy_up=view.dummy_up, tricks=view.tricks, trick=view.trick,
        leader=view.leader, suits=view.suits,
    )
