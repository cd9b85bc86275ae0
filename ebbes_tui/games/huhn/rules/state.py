"""The state of a game of Blindes Huhn extrem and the one interface that changes it.

:meth:`HuhnState.pending` says what the game waits for: the deal (chance), every
seat's arrangement at once (H3), a card (H4-H6), a reward card (H8), a leader named
with *hand* (H9), the last trick's option (H11). :meth:`HuhnState.apply` checks an
answer (:mod:`.checks`) and reports what happened; :meth:`HuhnState.apply_fast` is the
same change without checks or events, for search. Seats are clockwise 0, 1, ... (H2).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import add
from typing import TYPE_CHECKING, Any, NamedTuple

from ....game.errors import RulesError
from ....game.protocols import Decision, Outcome, SeatInfo
from .actions import (
    LEADER, REWARD, Action, Arrange, ArrangeChoices, ChooseOption, NameLeader, Play, TakeReward,
)
from .cards import PENALTY, REWARD_HAND, REWARD_KINDS, Card, code, deck, hand_size
from .checks import WAITS_FOR, check_decision
from .events import (
    ARRANGED, BEGINS, FACE_DOWN, FACE_UP, NAMED, PENALIZED, REWARDED, DealScored, GameOver,
    OptionChosen, deal_started, trick_taken,
)
from .scoring import DealScore, options_for, score_deal, winners_of
from .tricks import (
    LEFT, MIDDLE, PLAYS_AT, RIGHT, SEATS_FROM, SPAN, SYMBOLS_COUNTED, Trick, legal_plays,
    winning_index,
)
from .view import build_view

if TYPE_CHECKING:
    from .tricks import TrickCard
    from .view import HuhnView, Table

# What the game waits for (Decision kinds; "over" has none).
DEAL, ARRANGE, PLAY, REWARD_CHOICE, NAME_LEADER, OPTION, OVER = (
    "deal", "arrange", "play", "reward", "leader", "option", "over")


class DealPlayed(NamedTuple):
    """A finished deal as its record holds it: the hands as arranged, the tricks, the
    reward kinds and named leaders in order, and the option's word."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    rewards: tuple[str, ...]
    leaders: tuple[int, ...]
    option: str

    @property
    def plays(self) -> list[str]:
        return [code(c, d) for t in self.tricks for c, d in zip(t.cards, t.downs)]


#: A finished deal as the state keeps it: the dealer, the orders, the tricks, the reward
#: and leader logs, and the option's word (:attr:`HuhnState.played` makes its record).
Finished = tuple[int, tuple[tuple[Card, ...] | None, ...], tuple[Trick, ...],
                 tuple[tuple[int, int, str], ...], tuple[tuple[int, int, int], ...], str]


