"""Phase 2, shedding (N9-N13, N17): the taken cards become the hand, each play must
beat the top play, undertrekk takes the trick's first play in, avstikk clears a
complete trick, players go out one by one and the last one holding cards is the hund;
a position that comes round a third time ends phase 2 with the most cards the hund.
Functions acting on a :class:`~.state.HundState`; ``events`` is None on the fast
path."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .actions import UNDERTREKK
from .cards import DECK_SIZE, Card
from .events import (
    Avstikk, Event, HundFound, MatchOver, Played, ShedBegan, UndertrekkTaken, WentOut,
)
from .phases import GameResult, Phase
from .repetition import (
    HAND_KEY, KEEP, MOVER_KEY, NEED_KEY, OUT_KEY, PLAY_BITS, hands_key, position,
)
from .tricks import Move

if TYPE_CHECKING:
    from .state import HundState

#: The one move of a player who cannot beat (N10).
TAKE = UNDERTREKK
#: Makes a NamedTuple at a third less than calling its class: phase 2 logs every move.
_new = tuple.__new__


def begin(st: HundState, holder: int | None, events: list[Event] | None) -> None:
    """Phase 2 begins (N8, N9): the last player holding cards adds them to the cards
    they took, the trump card's holder shows it and adds it to theirs, and each
    player's taken cards become their hand; the trump card's holder leads."""
    if holder is not None:
        hand = st.hands[holder]
        st.leftover = (holder, len(hand))
        st.taken[holder].extend(hand)
    st.taken[st.trump_holder].append(st.trump_card)
    st.hands = [sorted(t) for t in st.taken]
    st.taken = [[] for _ in range(st.n)]
    st.phase2_hands = tuple(tuple(h) for h in st.hands)
    open_phase(st, st.trump_holder)
    if events is not None:
        events.append(ShedBegan(st.trump_card, st.trump_holder, st.leftover,
                                tuple(len(h) for h in st.hands)))


def open_phase(st: HundState, leader: int) -> None:
    """Phase 2 stands at its start: these hands, an empty trick that ``leader`` leads;
    this first position counts once (N17)."""
    st.phase = Phase.SHED
    st.trick2 = []
    st.lying = 0
    st.began = st.n - len(st.out)
    st.leader = st.turn = leader
    st.held = hands_key(st.hands) ^ NEED_KEY[st.began] ^ OUT_KEY[len(st.out)]
    st.seen = {position(st): 1}


def play(st: HundState, seat: int, cards: tuple[Card, ...], events: list[Event] | None) -> None:
    """``seat`` plays ``cards`` (a lead, or a play that beats the top one, N10)."""
    hand = st.hands[seat]
    base = DECK_SIZE * seat
    held = st.held
    for c in cards:
        hand.remove(c)
        held ^= HAND_KEY[base + c]
    st.held = held
    trick = st.trick2
    if events is not None:
        events.append(Played(seat, cards, not trick))
    # the play's code joins the trick's key (repetition.PLAY_BITS)
    st.lying = st.lying << PLAY_BITS | (1 + (base + cards[-1]) * DECK_SIZE + cards[0])
    trick.append((seat, cards))
    st.log2.append(_new(Move, (seat, cards, False, -1)))  # Move(...), at every play
    if not hand:  # N12: played in phase 2 and holds none
        st.held ^= OUT_KEY[len(st.out)] ^ OUT_KEY[len(st.out) + 1]
        st.out.append(seat)
        if events is not None:
            events.append(WentOut(seat, len(st.out)))
        if st.n - len(st.out) == 1:  # N13
            _end_game(st, next(s for s in range(st.n) if s not in st.out), (), events)
            return
    if len(trick) == st.began:  # N11: as many plays as players in play at its start
        _avstikk(st, seat, events)
    else:
        st.turn = _next_in_play(st, seat)
    # N17: count the position (repetition.position, written out: it runs at every move)
    key = st.held ^ st.lying ^ MOVER_KEY[st.turn]
    seen = st.seen
    times = seen[key] = seen.get(key, 0) + 1
    if times == 3:
        _repeated(st, events)


def undertrekk(st: HundState, seat: int, events: list[Event] | None) -> None:
    """``seat`` cannot beat and takes the trick's first play in (N10); the next player
    beats the top play, unless it is theirs (N11) or the trick is now empty."""
    trick = st.trick2
    _, cards = trick.pop(0)
    st.lying &= KEEP[len(trick)]
    hand = st.hands[seat]
    base = DECK_SIZE * seat
    held = st.held
    for c in cards:
        insort(hand, c)
        held ^= HAND_KEY[base + c]
    st.held = held
    top = trick[-1][1] if trick else cards  # the play that could not be beaten
    st.log2.append(_new(Move, (seat, cards, True, top[-1])))
    if events is not None:
        events.append(UndertrekkTaken(seat, cards, top))
    n = st.n
    out = st.out
    if not trick:  # N10: the first player in play after the taker who holds a card
        hands = st.hands
        leader = seat
        for i in range(1, n):
            s = (seat + i) % n
            if hands[s] and s not in out:
                leader = s
                break
        _new_trick(st, n - len(out))
        st.leader = st.turn = leader
    else:
        following = _next_in_play(st, seat)
        if following == trick[-1][0]:  # N11: nobody beats their own card
            _avstikk(st, following, events)
        else:
            st.turn = following
    # N17: count the position (as in play)
    key = st.held ^ st.lying ^ MOVER_KEY[st.turn]
    seen = st.seen
    times = seen[key] = seen.get(key, 0) + 1
    if times == 3:
        _repeated(st, events)


def _next_in_play(st: HundState, seat: int) -> int:
    n = st.n
    out = st.out
    s = (seat + 1) % n
    while s in out:
        s = (s + 1) % n
    return s


def _avstikk(st: HundState, taker: int, events: list[Event] | None) -> None:
    """``taker`` takes the complete trick; its cards leave the game and the taker leads
    next, or the next seat clockwise in play that holds a card (N11)."""
    trick = st.trick2
    cards = tuple(c for _, cs in trick for c in cs)
    st.gone.extend(cards)
    st.last2 = tuple(trick)
    st.trick2 = []
    st.lying = 0
    st.seen = {}  # cards left the game: no earlier position can come round again (N17)
    if events is not None:
        events.append(Avstikk(taker, cards))
    hands = st.hands
    out = st.out
    n = st.n
    leader = taker
    while not hands[leader] or leader in out:
        leader = (leader + 1) % n
        if leader == taker:
            raise AssertionError("no player in play holds a card")  # cannot happen: N10
    _new_trick(st, n - len(out))
    st.leader = st.turn = leader


def _new_trick(st: HundState, players: int) -> None:
    """The next trick needs ``players`` plays (N11); the position's key says so."""
    st.held ^= NEED_KEY[st.began] ^ NEED_KEY[players]
    st.began = players


