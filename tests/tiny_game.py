"""A tiny game made for the tests of the seam: everything the three rulebooks force on
it, in one small game that is none of them.

- Up to 6 seats, hands of up to 40 cards (``hand`` option).
- Every hand is first *arranged* by all players at once (a simultaneous hidden decision
  whose answers, the orders of the hand, are too many to list: ``Unlisted``).
- Then tricks: a player plays the leftmost or rightmost card of the arranged hand, face
  up or face down (``d``; a back until the trick is complete), or two equal cards at
  once (a move of several cards), or *peeks*: the pile's top card is turned into the
  trick for them (chance in the middle of a trick).
- The highest card takes the trick; equal highest cards make the players who played
  them play again among themselves (a sub-trick of some seats).
- After every trick its taker draws from the pile (chance after a decision), or, the
  pile being empty, may *take* the trick's lowest card into the hand instead of keeping
  the trick.
- The game ends when a hand is empty: with ``places`` the players go out in the order
  their hands emptied and the one left with most cards is the loser; otherwise totals
  (cards taken), where ``cross`` crosses out the first deal of each (a game of two
  deals).

Pure and seeded like the real games; its views list what a seat may see. Its record
keeps every step, chance's with what it brought (the deal, a card drawn), so a saved
game continues and a finished one is checked, replayed and counted; a move is taken
back up to the last card dealt or drawn. Registered for the tests only (conftest.py),
with its screens in tiny_ui.py, it walks every generic path (tests/conformance).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ebbes_tui.game.codec import (
    BOOL, INT, INTS, SEAT, SEAT_INFO, SEATS, EventCodec, Kind, many, optional, per_seat, seated,
    text,
)
from ebbes_tui.game.errors import IllegalMove, RecordError, SetupError
from ebbes_tui.game.events import DealEnded, Dealt, Ended, TrickEnded
from ebbes_tui.game.defaults import AVERAGE, BEST, PLAYED, WIN_RATE, WON
from ebbes_tui.game.protocols import (
    Decision, Figure, Game, GameOption, Outcome, SeatInfo, Unlisted, players_entry,
)


# ------------------------------------------------------------------ actions


@dataclass(frozen=True)
class Arrange:
    order: tuple[int, ...]

    def __str__(self) -> str:
        return "arrange " + ",".join(map(str, self.order))


@dataclass(frozen=True)
class Play:
    end: str  # "left", "right"
    down: bool = False
    pair: bool = False  # the end card and its neighbour, equal, at once

    def __str__(self) -> str:
        return f"play {self.end}{' down' if self.down else ''}{' pair' if self.pair else ''}"


@dataclass(frozen=True)
class Peek:
    def __str__(self) -> str:
        return "peek"


@dataclass(frozen=True)
class Take:
    keep: bool  # keep the trick, or take its lowest card into the hand

    def __str__(self) -> str:
        return "keep" if self.keep else "take"


def parse_action(words: str) -> Any:
    parts = words.split()
    if parts[:1] == ["arrange"] and len(parts) == 2:
        return Arrange(tuple(int(x) for x in parts[1].split(",")))
    if parts[:1] == ["play"] and len(parts) >= 2 and parts[1] in ("left", "right") \
            and set(parts[2:]) <= {"down", "pair"}:
        return Play(parts[1], "down" in parts[2:], "pair" in parts[2:])
    if words in ("peek", "keep", "take"):
        return Peek() if words == "peek" else Take(words == "keep")
    raise ValueError(f"{words!r} is not an action")


class Orders(Unlisted):
    """Every order of a hand: n! of them, never listed."""

    def __init__(self, hand: Sequence[int]) -> None:
        self.hand = tuple(hand)

    def sample(self, rng: random.Random) -> Arrange:
        order = list(self.hand)
        rng.shuffle(order)
        return Arrange(tuple(order))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Arrange) and sorted(action.order) == sorted(self.hand)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Orders) and other.hand == self.hand

    def __hash__(self) -> int:
        return hash(self.hand)

    def __iter__(self) -> Any:
        raise AssertionError("the orders of a hand must never be listed")

    def __len__(self) -> int:
        raise AssertionError("the orders of a hand must never be counted out")


# ------------------------------------------------------------------- events


@dataclass(frozen=True)
class Dealt_(Dealt):
    deal: int


@dataclass(frozen=True)
class Played:
    seat: int
    cards: tuple[int, ...]  # -1 for a card face down


@dataclass(frozen=True)
class TrickTaken(TrickEnded):
    winner: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class DealScored(DealEnded):
    deal: int
    taken: tuple[int, ...]


@dataclass(frozen=True)
class Over(Ended):
    scores: tuple[int, ...]


# -------------------------------------------------------------------- state


@dataclass(frozen=True)
class TinyView:
    seat: int | None
    seats: tuple[SeatInfo, ...]
    deciding: tuple[int, ...]
    actions: Any
    over: bool
    deal: int
    moves: int
    hand: tuple[int, ...]
    arranged: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card or -1 face down)
    pile: int
    taken: tuple[int, ...]
    # The rest of the public table, for a search bot's samples.
    leader: int = 0
    fighting: tuple[int, ...] = ()  # the seats of this (sub-)round
    round_cards: tuple[tuple[int, int], ...] = ()  # (seat, its highest card; -1 face down)
    taker: int | None = None
    results: tuple[tuple[int, ...], ...] = ()
    out: tuple[int, ...] = ()
    decisions: int = 0
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()  # this deal's: (taker, cards)
    hand_size: int = 5
    places: bool = False
    cross: bool = False

    def position(self) -> tuple[int, int]:
        return (self.deal, self.moves)


@dataclass
class TinyState:
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    deal: int = 0
    dealt: bool = False
    hands: list[list[int]] = field(default_factory=list)
    arranged: list[bool] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    trick: list[tuple[int, int, bool]] = field(default_factory=list)  # seat, card, down
    fighting: list[int] = field(default_factory=list)  # the seats of this (sub-)round, in order
    round_cards: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) of this round
    to_move: int = 0
    leader: int = 0
    chance: str | None = "deal"  # "deal", "draw" or "peek"
    taker: int | None = None  # decides keep/take
    taken: list[int] = field(default_factory=list)
    results: list[list[int]] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    decisions: int = 0
    moves: int = 0
    #: Every step, for the record: (seat, the action's words), or (None, what chance
    #: brought: the hands and pile dealt, a card drawn or turned up).
    history: list[tuple[int | None, str]] = field(default_factory=list)
    tricks: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)  # this deal's

    @property
    def n(self) -> int:
        return len(self.seats)

    # -- the seam
    def pending(self) -> tuple[Decision, ...]:
        if self.outcome() is not None:
            return ()
        if self.chance is not None:
            return (Decision(self.chance, None),)
        if not all(self.arranged):
            return tuple(Decision("arrange", s) for s in range(self.n) if not self.arranged[s])
        if self.taker is not None:
            return (Decision("keep", self.taker),)
        return (Decision("play", self.to_move),)

    def legal(self, seat: int) -> Any:
        if Decision("arrange", seat) in self.pending():
            return Orders(self.hands[seat])
        if self.taker == seat and self.chance is None:
            return [Take(True), Take(False)]
        if self.chance is not None or not all(self.arranged) or seat != self.to_move \
                or self.taker is not None:
            return []
        hand = self.hands[seat]
        moves: list[Any] = [Play("left"), Play("left", True)]
        if len(hand) > 1:
            moves += [Play("right"), Play("right", True)]
            if hand[0] == hand[1]:
                moves.append(Play("left", pair=True))
            if hand[-1] == hand[-2]:
                moves.append(Play("right", pair=True))
        if self.pile:
            moves.append(Peek())
        return moves

    def apply(self, action: Any, seat: int) -> list[Any]:
        legal = self.legal(seat)
        if action not in legal:
            raise IllegalMove(seat, "cannot do that now", action)
        self.decisions += 1
        self.moves += 1
        self.history.append((seat, str(action)))
        if isinstance(action, Arrange):
            self.hands[seat] = list(action.order)
            self.arranged[seat] = True
            return []
        if isinstance(action, Take):
            return self._after_trick(seat, action.keep)
        if isinstance(action, Peek):
            self.chance = "peek"
            return []
        hand = self.hands[seat]
        count = 2 if action.pair else 1
        cards = [hand.pop(0 if action.end == "left" else -1) for _ in range(count)]
        for card in cards:
            self.trick.append((seat, card, action.down))
        self.round_cards.append((seat, max(cards)))
        return [Played(seat, tuple(-1 if action.down else c for c in cards)), *self._next()]

    def _next(self) -> list[Any]:
        """The next player of the trick or of its sub-trick, or the trick's end."""
        played = [seat for seat, _ in self.round_cards]
        rest = [s for s in self.fighting if s not in played and self.hands[s]]
        if rest:
            self.to_move = rest[0]
            return []
        best = max(c for _, c in self.round_cards)
        tied = list(dict.fromkeys(s for s, c in self.round_cards if c == best))
        if len(tied) > 1 and all(self.hands[s] for s in tied):
            self.fighting, self.round_cards = tied, []  # a sub-trick of the tied seats
            self.to_move = tied[0]
            return []
        winner = tied[0]
        if self.pile:
            events = self._take(winner, keep=True)
            self.chance = "draw"
            self.leader = self.to_move = winner
            return events
        self.taker = winner
        return []

    def start_trick(self) -> None:
        """Every seat with cards plays, clockwise from the leader."""
        order = [(self.leader + k) % self.n for k in range(self.n)]
        self.fighting = [s for s in order if self.hands[s]]
        self.round_cards = []
        self.to_move = self.fighting[0]

    def _take(self, winner: int, keep: bool) -> list[Any]:
        cards = tuple(c for _, c, _ in self.trick)
        if keep:
            self.taken[winner] += len(cards)
        else:
            low = min(cards)
            self.hands[winner].append(low)
            self.taken[winner] += len(cards) - 1
        self.trick = []
        self.fighting, self.round_cards = [], []
        self.tricks.append((winner, cards))
        return [TrickTaken(winner, cards)]

    def _after_trick(self, winner: int, keep: bool) -> list[Any]:
        self.taker = None
        events = self._take(winner, keep)
        self.leader = winner
        return events + self._after_taking()

    def _after_taking(self) -> list[Any]:
        """Who went out; the deal ends when a hand is empty, else the next trick."""
        for s in range(self.n):
            if not self.hands[s] and s not in self.out:
                self.out.append(s)
        if any(not h for h in self.hands):
            return self._end_deal()
        self.start_trick()
        return []

    def _end_deal(self) -> list[Any]:
        self.results.append(list(self.taken))
        events: list[Any] = [DealScored(self.deal, tuple(self.taken))]
        if self.options.get("places") or len(self.results) >= self.deals:
            events.append(Over(self.scores()))
        else:
            self.chance = "deal"
        return events

    @property
    def deals(self) -> int:
        return 1 if self.options.get("places") else 2

    def scores(self) -> tuple[int, ...]:
        if self.options.get("places"):
            return tuple(-len(h) for h in self.hands)
        crossed = 1 if self.options.get("cross") else 0
        return tuple(sum(r[s] for r in self.results[crossed:]) for s in range(self.n))

    def clone(self) -> TinyState:
        return TinyState(self.seats, self.options, self.deal, self.dealt,
                         [h[:] for h in self.hands], self.arranged[:], self.pile[:], self.trick[:],
                         self.fighting[:], self.round_cards[:], self.to_move, self.leader,
                         self.chance, self.taker,
                         self.taken[:], [r[:] for r in self.results], self.out[:],
                         self.decisions, self.moves, self.history[:], self.tricks[:])

    def view(self, seat: int | None) -> TinyView:
        pending = self.pending()
        deciding = tuple(d.seat for d in pending if d.seat is not None)
        mine = seat is not None and seat in deciding
        return TinyView(
            seat, self.seats, deciding, _frozen(self.legal(seat)) if mine else (),
            self.outcome() is not None, self.deal, self.moves,
            tuple(self.hands[seat]) if seat is not None and self.hands else (),
            tuple(self.arranged), tuple(len(h) for h in self.hands),
            tuple((s, -1 if down and s != seat else c) for s, c, down in self.trick),
            len(self.pile), tuple(self.taken), self.leader, tuple(self.fighting),
            tuple((s, -1 if s != seat and (s, c, True) in self.trick else c)
                  for s, c in self.round_cards),
            self.taker, tuple(map(tuple, self.results)), tuple(self.out), self.decisions,
            tuple(self.tricks), self.options["hand"], bool(self.options.get("places")),
            bool(self.options.get("cross")))

    def outcome(self) -> Outcome | None:
        if not self.results or (not self.options.get("places") and len(self.results) < self.deals):
            return None
        scores = self.scores()
        best = max(scores)
        winners = tuple(s for s in range(self.n) if scores[s] == best)
        if self.options.get("places"):
            rest = sorted((s for s in range(self.n) if s not in self.out),
                          key=lambda s: -len(self.hands[s]))
            order = self.out + rest
            places = tuple(order.index(s) + 1 for s in range(self.n))
            return Outcome(scores, winners, places, order[-1])
        crossed = tuple((1,) for _ in range(self.n)) if self.options.get("cross") else ()
        return Outcome(scores, winners, crossed=crossed)

    def decisions_made(self) -> int:
        return self.decisions