class HuhnState:
    """One game of Blindes Huhn extrem, from the first deal to the final totals."""

    __slots__ = (
        "seats", "n", "deals", "first_dealer", "deck", "size", "phase", "scores", "finished",
        "crossed", "totals", "decisions",
        # the current deal
        "dealer", "orders", "hands", "trick", "trick_downs", "trick_ends",
        "tricks", "leader", "to_move", "named_by", "advantage", "hens", "penalties",
        "rewards", "supply", "reward_log", "leader_log", "taker", "deal_start", "public",
        "public_trick", "offered", "offered_at",
    )

    def __init__(self, seats: Sequence[SeatInfo], deals: int, dealer: int | None) -> None:
        n = len(seats)
        self.seats = tuple(seats)
        self.n = n
        self.deals = deals  # agreed at setup (H2)
        self.first_dealer = dealer  # deal 1's, None: drawn at random with the deal
        self.deck = deck(n)
        self.size = hand_size(n)
        self.phase = DEAL
        # What changes rarely is kept in tuples, replaced on change: clones share them.
        self.scores: tuple[DealScore, ...] = ()  # scored deals
        # their records (none in a sampled state), as each deal left them (:attr:`played`)
        self.finished: tuple[Finished, ...] = ()
        self.crossed: tuple[tuple[int, ...], ...] = ((),) * n  # per seat, deals from 1
        self.totals: tuple[int, ...] = (0,) * n
        self.decisions = 0
        self.dealer = -1
        self._clear_deal([[] for _ in range(n)])

    def _clear_deal(self, hands: list[list[Card]]) -> None:
        n = self.n
        self.orders: tuple[tuple[Card, ...] | None, ...] = _UNARRANGED[n]  # as arranged (H3)
        self.hands = hands  # left to right
        self.trick: list[Card] = []
        self.trick_downs: list[bool] = []
        self.trick_ends: list[str] = []
        self.tricks: tuple[Trick, ...] = ()
        self.leader = self.to_move = -1
        self.named_by: int | None = None  # who named this trick's leader with *hand*
        self.advantage: str | None = None  # the leader's *down*/*ear* for this trick (H9)
        self.hens: tuple[int, ...] = (0,) * n
        self.penalties: tuple[tuple[int, ...], ...] = ((),) * n
        self.rewards: tuple[tuple[str, ...], ...] = ((),) * n
        self.supply: tuple[str, ...] = REWARD_KINDS  # H8: one of each kind per deal
        self.reward_log: tuple[tuple[int, int, str], ...] = ()  # (trick from 1, seat, kind)
        self.leader_log: tuple[tuple[int, int, int], ...] = ()  # (trick named for, by, leader)
        self.taker = -1  # who decides the reward, the leader, the option
        self.deal_start = self.decisions  # decisions made before this deal
        self.public: Table | None = None  # the public table, built once per change
        self.public_trick: tuple[TrickCard, ...] = ()  # the trick as the public sees it
        self.offered: tuple[Action, ...] = ()  # the answers legal() last listed, for
        self.offered_at = -1  # this decision count: apply() checks an answer against them

    # ----------------------------------------------------------------- queries

    @property
    def deal_no(self) -> int:
        """The deal in progress from 1; between deals and at the end, the number of
        deals scored (0 before the first)."""
        return len(self.scores) + (self.phase not in (DEAL, OVER))

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played each card of the trick in progress: clockwise from its leader."""
        return SEATS_FROM[self.n][self.leader][:len(self.trick)]

    @property
    def taken(self) -> tuple[int, ...]:
        """The tricks each seat has taken this deal."""
        counts = [0] * self.n
        for trick in self.tricks:
            counts[trick.winner] += 1
        return tuple(counts)

    @property
    def played(self) -> tuple[DealPlayed, ...]:
        """The finished deals' records, made when asked: a search finishes deals by the
        thousand and never asks."""
        return tuple([new_tuple(DealPlayed, (
            dealer, tuple([o or () for o in orders]), tricks, tuple([k for _, _, k in rewards]),
            tuple([s for _, _, s in leaders]), option))
            for dealer, orders, tricks, rewards, leaders, option in self.finished])

    @property
    def moves(self) -> int:
        """The decisions made in this deal (counted by :attr:`decisions` alone)."""
        return self.decisions - self.deal_start

    @moves.setter
    def moves(self, moves: int) -> None:
        self.deal_start = self.decisions - moves

    def pending(self) -> tuple[Decision, ...]:
        phase = self.phase
        if phase == PLAY:
            return _PENDING_PLAY[self.to_move]
        if phase == ARRANGE:
            orders = self.orders
            if orders is _UNARRANGED[self.n]:  # a deal just dealt: every seat
                return _ARRANGING_ALL[self.n]
            arranging = _ARRANGING
            return tuple([arranging[s] for s, o in enumerate(orders) if o is None])
        if phase == DEAL:
            return _DEAL_PENDING
        if phase == OVER:
            return ()
        return _PENDING[phase][self.taker]

    def deciding(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for."""
        if self.phase == PLAY:
            return (self.to_move,)
        if self.phase == ARRANGE:
            return tuple([s for s, o in enumerate(self.orders) if o is None])
        if self.phase in (DEAL, OVER):
            return ()
        return (self.taker,)

    def legal(self, seat: int) -> Any:
        """``seat``'s legal answers: listed, or the unlisted orders of a hand (H3)."""
        phase = self.phase
        if phase == PLAY:
            if seat != self.to_move:
                return ()
            hand = self.hands[seat]
            if self.advantage is None or self.trick:  # by the hand's end cards (H4, H5)
                plays = PLAYS_AT[self.n][len(self.trick)][hand[0] * SPAN + hand[-1]]
            else:
                plays = legal_plays(hand, True, False, self.advantage)
            self.offered, self.offered_at = plays, self.decisions
            return plays
        if phase == ARRANGE:
            return ArrangeChoices(tuple(self.hands[seat])) if self.orders[seat] is None else ()
        if seat != self.taker:
            return ()
        offered: tuple[Action, ...]
        if phase == REWARD_CHOICE:
            supply = self.supply
            offered = _REWARDS_OFFERED.get(supply) or tuple(map(REWARD.__getitem__, supply))
        elif phase == NAME_LEADER:
            offered = LEADER[:self.n]
        elif phase == OPTION:
            offered = tuple(self.options())
        else:
            return ()
        self.offered, self.offered_at = offered, self.decisions
        return list(offered)  # the caller's own list, which it may change

    def options(self) -> list[ChooseOption]:
        """The last-trick taker's options (H11)."""
        last = self.tricks[-1]
        return options_for(self.deal_no, last.sau, self.crossed[last.winner])

    def next_dealer(self) -> int | None:
        """H2: the seat left of the last deal's dealer; deal 1's comes from the setup
        (None: at random)."""
        if self.finished or self.dealer >= 0:
            return (self.dealer + 1) % self.n
        return self.first_dealer

    def decisions_made(self) -> int:
        return self.decisions

    def view(self, seat: int | None) -> HuhnView:
        """What ``seat`` may see (H13); None: the public table."""
        return build_view(self, seat)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(tuple(float(t) for t in self.totals), winners_of(self.totals),
                       crossed=self.crossed)

    # ---------------------------------------------------------------- the deal

    def deal(self, hands: Sequence[Sequence[Card]], dealer: int) -> list[Any]:
        """Deal the next deal (the chance step): the hands as dealt and its dealer;
        RulesError unless they are the cards of H1 and the dealer of H2."""
        if self.phase != DEAL:
            raise RulesError("a deal is still in progress" if self.phase != OVER
                             else "the game is over")
        n = self.n
        if len(hands) != n:
            raise RulesError(f"{n} hands must be dealt, not {len(hands)}")
        if any(len(h) != self.size for h in hands):
            raise RulesError(f"every hand must hold {self.size} cards (H1)")
        if sorted(c for h in hands for c in h) != list(self.deck):
            raise RulesError(f"the hands must hold each of the {len(self.deck)} cards in play "
                             f"with {n} players exactly once (H1)")
        expected = self.next_dealer()
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"the dealer must be a seat from 0 to {n - 1} (H2)")
        if expected is not None and dealer != expected:
            raise RulesError(f"seat {expected} deals this deal, not seat {dealer} (H2)")
        return self._start_deal([list(h) for h in hands], dealer)

    def deal_shuffled(self, cards: list[Card], dealer: int) -> list[Any]:
        """:meth:`deal` for ``cards``, the cards in play (:attr:`deck`) shuffled, and
        the dealer :meth:`next_dealer` names (or one drawn for deal 1): dealt in turn
        in slices of a hand, with none of the checks such a deal passes anyway."""
        if self.phase != DEAL:
            raise RulesError("a deal is still in progress" if self.phase != OVER
                             else "the game is over")
        size = self.size
        return self._start_deal([cards[i:i + size] for i in range(0, len(cards), size)],
                                dealer)

    def _start_deal(self, hands: list[list[Card]], dealer: int) -> list[Any]:
        self._clear_deal(hands)
        self.dealer = dealer
        self.leader = self.to_move = (dealer + 1) % self.n
        self.phase = ARRANGE
        return [deal_started(self.deal_no, dealer, self.leader, self.size)]

    # --------------------------------------------------------------- deciding

    def check(self, action: Action, seat: int | None = None) -> int:
        """Raise :class:`~ebbes_tui.game.errors.IllegalMove` unless ``action`` answers a
        pending decision (``seat``'s when given); change nothing. Returns the deciding
        seat."""
        return check_decision(self, action, seat)

    def apply(self, action: Action, seat: int | None = None) -> list[Any]:
        """Answer a pending decision (checked first) and return what happened; an
        illegal action changes nothing."""
        events: list[Any] = []
        phase = self.phase
        if type(action) is Play and phase == PLAY:  # most decisions: checked here
            mover = self.to_move
            # a card is asked for by legal() first, as a rule: its plays are not listed twice
            plays = self.offered if self.offered_at == self.decisions else self.legal(mover)
            if (seat is None or seat == mover) and action in plays:
                self.decisions += 1
                self.play_card(action.card, action.down, events)
                return events
        elif type(action) is _LISTED.get(phase):  # a reward, a leader, an option: the same
            mover = self.taker
            listed = self.offered if self.offered_at == self.decisions else self.legal(mover)
            if (seat is None or seat == mover) and action in listed:
                self._do(action, mover, events)
                return events
        mover = check_decision(self, action, seat)  # anything else, every refusal's reason
        self._do(action, mover, events)
        return events

    def apply_fast(self, action: Action, seat: int) -> None:
        """The same change as :meth:`apply` for an action known to be legal: no
        checks, no events (search and benchmarks)."""
        self._do(action, seat, None)

    def arrange_fast(self, seat: int, order: tuple[Card, ...]) -> None:
        """:meth:`apply_fast` of ``Arrange(order)`` without making the action: a playout
        arranges every hand of a deal."""
        self.decisions += 1
        self._arrange(seat, order, None)

    def _do(self, action: Action, seat: int, events: list[Any] | None) -> None:
        self.decisions += 1
        if type(action) is Play:
            self.play_card(action.card, action.down, events)
        elif type(action) is Arrange:
            self._arrange(seat, action.order, events)
        elif type(action) is TakeReward:
            self._take_reward(seat, action.kind, events)
        elif type(action) is NameLeader:
            self._name_leader(seat, action.seat, events)
        elif type(action) is ChooseOption:
            self._choose_option(action, events)

    def _arrange(self, seat: int, order: tuple[Card, ...], events: list[Any] | None) -> None:
        """H3: the order is fixed; play begins when every hand is arranged."""
        self.orders = _with(self.orders, seat, tuple(order))
        self.hands[seat] = list(order)
        self.public = None
        if events is not None:
            events.append(ARRANGED[seat])
        if None not in self.orders:
            self.phase = PLAY
            if events is not None:
                events.append(BEGINS[self.leader])

    def play_card(self, card: Card, down: bool, events: list[Any] | None = None) -> None:
        """The seat to move plays ``card`` (known to be legal): from its end (H4), or
        the middle with *ear* (H9); the trick's last card completes it."""
        seat = self.to_move
        hand = self.hands[seat]
        if hand[0] == card:  # a hand's only card lies at its left end too
            end = LEFT
            del hand[0]
        elif hand[-1] == card:
            end = RIGHT
            hand.pop()
        else:
            end = MIDDLE
            hand.remove(card)
        trick = self.trick
        trick.append(card)
        self.trick_downs.append(down)
        self.trick_ends.append(end)
        if events is not None:  # the shared event (:func:`.events.card_played`)
            events.append(FACE_DOWN[seat][end] if down else FACE_UP[seat][end][card])
        if len(trick) == self.n:
            self.finish_trick(events)
        else:
            self.to_move = (seat + 1) % self.n

    def finish_trick(self, events: list[Any] | None = None) -> None:
        """The trick's last card is in (played by :meth:`play_card`, or by a playout
        that plays as it does): H6 the taker; H7 a penalty at once; H8 a reward (chosen
        when two or more kinds are left); the last trick leads to the option (H11)."""
        cards, tricks, leader = tuple(self.trick), self.tricks, self.leader
        last = len(tricks) + 1 == self.size
        index = winning_index(cards, last)
        seats = SEATS_FROM[self.n][leader]
        winner = seats[index]
        trick = new_tuple(Trick, (leader, cards, seats, tuple(self.trick_downs),
                                  tuple(self.trick_ends), winner, last and cards[index] == 0,
                                  self.advantage))
        self.tricks = tricks + (trick,)
        self.public = self.advantage = self.named_by = None
        self.public_trick = ()
        self.offered_at = -1  # a playout plays its cards without counting decisions
        self.trick, self.trick_downs, self.trick_ends = [], [], []
        self.leader = self.to_move = winner
        counted = 0  # hens_in() and earns_reward() in one pass
        for card in cards:
            counted += SYMBOLS_COUNTED[card]
        hens = counted % 8
        if hens:
            self.hens = _with(self.hens, winner, self.hens[winner] + hens)
            if hens >= 2:
                self.penalties = _with(self.penalties, winner,
                                       self.penalties[winner] + (PENALTY[hens],))
        if events is not None:
            events.append(trick_taken(trick))
            if hens >= 2:
                events.append(PENALIZED[winner][hens])
        if counted // 8 == 1 and self.supply:
            if len(self.supply) == 1:  # nothing to choose: taken at once, still listed
                self._take_reward(winner, self.supply[0], events)
                return
            self.phase = REWARD_CHOICE
            self.taker = winner
        elif last:
            self.phase = OPTION
            self.taker = winner
        else:
            self.phase = PLAY

    def _next_trick(self) -> None:
        if len(self.tricks) == self.size:
            self.phase = OPTION
            self.taker = self.tricks[-1].winner
        else:
            self.phase = PLAY

    def _take_reward(self, seat: int, kind: str, events: list[Any] | None) -> None:
        """H8/H9: the reward card is kept; its advantage is for the next trick only
        (none after the last); *hand* first asks who leads."""
        supply = self.supply
        taken = supply.index(kind)
        self.supply = supply[:taken] + supply[taken + 1:]
        self.rewards = _with(self.rewards, seat, self.rewards[seat] + (kind,))
        self.reward_log += ((len(self.tricks), seat, kind),)
        self.public = None
        if events is not None:
            events.append(REWARDED[seat][kind])
        if len(self.tricks) == self.size:
            self._next_trick()
        elif kind == REWARD_HAND:
            self.phase = NAME_LEADER
            self.taker = seat
        else:
            self.advantage = kind
            self._next_trick()

    def _name_leader(self, seat: int, leader: int, events: list[Any] | None) -> None:
        self.leader_log += ((len(self.tricks) + 1, seat, leader),)
        self.leader = self.to_move = leader
        self.named_by = seat
        self.phase = PLAY
        self.public = None
        if events is not None:
            events.append(NAMED[seat][leader])

    def skip_hand(self) -> None:
        """A *hand* not used (a record without its leader entry): its taker leads.
        Records of other programs need it; this game's players name a leader, which
        may be themselves."""
        if self.phase != NAME_LEADER:
            raise RulesError("no leader is to be named now")
        self.phase = PLAY
        self.public = None
        self.offered_at = -1  # the leaders listed are no card's plays

    def _choose_option(self, option: ChooseOption, events: list[Any] | None) -> None:
        """H11, then the deal is scored (H10) and the next deal or the end (H12)."""
        taker = self.taker
        score = score_deal(self.hens, self.penalties, self.rewards, self.tricks[-1], option)
        # the totals (totals_of) kept up to date: this deal's results added, and a
        # crossed-out deal's taken back
        totals = list(map(add, self.totals, score.points))
        if option.deal:
            self.crossed = _with(self.crossed, taker, self.crossed[taker] + (option.deal,))
            totals[taker] -= self.scores[option.deal - 1].points[taker]
        self.totals = tuple(totals)
        self.scores += (score,)
        self.finished += ((self.dealer, self.orders, self.tricks, self.reward_log,
                           self.leader_log, score.option),)
        self.phase = OVER if len(self.scores) >= self.deals else DEAL
        self.public = None
        if events is not None:
            events.append(OptionChosen(taker, score.option))
            events.append(DealScored(len(self.scores), score, self.totals, self.crossed))
            if self.phase == OVER:
                events.append(GameOver(self.totals, winners_of(self.totals)))

    # ---------------------------------------------------------------- copying

    def clone(self) -> HuhnState:
        """An independent copy: the hands and the trick copied, everything else (kept
        in tuples) shared. Cheap, for search."""
        new = _new_state(HuhnState)
        new.seats, new.n, new.deals, new.first_dealer = self.seats, self.n, self.deals, self.first_dealer
        new.deck, new.size, new.phase, new.scores = self.deck, self.size, self.phase, self.scores
        new.finished, new.crossed, new.totals = self.finished, self.crossed, self.totals
        new.decisions, new.dealer, new.orders = self.decisions, self.dealer, self.orders
        new.hands = [h[:] for h in self.hands]
        new.trick = self.trick[:]
        new.trick_downs = self.trick_downs[:]
        new.trick_ends = self.trick_ends[:]
        new.tricks, new.leader, new.to_move = self.tricks, self.leader, self.to_move
        new.named_by, new.advantage, new.hens = self.named_by, self.advantage, self.hens
        new.penalties, new.rewards = self.penalties, self.rewards
        new.supply, new.reward_log, new.leader_log = self.supply, self.reward_log, self.leader_log
        new.taker, new.deal_start, new.public = self.taker, self.deal_start, self.public
        new.public_trick, new.offered, new.offered_at = (self.public_trick, self.offered,
                                                          self.offered_at)
        return new


