"""Guessing hidden cards from one seat's view, for bots that search.

A bot may know only its :class:`PlayerView`. To look ahead it samples where the
unseen cards could be, consistent with everything the seat saw: each hand's size,
the suits a player has shown void in, the dummy's face-up cards (R18); then it plays
out full states built from the view and that guess. Nothing here reads a real hand.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from math import comb

from .cards import SUIT_OF, Card
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
    gets a suit it has shown void in; every such placement is equally likely (the
    true deal is always one of them). For many samples of one view, make a
    :class:`HiddenDeals` once."""
    return HiddenDeals(view).sample(rng)


class HiddenDeals:
    """Every placement of a view's unseen cards that fits what the seat saw, drawn
    uniformly by exact counting.

    Suits that the same holders may hold are one group; a placement is a count of
    each group's cards per holder (the number of deals behind such counts is a
    product of multinomials), then the group's cards shuffled into those counts. The
    counts are drawn group by group, each in proportion to the deals it leaves."""

    def __init__(self, view: PlayerView) -> None:
        cards = unseen_cards(view)
        holders = hidden_holders(view)
        voids = known_voids(view)
        self.holders = tuple(holders)
        self.rooms = tuple(holders.values())
        groups: dict[tuple[bool, ...], list[Card]] = {}
        for c in cards:
            allowed = tuple(SUIT_OF[c] not in voids[h] for h in self.holders)
            groups.setdefault(allowed, []).append(c)
        # The largest group last: its counts are then forced, never enumerated.
        order = sorted(groups.items(), key=lambda item: len(item[1]))
        self.allowed = tuple(a for a, _ in order)
        self.cards = tuple(tuple(g) for _, g in order)
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]] = {}
        if not self.ways(0, self.rooms):
            raise ValueError("no placement of the unseen cards fits the view")

    def ways(self, group: int, rooms: tuple[int, ...]) -> int:
        """How many placements there are of the cards of ``group`` and after into
        holders with ``rooms`` free places."""
        if group == len(self.cards):
            return int(not any(rooms))
        key = (group, rooms)
        known = self._ways.get(key)
        if known is None:
            known = self._ways[key] = sum(
                _multinomial(counts) * self.ways(group + 1, _less(rooms, counts))
                for counts in self._counts(group, rooms))
        return known

    def _counts(self, group: int, rooms: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to split ``group``'s cards over the holders allowed them."""
        size, allowed = len(self.cards[group]), self.allowed[group]
        if group == len(self.cards) - 1:  # the last group fills every room left
            fits = sum(rooms) == size and all(a or not r for a, r in zip(allowed, rooms))
            return [rooms] if fits else []
        return list(_splits(size, [r if a else 0 for a, r in zip(allowed, rooms)]))

    def sample(self, rng: random.Random) -> dict[int, list[Card]]:
        """One placement, every fitting one equally likely."""
        placed: dict[int, list[Card]] = {h: [] for h in self.holders}
        rooms = self.rooms
        for group, cards in enumerate(self.cards):
            counts = self._draw(group, rooms, rng)
            rooms = _less(rooms, counts)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            for holder, count in zip(self.holders, counts):
                placed[holder] += shuffled[:count]
                del shuffled[:count]
        return placed

    def _draw(self, group: int, rooms: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        key = (group, rooms)
        if key not in self._choices:
            running, options = 0, []
            bounds = []
            for counts in self._counts(group, rooms):
                weight = _multinomial(counts) * self.ways(group + 1, _less(rooms, counts))
                if weight:
                    running += weight
                    bounds.append(running)
                    options.append(counts)
            self._choices[key] = (bounds, options)
        bounds, options = self._choices[key]
        return options[bisect_right(bounds, rng.randrange(bounds[-1]))]


def _less(rooms: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(r - c for r, c in zip(rooms, counts))


def _splits(size: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every tuple of counts, each at most its cap, that adds up to ``size``."""
    if not caps:
        return [()] if size == 0 else []
    rest = sum(caps[1:])
    return [(first, *tail) for first in range(max(0, size - rest), min(caps[0], size) + 1)
            for tail in _splits(size - first, caps[1:])]


def _multinomial(counts: tuple[int, ...]) -> int:
    """The number of ways to hand out sum(counts) distinct cards in these counts."""
    ways, total = 1, 0
    for count in counts:
        total += count
        ways *= comb(total, count)
    return ways


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
