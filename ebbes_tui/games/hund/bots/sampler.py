"""Hidden cards consistent with one seat's view, for bots that search (N15).

A bot may know only its view. :func:`sample_state` builds a full state from the
view's public facts and a random placement of the cards the seat has not seen, at
the view's decision, ready to be played to the end of the game.

What is hidden when:

- phase 1: the other hands, the pile's order, the trump card once laid aside and the
  ten cards set aside with two players. Nothing a player does in phase 1 says anything
  about their hand (any card may be played, sjanse is always a choice), so every
  placement of the unseen cards is consistent and all are equally likely: a shuffle.
- phase 2: every taken card was played face up, and every later move is public, so
  the hands are known except the cards the last player holding cards in phase 1 added
  unseen (the ``leftover``) and, with two players, the ten set aside. With three or
  more players the unseen cards ARE that player's leftover. The leftover still held is
  constrained: each undertrekk of its holder says none of them beat the top card then
  (N10). Consistent placements are the subsets of the unseen cards of the right size
  that beat none of those cards, all equally likely: a uniform choice among them.
"""

from __future__ import annotations

import random

from ..rules.actions import UNDERTREKK, play_of
from ..rules.cards import DECK, Card
from ..rules.phases import Deal, GameResult, Phase
from ..rules.shed import open_phase
from ..rules.state import HundState
from ..rules.tricks import beats
from ..rules.view import HundView

def unseen_cards(view: HundView) -> list[Card]:
    """Cards this seat has not seen in this game: not in its hand, never played face
    up, not the shown trump card."""
    seen = set(view.hand)
    seen.update(view.played_cards())
    if view.trump_card >= 0:
        seen.add(view.trump_card)
    seen.update(c for m in view.log for c in m.cards)
    return [c for c in DECK if c not in seen]


def known_hands(view: HundView) -> tuple[list[list[Card]], int]:
    """Phase 2: the cards each seat is known to hold now (public memory: taken tricks,
    the shown trump card, every move since), and how many of its unseen part the
    leftover's holder still holds. The seat's own hand stands as it is."""
    n = len(view.seats)
    hold: list[list[Card]] = [[] for _ in range(n)]
    for t in view.tricks:
        hold[t.winner].extend(t.cards)
    hold[view.trump_holder].append(view.trump_card)
    holder = view.leftover[0] if view.leftover else -1
    for m in view.log:
        if m.took:
            hold[m.seat].extend(m.cards)
            continue
        for c in m.cards:
            if c in hold[m.seat]:
                hold[m.seat].remove(c)
            elif m.seat != holder:  # the holder may play a card of its unseen part
                raise ValueError(f"seat {m.seat} played a card it cannot hold")
    hidden = 0
    if holder >= 0 and holder != view.seat:
        hidden = view.hand_sizes[holder] - len(hold[holder])
    if view.seat is not None:
        hold[view.seat] = list(view.hand)
    return hold, hidden


def leftover_choices(view: HundView) -> tuple[list[Card], int]:
    """Phase 2: the unseen cards the leftover's holder may still hold (none beats a
    card it could not beat, N10), and how many it holds."""
    _, hidden = known_hands(view)
    trump = view.trump
    holder = view.leftover[0] if view.leftover else -1
    tops = [m.top for m in view.log if m.took and m.seat == holder]
    allowed = [c for c in unseen_cards(view) if not any(beats(c, t, trump) for t in tops)]
    return allowed, hidden


def sample_state(view: HundView, rng: random.Random) -> HundState:
    """A full state consistent with ``view``, at its decision (for search: its earlier
    games are only their orders of going out and their hunds, its deal only its dealer
    and the cards set aside, and it has no record)."""
    if view.phase not in ("collect", "shed") or not view.deciding:
        raise ValueError("a state is sampled at a seat's decision in a game")
    state = HundState(view.seats, series=view.series, games=view.games, dealer=None)
    state.results = [GameResult(None, (), (), -1, -1, (), out, h, shared)
                     for out, h, shared in zip(view.outs, view.hunds, view.shared)]
    state.tally = list(view.tally)
    state.unknown = view.moves
    state.tricks = list(view.tricks)
    state.trump_holder = view.trump_holder
    state.leftover = view.leftover
    state.leader = view.leader
    state.turn = view.deciding[0]
    if view.phase == "collect":
        _collect(state, view, rng)
    else:
        _shed(state, view, rng)
    return state


def _collect(state: HundState, view: HundView, rng: random.Random) -> None:
    state.phase = Phase.COLLECT
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    n = state.n
    for t in view.tricks:
        state.taken[t.winner].extend(t.cards)
    at = 0
    for s in range(n):
        if s == view.seat:
            state.hands[s] = list(view.hand)
            continue
        size = view.hand_sizes[s]
        state.hands[s] = sorted(unseen[at:at + size])
        at += size
    state.pile = unseen[at:at + view.pile_size]
    at += view.pile_size
    if view.trump_holder >= 0:
        state.trump_card = unseen[at]
        at += 1
    if at + view.aside_size != len(unseen):
        raise ValueError("the view's counts do not add up to the unseen cards")
    state.deal = Deal(view.dealer, tuple(unseen[at:]), (), ())
    state.t_seats = [s for s, _, _ in view.trick]
    state.t_cards = [c for _, c, _ in view.trick]
    state.t_sjanse = [j for _, _, j in view.trick]
    state.krig = view.krig
    state.warriors = view.warriors
    state.queue = list(view.to_play)
    state.round_start = view.round_start


def _shed(state: HundState, view: HundView, rng: random.Random) -> None:
    hold, hidden = known_hands(view)
    allowed, _ = leftover_choices(view)
    if hidden > len(allowed) or hidden < 0:
        raise ValueError("no placement of the unseen cards fits the view")
    holder = view.leftover[0] if view.leftover else -1
    if hidden:
        hold[holder].extend(rng.sample(allowed, hidden))
    state.trump_card = view.trump_card
    held = {c for h in hold for c in h}
    aside = set(unseen_cards(view)) - held
    if len(aside) != view.aside_size:
        raise ValueError("the view's counts do not add up to the unseen cards")
    state.deal = Deal(view.dealer, tuple(sorted(aside)), (), ())
    # Phase 2 is played again from its start, so that its positions come round as they
    # did (N17): each hand then is the hand now with its plays back, its take-ins out.
    start = hold
    for m in reversed(view.log):
        if m.took:
            for c in m.cards:
                start[m.seat].remove(c)
        else:
            start[m.seat].extend(m.cards)
    state.hands = [sorted(h) for h in start]
    state.phase2_hands = tuple(tuple(h) for h in state.hands)
    state.unknown = view.moves - len(view.log)
    open_phase(state, view.trump_holder)
    for m in view.log:
        state.apply_fast(UNDERTREKK if m.took else play_of(m.cards), m.seat)
