"""What one seat may see (N15), and nothing else.

:func:`player_view` lists, field by field, what N15 lets a seat see: its own hand;
every card of the current trick; how many cards each hand, each taken stack and the
pile hold; the last completed trick; every card played so far (the phase-1 tricks and
the phase-2 moves, all face up). It never starts from the state and deletes secrets:
other hands, the pile's order, the trump card before phase 2 and the ten cards set
aside with two players are simply not listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....game.protocols import SeatInfo
from .actions import Action
from .cards import SUIT_OF, Card
from .repetition import times_seen
from .phases import Phase
from .tricks import Move, Trick

if TYPE_CHECKING:
    from .state import HundState

#: A phase-1 card in the current trick: who played it, the card, turned from the pile.
Played = tuple[int, Card, bool]
#: A phase-2 play lying in the trick: who played it and its cards (a series low to high).
Lying = tuple[int, tuple[Card, ...]]


class HundView(NamedTuple):
    """One seat's knowledge of a match of Hund at one moment (seat None: the public
    table, no hand). Immutable; a NamedTuple because it is built at every decision for
    every seat: a frozen dataclass of this many fields takes several times as long."""

    # what only this seat sees (N15)
    seat: int | None
    actions: tuple[Action, ...]  # this seat's legal moves when it decides, else ()
    hand: tuple[Card, ...]  # own hand, sorted by suit (S H D C) and rank, high first
    # the public table, the same for every seat
    seats: tuple[SeatInfo, ...]
    series: bool  # the series option (N14)
    games: int  # games in the match (N16)
    phase: str  # "deal", "collect" (phase 1), "shed" (phase 2), "over"
    game: int  # the game being played or just finished, from 1
    moves: int  # moves made in it
    dealer: int  # -1 before the first deal
    kind: str  # the pending decision: "play", "krig", "lead", "beat", "deal" or ""
    deciding: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    taken_sizes: tuple[int, ...]  # phase 1's taken stacks (they become hands in phase 2)
    pile_size: int
    aside_size: int  # ten with two players, unseen (N2)
    # phase 1 (N3-N8)
    leader: int
    trick: tuple[Played, ...]  # the current trick in play order, war cards too
    krig: int  # 0: the trick's first round; k: the k-th war inside it
    warriors: tuple[int, ...]  # the current war's warriors in play order
    round_start: int  # where this round's cards begin in ``trick``
    to_play: tuple[int, ...]  # seats still to play this round, the mover first
    tricks: tuple[Trick, ...]  # this game's completed phase-1 tricks
    trump_holder: int  # who laid the trump card aside, -1 before (N7)
    trump_card: Card  # -1 until phase 2 shows it (N9, N15)
    leftover: tuple[int, int] | None  # who still held cards when phase 1 ended, how many
    # phase 2 (N9-N14)
    shed_trick: tuple[Lying, ...]  # the plays lying in the trick, the top one last
    began: int  # plays that complete the trick: players in play when it began (N11)
    #: how often this position has come round (N17: the third time ends phase 2); public,
    #: as an unseen card stays in its hand all phase 2 and so changes no comparison
    repeats: int
    log: tuple[Move, ...]  # every phase-2 move of this game
    last_trick: tuple[Lying, ...]  # the last avstikk's plays
    out: tuple[int, ...]  # seats in the order they went out (N12)
    gone: int  # cards that left the game by avstikk
    hund: int  # this game's hund once found (N13), else -1
    tally: tuple[int, ...]  # times each seat was the hund (N16)
    hunds: tuple[int, ...]  # each finished game's hund, in order
    outs: tuple[tuple[int, ...], ...]  # each finished game's order of going out (N16)
    #: each finished game's players left in play beside the hund when a position came
    #: round a third time (N17: they share the places after those out), else ()
    shared: tuple[tuple[int, ...], ...]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def position(self) -> tuple[int, int]:
        return self.game, self.moves

    @property
    def trump(self) -> int:
        """The trump suit once phase 2 shows the trump card, else -1."""
        return SUIT_OF[self.trump_card] if self.trump_card >= 0 else -1

    @property
    def top(self) -> Card | None:
        """The card a phase-2 play must beat (a series': its highest), None to lead."""
        return self.shed_trick[-1][1][-1] if self.shed_trick else None

    def played_cards(self) -> list[Card]:
        """Every card this seat saw played in this game (N15's memory aid)."""
        seen = [c for t in self.tricks for c in t.cards]
        seen += [c for _, c, _ in self.trick]
        seen += [c for m in self.log if not m.took for c in m.cards]
        return seen


_PHASE_NAMES = {p: p.value for p in Phase}


def player_view(state: HundState, seat: int | None) -> HundView:
    """Build ``seat``'s view by listing what N15 lets it see (None: no hand at all):
    its hand and legal moves, and the public table (made once per move for all seats,
    kept with the state's views)."""
    table = state._views.get("table")
    if table is None:
        table = state._views["table"] = public_table(state)
    playing = state.phase is Phase.COLLECT or state.phase is Phase.SHED
    return HundView(
        seat,
        state.legal(seat) if playing and seat == state.turn else (),
        tuple(state.hands[seat]) if seat is not None else (),
        *table,
    )


def public_table(state: HundState) -> tuple[object, ...]:
    """Every field of a view that all seats see alike, in the view's order."""
    phase = state.phase
    deal = state.deal
    collecting = phase is Phase.COLLECT
    playing = collecting or phase is Phase.SHED
    if collecting:
        kind = "krig" if state.krig else "play"
        trick = tuple(zip(state.t_seats, state.t_cards, state.t_sjanse))
    else:
        kind = ("beat" if state.trick2 else "lead") if playing else \
            ("deal" if phase is Phase.DEAL else "")
        trick = ()
    return (
        state.seats,
        state.series,
        state.games,
        _PHASE_NAMES[phase],
        state.game_no + 1,
        state.unknown + len(state.moves),
        deal.dealer if deal is not None else -1,
        kind,
        (state.turn,) if playing else (),
        tuple(map(len, state.hands)),
        tuple(map(len, state.taken)),
        len(state.pile),
        len(deal.aside) if deal is not None else 0,
        state.leader,
        trick,
        state.krig if collecting else 0,
        state.warriors if collecting else (),
        state.round_start if collecting else 0,
        tuple(state.queue) if collecting else (),
        tuple(state.tricks),
        state.trump_holder,
        # the trump card is shown when phase 2 begins (N9), never before (N15)
        state.trump_card if state.phase2_hands is not None else -1,
        state.leftover,
        tuple(state.trick2),
        state.began if phase is Phase.SHED else 0,
        times_seen(state),
        tuple(state.log2),
        state.last2,
        tuple(state.out),
        len(state.gone),
        state.hund,
        tuple(state.tally),
        tuple([r.hund for r in state.results]),
        tuple([r.out for r in state.results]),
        tuple([r.shared for r in state.results]),
    )