_new_state = object.__new__
#: Trick(*fields) and DealPlayed(*fields) without the named tuple's own __new__ (a
#: frame per trick).
new_tuple = tuple.__new__

#: pending() of a deal's chance step, and of a seat's card, reward, leader or option.
_DEAL_PENDING = (Decision(DEAL, None),)
_ARRANGING = tuple(Decision(ARRANGE, s) for s in range(8))
#: A deal's orders before anyone arranges, and what pending() says then, by players.
_UNARRANGED = tuple((None,) * n for n in range(8))
_ARRANGING_ALL = tuple(_ARRANGING[:n] for n in range(8))
_PENDING = {phase: tuple((Decision(phase, s),) for s in range(8))
            for phase in (PLAY, REWARD_CHOICE, NAME_LEADER, OPTION)}
_PENDING_PLAY = _PENDING[PLAY]
#: The reward cards a deal's supply offers (H8), by the supply: its kinds in the app's
#: order, as taking one leaves them.
_REWARDS_OFFERED = {supply: tuple(map(REWARD.__getitem__, supply))
                    for left in range(len(REWARD_KINDS) + 1)
                    for supply in combinations(REWARD_KINDS, left)}
#: The listed decisions other than a card, by phase: the kind of action each waits for.
_LISTED = {phase: WAITS_FOR[phase][0] for phase in (REWARD_CHOICE, NAME_LEADER, OPTION)}


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the item at ``index`` replaced (through a list: half the time
    of joining slices)."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)
