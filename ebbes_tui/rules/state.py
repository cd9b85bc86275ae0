"""The state of a game of ebbes and the moves that change it.

A :class:`GameState` always says which decision is pending (:attr:`GameState.pending`):
deal the next round (chance, done by whoever holds the Random), choose the next
starter (R8), choose a determiner pair (R5) or play a card. The validated moves
(:meth:`start_round`, :meth:`choose_starter`, :meth:`choose_pair`, :meth:`play`) raise
:class:`IllegalMove` with a reason a player understands; :meth:`play_fast` and
:meth:`clone` are the cheap, unchecked path for bots that search.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from .cards import ALL_CARDS, SUIT_NAMES, SUIT_OF, SUITS, VALUE_OF, Card
from .categories import FIXED_BY_CARDS, Category
from .dummy import dummy_card, dummy_rule, lay_out, turn_up
from .errors import IllegalMove, RulesError
from .events import (
    CardPlayed, CategoryFixed, Event, GameOver, PairChosen, RoundScored, RoundStarted,
    StarterChosen, Trick, TrickWon,
)
from .scoring import RoundScore, score_round
from .variants import GameConfig

#: Sum of the suit numbers 0-4: the one suit left after Minus is this minus the others.
_SUIT_SUM = sum(SUITS)
_NO_CARD = -1


class Phase(Enum):
    """What the game waits for."""

    DEAL = "deal"  # chance: the next round must be dealt
    CHOOSE_STARTER = "choose_starter"  # the nix holder names the next starter (R8)
    CHOOSE_PAIR = "choose_pair"  # Variant 2: a seat pairs a suit with a number (R5)
    PLAY = "play"
    GAME_OVER = "game_over"


_PLAY = Phase.PLAY


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision: what kind, and which seat makes it (None for the deal)."""

    phase: Phase
    seat: int | None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Everything about one round that a record holds, and its score once complete."""

    hands: tuple[tuple[Card, ...], ...]  # as dealt; the dummy's in deal order
    starter: int
    dealer: int | None
    number: int | None  # basic game
    pairs: tuple[tuple[int, int], ...]  # Variant 2: (suit, number) in choice order
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    score: RoundScore | None  # None while the round is unfinished

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card in the order played (the record's ``plays``)."""
        return tuple(c for t in self.tricks for c in t.cards) + self.current_trick


