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

from ..rules.cards import DECK, Card
from ..rules.phases import Deal, GameResult, Phase
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


def known_hands(view: HundView) -> tuple[list[list[Card]], list[Card], int]:
    """Phase 2: the cards each seat is known to hold now (public memory: taken tricks,
    the shown trump card, every move since), the cards the leftover's holder has played
    from its unseen part, and how many of that part it still holds. The seat's own
    hand stands as it is."""
    n = len(view.seats)
    hold: list[list[Card]] = [[] for _ in range(n)]
    for t in view.tricks:
        hold[t.winner].extend(t.cards)
    hold[view.trump_holder].append(view.trump_card)
    holder = view.leftover[0] if view.leftover else -1
    from_leftover: list[Card] = []
    for m in view.log:
        if m.took:
            hold[m.seat].extend(m.cards)
            continue
        for c in m.cards:
            if c in hold[m.seat]:
                hold[m.seat].remove(c)
            elif m.seat == holder:
                from_leftover.append(c)
            else:
                raise ValueError(f"seat {m.seat} played a card it cannot hold")
    hidden = 0
    if holder >= 0 and holder != view.seat:
        hidden = view.hand_sizes[holder] - len(hold[holder])
    if view.seat is not None:
        hold[view.seat] = list(view.hand)
    return hold, from_leftover, hidden


def leftover_choices(view: HundView) -> tuple[list[Card], int]:
    """Phase 2: the unseen cards the leftover's holder may still hold (none beats a
    card it could not beat, N10), and how many it holds."""
    _, _, hidden = known_hands(view)
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
    state.results = [GameResult(None, (), (), -1, -1, (), out, h)
                     for out, h in zip(view.outs, view.hunds)]
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
    state.phase = Phase.SHED
    hold, from_leftover, hidden = known_hands(view)
    allowed, _ = leftover_choices(view)
    if hidden > len(allowed) or hidden < 0:
        raise ValueError("no placement of the unseen cards fits the view")
    guess = rng.sample(allowed, hidden)
    holder = view.leftover[0] if view.leftover else -1
    if hidden:
        hold[holder].extend(guess)
    state.hands = [sorted(h) for h in hold]
    state.trump_card = view.trump_card
    lying = [c for _, cs in view.shed_trick for c in cs]
    held = {c for h in state.hands for c in h}
    aside = set(unseen_cards(view)) - held
    if len(aside) != view.aside_size:
        raise ValueError("the view's counts do not add up to the unseen cards")
    state.deal = Deal(view.dealer, tuple(sorted(aside)), (), ())
    state.gone = [c for c in DECK if c not in held and c not in aside and c not in lying]
    start = _start_hands(view)
    if holder >= 0 and holder != view.seat:  # the seat's own leftover is not told apart
        start[holder] += from_leftover + guess
    state.phase2_hands = tuple(tuple(sorted(h)) for h in start)
    state.trick2 = list(view.shed_trick)
    state.began = view.began
    state.out = list(view.out)
    state.log2 = list(view.log)
    state.last2 = view.last_trick


def _start_hands(view: HundView) -> list[list[Card]]:
    """The known part of each hand at the start of phase 2: the cards taken, and the
    trump card for its holder (N9)."""
    start: list[list[Card]] = [[] for _ in view.seats]
    for t in view.tricks:
        start[t.winner].extend(t.cards)
    start[view.trump_holder].append(view.trump_card)
    return start