# --------------------------------------------------------------------- game

CARD_VALUES = 13


class TinyGame:
    id = "tiny"
    title = "Tiny"
    player_counts = (2, 3, 4, 5, 6)
    format = "tiny-record/1"
    check_tag: dict[str, str] = {"game": "tiny"}
    levels = ("random", "normal", "hard", "expert")
    search_samples = 10
    search_keep = 4
    expert_samples = 80
    expert_keep = 6
    ui_module = "tiny_ui"
    motto = ""  # the menu says "Tiny" under the program's name
    options = (
        GameOption("hand", "Hand size", "int", 5, "Cards dealt to each player.", low=1, high=40),
        GameOption("places", "Places", "bool", False, "One deal; the last with cards loses."),
        GameOption("cross", "Cross out", "bool", False, "Two deals; the first one is crossed out."),
    )
    #: The seam's figures, and Tiny's own: one shown as a total, one as an average of
    #: another figure's total.
    statistics = (PLAYED, WON, WIN_RATE, AVERAGE, BEST,
                  Figure("taken", "Taken", "cards taken, in all deals.",
                         lambda state, seat: _taken(state, seat)),
                  Figure("deals", "Deals", "deals played.", lambda state, seat: len(state.results)),
                  Figure("per_deal", "Per deal", "cards taken per deal.",
                         lambda state, seat: _taken(state, seat), shown="average", per="deals"))

    def seats_for(self, players: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
        return tuple(players)

    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> TinyState:
        if len(seats) not in self.player_counts:
            raise SetupError(f"Tiny is played by 2 to 6, not {len(seats)}")
        return TinyState(tuple(seats), {"hand": 5, **options})

    def resolve_chance(self, state: TinyState, seed: int | str) -> list[Any]:
        rng = random.Random(f"{seed}:tiny:{state.deal}:{state.moves}")
        if state.chance == "deal":
            size = state.options["hand"]
            deck = _deck(state)
            rng.shuffle(deck)
            hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(state.n)]
            return _chance(state, hands, deck[state.n * size:])
        return _chance(state, [], [state.pile[rng.randrange(len(state.pile))]])

    def duplicate_dealer(self, seed: int | str) -> Callable[[TinyState], list[Any]]:
        return lambda state: self.resolve_chance(state, seed)

    def decision_seed(self, state: TinyState, seat: int) -> str:
        return f"{state.deal}:{state.moves}:{seat}"

    def parse_action(self, words: str) -> Any:
        return parse_action(words)

    def check(self, view: TinyView, action: Any) -> None:
        if action not in view.actions:
            raise IllegalMove(view.seat, "cannot do that now", action)

    def bot(self, level: str) -> Any:
        if level != "normal":
            raise ValueError(level)
        return LowestFirst()

    def hint(self, view: TinyView) -> tuple[Any, str]:
        action = LowestFirst().choose(view, view.actions, random.Random(0))
        return action, "Play low: a low card rarely takes the trick."

    def searches(self, view: TinyView) -> bool:
        return not isinstance(view.actions, Orders)

    def sample(self, view: TinyView, rng: random.Random) -> TinyState:
        """The view's table with the cards it does not show dealt at random from the
        rest of the deck (the cards taken are counted, not kept)."""
        state = TinyState(view.seats, {"hand": view.hand_size, "places": view.places,
                                       "cross": view.cross}, deal=view.deal,
                          arranged=list(view.arranged), leader=view.leader,
                          fighting=list(view.fighting), chance=None, taker=view.taker,
                          taken=list(view.taken), results=[list(r) for r in view.results],
                          out=list(view.out), decisions=view.decisions, moves=view.moves,
                          tricks=list(view.tricks))
        known = Counter([*view.hand, *(c for _, c in view.trick if c >= 0)])
        pool = list((Counter(_deck(state)) - known).elements())
        rng.shuffle(pool)
        state.hands = [list(view.hand) if s == view.seat else [pool.pop() for _ in range(size)]
                       for s, size in enumerate(view.hand_sizes)]
        down = {s: pool.pop() for s, c in view.trick if c < 0}
        state.trick = [(s, down[s], True) if c < 0 else (s, c, False) for s, c in view.trick]
        state.pile = [pool.pop() for _ in range(view.pile)]
        state.round_cards = [(s, down[s] if c < 0 else c) for s, c in view.round_cards]
        playing = all(view.arranged) and view.taker is None and view.deciding
        state.to_move = view.deciding[0] if playing else (view.fighting or (0,))[0]
        return state

    def rollout(self, state: TinyState, seat: int, first: Any, rng: random.Random) -> float:
        copy = state.clone()
        copy.apply(first, seat)
        while (pending := copy.pending()) and copy.deal == state.deal:
            decision = pending[0]
            if decision.seat is None:
                self.resolve_chance(copy, rng.random())
                continue
            legal = copy.legal(decision.seat)
            copy.apply(legal.sample(rng) if isinstance(legal, Orders) else rng.choice(legal),
                       decision.seat)
        return -copy.taken[seat]

    def candidates(self, view: TinyView, legal: Sequence[Any], keep: int) -> list[Any]:
        return list(legal)[:keep]

    def search_share(self, view: TinyView) -> float:
        return 1.0

    def random_playout(self, state: TinyState, rng: random.Random) -> bool:
        return False

    def invariants(self, state: TinyState) -> list[str]:
        faults = []
        if state.hands:
            held = sum(map(len, state.hands)) + len(state.pile) + len(state.trick) + sum(state.taken)
            if held != state.n * (state.options["hand"] + 2):
                faults.append(f"{held} cards, not {state.n * (state.options['hand'] + 2)}")
        for seat in (*range(state.n), None):
            shown = state.view(seat).trick
            if any(down and s != seat and shown[i] != (s, -1)
                   for i, (s, _, down) in enumerate(state.trick)):
                faults.append(f"a face-down card shows to seat {seat}")
        return faults

    # -- records: every step by seat, chance's with what it brought (the explicit deal)
    def replay(self, record: dict[str, Any], observe: Any = None) -> TinyState:
        if record.get("format") != self.format:
            raise RecordError("not a tiny record")
        seats, options = self.setup_of(record)
        try:
            state = self.new_state(seats, options)
        except (SetupError, TypeError) as e:
            raise RecordError(f"a setup Tiny does not have: {e}") from None
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise RecordError("no moves")
        for k, move in enumerate(moves):
            try:
                seat, words = move
                if seat is None:
                    events = _chance(state, *_read_chance(state, text(words)))
                else:
                    events = state.apply(parse_action(text(words)), seat)
            except (IllegalMove, ValueError, TypeError) as e:
                raise RecordError(f"move {k + 1}: {e}") from None
            if observe is not None:
                observe(state, events)
        return state

    def to_record(self, state: TinyState, extras: dict[str, Any] | None = None) -> dict[str, Any]:
        record: dict[str, Any] = {"format": self.format, "players": players_entry(state.seats),
                                  "options": dict(state.options)}
        record.update(extras or {})
        record["moves"] = [[seat, words] for seat, words in state.history]
        return record

    def setup_of(self, record: dict[str, Any]) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        try:
            seats = tuple(SeatInfo(text(p["name"]), text(p.get("kind", "human")),
                                   p.get("level") and text(p["level"])) for p in record["players"])
            options = dict(record["options"])
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            raise RecordError(f"no players or options ({e})") from None
        return seats, options

    def take_back(self, record: dict[str, Any], seat: int) -> dict[str, Any]:
        """Back to before ``seat``'s last move, never past a card dealt or drawn."""
        moves = record.get("moves", [])
        if self.replay(record).outcome() is not None:
            raise IllegalMove(None, "The game is over: nothing is taken back.")
        for k in range(len(moves) - 1, -1, -1):
            if moves[k][0] is None:
                break
            if moves[k][0] == seat:
                return {**record, "moves": moves[:k]}
        raise IllegalMove(None, "Nothing to take back: cards were dealt or drawn since your "
                                "last move.")

    view_to_json = staticmethod(lambda view: VIEW.dump(view))
    view_from_json = staticmethod(lambda data: VIEW.load(data))
    event_to_json = staticmethod(lambda event: EVENTS.to_json(event))
    event_from_json = staticmethod(lambda data: EVENTS.from_json(data))

    def check_summary(self, state: TinyState) -> dict[str, Any]:
        return {"game": "tiny", "taken": state.taken}

    def check_line(self, state: TinyState) -> str:
        return "valid"

    def describe(self, state: TinyState) -> dict[str, str]:
        names = ", ".join(s.name for s in state.seats)
        return {"players": names, "variants": "tiny", "result": str(state.scores()),
                "saved": f"{names}: deal {state.deal}"}

    def variant_key(self, options: dict[str, Any]) -> tuple[str, str]:
        return ("places", "places") if options.get("places") else ("totals", "totals")

    def rules_text(self) -> str:
        return "# Tiny\n\nA game for the tests."


