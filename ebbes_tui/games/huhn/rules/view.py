"""What one seat may see (H13), and nothing else.

:func:`build_view` copies, field by field, only what H13 lists: the seat's own hand in
its order; the trick in progress with a back for every face-down card of another
player, and which end each card came from; the deal's completed tricks (the last one,
and the memory aid's log); every player's hand size, tricks, hen cards, penalties and
rewards; the supply; the score sheet. It never starts from the full state and deletes
secrets, so a new field in the state cannot leak by accident.

The public part (:class:`Table`) is the same for every seat and changes only when a
trick is complete or a decision other than a card is made; the state keeps it until
then, so a view costs little more than the seat's hand and the trick.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ....game.protocols import SeatInfo
from .cards import Card
from .actions import ChooseOption
from .scoring import DealScore, option_gains, preselected
from .tricks import Trick, TrickCard

if TYPE_CHECKING:
    from .state import HuhnState


class Table(NamedTuple):
    """The public table: what every seat and a spectator see alike (H13). A named
    tuple, not a dataclass: it is built after every trick, and this is cheaper."""

    seats: tuple[SeatInfo, ...]
    phase: str  # "deal", "arrange", "play", "reward", "leader", "option", "over"
    deal: int  # the deal in progress from 1 (the last scored one between deals, 0 before)
    deals: int  # agreed at setup (H2)
    dealt: int  # cards dealt to each hand (H1), so tricks per deal
    dealer: int  # -1 before the first deal
    arranged: tuple[bool, ...]  # who has arranged (H3); all true once play begins
    leader: int  # who leads the trick in progress (or the next one)
    named_by: int | None  # who named that leader with *hand* (H9), None: took the last trick
    advantage: str | None  # the leader's *down* or *ear* for this trick (H9)
    tricks: tuple[Trick, ...]  # this deal's completed tricks, all face up (the log)
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


def _public(name: str) -> Any:
    """A view's property that reads the public table's field ``name``."""
    return property(attrgetter(f"table.{name}"), doc=f"The public table's ``{name}``.")


@dataclass(frozen=True, slots=True)
class HuhnView:
    """One seat's knowledge of the game at one moment (seat None: the public table).
    The public fields read through to :attr:`table`."""

    seat: int | None
    deciding: tuple[int, ...]  # seats whose decision is awaited (all unarranged ones at once)
    actions: Any  # own legal answers when deciding (ArrangeChoices: the orders), else ()
    hand: tuple[Card, ...]  # own hand, left to right (as dealt until arranged)
    trick: tuple[TrickCard, ...]  # the trick in progress, from its leader
    hand_sizes: tuple[int, ...]
    moves: int  # decisions made in this deal
    table: Table

    seats = _public("seats")
    phase = _public("phase")
    deal = _public("deal")
    deals = _public("deals")
    dealt = _public("dealt")
    dealer = _public("dealer")
    arranged = _public("arranged")
    leader = _public("leader")
    named_by = _public("named_by")
    advantage = _public("advantage")
    tricks = _public("tricks")
    taken = _public("taken")
    hens = _public("hens")
    penalties = _public("penalties")
    rewards = _public("rewards")
    supply = _public("supply")
    reward_log = _public("reward_log")
    leader_log = _public("leader_log")
    scores = _public("scores")
    crossed = _public("crossed")
    totals = _public("totals")

    @property
    def over(self) -> bool:
        return self.table.phase == "over"

    @property
    def last_trick(self) -> Trick | None:
        tricks = self.table.tricks
        return tricks[-1] if tricks else None

    @property
    def to_move(self) -> int | None:
        """The seat whose card is awaited, else None."""
        return self.deciding[0] if self.table.phase == "play" else None

    @property
    def last_round(self) -> bool:
        """The trick in progress (or the next) is the deal's last (H6, H11)."""
        return len(self.table.tricks) == self.table.dealt - 1

    def position(self) -> tuple[int, int]:
        return max(self.table.deal, 1), self.moves

    def option_effects(self) -> list[tuple[ChooseOption, int]]:
        """At the last trick's option (H11): each option open to this seat, in the
        app's order, with what it adds to the seat's game total (the dialog shows
        them; :meth:`preselected_option` is the one to preselect)."""
        if self.table.phase != "option" or not self.actions or self.seat is None:
            return []
        t = self.table
        gains = option_gains(self.actions, self.seat, t.hens, t.penalties, t.tricks[-1], t.scores)
        return list(zip(self.actions, gains))

    def preselected_option(self) -> ChooseOption | None:
        """H11: the option worth most to the total, the first in order on a tie."""
        effects = self.option_effects()
        if not effects:
            return None
        return preselected([o for o, _ in effects], [g for _, g in effects])

    def played_cards(self) -> list[Card]:
        """Every card this seat has seen played this deal: the completed tricks and
        the face-up cards of the trick in progress (and its own face-down one)."""
        cards = [c for t in self.table.tricks for c in t.cards]
        cards += [tc.card for tc in self.trick if tc.card is not None]
        return cards


def public_table(state: HuhnState) -> Table:
    """The public table of ``state`` (cached by the state until it changes)."""
    table = state.public
    if table is None:
        table = state.public = Table(
            state.seats, state.phase, state.deal_no, state.deals, state.size, state.dealer,
            tuple(o is not None for o in state.orders), state.leader, state.named_by,
            state.advantage, state.tricks, state.taken, state.hens, state.penalties,
            state.rewards, state.supply, state.reward_log, state.leader_log, state.scores,
            state.crossed, state.totals)
    return table


def build_view(state: HuhnState, seat: int | None) -> HuhnView:
    """``seat``'s view, listing what H13 allows (None: no hand at all)."""
    deciding = state.deciding()
    mine = seat is not None and 0 <= seat < state.n
    trick = state.public_trick
    if len(trick) != len(state.trick):  # cards were played since it was kept
        trick = state.public_trick = trick + tuple(
            TrickCard(s, None if d else c, d, e) for s, c, d, e in zip(
                state.trick_seats[len(trick):], state.trick[len(trick):],
                state.trick_downs[len(trick):], state.trick_ends[len(trick):]))
    if mine and seat in state.trick_seats:
        at = state.trick_seats.index(seat)
        if state.trick_downs[at]:  # its own face-down card: the seat knows it
            trick = (*trick[:at], trick[at]._replace(card=state.trick[at]), *trick[at + 1:])
    actions: Any = ()
    if mine and seat in deciding:
        legal = state.legal(seat)
        actions = tuple(legal) if isinstance(legal, list) else legal
    return HuhnView(seat, deciding, actions,
                    tuple(state.hands[seat]) if mine and seat is not None else (),
                    trick, tuple(map(len, state.hands)), state.moves, public_table(state))
