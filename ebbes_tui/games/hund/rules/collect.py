"""Phase 1, collecting (N3-N8): a trick where everyone holding a card plays one, wars
(krig) between equal ranks, sjanse from the pile, drawing back to three, the trump card
laid aside, and the end of the phase. Functions acting on a
:class:`~.state.HundState`; ``events`` is None on the fast path."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .cards import HAND_SIZE, Card
from .events import (
    CardPlayed, DroppedOut, Drew, Event, Krig, SatOut, TrickTaken, TrumpCardLaidAside,
)
from . import shed
from .tricks import Trick, first_round, war_round

if TYPE_CHECKING:
    from .state import HundState

def start_trick(st: HundState, leader: int, events: list[Event] | None) -> None:
    """A new trick led by ``leader``: everyone holding a card plays one, clockwise
    (N3); the others sit out (N8)."""
    st.leader = leader
    st.t_cards = []
    st.t_seats = []
    st.t_sjanse = []
    st.krig = 0
    st.warriors = ()
    st.round_start = 0
    n = st.n
    hands = st.hands
    order = [(leader + i) % n for i in range(n)]
    st.queue = [s for s in order if hands[s]]
    if events is not None:
        events.extend(SatOut(s) for s in order if not hands[s])
    st.turn = leader


def play(st: HundState, seat: int, card: Card, sjanse: bool, events: list[Event] | None) -> None:
    """``seat`` put ``card`` in the trick (from the hand, or turned from the pile)."""
    st.t_cards.append(card)
    st.t_seats.append(seat)
    st.t_sjanse.append(sjanse)
    del st.queue[0]
    if events is not None:
        events.append(CardPlayed(seat, card, sjanse, st.krig))
    _next_player(st, events)


def _next_player(st: HundState, events: list[Event] | None) -> None:
    """The next seat of this round that can play; a warrior with an empty hand and no
    sjanse allowed drops out (N5). When the round is done, it is decided."""
    queue = st.queue
    hands = st.hands
    while queue:
        seat = queue[0]
        if hands[seat] or len(st.pile) >= 2:
            st.turn = seat
            return
        del queue[0]
        if events is not None:
            events.append(DroppedOut(seat))
    start = st.round_start
    seats = st.t_seats[start:]
    cards = st.t_cards[start:]
    if st.krig:
        winner, warriors, rank = war_round(st.warriors, seats, cards)
    else:
        winner, warriors, rank = first_round(seats, cards)
    if winner is None:
        st.krig += 1
        st.warriors = warriors
        st.queue = list(warriors)
        st.round_start = len(st.t_cards)
        if events is not None:
            events.append(Krig(warriors, rank, st.krig))
        _next_player(st, events)
    else:
        _take(st, winner, events)


def _take(st: HundState, winner: int, events: list[Event] | None) -> None:
    """``winner`` takes every card of the trick (N5), everyone draws (N6, N7), and the
    next trick begins, or phase 2 when at most one player holds cards (N8)."""
    cards = tuple(st.t_cards)
    st.taken[winner].extend(cards)
    st.tricks.append(Trick(st.leader, cards, tuple(st.t_seats), tuple(st.t_sjanse), winner,
                           st.krig > 0))
    if events is not None:
        events.append(TrickTaken(winner, cards, st.krig > 0))
    if st.pile:
        _draw(st, winner, events)
    n = st.n
    hands = st.hands
    holders = [s for s in range(n) if hands[s]]
    if len(holders) <= 1:
        shed.begin(st, holders[0] if holders else None, events)
        return
    leader = winner
    while not hands[leader]:  # N3: the next seat clockwise that has a card
        leader = (leader + 1) % n
    start_trick(st, leader, events)


def _draw(st: HundState, taker: int, events: list[Event] | None) -> None:
    """From the taker clockwise, everyone draws back to three while the pile lasts
    (N6); whoever would draw its last card lays it aside unseen: the trump card (N7)."""
    pile = st.pile
    n = st.n
    for i in range(n):
        seat = (taker + i) % n
        hand = st.hands[seat]
        drawn = 0
        while len(hand) < HAND_SIZE and pile:
            if len(pile) == 1:
                st.trump_card = pile.pop()
                st.trump_holder = seat
                break
            insort(hand, pile.pop())
            drawn += 1
        if events is not None:
            if drawn:
                events.append(Drew(seat, drawn))
            if st.trump_holder == seat and not pile:
                events.append(TrumpCardLaidAside(seat))
        if not pile:
            return
