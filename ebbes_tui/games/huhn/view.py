"""What one seat may see (H13), and nothing else.

:func:`build_view` copies, field by field, only what H13 lists: the seat's own hand in
its order; the trick in progress with a back for every face-down card of another
player, and which end each card came from; the deal's completed tricks (the last one,
and the memory aid's log); every player's hand size, tricks, hen cards, penalties and
rewards; the supply; the score sheet. It never starts from the full state and deletes
secrets, so a new field in the state cannot leak by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.protocols import SeatInfo
from .cards import Card
from .scoring import DealScore
from .tricks import Trick, TrickCard

if TYPE_CHECKING:
    from .state import HuhnState


@dataclass(frozen=True, slots=True)
class HuhnView:
    """One seat's knowledge of the game at one moment (None: the public table)."""

    seat: int | None
    seats: tuple[SeatInfo, ...]
    deciding: tuple[int, ...]  # seats whose decision is awaited (all unarranged ones at once)
    actions: Any  # own legal answers when deciding (ArrangeChoices: the orders), else ()
    over: bool
    phase: str  # "deal", "arrange", "play", "reward", "leader", "option", "over"
    deal: int  # the deal in progress from 1 (the last scored one between deals, 0 before)
    deals: int  # agreed at setup (H2)
    dealt: int  # cards dealt to each hand (H1), so tricks per deal
    dealer: int  # -1 before the first deal
    hand: tuple[Card, ...]  # own hand, left to right (as dealt until arranged)
    arranged: tuple[bool, ...]  # who has arranged (H3); all true once play begins
    leader: int  # who leads the trick in progress (or the next one)
    named_by: int | None  # who named that leader with *hand* (H9), None: took the last trick
    advantage: str | None  # the leader's *down* or *ear* for this trick (H9)
    trick: tuple[TrickCard, ...]  # the trick in progress, from its leader
    tricks: tuple[Trick, ...]  # this deal's completed tricks, all face up (the log)
    hand_sizes: tuple[int, ...]
    taken: tuple[int, ...]  # tricks taken this deal
    hens: tuple[int, ...]  # hen cards taken this deal
    penalties: tuple[tuple[int, ...], ...]  # this deal's, in order received
    rewards: tuple[tuple[str, ...], ...]  # this deal's reward cards, in order taken
    supply: tuple[str, ...]  # reward cards left
    reward_log: tuple[tuple[int, int, str], ...]  # (trick from 1, seat, kind)
    leader_log: tuple[tuple[int, int, int], ...]  # (trick from 1, named by, leader)
    scores: tuple[DealScore, ...]  # the score sheet: every scored deal
    crossed: tuple[tuple[int, ...], ...]  # per seat, the deals (from 1) crossed out
    totals: tuple[int, ...]
    moves: int  # decisions made in this deal

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def to_move(self) -> int | None:
        """The seat whose card is awaited, else None."""
        return self.deciding[0] if self.phase == "play" else None

    @property
    def last_round(self) -> bool:
        """The trick in progress (or the next) is the deal's last (H6, H11)."""
        return len(self.tricks) == self.dealt - 1

    def position(self) -> tuple[int, int]:
        return max(self.deal, 1), self.moves

    def played_cards(self) -> list[Card]:
        """Every card this seat has seen played this deal: the completed tricks and
        the face-up cards of the trick in progress (and its own face-down one)."""
        cards = [c for t in self.tricks for c in t.cards]
        cards += [tc.card for tc in self.trick if tc.card is not None]
        return cards


def build_view(state: HuhnState, seat: int | None) -> HuhnView:
    """``seat``'s view, listing what H13 allows (None: no hand at all)."""
    deciding = state.deciding()
    mine = seat is not None and 0 <= seat < state.n
    trick = tuple(
        TrickCard(s, None if d and s != seat else c, d, e)
        for s, c, d, e in zip(state.trick_seats, state.trick, state.trick_downs, state.trick_ends))
    actions: Any = ()
    if mine and seat in deciding:
        legal = state.legal(seat)  # type: ignore[arg-type]
        actions = tuple(legal) if isinstance(legal, list) else legal
    return HuhnView(
        seat=seat,
        seats=state.seats,
        deciding=deciding,
        actions=actions,
        over=state.phase == "over",
        phase=state.phase,
        deal=state.deal_no,
        deals=state.deals,
        dealt=state.size,
        dealer=state.dealer,
        hand=tuple(state.hands[seat]) if mine else (),  # type: ignore[index]
        arranged=tuple(o is not None for o in state.orders),
        leader=state.leader,
        named_by=state.named_by,
        advantage=state.advantage,
        trick=trick,
        tricks=tuple(state.tricks),
        hand_sizes=tuple(map(len, state.hands)),
        taken=tuple(state.taken),
        hens=tuple(state.hens),
        penalties=tuple(map(tuple, state.penalties)),
        rewards=tuple(map(tuple, state.rewards)),
        supply=tuple(state.supply),
        reward_log=tuple(state.reward_log),
        leader_log=tuple(state.leader_log),
        scores=tuple(state.scores),
        crossed=tuple(map(tuple, state.crossed)),
        totals=tuple(state.totals),
        moves=state.moves,
    )
