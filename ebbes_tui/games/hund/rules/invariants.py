"""What must hold in every state of Hund, checked after every step of the random
simulations: the 52 cards conserved and none twice, hands of at most three in phase
1, the tally equal to the hunds found, phase 2 over once a position comes round a
third time and that hund holding the most cards (N17), and no card in any seat's view
(or the spectator's) that the seat has not seen (N15). The wire form of views is
checked by the tests with :func:`codes_in_json`."""

from __future__ import annotations

from typing import Any

from .cards import CODES, DECK_SIZE, HAND_SIZE
from .repetition import times_seen
from .state import HundState, Phase
from .view import HundView

_CODE_SET = frozenset(CODES)


def faults(state: HundState) -> list[str]:
    """One sentence per thing that is wrong (empty when all is well)."""
    found: list[str] = []
    if state.deal is not None:
        found += _conserved(state)
    if state.phase is Phase.COLLECT and any(len(h) > HAND_SIZE for h in state.hands):
        found.append("a hand holds more than three cards in phase 1")
    if sum(state.tally) != len(state.results):
        found.append(f"the tally counts {sum(state.tally)} hunds in {len(state.results)} games")
    if len(set(state.out)) != len(state.out) or state.hund in state.out:
        found.append(f"the order of going out {state.out} repeats a seat or holds the hund")
    if times_seen(state) > 2:
        found.append("a phase-2 position came round a third time and phase 2 went on (N17)")
    last = state.results[-1] if state.results and state.hund >= 0 else None
    if last is not None and any(len(state.hands[s]) > len(state.hands[last.hund])
                                for s in last.shared):
        found.append("a player left in play by a repetition holds more cards than the hund (N17)")
    found += _nothing_hidden_shown(state)
    return found


def _conserved(state: HundState) -> list[str]:
    cards = list(state.deal.aside) if state.deal else []
    for h in state.hands:
        cards += h
    if state.phase2_hands is None:
        cards += state.pile
        for t in state.taken:
            cards += t
        cards += state.t_cards
        if state.trump_card >= 0:
            cards.append(state.trump_card)
    else:
        for _, cs in state.trick2:
            cards += cs
        cards += state.gone
    if len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
        twice = sorted({CODES[c] for c in cards if cards.count(c) > 1})
        return [f"{len(set(cards))} different cards of 52 are in the game"
                + (f", {', '.join(twice)} twice" if twice else "")]
    return []


#: The view's fields that hold cards, and how; every other field holds none. A new
#: field must be sorted in here, else :func:`faults` reports it (a leak can hide there).
_CARD_FIELDS = {"hand", "actions", "trick", "tricks", "trump_card", "shed_trick", "last_trick",
                "log"}
_NO_CARD_FIELDS = {
    "seat", "seats", "series", "games", "phase", "game", "moves", "dealer", "kind",
    "deciding", "hand_sizes", "taken_sizes", "pile_size", "aside_size", "leader", "krig",
    "warriors", "round_start", "to_play", "trump_holder", "leftover", "began", "repeats", "out",
    "gone", "hund", "tally", "hunds", "outs", "shared"}
_UNSORTED = sorted(set(HundView._fields)
                   - _CARD_FIELDS - _NO_CARD_FIELDS)


def _nothing_hidden_shown(state: HundState) -> list[str]:
    """Each view's card fields hold the seat's own hand or what was played face up,
    nothing else (N15); its other fields hold no card."""
    found = [f"the view's field {name!r} is not sorted into the privacy check" for name in _UNSORTED]
    collecting = state.phase is Phase.COLLECT
    trick = tuple(zip(state.t_seats, state.t_cards, state.t_sjanse)) if collecting else ()
    public = (trick, tuple(state.tricks), tuple(state.trick2), state.last2, tuple(state.log2),
              state.trump_card if state.phase2_hands is not None else -1)
    for seat in (None, *range(state.n)):
        view = state.view(seat)
        who = "the spectator" if seat is None else f"seat {seat}"
        own = tuple(state.hands[seat]) if seat is not None else ()
        if view.hand != own:
            found.append(f"{who}'s view shows a hand that is not its own")
        if any(c not in own for a in view.actions for c in getattr(a, "cards", ())):
            found.append(f"{who}'s view offers a card that is not in its hand")
        if (view.trick, view.tricks, view.shed_trick, view.last_trick, view.log,
                view.trump_card) != public:
            found.append(f"{who}'s view shows other cards than those played face up")
    return found


def codes_in_json(data: Any) -> set[str]:
    """Every card code in a view's JSON, seat names aside (a player may be called AS):
    for tests that check the wire form itself."""
    if isinstance(data, dict):
        return {c for k, v in data.items() if k != "seats" for c in codes_in_json(v)}
    if isinstance(data, list):
        return {c for v in data for c in codes_in_json(v)}
    if isinstance(data, str):
        return {p for p in data.split("-") if p in _CODE_SET}
    return set()