def _taken(state: TinyState, seat: int) -> int:
    return sum(r[seat] for r in state.results)


def _deck(state: TinyState) -> list[int]:
    return [v % CARD_VALUES for v in range(state.n * state.options["hand"] + 2 * state.n)]


def _chance(state: TinyState, hands: list[list[int]], cards: list[int]) -> list[Any]:
    """Do the pending chance step with what it brings: a deal's ``hands`` and pile
    (``cards``), or the pile's card ``cards[0]`` drawn or turned up."""
    kind, state.chance = state.chance, None
    if kind == "deal":
        state.history.append((None, "deal " + "/".join(",".join(map(str, h)) for h in hands)
                              + " pile " + ",".join(map(str, cards))))
        state.hands, state.pile = [h[:] for h in hands], cards[:]
        state.arranged = [False] * state.n
        state.taken = [0] * state.n
        state.deal += 1
        state.moves = 0
        state.out = []
        state.tricks = []
        state.leader = state.deal % state.n
        state.start_trick()
        return [Dealt_(state.deal)]
    card = cards[0]
    state.history.append((None, f"card {card}"))
    state.pile.remove(card)
    if kind == "draw":
        state.hands[state.leader].append(card)
        return state._after_taking()
    state.trick.append((state.to_move, card, False))
    state.round_cards.append((state.to_move, card))
    return [Played(state.to_move, (card,)), *state._next()]


