"""What must hold after every action and every deal of ebbes, as one list of faults:
the random simulations (``ebbes simulate``, the suite) check it at every step."""

from __future__ import annotations

from itertools import chain

from .cards import Card
from .categories import FIXED_BY_CARDS
from .state import GameState, Phase
from .tricks import seats_from, trick_winner


def faults(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one sentence each (none: all is well)."""
    found: list[str] = []
    if state.phase is Phase.GAME_OVER or state.phase is Phase.DEAL:
        if state.trick or len(state.results) != state.round_no:
            found.append("a trick or a round is left over between rounds")
        sums = [sum(r.scored.points[s] for r in state.results) for s in range(state.n)]
        if state.totals != sums:
            found.append(f"totals {state.totals} are not the rounds' points added up {sums}")
        return found
    places = sorted(chain(chain.from_iterable(state.hands), state.trick,
                          chain.from_iterable(t.cards for t in state.tricks)))
    if places != state.config.deck():
        found.append("the cards in hands, trick and tricks are not the deck, each once")
    if state.dummy >= 0 and sorted(c for c in state.up + state.down if c is not None) \
            != state.hands[state.dummy]:
        found.append("the dummy's stacks are not its hand")
    suits = state.suits
    if len(suits) not in (0, 1, 2, 3, 5) or len(set(suits)) != len(suits) or \
            [state.cat_of[s] for s in suits] != list(range(len(suits))):
        found.append(f"the categories {suits} are not fixed in order (R4)")
    fixing = [c for t in state.tricks for c in t.cards] + list(state.trick)
    if min(sum(1 for c in fixing if state.det[c]), FIXED_BY_CARDS) != min(len(suits), FIXED_BY_CARDS):
        found.append("a determiner card played did not fix its category (R4, R5)")
    if state.tricks:
        last = state.tricks[-1]
        if last.seats != seats_from(last.leader, state.n, state.order):
            found.append("the last trick was not played in turn (R3)")
        taken = [c for t in state.tricks for c in t.cards]
        trump = next((c.suit for c in taken if state.det[c]), -1)  # as it stood then (R2)
        if last.winner != last.seats[trick_winner(last.cards, trump)]:
            found.append("the last trick went to the wrong seat (R2)")
    if tuple(state.trick_seats) != seats_from(state.leader, len(state.trick), state.order):
        found.append("the current trick is not in turn (R3)")
    hidden = set(state.down) - {None}
    holders: dict[Card, list[int]] = {}  # a card in a hand: who holds it (one, unless broken)
    for s, hand in enumerate(state.hands):
        for c in hand:
            holders.setdefault(c, []).append(s)
    for seat in (*range(state.n), None):
        view = state.view(seat)
        public = set(view.trick) | {c for c in view.dummy_up if c is not None}
        player = seat is not None and seat != state.dummy  # the dummy holds, never sees
        # Shown as this seat's: a card another seat holds, neither on the table nor its own;
        # shown anywhere: a card lying face down.
        if any(c not in public and any(s != seat for s in holders.get(c, ()))
               and not (player and seat in holders[c]) for c in view.hand) \
                or hidden & public or hidden.intersection(view.hand):
            found.append(f"seat {seat}'s view shows a hidden card (R18)")
    if state.phase is Phase.PLAY:
        seat = state.to_move
        legal = state.legal_moves()
        if not legal or not set(legal) <= set(state.hands[seat]):
            found.append("the seat to move has no legal card in hand (R1)")
        elif list(state.view(seat).legal) != legal:
            found.append("the view's legal cards differ from the rules' (R1)")
    return found
