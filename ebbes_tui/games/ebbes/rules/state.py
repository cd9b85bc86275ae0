"""The state of a game of ebbes and the one interface that changes it.

A :class:`GameState` always says which decision is pending (:attr:`GameState.decision`):
the deal of the next round (chance, done by whoever holds the Random, see
:mod:`.deal`), or a seat's decision, answered by one of :meth:`legal_actions` through
:meth:`apply`, which checks it and raises :class:`IllegalMove` with a reason a player
understands. :meth:`play_fast`, :meth:`play_out` and :meth:`clone` are the cheap,
unchecked path for bots that search. The rules themselves live in named functions
(:mod:`.tricks`, :mod:`.determiners`, :mod:`.dummy`, :mod:`.scoring`); this class
only keeps the state they act on.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import add
from enum import Enum
from functools import lru_cache
from collections.abc import Callable, Sequence
from random import Random
from typing import TYPE_CHECKING, NamedTuple

from ....game.protocols import Decision as SeamDecision
from ....game.protocols import Outcome
from .actions import Action, ChoosePair, NameStarter, PlayCard
from .cards import ALL_CARDS, MAX_VALUE, SUIT_OF, SUITS, Card
from .categories import CATEGORIES
from .checks import answers, check_card, check_decision, playable
from .determiners import determiner_flags, fix_categories, open_pairs, pair_choosers
from .dummy import dummy_card, lay_out, turn_up
from .errors import IllegalMove, RulesError
from .events import (
    CardPlayed, CategoryFixed, Event, GameOver, PairChosen, RoundScored, RoundStarted,
    StarterChosen, Trick, TrickWon,
)
from .scoring import RoundScore, score_tricks
from .tricks import (
    NO_SUIT, legal_cards, seats_from, trick_turns, trick_winner, trump_of, turn_order,
)
from .variants import GameConfig

if TYPE_CHECKING:
    from .view import PlayerView

class Phase(Enum):
    """What the game waits for."""

    DEAL = "deal"  # chance: the next round must be dealt
    CHOOSE_STARTER = "choose_starter"  # the nix holder names the next starter (R8)
    CHOOSE_PAIR = "choose_pair"  # Variant 2: a seat pairs a suit with a number (R5)
    PLAY = "play"
    GAME_OVER = "game_over"


_PLAY = Phase.PLAY


class Decision(NamedTuple):
    """A pending decision: what kind, and which seat makes it (None for the deal)."""

    phase: Phase
    seat: int | None


#: The most seats a game has (five players; two players and the dummy are three).
_MAX_SEATS = 5
#: Every decision a game can wait for, made once (by phase, then seat): asking for the
#: pending decision is on every caller's path (a match, search, the views), so it
#: allocates nothing. The same for the seam's :meth:`GameState.pending`.
_DECISIONS: dict[Phase, tuple[Decision, ...]] = {
    phase: tuple(Decision(phase, s) for s in range(_MAX_SEATS))
    for phase in (Phase.PLAY, Phase.CHOOSE_STARTER, Phase.CHOOSE_PAIR)}
_PLAYING = _DECISIONS[_PLAY]
_DEALING = Decision(Phase.DEAL, None)
_SEAM_PENDING: dict[Phase, tuple[tuple[SeamDecision], ...]] = {
    phase: tuple((SeamDecision(d.phase.value, d.seat),) for d in decisions)
    for phase, decisions in _DECISIONS.items()}
_SEAM_PLAYING = _SEAM_PENDING[_PLAY]
_SEAM_DEALING = (SeamDecision(Phase.DEAL.value, None),)
#: CardPlayed events made once, by seat and card (events are immutable values).
_CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(s, c) for c in ALL_CARDS) for s in range(_MAX_SEATS))
#: RoundStarted events made once each, StarterChosen once by chooser (the last row:
#: None, no choice) and starter: a deal and a starter come with every round.
_round_started = lru_cache(maxsize=512)(RoundStarted)
_STARTER_CHOSEN: tuple[tuple[StarterChosen, ...], ...] = tuple(
    tuple(StarterChosen(chooser, s) for s in range(_MAX_SEATS))
    for chooser in (*range(_MAX_SEATS), None))


class RoundResult(NamedTuple):
    """Everything about one round that a record holds, and its score once complete."""

    hands: tuple[tuple[Card, ...], ...]  # as dealt; the dummy's in deal order
    starter: int
    dealer: int | None
    number: int | None  # basic game
    pairs: tuple[tuple[int, int], ...]  # Variant 2: (suit, number) in choice order
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    current_seats: tuple[int, ...]  # the seat of each card of ``current_trick``
    score: RoundScore | None  # None while the round is unfinished

    @property
    def scored(self) -> RoundScore:
        """The score of a finished round (every round of ``results``)."""
        if self.score is None:
            raise ValueError("the round is not finished")
        return self.score

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card in the order played (the record's ``plays``)."""
        return tuple(c for t in self.tricks for c in t.cards) + self.current_trick

    @property
    def play_seats(self) -> tuple[int, ...]:
        """The seat of every card in :attr:`plays`."""
        return tuple(s for t in self.tricks for s in t.seats) + self.current_seats