def _read_chance(state: TinyState, words: str) -> tuple[list[list[int]], list[int]]:
    """What a record says chance brought, checked against the state; ValueError if it
    could not have."""
    if state.chance is None:
        raise ValueError("no card is dealt or drawn now")
    if state.chance == "deal":
        hands_words, _, pile_words = words.removeprefix("deal ").partition(" pile ")
        hands = [[int(c) for c in h.split(",")] for h in hands_words.split("/")]
        pile = [int(c) for c in pile_words.split(",")]
        if len(hands) != state.n or any(len(h) != state.options["hand"] for h in hands) \
                or sorted(sum(hands, pile)) != sorted(_deck(state)):
            raise ValueError(f"{words!r} is not a deal of Tiny's cards")
        return hands, pile
    card = int(words.removeprefix("card "))
    if card not in state.pile:
        raise ValueError(f"{card} is not in the pile")
    return [], [card]


def _frozen(legal: Any) -> Any:
    return legal if isinstance(legal, Orders) else tuple(legal)


class LowestFirst:
    """Tiny's ``normal`` bot: its arrangement is ascending, it plays from the left."""

    level = "normal"

    def choose(self, view: TinyView, legal: Any, rng: random.Random) -> Any:
        if isinstance(legal, Orders):
            return Arrange(tuple(sorted(legal.hand)))
        return legal[0]