def _repeated(st: HundState, events: list[Event] | None) -> None:
    """The same position came round a third time (N17): of the players in play, the
    one holding the most cards is the hund, on a tie the first clockwise from the
    player to move; the others share the places after those out."""
    n = st.n
    out = st.out
    hands = st.hands
    playing = [s for s in ((st.turn + i) % n for i in range(n)) if s not in out]
    hund = max(playing, key=lambda s: len(hands[s]))  # max keeps the first of a tie
    _end_game(st, hund, tuple(sorted(s for s in playing if s != hund)), events)


def _end_game(st: HundState, hund: int, shared: tuple[int, ...],
              events: list[Event] | None) -> None:
    """Phase 2 is over and ``hund`` has lost (N13, N17; ``shared``: the others still in
    play). The tally counts it (N16)."""
    out = st.out
    st.hund = hund
    st.tally[hund] += 1
    st.turn = -1
    # A sampled state (search) has no deal: its result is never written.
    st.results.append(GameResult(st.deal, tuple(st.moves), tuple(st.tricks),
                                 st.trump_card, st.trump_holder, st.phase2_hands or (), tuple(out), hund,
                                 shared))
    st.phase = Phase.OVER if len(st.results) >= st.games else Phase.DEAL
    if events is not None:
        events.append(HundFound(len(st.results), hund, tuple(out), tuple(st.tally), shared))
        if st.phase is Phase.OVER:
            fewest = min(st.tally)
            events.append(MatchOver(tuple(st.tally),
                                    tuple(s for s in range(st.n) if st.tally[s] == fewest)))
