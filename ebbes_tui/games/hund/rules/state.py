"""The state of a match of Hund and the one interface that changes it.

:meth:`HundState.pending` says what the game waits for: the deal of the next game
(chance, :meth:`HundState.start_game` with the deal drawn by the caller), or one
seat's move, answered by one of :meth:`legal` through :meth:`apply`, which checks
it (:mod:`.checks`) and raises an :class:`~ebbes_tui.game.errors.IllegalMove` with
the reason, changing nothing. :meth:`apply_fast` is the unchecked path for search.
The rules themselves are in :mod:`.collect` (phase 1), :mod:`.shed` (phase 2) and
:mod:`.tricks`; this class keeps the state they act on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....game.protocols import Decision, Outcome, SeatInfo
from . import collect, shed
from .actions import PLAY, SJANSE, Action, PlayCard, Series
from .cards import SUIT_OF, Card
from .checks import check_decision
from .events import Event, GameDealt
from .phases import Deal, GameResult, Phase
from .tricks import Move, Trick, legal_plays
from .view import HundView, player_view

__all__ = ["Deal", "GameResult", "HundState", "Phase", "match_outcome"]


#: The phases in which seats move (made once: ``legal`` asks at every move).
_PLAYING = (Phase.COLLECT, Phase.SHED)


class HundState:
    """A match of Hund: several games (N16), each of two phases."""

    __slots__ = (
        "seats", "n", "series", "games", "first_dealer", "phase", "results", "tally",
        "base", "unknown",
        # the current game
        "deal", "moves", "hands", "pile", "taken", "tricks", "trump_card", "trump_holder",
        "leftover", "turn", "leader",
        # phase 1's trick (N3-N5)
        "t_cards", "t_seats", "t_sjanse", "krig", "warriors", "queue", "round_start",
        # phase 2 (N9-N13)
        "phase2_hands", "trick2", "began", "out", "gone", "log2", "last2", "hund",
        # N17 (:mod:`.repetition`): the hands' and the trick's keys, and how often
        # each position came round since the last avstikk
        "held", "lying", "seen",
        # caches, dropped by every move
        "_legal", "_views",
    )

    def __init__(self, seats: tuple[SeatInfo, ...], *, series: bool, games: int,
                 dealer: int | None) -> None:
        self.seats = seats
        self.n = len(seats)
        self.series = series
        self.games = games
        self.first_dealer = dealer
        self.phase = Phase.DEAL
        self.results: list[GameResult] = []
        self.tally = [0] * self.n
        self.base = 0  # moves of the games before the current one
        self.unknown = 0  # moves of this game before ``moves`` begins (a sampled state)
        self.deal: Deal | None = None
        self.moves: list[Action] = []
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.pile: list[Card] = []  # top card LAST, so a draw is pop()
        self.taken: list[list[Card]] = [[] for _ in range(self.n)]
        self.tricks: list[Trick] = []
        self.trump_card = -1
        self.trump_holder = -1
        self.leftover: tuple[int, int] | None = None
        self.turn = -1
        self.leader = -1
        self.t_cards: list[Card] = []
        self.t_seats: list[int] = []
        self.t_sjanse: list[bool] = []
        self.krig = 0  # 0: the trick's first round; k: the k-th war inside it
        self.warriors: tuple[int, ...] = ()
        self.queue: list[int] = []  # seats still to play this round, the mover first
        self.round_start = 0  # where this round's cards begin in t_cards
        self.phase2_hands: tuple[tuple[Card, ...], ...] | None = None
        self.trick2: list[tuple[int, tuple[Card, ...]]] = []
        self.began = 0  # players in play when the trick began (N11)
        self.out: list[int] = []
        self.gone: list[Card] = []  # cards that left the game by avstikk (N11)
        self.log2: list[Move] = []
        self.last2: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        self.hund = -1
        self.held = 0  # the key of the hands, the plays needed, the players out (phase 2)
        self.lying = 0  # trick2, 16 bits a play, the last lowest
        #: Phase 2's positions since the last avstikk and how often each came round (N17).
        self.seen: dict[int, int] = {}
        self._legal: tuple[Action, ...] | None = None
        #: Each seat's view, and under "table" the public part they share (a tuple).
        self._views: dict[int | str | None, Any] = {}

    # ------------------------------------------------------------------ chance

    @property
    def game_no(self) -> int:
        """Index of the game being played (or just finished), from 0."""
        return len(self.results) - (self.phase in (Phase.DEAL, Phase.OVER) and bool(self.results))

    def next_dealer(self) -> int | None:
        """Who deals the next game (N2): game 1's is chosen or drawn (None), then the
        next seat each game."""
        last = self.results[-1].deal if self.results else None
        if last is None:  # game 1 (or a sampled state, which never deals)
            return self.first_dealer
        return (last.dealer + 1) % self.n

    def start_game(self, deal: Deal) -> list[Event]:
        """Begin the next game with ``deal`` (checked by the caller: :mod:`.deal`)."""
        if self.phase is not Phase.DEAL:
            raise ValueError("no game is waiting to be dealt")
        self.base += self.unknown + len(self.moves) if self.deal is not None else 0
        self.deal = deal
        self.moves = []
        self.unknown = 0
        self.hands = [sorted(h) for h in deal.hands]
        self.pile = list(reversed(deal.pile))
        self.taken = [[] for _ in range(self.n)]
        self.tricks = []
        self.trump_card = self.trump_holder = -1
        self.leftover = None
        self.phase2_hands = None
        self.trick2 = []
        self.out = []
        self.gone = []
        self.log2 = []
        self.last2 = ()
        self.hund = -1
        self.held = self.lying = 0
        self.seen = {}
        self.phase = Phase.COLLECT
        events: list[Event] = [GameDealt(len(self.results) + 1, deal.dealer, len(deal.aside),
                                         len(deal.pile))]
        collect.start_trick(self, (deal.dealer + 1) % self.n, events)  # N3
        self._legal = None
        self._views = {}
        return events

    # --------------------------------------------------------------- decisions

    def pending(self) -> tuple[Decision, ...]:
        phase = self.phase
        if phase is Phase.COLLECT:
            return (Decision("krig" if self.krig else "play", self.turn),)
        if phase is Phase.SHED:
            return (Decision("beat" if self.trick2 else "lead", self.turn),)
        if phase is Phase.DEAL:
            return (Decision("deal", None),)
        return ()

    def legal(self, seat: int) -> tuple[Action, ...]:
        if seat != self.turn or self.phase not in _PLAYING:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        return legal

    def _list_legal(self) -> tuple[Action, ...]:
        hand = self.hands[self.turn]
        if self.phase is Phase.COLLECT:
            plays: list[Action] = [PLAY[c] for c in hand]
            if len(self.pile) >= 2:  # N4: never the pile's last card
                plays.append(SJANSE)
            return tuple(plays)
        top = self.trick2[-1][1][-1] if self.trick2 else None
        beating = legal_plays(hand, top, SUIT_OF[self.trump_card], self.series)  # shown (N9)
        return tuple(beating) if beating else (shed.TAKE,)

    @property
    def trump_suit(self) -> int:
        return SUIT_OF[self.trump_card] if self.trump_card >= 0 else -1

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Make ``seat``'s move after checking it (N3-N14); IllegalMove changes nothing."""
        legal = self._legal
        # a move among those legal() listed for this position (a player's or a bot's
        # pick) is allowed; any other is checked, and a refusal says why
        if legal is None or seat != self.turn or action not in legal:
            check_decision(self, action, seat)
        events: list[Event] = []
        self._step(action, seat, events)
        return events

    def apply_fast(self, action: Action, seat: int) -> None:
        """Make a legal move without checks or events (search)."""
        self._step(action, seat, None)

    def play_at_random(self, rand: Callable[[], float]) -> None:
        """The current game's moves, each a uniformly random legal one, unchecked (the
        fast path): :meth:`legal` and :meth:`apply_fast` without their frames, which
        cost a tenth of a random game at six players."""
        list_legal, step = self._list_legal, self._step
        while self.phase is Phase.COLLECT or self.phase is Phase.SHED:
            moves = list_legal()
            step(moves[int(rand() * len(moves))], self.turn, None)

    def _step(self, action: Action, seat: int, events: list[Event] | None) -> None:
        self._legal = None
        if self._views:
            self._views = {}
        self.moves.append(action)
        if self.phase is Phase.COLLECT:
            if type(action) is PlayCard:
                self.hands[seat].remove(action.card)
                collect.play(self, seat, action.card, False, events)
            else:
                collect.play(self, seat, self.pile.pop(), True, events)
        elif type(action) is PlayCard or type(action) is Series:
            shed.play(self, seat, action.cards, events)
        else:
            shed.undertrekk(self, seat, events)

    # ------------------------------------------------------------------ others

    def clone(self) -> HundState:
        other = HundState.__new__(HundState)
        other.seats, other.n, other.series, other.games = self.seats, self.n, self.series, self.games
        other.first_dealer, other.phase, other.base = self.first_dealer, self.phase, self.base
        other.unknown = self.unknown
        other.results = self.results[:]
        other.tally = self.tally[:]
        other.deal = self.deal
        other.moves = self.moves[:]
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.taken = [t[:] for t in self.taken]
        other.tricks = self.tricks[:]
        other.trump_card, other.trump_holder = self.trump_card, self.trump_holder
        other.leftover, other.turn, other.leader = self.leftover, self.turn, self.leader
        other.t_cards = self.t_cards[:]
        other.t_seats = self.t_seats[:]
        other.t_sjanse = self.t_sjanse[:]
        other.krig, other.warriors = self.krig, self.warriors
        other.queue = self.queue[:]
        other.round_start = self.round_start
        other.phase2_hands = self.phase2_hands
        other.trick2 = self.trick2[:]
        other.began = self.began
        other.out = self.out[:]
        other.gone = self.gone[:]
        other.log2 = self.log2[:]
        other.last2, other.hund = self.last2, self.hund
        other.held, other.lying, other.seen = self.held, self.lying, self.seen.copy()
        other._legal = self._legal
        other._views = {}
        return other

    def view(self, seat: int | None) -> HundView:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = player_view(self, seat)
        return view

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        return match_outcome(self.tally, self.results)

    def decisions_made(self) -> int:
        return self.base + self.moves_in_game()

    def moves_in_game(self) -> int:
        """Moves made in the current game."""
        return self.unknown + len(self.moves)

    def game_over(self) -> bool:
        """The current game has its hund (or none is being played)."""
        return self.phase in (Phase.DEAL, Phase.OVER)

    def __repr__(self) -> str:  # for test failures
        return f"<HundState game {self.game_no + 1} {self.phase.value} move {self.moves_in_game()}>"


def match_outcome(tally: list[int], results: list[GameResult]) -> Outcome:
    """The match's result (N16): whoever was hund least often wins, ties share. Places
    rank by the tally, then by the sum of each game's place (the order of going out,
    the hund last, N17's shared places); the loser is the one seat hund most often, if
    there is one."""
    n = len(tally)
    place_sum = [sum(r.place(seat) for r in results) for seat in range(n)]
    key = [(tally[s], place_sum[s]) for s in range(n)]
    places = tuple(1 + sum(1 for t in range(n) if key[t] < key[s]) for s in range(n))
    fewest = min(tally)
    most = max(tally)
    losers = [s for s in range(n) if tally[s] == most]
    return Outcome(scores=tuple(-float(t) for t in tally),
                   winners=tuple(s for s in range(n) if tally[s] == fewest),
                   places=places,
                   loser=losers[0] if len(losers) == 1 and most > fewest else None)