def _actions(value: Any) -> Any:
    return [] if isinstance(value, Orders) else [str(a) for a in value]


def _load_actions(value: Any) -> Any:
    return tuple(parse_action(text(a)) for a in value)


SEAT_CARD = many(INT, size=2)  # (seat, card): the seat is checked where it is read


def _seat_card(pair: Any) -> tuple[int, int]:
    seat, card = SEAT_CARD.load(pair)
    return SEAT.load(seat), card


def _view_from_json(d: Any) -> TinyView:
    """Read at the table its seat list makes: every seat one of its seats."""
    with seated(len(d["seats"])):
        return TinyView(
            optional(SEAT).load(d["seat"]), many(SEAT_INFO).load(d["seats"]),
            SEATS.load(d["deciding"]),
            Orders(INTS.load(d["hand_order"])) if d["hand_order"] is not None
            else _load_actions(d["actions"]),
            BOOL.load(d["over"]), INT.load(d["deal"]), INT.load(d["moves"]), INTS.load(d["hand"]),
            per_seat(BOOL).load(d["arranged"]) if d["arranged"] else (),
            per_seat(INT).load(d["hand_sizes"]) if d["hand_sizes"] else (),
            tuple(_seat_card(t) for t in d["trick"]), INT.load(d["pile"]),
            per_seat(INT).load(d["taken"]) if d["taken"] else (),
            SEAT.load(d["leader"]), SEATS.load(d["fighting"]),
            tuple(_seat_card(r) for r in d["round_cards"]), optional(SEAT).load(d["taker"]),
            tuple(per_seat(INT).load(r) for r in d["results"]), SEATS.load(d["out"]),
            INT.load(d["decisions"]),
            tuple((SEAT.load(taker), INTS.load(cards)) for taker, cards in d["tricks"]),
            INT.load(d["hand_size"]), BOOL.load(d["places"]), BOOL.load(d["cross"]))


