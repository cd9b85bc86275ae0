"""Guessing the hidden cards from one seat's view, for bots that search.

What a seat cannot see (H13): which of the unseen cards each other player holds, in
which order, and the face-down cards of the trick in progress. What constrains them:
the hand sizes; every card played (all face up once a trick is complete); and a
face-down card of the trick in progress is a face-down-symbol card (H5), unless its
player led it with *down* (H9), when it may be any card.

The ends the cards came from constrain nothing still hidden: a hand loses only its
end cards (or with *ear* one from its middle), so every order of the cards left is
consistent with every earlier play (their arrangement is the cards played from the
left, then the hand, then those played from the right). Hence a uniform draw of the
placement, with each remaining hand shuffled, is uniform over the consistent worlds.
Nothing here reads a real hand.
"""

from __future__ import annotations

import random

from ..rules.cards import IS_DOWN, REWARD_DOWN, Card, deck
from ..rules.state import OPTION, REWARD_CHOICE, NAME_LEADER, PLAY, HuhnState
from ..rules.tricks import LEFT, RIGHT
from ..rules.view import HuhnView


def unseen_cards(view: HuhnView) -> list[Card]:
    """The cards in play the seat has not seen: other hands and others' face-down
    cards in the trick (the set-aside cards are known, H1)."""
    seen = set(view.hand)
    seen.update(view.played_cards())
    return [c for c in deck(len(view.seats)) if c not in seen]


def any_card_slot(view: HuhnView, index: int) -> bool:
    """Whether the face-down card at ``index`` of the trick may be any card: the lead
    with *down* (H9); otherwise it shows the face-down symbol (H5)."""
    return index == 0 and view.advantage == REWARD_DOWN


def sample_hidden(view: HuhnView, rng: random.Random) -> tuple[dict[int, list[Card]], dict[int, Card]]:
    """A uniform placement of the unseen cards: each other seat's remaining hand (in a
    uniformly random order), and the card behind each hidden face-down back of the
    trick (by its index). ValueError if the view allows none. Between deals nothing
    is hidden."""
    if not any(view.hand_sizes):
        return {}, {}
    cards = unseen_cards(view)
    backs = [i for i, t in enumerate(view.trick) if t.card is None]
    symbol_backs = [i for i in backs if not any_card_slot(view, i)]
    symbols = [c for c in cards if IS_DOWN[c]]
    if len(symbol_backs) > len(symbols):
        raise ValueError("no placement of the unseen cards fits the view")
    faces = dict(zip(symbol_backs, rng.sample(symbols, len(symbol_backs))))
    rest = [c for c in cards if c not in faces.values()]
    rng.shuffle(rest)
    for i in backs:
        if i not in faces:
            faces[i] = rest.pop()
    hands: dict[int, list[Card]] = {}
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        hands[seat] = rest[:size]
        del rest[:size]
    if rest:
        raise ValueError("the unseen cards do not fill the hands the view shows")
    return hands, faces


def sample_state(view: HuhnView, rng: random.Random) -> HuhnState:
    """A full state consistent with ``view``, at its decision: its public facts, the
    seat's own hand, and a uniform guess (:func:`sample_hidden`) for the rest. Its
    earlier deals keep only their scores: for search, not for records."""
    hands, faces = sample_hidden(view, rng)
    if view.seat is not None:
        hands[view.seat] = list(view.hand)
    trick = [t.card if t.card is not None else faces[i] for i, t in enumerate(view.trick)]
    return state_from_view(view, hands, trick)


def state_from_view(view: HuhnView, hands: dict[int, list[Card]], trick: list[Card]) -> HuhnState:
    """The state of ``view``'s moment with these hands (left to right) and these cards
    in the trick in progress; each arranged hand's order at the start of the deal is
    rebuilt from its plays (those from the left before it, those from the right
    after, one from the middle just inside the left end)."""
    n = len(view.seats)
    state = HuhnState(view.seats, view.deals, None)
    state.phase = view.phase
    state.scores = view.scores
    state.crossed = view.crossed
    state.totals = view.totals
    state.dealer = view.dealer
    state.hands = [list(hands.get(s, [])) for s in range(n)]
    state.trick = trick
    state.trick_downs = [t.down for t in view.trick]
    state.trick_ends = [t.end for t in view.trick]
    state.tricks = view.tricks
    state.leader = view.leader
    state.to_move = view.deciding[0] if view.phase == PLAY else view.leader
    state.named_by = view.named_by
    state.advantage = view.advantage
    state.hens = view.hens
    state.penalties = view.penalties
    state.rewards = view.rewards
    state.supply = view.supply
    state.reward_log = view.reward_log
    state.leader_log = view.leader_log
    state.taker = view.deciding[0] if view.phase in (REWARD_CHOICE, NAME_LEADER, OPTION) else -1
    state.moves = view.moves
    plays: list[list[tuple[Card, str]]] = [[] for _ in range(n)]
    for t in view.tricks:
        for seat, card, end in zip(t.seats, t.cards, t.ends):
            plays[seat].append((card, end))
    for seat, card, end in zip(state.trick_seats, trick, state.trick_ends):
        plays[seat].append((card, end))
    state.orders = tuple(_arranged(state.hands[s], plays[s]) if view.arranged[s] else None
                         for s in range(n))
    return state


def _arranged(hand: list[Card], plays: list[tuple[Card, str]]) -> tuple[Card, ...]:
    order = list(hand)
    for card, end in reversed(plays):
        if end == LEFT:
            order.insert(0, card)
        elif end == RIGHT:
            order.append(card)
        else:
            order.insert(1, card)
    return tuple(order)
