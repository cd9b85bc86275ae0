"""What one seat may see (R18), and nothing else.

:func:`player_view` copies, field by field, only what R18 lists: the seat's own hand,
the public table, and the history of play the seat watched. It never starts from the
full state and deletes secrets, so a new field in the state cannot leak by accident.
The dummy's seat has no hand: its face-up cards are public, its face-down ones are no
one's to see (R16, R18).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, PlayCard
from .cards import Card
from .tricks import trump_of
from .determiners import pair_choosers
from .events import Trick
from .scoring import RoundScore, cards_taken
from .state import Decision, GameState, Phase
from .variants import GameConfig, SeatInfo

_IN_ROUND = (Phase.PLAY, Phase.CHOOSE_PAIR, Phase.CHOOSE_STARTER)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

    seat: int | None  # None: the public table (a spectator, or a covered hot-seat)
    config: GameConfig  # names, seat kinds, variants: public
    phase: Phase
    pending: Decision | None
    round_no: int  # 0-based index of the round being played
    dealer: int | None
    starter: int  # -1 while the nix holder still chooses
    number: int | None  # the face-up Number Determiner (basic game)
    pairs: tuple[tuple[int, int], ...]  # Variant 2: (suit, number) chosen so far
    suits: tuple[int, ...]  # suit of each category fixed so far (Trump first)
    hand: tuple[Card, ...]  # own hand, sorted by suit then value
    actions: tuple[Action, ...]  # own legal actions when this seat must decide, else ()
    order: tuple[int, ...]  # order[s]: who plays after seat s this round (R3, R15)
    leader: int
    trick: tuple[Card, ...]  # current trick, in play order from ``leader``
    trick_seats: tuple[int, ...]  # the seat of each card of ``trick``
    tricks: tuple[Trick, ...]  # this round's completed tricks (the last is R18's)
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]  # taken[seat][suit]: the memory aid (R18)
    dummy_up: tuple[Card | None, ...]  # the dummy's face-up cards, per stack
    dummy_down: tuple[bool, ...]  # a face-down card lies in the stack
    totals: tuple[int, ...]
    scores: tuple[RoundScore, ...]  # completed rounds
    nix_holder: int | None  # the last round's, who chooses the starter

    # ------------------------------------------------------------ the seam

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.config.seats

    @property
    def deciding(self) -> tuple[int, ...]:
        """The seat whose decision the game waits for (ebbes: one at a time)."""
        seat = self.pending.seat if self.pending else None
        return () if seat is None else (seat,)

    @property
    def over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def position(self) -> tuple[int, int]:
        """The round (from 1) and the cards played in it; between rounds and at the end,
        the round just scored."""
        active = self.phase in _IN_ROUND
        return (self.round_no + 1 if active else max(self.round_no, 1), self.played)

    # ------------------------------------------------------------ ebbes

    @property
    def legal(self) -> tuple[Card, ...]:
        """Own playable cards when this seat must play (R1), else ()."""
        return tuple(a.card for a in self.actions if type(a) is PlayCard)

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def to_move(self) -> int | None:
        return self.pending.seat if self.pending else None

    @property
    def trump(self) -> int:
        return trump_of(self.suits)

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) of every card played this round, in play order."""
        plays = [(seat, c) for t in self.tricks for seat, c in zip(t.seats, t.cards)]
        plays += zip(self.trick_seats, self.trick)
        return plays

    @property
    def played(self) -> int:
        """Cards played so far in this round."""
        return sum(len(t.cards) for t in self.tricks) + len(self.trick)

    def pair_choosers(self) -> list[int]:
        """Who takes the 1st, 2nd, ... 5th Variant 2 pair this round (R5, R19)."""
        return pair_choosers(self.starter, self.order, self.config.dummy)

    def next_seat(self, seat: int) -> int:
        """Who plays after ``seat`` this round (R3; two players: R15)."""
        return self.order[seat]


def player_view(state: GameState, seat: int | None) -> PlayerView:
    """Build ``seat``'s view by listing what R18 lets it see (None: no hand at all)."""
    n = state.n
    counts = cards_taken(state.tricks, n)
    won = [0] * n
    for t in state.tricks:
        won[t.winner] += 1
    pending = state.decision
    hand = state.hands[seat] if state.hands and seat is not None and seat != state.dummy \
        else []
    has_dummy = state.dummy >= 0 and bool(state.up)
    last = state.results[-1].score if state.results else None
    deciding = seat is not None and pending is not None and pending.seat == seat
    return PlayerView(
        seat=seat,
        config=state.config,
        phase=state.phase,
        pending=pending,
        round_no=state.round_no,
        dealer=state.dealer,
        starter=state.starter if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR) else -1,
        number=state.number,
        pairs=tuple(state.pairs),
        suits=tuple(state.suits),
        hand=tuple(hand),
        actions=tuple(state.legal_actions()) if deciding else (),
        order=state.order,
        leader=state.leader,
        trick=tuple(state.trick),
        trick_seats=tuple(state.trick_seats),
        tricks=tuple(state.tricks),
        hand_sizes=tuple(len(h) for h in state.hands) if state.hands else (0,) * n,
        tricks_won=tuple(won),
        taken=tuple(map(tuple, counts)),
        dummy_up=tuple(state.up) if has_dummy else (),
        dummy_down=tuple(c is not None for c in state.down) if has_dummy else (),
        totals=tuple(state.totals),
        scores=tuple(r.score for r in state.results if r.score is not None),
        nix_holder=last.nix_holder if last is not None else None,
    )