class GameState:
    """One game of ebbes, from the first deal to the final standings."""

    __slots__ = (
        "config", "n", "dummy", "phase", "round_no", "totals", "results",
        # the current round, fixed once dealt
        "dealt", "dealer", "number", "starter", "order", "det", "pairs",
        # the current round, changing with every card
        "hands", "down", "up", "trick", "trick_seats", "leader", "to_move", "suits",
        "cat_of", "tricks",
    )

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.n = config.seat_count
        self.dummy = -1 if config.dummy is None else config.dummy
        self.phase = Phase.DEAL
        self.round_no = 0  # rounds completed so far == index of the current round
        self.totals = [0] * self.n
        self.results: list[RoundResult] = []
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        self.dealer: int | None = None
        self.number: int | None = None
        self.starter = -1
        self.order: tuple[int, ...] = ()  # order[s]: who plays after seat s (R3, R15)
        self.det: tuple[bool, ...] = ()  # det[card]: does it fix a category? (R4, R5)
        self.pairs: list[tuple[int, int]] = []
        self.hands: list[list[Card]] = []
        self.down: list[Card | None] = []  # dummy stacks, face-down cards (R16)
        self.up: list[Card | None] = []  # dummy stacks, face-up cards
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.leader = -1
        self.to_move = -1
        self.suits: list[int] = []  # suit of each category fixed so far, in order
        self.cat_of = [-1] * len(SUITS)  # category of each suit, -1 while open
        self.tricks: list[Trick] = []  # this round's, each with its winner

    @classmethod
    def mid_round(
        cls, config: GameConfig, *, round_no: int, totals: Sequence[int],
        dealer: int | None, number: int | None, pairs: Sequence[tuple[int, int]],
        starter: int, hands: Sequence[Sequence[Card]], dummy_down: Sequence[Card | None],
        dummy_up: Sequence[Card | None], tricks: Sequence[Trick], trick: Sequence[Card],
        leader: int, suits: Sequence[int],
    ) -> GameState:
        """A state in the middle of a round's play, built from its public facts and a
        full set of hands (e.g. guessed by :mod:`.determinize`). Its past rounds are
        unknown, so it is for search only: play it no further than the round's end.
        The seats of the current trick's cards are worked out here (R3)."""
        state = cls(config)
        state.phase = Phase.PLAY
        state.round_no = round_no
        state.totals = list(totals)
        state.dealer, state.number, state.starter = dealer, number, starter
        state.order = turn_order(state.n, config.dummy, dealer)
        state.pairs = list(pairs)
        state.det = determiner_flags(number, tuple(sorted(pairs)) if number is None else ())
        state.hands = [sorted(h) for h in hands]
        state.dealt = tuple(tuple(h) for h in state.hands)  # stand-in: the deal is unknown
        if state.dummy >= 0:
            state.down, state.up = list(dummy_down), list(dummy_up)
        state.suits = list(suits)
        for category, suit in enumerate(suits):
            state.cat_of[suit] = category
        state.tricks = list(tricks)
        state.trick = list(trick)
        state.leader = leader
        state.trick_seats = list(seats_from(leader, len(trick), state.order))
        state.to_move = state.order[state.trick_seats[-1]] if trick else leader
        return state

    # ----------------------------------------------------------------- queries

    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        phase = self.phase
        if phase is _PLAY:
            return _PLAYING[self.to_move]
        if phase is Phase.CHOOSE_STARTER:
            return _DECISIONS[phase][self.results[-1].scored.nix_holder]
        if phase is Phase.CHOOSE_PAIR:
            return _DECISIONS[phase][self.pair_chooser()]
        if phase is Phase.DEAL:
            return _DEALING
        return None

    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending (None at a deal and at the end)."""
        pending = self.decision
        return pending.seat if pending else None

    @property
    def round_limit(self) -> int:
        return self.config.round_limit

    @property
    def trump(self) -> int:
        """The trump suit, or -1 while it is open."""
        return trump_of(self.suits)

    def scores(self) -> tuple[int, ...]:
        """Every seat's total so far (the discs on the scoring track, R9)."""
        return tuple(self.totals)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (R18); None: the public table, no hand at all."""
        from .view import player_view

        return player_view(self, seat)

    def next_dealer(self) -> int | None:
        """Dealer of the round to be dealt next, where the rules fix it (R11, R15)."""
        if not self.results:
            return None
        last = self.results[-1].dealer
        if last is None:
            return None
        if self.dummy >= 0:  # the two players take turns (R15)
            return next(s for s in range(self.n) if s not in (last, self.dummy))
        return (last + 1) % self.n

    def pair_chooser(self) -> int:
        """Who takes the next Variant 2 pair (R5, R19)."""
        choosers = pair_choosers(self.starter, self.order, self.config.dummy)
        return choosers[len(self.pairs)]

    def open_pairs(self) -> tuple[list[int], list[int]]:
        """Suits not yet paired, and numbers not yet taken, this round (R5)."""
        return open_pairs(self.pairs, self.config.number_choices)

    def legal_moves(self) -> Sequence[Card]:
        """Cards the seat to move may play (R1; the dummy's one card, R16)."""
        if self.phase is not _PLAY:
            return []
        seat = self.to_move
        trick = self.trick
        if seat == self.dummy:
            return [dummy_card(self.up, SUIT_OF[trick[0]] if trick else NO_SUIT)]
        return legal_cards(self.hands[seat], SUIT_OF[trick[0]] if trick else NO_SUIT)

    def legal_actions(self) -> list[Action]:
        """Every answer the pending decision allows (none at a deal or the end)."""
        phase = self.phase
        if phase is _PLAY:
            return self.legal(self.to_move)
        if phase is Phase.CHOOSE_STARTER or phase is Phase.CHOOSE_PAIR:
            return answers(phase.value, hand=(), trick=(), seats=self.n, pairs=self.pairs,
                           choices=self.config.number_choices)
        return []

    # ------------------------------------------------------------ the seam

    def pending(self) -> tuple[SeamDecision, ...]:
        """The seam's view of :attr:`decision`: ebbes decides one seat at a time."""
        phase = self.phase
        if phase is _PLAY:
            return _SEAM_PLAYING[self.to_move]
        if phase is Phase.DEAL:
            return _SEAM_DEALING
        decision = self.decision
        return () if decision is None or decision.seat is None else _SEAM_PENDING[phase][decision.seat]

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal answers (none unless it is the seat to decide)."""
        if self.phase is _PLAY:  # a card (R1, R16): every validated game's hot path
            if seat != self.to_move:
                return []
            return playable(self.hands[seat], self.trick, self.up if seat == self.dummy else None)
        return self.legal_actions() if seat == self.current_player else []

    def outcome(self) -> Outcome | None:
        """Totals and winners once the game is over (R10, R17)."""
        if self.phase is not Phase.GAME_OVER:
            return None
        return Outcome(tuple(self.totals), self.winners())

    def decisions_made(self) -> int:
        """Every starter named, pair taken and card played so far, in record order."""
        rounds = list(self.results)
        if self.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
            rounds.append(self.current_round())
        named = sum(1 for i in range(1, len(rounds))
                    if rounds[i - 1].scored.nix_holder != self.dummy)
        return named + sum(len(r.pairs) + len(r.plays) for r in rounds)

    def current_round(self) -> RoundResult:
        """The round in progress as a record would hold it (score None)."""
        return RoundResult(
            self.dealt, self.starter, self.dealer, self.number, tuple(self.pairs),
            tuple(self.tricks), tuple(self.trick), tuple(self.trick_seats), None,
        )

    def winners(self) -> tuple[int, ...]:
        """Players with the highest total; the dummy never wins (R10, R17)."""
        players = [s for s in range(self.n) if s != self.dummy]
        best = max(self.totals[s] for s in players)
        return tuple(s for s in players if self.totals[s] == best)

    # -------------------------------------------------------------- the deal

    def start_round(
        self,
        hands: Sequence[Sequence[Card]],
        *,
        number: int | None = None,
        starter: int | None = None,
        dealer: int | None = None,
        shuffled: bool = False,
    ) -> list[Event]:
        """Deal a round (the chance step): the hands as dealt, the face-up Number
        Determiner (basic game), the starter (round 1 only; later the nix holder
        chooses) and, with two players, the dealer (round 1; later they alternate).
        ``shuffled``: the hands come from :func:`.deal.deal_hands`, which deals the
        right cards by construction, so they are not counted again."""
        if self.phase is not Phase.DEAL:
            raise RulesError("a round is still in progress")
        config = self.config
        if not shuffled:
            self._check_deal(hands)
        first = not self.results
        if config.options.choose_determiners:
            if number is not None:
                raise RulesError("Variant 2 rounds have pairs, not a Number Determiner")
        else:
            used = [r.number for r in self.results]
            if number not in config.number_choices or number in used:
                raise RulesError(
                    f"Number Determiner must be one of {_unused(config.number_choices, used)}"
                    f", not {number}"
                )
        if first:
            if starter is None or not 0 <= starter < self.n:
                raise RulesError(f"round 1 needs a starting seat from 0 to {self.n - 1}")
        elif starter is not None:
            raise RulesError("after round 1 the nix holder chooses the starter (R8)")
        dealer = self._round_dealer(dealer, starter)
        self.dealt = tuple(map(tuple, hands))
        self.dealer = dealer
        self.number = number
        self.order = turn_order(self.n, config.dummy, dealer)
        self.det = determiner_flags(number, ())
        self.pairs = []
        self.hands = list(map(sorted, hands))
        if self.dummy >= 0:
            self.down, self.up = lay_out(self.dealt[self.dummy])
        self.trick = []
        self.trick_seats = []
        self.suits = []
        self.cat_of = [-1] * len(SUITS)
        self.tricks = []
        events: list[Event] = [_round_started(self.round_no, dealer, number)]
        if starter is not None:  # round 1 (checked above)
            self._set_starter(starter, None, events)
        else:
            holder = self.results[-1].scored.nix_holder
            if holder == self.dummy:  # the dummy starts when it holds nix (R17)
                self._set_starter(holder, None, events)
            else:
                self.phase = Phase.CHOOSE_STARTER
        return events

    def _check_deal(self, hands: Sequence[Sequence[Card]]) -> None:
        config = self.config
        if len(hands) != self.n:
            raise RulesError(f"{self.n} hands must be dealt, not {len(hands)}")
        deck = config.deck_set
        dealt = set().union(*hands)
        if dealt != deck or sum(map(len, hands)) != len(deck):
            raise RulesError(
                f"the hands must hold exactly the {len(deck)} cards of values "
                f"1-{config.max_value} for {config.players} players"
            )
        if any(len(h) != config.hand_size for h in hands):
            raise RulesError(f"every hand must hold {config.hand_size} cards")

    def _round_dealer(self, dealer: int | None, starter: int | None) -> int | None:
        """Two players: round 1 names the dealer, then they alternate (R15). Three to
        five: the seat right of the round-1 starter, then clockwise (R11)."""
        expected = self.next_dealer()
        if self.dummy >= 0:
            if expected is None:
                if dealer is None or dealer == self.dummy or not 0 <= dealer < self.n:
                    raise RulesError("a two-player round needs a dealer who is a player")
                return dealer
        elif expected is None:
            expected = (starter - 1) % self.n if starter is not None else None
            if dealer is None:
                return expected
        if dealer is not None and dealer != expected:
            raise RulesError(f"seat {expected} deals this round, not seat {dealer}")
        return expected

    def _set_starter(self, starter: int, chooser: int | None, events: list[Event]) -> None:
        self.starter = starter
        self.leader = self.to_move = starter
        events.append(_STARTER_CHOSEN[-1 if chooser is None else chooser][starter])
        self.phase = (
            Phase.CHOOSE_PAIR if self.config.options.choose_determiners else Phase.PLAY
        )

    # --------------------------------------------------------------- deciding

    def check(self, action: Action, seat: int | None = None) -> int:
        """Raise :class:`IllegalMove` (with the reason) unless ``action`` answers the
        pending decision, for ``seat`` when given; changes nothing. Returns the seat
        whose decision it answers."""
        phase = self.phase
        if phase is _PLAY and type(action) is PlayCard and (seat is None or seat == self.to_move):
            mover = self.to_move  # the common case, a card in turn: only R1 (R16) to check
            check_card(mover, action.card, self.hands[mover], self.trick,
                       self.up if mover == self.dummy else None)
            return mover
        decider = self.current_player
        if phase is _PLAY:
            mover = self.to_move
        elif (phase is Phase.CHOOSE_STARTER or phase is Phase.CHOOSE_PAIR) and decider is not None:
            mover = decider
        else:
            raise IllegalMove(None, "there is nothing to decide now")
        check_decision(phase.value, mover, action, seat, hand=self.hands[mover], trick=self.trick,
                       seats=self.n, pairs=self.pairs, choices=self.config.number_choices,
                       dummy_up=self.up if mover == self.dummy else None)
        return mover

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Answer the pending decision with ``action`` (checked first, for ``seat`` when
        given) and return what happened; an illegal action changes nothing."""
        if type(action) is not PlayCard or self.phase is not _PLAY or (
                seat is not None and seat != self.to_move):
            mover = self.check(action, seat)  # a card out of turn raises here
            if type(action) is not PlayCard:
                return self._decide(action, mover)
        # a card in turn, every validated game's hot path: R1 (R16) to check, then play
        # it and report what it caused, read off the state after it
        seat = self.to_move
        card = action.card
        check_card(seat, card, self.hands[seat], self.trick, self.up if seat == self.dummy else None)
        suits = self.suits
        fixed = len(suits)
        self.play_fast(card)
        events: list[Event] = [_CARD_PLAYED[seat][card]]
        if len(suits) > fixed:  # R4: fixed at once, Minus brings nix
            for cat in range(fixed, len(suits)):
                events.append(CategoryFixed(CATEGORIES[cat], suits[cat], card, seat))
        if self.trick:  # the trick goes on
            return events
        events.append(TrickWon(self.tricks[-1]))
        if self.phase is not _PLAY:  # the trick was the round's last
            events.append(RoundScored(len(self.results) - 1, self.results[-1].scored,
                                      tuple(self.totals)))
            if self.phase is Phase.GAME_OVER:
                events.append(GameOver(tuple(self.totals), self.winners()))
        return events

    def _decide(self, action: NameStarter | ChoosePair, mover: int) -> list[Event]:
        """Apply a checked starter (R8) or Variant 2 pair (R5) of ``mover``."""
        events: list[Event] = []
        if type(action) is NameStarter:
            self._set_starter(action.seat, mover, events)
        else:
            self.pairs.append((action.suit, action.number))
            events.append(PairChosen(mover, action.suit, action.number))
            if len(self.pairs) == len(SUITS):
                self.det = determiner_flags(None, tuple(sorted(self.pairs)))
                self.phase = Phase.PLAY
        return events

    # ------------------------------------------------- the unchecked fast path

    def play_fast(self, card: Card) -> None:
        """Play a card known to be legal: no checks, no events (bots' search)."""
        seat = self.to_move
        self.hands[seat].remove(card)
        if seat == self.dummy:
            up = self.up
            up[up.index(card)] = None
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if self.det[card]:
            self._fix(card)
        if len(trick) == self.n:
            self._finish_trick(tuple(self.trick_seats))
        else:
            self.to_move = self.order[seat]

    def play_out(self, pick: Random | Callable[[GameState, list[Card]], Card]) -> None:
        """Finish the round unchecked. Where there is a choice, ``pick`` chooses: a
        Random picks uniformly among the legal cards, a function ``pick(state,
        legal)`` as it likes (``legal`` must not be changed; the state is as
        :meth:`play_fast` would leave it). The dummy's and forced cards are played
        without asking. For search and benchmarks: the hot loop of every playout, so
        who plays next comes from the trick's turn (R3), and ``to_move`` and
        ``trick_seats`` are written only where a trick ends or ``pick`` may look."""
        if self.phase is not _PLAY:
            return
        rand = pick.random if isinstance(pick, Random) else None
        hands, det, dummy = self.hands, self.det, self.dummy
        trick, seats = self.trick, self.trick_seats
        turns = trick_turns(self.order)
        while True:
            turn = turns[self.leader]
            led = SUIT_OF[trick[0]] if trick else NO_SUIT
            first = led * MAX_VALUE  # the led suit's cards are first <= card < past
            past = first + MAX_VALUE
            for seat in turn[len(trick):]:
                hand = hands[seat]
                if seat == dummy:
                    up = self.up
                    card = dummy_card(up, led)
                    up[up.index(card)] = None
                    hand.remove(card)
                else:
                    # R1 as playable_range has it, written out for the hot loop (a
                    # test checks this path plays the same games as apply)
                    low = high = 0
                    if led >= 0:
                        low = bisect_left(hand, first)
                        high = bisect_left(hand, past, low)
                    if low == high:
                        low, high = 0, len(hand)
                    if high - low == 1:
                        card = hand.pop(low)
                    elif rand is not None:
                        card = hand.pop(low + int(rand() * (high - low)))
                    else:
                        self.to_move = seat
                        seats[:] = turn[:len(trick)]
                        card = pick(self, hand[low:high])  # type: ignore[operator]  # no Random here
                        hand.remove(card)
                trick.append(card)
                if det[card]:
                    self._fix(card)
                if led < 0:
                    led = SUIT_OF[card]
                    first = led * MAX_VALUE
                    past = first + MAX_VALUE
            self._finish_trick(turn)
            if self.phase is not _PLAY:
                return

    def _fix(self, card: Card) -> None:
        """A determiner card was played (R4, R5)."""
        fix_categories(self.suits, self.cat_of, SUIT_OF[card])

    def _finish_trick(self, seats: tuple[int, ...]) -> None:
        """R2 the winner takes the cards and leads next (R3); the dummy turns up its
        uncovered cards (R16); the last trick ends the round. ``seats`` played the
        trick's cards in turn."""
        trick = self.trick
        winner = seats[trick_winner(trick, trump_of(self.suits))]
        self.tricks.append(_new(Trick, (self.leader, tuple(trick), winner, seats)))
        trick.clear()
        self.trick_seats.clear()
        self.leader = self.to_move = winner
        if self.dummy >= 0:
            turn_up(self.down, self.up)
        if not self.hands[winner]:
            self._score_round()

    def _score_round(self) -> None:
        score = score_tricks(tuple(self.suits), self.tricks, self.n)
        self.results.append(_new(RoundResult, (
            self.dealt, self.starter, self.dealer, self.number, tuple(self.pairs),
            tuple(self.tricks), (), (), score,
        )))
        self.totals[:] = map(add, self.totals, score.points)  # R9
        self.round_no += 1
        self.phase = Phase.GAME_OVER if self._game_ends() else Phase.DEAL

    def _game_ends(self) -> bool:
        """R10, R13: after the last round; in Variant 2 also when a player's disc
        reaches the goal or Dabbscheedel (the dummy's never ends it)."""
        return self.round_no >= self.round_limit or bool(track_enders(self.config, self.totals))

    # --------------------------------------------------------------- cloning

    def clone(self) -> GameState:
        """An independent copy (immutable parts shared): cheap, for bots' search."""
        new = GameState.__new__(GameState)
        new.config = self.config
        new.n = self.n
        new.dummy = self.dummy
        new.phase = self.phase
        new.round_no = self.round_no
        new.totals = self.totals[:]
        new.results = self.results[:]
        new.dealt = self.dealt
        new.dealer = self.dealer
        new.number = self.number
        new.starter = self.starter
        new.order = self.order
        new.det = self.det
        new.pairs = self.pairs[:]
        new.hands = [h[:] for h in self.hands]
        new.down = self.down[:]
        new.up = self.up[:]
        new.trick = self.trick[:]
        new.trick_seats = self.trick_seats[:]
        new.leader = self.leader
        new.to_move = self.to_move
        new.suits = self.suits[:]
        new.cat_of = self.cat_of[:]
        new.tricks = self.tricks[:]
        return new


#: Makes a Trick or a RoundResult without the NamedTuple constructor's Python frame
#: (the hot path: every playout ends a round).
_new = tuple.__new__


def track_enders(config: GameConfig, totals: Sequence[int]) -> tuple[int, ...]:
    """Variant 2: the players whose disc has reached the goal or Dabbscheedel, which
    ends the game at the end of the round (R13); the dummy's disc never counts (R17)."""
    if not config.options.choose_determiners:
        return ()
    return tuple(s for s, t in enumerate(totals)
                 if s != config.dummy and config.track.reached_end(t))


def _unused(choices: tuple[int, ...], used: list[int | None]) -> str:
    return ", ".join(str(v) for v in choices if v not in used)