class GameState:
    """One game of ebbes, from the first deal to the final standings."""

    __slots__ = (
        "config", "n", "dummy", "phase", "round_no", "totals", "results",
        # the current round, fixed once dealt
        "dealt", "dealer", "number", "starter", "order", "det", "pairs",
        # the current round, changing with every card
        "hands", "down", "up", "trick", "leader", "to_move", "suits", "cat_of",
        "counts", "highest", "tricks_won", "tricks",
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
        self.order: tuple[int, ...] = ()  # order[s]: who plays after seat s
        self.det: tuple[bool, ...] = ()  # det[card]: does it fix a category?
        self.pairs: list[tuple[int, int]] = []
        self.hands: list[list[Card]] = []
        self.down: list[Card | None] = []  # dummy stacks, face-down cards (R16)
        self.up: list[Card | None] = []  # dummy stacks, face-up cards
        self.trick: list[Card] = []
        self.leader = -1
        self.to_move = -1
        self.suits: list[int] = []  # suit of each category fixed so far, in order
        self.cat_of = [-1] * len(SUITS)  # category of each suit, -1 while open
        self.counts: list[int] = []  # counts[seat*5+suit]: cards taken
        self.highest: list[int] = []  # highest card taken, per seat and suit
        self.tricks_won: list[int] = []
        self.tricks: list[Trick] = []

    # ----------------------------------------------------------------- queries

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        phase = self.phase
        if phase is Phase.PLAY:
            return Decision(phase, self.to_move)
        if phase is Phase.CHOOSE_STARTER:
            return Decision(phase, self.results[-1].score.nix_holder)  # type: ignore[union-attr]
        if phase is Phase.CHOOSE_PAIR:
            return Decision(phase, self.pair_chooser())
        if phase is Phase.DEAL:
            return Decision(phase, None)
        return None

    @property
    def round_limit(self) -> int:
        return self.config.round_limit

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
        """Who pairs next in Variant 2: from the left of the starter, clockwise; the
        dummy takes no pair (R5)."""
        choosers = []
        seat = self.starter
        for _ in range(self.n):
            seat = self.order[seat]
            if seat != self.dummy:
                choosers.append(seat)
        return choosers[len(self.pairs) % len(choosers)]

    def legal_moves(self) -> list[Card]:
        """Cards the seat to move may play (R1; the dummy's one card by R16)."""
        if self.phase is not _PLAY:
            return []
        seat = self.to_move
        trick = self.trick
        if seat == self.dummy:
            return [dummy_card(self.up, SUIT_OF[trick[0]] if trick else -1)]
        hand = self.hands[seat]
        if not trick:
            return hand[:]
        led = SUIT_OF[trick[0]]
        return [c for c in hand if SUIT_OF[c] == led] or hand[:]

    @property
    def trump(self) -> int:
        """The trump suit, or -1 while it is open."""
        return self.suits[0] if self.suits else -1

    def play_seats(self, result: RoundResult) -> list[int]:
        """The seat of every card of a round, in play order."""
        order = self.turn_order(result.dealer)
        seats = []
        for trick in result.tricks:
            seat = trick.leader
            for _ in trick.cards:
                seats.append(seat)
                seat = order[seat]
        seat = result.tricks[-1].winner if result.tricks else result.starter
        for _ in result.current_trick:
            seats.append(seat)
            seat = order[seat]
        return seats

    def current_round(self) -> RoundResult:
        """The round in progress as a record would hold it (score None)."""
        return RoundResult(
            self.dealt, self.starter, self.dealer, self.number, tuple(self.pairs),
            tuple(self.tricks), tuple(self.trick), None,
        )

    def winners(self) -> tuple[int, ...]:
        """Players with the highest total; the dummy never wins (R10, R17)."""
        players = [s for s in range(self.n) if s != self.dummy]
        best = max(self.totals[s] for s in players)
        return tuple(s for s in players if self.totals[s] == best)

    # -------------------------------------------------------------- the deal

    def start_round(
        self,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        *,
        number: int | None = None,
        starter: int | None = None,
        dealer: int | None = None,
    ) -> list[Event]:
        """Deal a round: the hands as dealt, the face-up Number Determiner (basic game),
        the starter (round 1 only; later the nix holder chooses) and, with two players,
        the dealer (round 1; later the players alternate)."""
        if self.phase is not Phase.DEAL:
            raise RulesError("a round is still in progress")
        config = self.config
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
        self.dealt = tuple(tuple(h) for h in hands)
        self.dealer = dealer
        self.number = number
        self.order = self.turn_order(dealer)
        self.det = _determiner_flags(number, ())
        self.pairs = []
        n = self.n
        self.hands = [sorted(h) for h in hands]
        if self.dummy >= 0:
            self.down, self.up = lay_out(self.dealt[self.dummy])
        self.trick = []
        self.suits = []
        self.cat_of = [-1] * len(SUITS)
        self.counts = [0] * (n * len(SUITS))
        self.highest = [_NO_CARD] * (n * len(SUITS))
        self.tricks_won = [0] * n
        self.tricks = []
        events: list[Event] = [RoundStarted(self.round_no, dealer, number)]
        if first:
            self._set_starter(starter, None, events)  # type: ignore[arg-type]
        else:
            holder = self.results[-1].score.nix_holder  # type: ignore[union-attr]
            if holder == self.dummy:  # the dummy starts when it holds nix (R17)
                self._set_starter(holder, None, events)
            else:
                self.phase = Phase.CHOOSE_STARTER
        return events

    def _check_deal(self, hands: list[list[Card]] | tuple[tuple[Card, ...], ...]) -> None:
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

    def turn_order(self, dealer: int | None) -> tuple[int, ...]:
        """Who plays after each seat: clockwise by seat number; two players: dealer,
        dummy, partner (R3, R15)."""
        n = self.n
        if self.dummy < 0:
            return tuple((s + 1) % n for s in range(n))
        partner = next(s for s in range(n) if s not in (dealer, self.dummy))
        order = [0] * n
        order[dealer], order[self.dummy], order[partner] = self.dummy, partner, dealer  # type: ignore[index]
        return tuple(order)

    # ------------------------------------------------------ starter and pairs

    def choose_starter(self, seat: int, starter: int) -> list[Event]:
        """The nix holder names who starts the round, themselves included (R8)."""
        pending = self.pending
        if pending is None or pending.phase is not Phase.CHOOSE_STARTER:
            raise IllegalMove(None, "no starting player is being chosen now")
        if seat != pending.seat:
            raise IllegalMove(seat, f"cannot choose the starter: seat {pending.seat} holds nix")
        if not 0 <= starter < self.n:
            raise IllegalMove(seat, f"cannot choose seat {starter}: seats run 0 to {self.n - 1}")
        events: list[Event] = []
        self._set_starter(starter, seat, events)
        return events

    def _set_starter(self, starter: int, chooser: int | None, events: list[Event]) -> None:
        self.starter = starter
        self.leader = self.to_move = starter
        events.append(StarterChosen(chooser, starter))
        self.phase = (
            Phase.CHOOSE_PAIR if self.config.options.choose_determiners else Phase.PLAY
        )

    def open_pairs(self) -> tuple[list[int], list[int]]:
        """Suits not yet paired, and numbers not yet taken, this round (R5)."""
        taken_suits = {s for s, _ in self.pairs}
        taken_numbers = {v for _, v in self.pairs}
        return (
            [s for s in SUITS if s not in taken_suits],
            [v for v in self.config.number_choices if v not in taken_numbers],
        )

    def choose_pair(self, seat: int, suit: int, number: int) -> list[Event]:
        """Variant 2: ``seat`` takes a Suit Determiner and a Number Determiner (R5)."""
        if self.phase is not Phase.CHOOSE_PAIR:
            raise IllegalMove(None, "no determiner pair is being chosen now")
        chooser = self.pair_chooser()
        if seat != chooser:
            raise IllegalMove(seat, f"cannot choose a pair: it is seat {chooser}'s choice")
        suits, numbers = self.open_pairs()
        if suit not in suits:
            raise IllegalMove(seat, f"cannot take {SUIT_NAMES[suit]}: it is already paired")
        if number not in numbers:
            raise IllegalMove(
                seat, f"cannot take {number}: choose one of {', '.join(map(str, numbers))}"
            )
        self.pairs.append((suit, number))
        events: list[Event] = [PairChosen(seat, suit, number)]
        if len(self.pairs) == len(SUITS):
            self.det = _determiner_flags(None, tuple(sorted(self.pairs)))
            self.phase = Phase.PLAY
        return events

    # ------------------------------------------------------------- playing

    def play(self, card: Card, seat: int | None = None) -> list[Event]:
        """Play ``card`` for the seat to move (or check it is ``seat``'s turn first)."""
        if self.phase is not Phase.PLAY:
            raise IllegalMove(None, "no card can be played now")
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalMove(seat, f"must wait: it is seat {mover}'s turn")
        if card not in self.hands[mover]:
            raise IllegalMove(mover, f"cannot play {card}: it is not in the hand")
        trick = self.trick
        led = SUIT_OF[trick[0]] if trick else -1
        if mover == self.dummy:
            must = dummy_card(self.up, led)
            if card != must:
                raise IllegalMove(mover, f"must play {must} ({dummy_rule(self.up, led)})", card)
        elif led >= 0 and SUIT_OF[card] != led and any(
            SUIT_OF[c] == led for c in self.hands[mover]
        ):
            raise IllegalMove(mover, f"must follow {SUIT_NAMES[led]}", card)
        return self._play_reporting(card)

    def _play_reporting(self, card: Card) -> list[Event]:
        """Play a checked card and report what it caused, read off the state after it."""
        seat = self.to_move
        fixed, tricks, rounds = len(self.suits), len(self.tricks), len(self.results)
        self.play_fast(card)
        events: list[Event] = [CardPlayed(seat, card)]
        for cat in range(fixed, len(self.suits)):  # R4: fixed at once, Minus brings nix
            events.append(CategoryFixed(Category(cat), self.suits[cat], card, seat))
        if len(self.results) > rounds:
            result = self.results[-1]
            events.append(TrickWon(result.tricks[-1]))
            events.append(RoundScored(rounds, result.score, tuple(self.totals)))  # type: ignore[arg-type]
            if self.phase is Phase.GAME_OVER:
                events.append(GameOver(tuple(self.totals), self.winners()))
        elif len(self.tricks) > tricks:
            events.append(TrickWon(self.tricks[-1]))
        return events

    def play_fast(self, card: Card) -> None:
        """Play a card known to be legal: no checks, no events (bots' search)."""
        seat = self.to_move
        self.hands[seat].remove(card)
        if seat == self.dummy:
            up = self.up
            up[up.index(card)] = None
        trick = self.trick
        trick.append(card)
        if self.det[card]:
            suits = self.suits
            if len(suits) < FIXED_BY_CARDS:  # R4: the next open category, at once
                suit = SUIT_OF[card]
                self.cat_of[suit] = len(suits)
                suits.append(suit)
                if len(suits) == FIXED_BY_CARDS:
                    nix = _SUIT_SUM - sum(suits)
                    self.cat_of[nix] = Category.NIX
                    suits.append(nix)
        if len(trick) == self.n:
            self._finish_trick()
        else:
            self.to_move = self.order[seat]

    def _finish_trick(self) -> None:
        """R2: trump as it stands now; highest trump, else highest of the led suit."""
        trick = self.trick
        trump = self.suits[0] if self.suits else -1
        led = SUIT_OF[trick[0]]
        best = best_trump = -1
        for c in trick:
            s = SUIT_OF[c]
            if s == trump:
                if c > best_trump:
                    best_trump = c
            elif s == led and c > best:
                best = c
        if best_trump >= 0:
            best = best_trump
        winner = self.leader
        order = self.order
        for c in trick:
            if c == best:
                break
            winner = order[winner]
        counts, highest = self.counts, self.highest
        base = winner * 5
        for c in trick:
            i = base + SUIT_OF[c]
            counts[i] += 1
            if c > highest[i]:
                highest[i] = c
        self.tricks_won[winner] += 1
        self.tricks.append(Trick(self.leader, tuple(trick), winner))
        self.trick = []
        self.leader = self.to_move = winner
        if self.dummy >= 0:
            turn_up(self.down, self.up)
        if not self.hands[winner]:
            self._score_round()

    def _score_round(self) -> None:
        n = self.n
        counts = [self.counts[s * 5:s * 5 + 5] for s in range(n)]
        highest = [self.highest[s * 5:s * 5 + 5] for s in range(n)]
        score = score_round(tuple(self.suits), counts, highest)
        self.results.append(RoundResult(
            self.dealt, self.starter, self.dealer, self.number, tuple(self.pairs),
            tuple(self.tricks), (), score,
        ))
        for s, p in enumerate(score.points):  # R9
            self.totals[s] += p
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
        new.leader = self.leader
        new.to_move = self.to_move
        new.suits = self.suits[:]
        new.cat_of = self.cat_of[:]
        new.counts = self.counts[:]
        new.highest = self.highest[:]
        new.tricks_won = self.tricks_won[:]
        new.tricks = self.tricks[:]
        return new


def track_enders(config: GameConfig, totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Variant 2: the players whose disc has reached the goal or Dabbscheedel, which
    ends the game at the end of the round (R13); the dummy's disc never counts (R17)."""
    if not config.options.choose_determiners:
        return ()
    return tuple(s for s, t in enumerate(totals)
                 if s != config.dummy and config.track.reached_end(t))


@lru_cache(maxsize=64)
def _determiner_flags(number: int | None, pairs: tuple[tuple[int, int], ...]) -> tuple[bool, ...]:
    """Which cards fix a category: every card of the number (R4), or each suit's
    paired card (R5)."""
    if number is not None:
        return tuple(VALUE_OF[c] == number for c in ALL_CARDS)
    chosen = set(pairs)
    return tuple((SUIT_OF[c], VALUE_OF[c]) in chosen for c in ALL_CARDS)


def _unused(choices: tuple[int, ...], used: list[int | None]) -> str:
    return ", ".join(str(v) for v in choices if v not in used)