VIEW = Kind(
    lambda v: {"seat": v.seat, "seats": [SEAT_INFO.dump(s) for s in v.seats],
               "deciding": list(v.deciding), "actions": _actions(v.actions),
               "hand_order": list(v.hand) if isinstance(v.actions, Orders) else None,
               "over": v.over, "deal": v.deal, "moves": v.moves, "hand": list(v.hand),
               "arranged": list(v.arranged), "hand_sizes": list(v.hand_sizes),
               "trick": [list(t) for t in v.trick], "pile": v.pile, "taken": list(v.taken),
               "leader": v.leader, "fighting": list(v.fighting),
               "round_cards": [list(r) for r in v.round_cards], "taker": v.taker,
               "results": [list(r) for r in v.results], "out": list(v.out),
               "decisions": v.decisions,
               "tricks": [[taker, list(cards)] for taker, cards in v.tricks],
               "hand_size": v.hand_size, "places": v.places, "cross": v.cross},
    _view_from_json)

EVENTS = EventCodec({
    "dealt": (Dealt_, {"deal": INT}),
    "played": (Played, {"seat": SEAT, "cards": INTS}),
    "trick_taken": (TrickTaken, {"winner": SEAT, "cards": INTS}),
    "deal_scored": (DealScored, {"deal": INT, "taken": per_seat(INT)}),
    "over": (Over, {"scores": per_seat(INT)}),
})

#: Every facet is the one object: a game this small needs no more.
_TINY = TinyGame()
GAME = Game("tiny", "Tiny", _TINY.player_counts, rules=_TINY, records=_TINY, wire=_TINY,
            players=_TINY, presentation=_TINY)
