"""What one seat may see (R18), and nothing else.

:func:`player_view` copies, field by field, only what R18 lists: the seat's own hand,
the public table, and the history of play the seat watched. It never starts from the
full state and deletes secrets, so a new field in the state cannot leak by accident.
The dummy's seat has no hand: its face-up cards are public, its face-down ones are no
one's to see (R16, R18).

A view is made for every seat after every decision, so it is made in one step, not
field by field, and the fields that follow from the others (the legal ``actions``,
``taken`` and ``tricks_won`` counted over the round's tricks) are worked out when first
read, then kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter

from .actions import Action, PlayCard
from .checks import answers
from .cards import Card
from .tricks import trump_of
from .determiners import pair_choosers
from .events import Trick
from .scoring import RoundScore, cards_taken
from .state import Decision, GameState, Phase
from .variants import GameConfig, SeatInfo

_IN_ROUND = (Phase.PLAY, Phase.CHOOSE_PAIR, Phase.CHOOSE_STARTER)


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of the game at one moment: every field is a dataclass
    field (compared, hashed, on the wire); ``actions``, ``taken`` and ``tricks_won``
    are filled in from the others when first read (see :class:`_Derived`)."""

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

    @property
    def scored(self) -> RoundScore | None:
        """The round on show once it is scored: between rounds and at the end its last
        trick stays on show, and so do its counts."""
        return self.scores[-1] if self.phase in (Phase.DEAL, Phase.GAME_OVER) and \
            self.scores else None

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


class _Derived:
    """A field of the view worked out from its other fields when first read, then kept
    in the view like any other field. It sits on the class under the field's name and
    has no ``__set__``: a value given to ``__init__`` (the codec's) is stored as
    usual, and a value the view holds is found before this is asked."""

    def __init__(self, name: str, work_out: Callable[[PlayerView], tuple]) -> None:
        self.name, self.work_out = name, work_out

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> object:
        if view is None:
            return self
        value = view.__dict__[self.name] = self.work_out(view)
        return value


def _actions(view: PlayerView) -> tuple[Action, ...]:
    """The seat's legal answers when the game waits for it (R1, R5, R8, R16), from
    what it sees: its hand, the trick, the dummy's face-up cards, the pairs."""
    pending, seat, config = view.pending, view.seat, view.config
    if seat is None or pending is None or pending.seat != seat:
        return ()
    return tuple(answers(view.phase.value, hand=view.hand, trick=view.trick,
                         seats=config.seat_count, pairs=view.pairs, choices=config.number_choices,
                         dummy_up=view.dummy_up if seat == config.dummy else None))


def _taken(view: PlayerView) -> tuple[tuple[int, ...], ...]:
    """taken[seat][suit]: the cards of each suit each seat took (R18's memory aid)."""
    return tuple(map(tuple, cards_taken(view.tricks, view.config.seat_count)))


def _tricks_won(view: PlayerView) -> tuple[int, ...]:
    won = [0] * view.config.seat_count
    for t in view.tricks:
        won[t.winner] += 1
    return tuple(won)


# Worked out when first read (a descriptor in the field's place): mypy sees a field.
PlayerView.actions = _Derived("actions", _actions)  # type: ignore[assignment]  # computed on read
PlayerView.taken = _Derived("taken", _taken)  # type: ignore[assignment]  # computed on read
PlayerView.tricks_won = _Derived("tricks_won", _tricks_won)  # type: ignore[assignment]  # computed on read

_new_view = object.__new__
_set_fields = object.__setattr__
_IN_PLAY = (Phase.PLAY, Phase.CHOOSE_PAIR)
_score_of = attrgetter("score")


def player_view(state: GameState, seat: int | None) -> PlayerView:
    """Build ``seat``'s view by listing what R18 lets it see (None: no hand at all):
    each field copied from the state, made in one step (the fields a frozen
    dataclass would set one by one)."""
    phase = state.phase
    pending = state.decision
    hands = state.hands
    dummy = state.dummy
    up = state.up if dummy >= 0 else None
    results = state.results
    view = _new_view(PlayerView)
    _set_fields(view, "__dict__", {
        "seat": seat,
        "config": state.config,
        "phase": phase,
        "pending": pending,
        "round_no": state.round_no,
        "dealer": state.dealer,
        "starter": state.starter if phase in _IN_PLAY else -1,
        "number": state.number,
        "pairs": tuple(state.pairs),
        "suits": tuple(state.suits),
        "hand": tuple(hands[seat]) if hands and seat is not None and seat != dummy else (),
        "order": state.order,
        "leader": state.leader,
        "trick": tuple(state.trick),
        "trick_seats": tuple(state.trick_seats),
        "tricks": tuple(state.tricks),
        "hand_sizes": tuple(map(len, hands)) if hands else (0,) * state.n,
        "dummy_up": tuple(up) if up else (),
        "dummy_down": tuple([c is not None for c in state.down]) if up else (),
        "totals": tuple(state.totals),
        "scores": tuple(map(_score_of, results)),  # every round in results is scored
        "nix_holder": results[-1].scored.nix_holder if results else None,
    })
    return view
