"""Hund (Bikkje) on the game seam: its facets put together as the :class:`Game` the
registry lists."""

from __future__ import annotations

import random
from dataclasses import replace
from collections.abc import Callable, Sequence
from typing import Any

from ...game.errors import IllegalMove, RecordError, SetupError
from ...game.defaults import (
    PLAYED, WIN_RATE, WON, CodecWire, FastRollouts, PresentationBase, RulesBase,
)
from ...game.protocols import Figure, Game, GameOption, SeatInfo
from . import codec
from .bots.normal import NormalBot, rank_candidates
from .bots.rollout import place_value, rollout
from .bots.sampler import sample_state
from .describe import describe, games_played, match_place, times_hund, variant_key, wars_won
from .rules import record
from .rules.actions import Action, Sjanse, parse_action
from .rules.cards import MAX_PLAYERS, MIN_PLAYERS
from .rules.checks import check_from_view
from .rules.deal import deal_next_game
from .rules.events import Event
from .rules.invariants import faults
from .rules.state import HundState, Phase
from .rules.summary import check_line, summarize
from .rules.view import HundView

MAX_GAMES = 50

OPTIONS = (
    GameOption("dealer", "Dealer", "seat", None,
               "Who deals the first game (random when not chosen); then the next seat deals."),
    GameOption("games", "Games", "int", None,
               "Games in the match (one per player when not set); whoever is the hund least "
               "often wins.", low=1, high=MAX_GAMES),
    GameOption("series", "Series", "bool", False,
               "In the second phase, cards of one suit in unbroken rank order may be played "
               "together as one play."),
)


class HundRules(RulesBase[HundState, HundView, Action]):
    """Hund's rules and flow (N1-N17)."""

    options = OPTIONS

    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> HundState:
        seats = tuple(seats)
        n = len(seats)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise SetupError(f"Hund is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.")
        unknown = sorted(set(options) - {o.key for o in OPTIONS})
        if unknown:
            raise SetupError(f"Hund has no option {unknown[0]!r}.")
        dealer = options.get("dealer")
        if dealer is not None and (not _whole(dealer) or not 0 <= dealer < n):
            raise SetupError(f"The dealer must be a seat from 0 to {n - 1}.")
        games = options.get("games")
        games = n if games is None else games
        if not _whole(games) or not 1 <= games <= MAX_GAMES:
            raise SetupError(f"A match is 1 to {MAX_GAMES} games.")
        series = options.get("series", False)
        if not isinstance(series, bool):
            raise SetupError("The series option is on or off.")
        return HundState(seats, series=series, games=games, dealer=dealer)

    def resolve_chance(self, state: HundState, seed: int | str) -> list[Event]:
        return deal_next_game(state, seed)

    def decision_seed(self, state: HundState, seat: int) -> str:
        return f"hund:{state.game_no + 1}:{state.moves_in_game()}:{seat}"

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check(self, view: HundView, action: Action) -> None:
        check_from_view(view, action)

    def invariants(self, state: HundState) -> list[str]:
        return faults(state)


class HundRecords:
    """Hund's record (``hund-record/1``) and ``ebbes check``."""

    format = record.FORMAT
    check_tag: dict[str, str] = {"game": "hund"}

    def replay(self, data: dict[str, Any],
               observe: Callable[[HundState, list[Event]], None] | None = None) -> HundState:
        return record.replay(data, observe)

    def to_record(self, state: HundState, extras: dict[str, Any] | None = None) -> dict[str, Any]:
        return record.to_record(state, extras)

    def setup_of(self, data: dict[str, Any]) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        return record.setup_of(data)

    def check_summary(self, state: HundState) -> dict[str, Any]:
        return summarize(state)

    def check_line(self, state: HundState) -> str:
        return check_line(state)

    def take_back(self, data: dict[str, Any], seat: int) -> dict[str, Any]:
        """``data`` cut before ``seat``'s last move that may be taken back: never past a
        draw, a sjanse or the trump card shown, so in phase 1 within the trick and
        after its last sjanse, in phase 2 within phase 2 (the pile's order would show)."""
        cut = _take_back(data, seat)
        if cut is None:
            raise IllegalMove(None, "there is nothing of yours to take back: not past a draw, "
                                    "a sjanse or the trump card turned up")
        return cut


class HundPlayers(FastRollouts[HundState, HundView, Action]):
    """Hund's normal bot, sampler and fast path."""

    def normal(self) -> NormalBot:
        return NormalBot()

    def sample(self, view: HundView, rng: random.Random) -> HundState:
        return sample_state(view, rng)

    def searches(self, view: HundView) -> bool:
        return True

    def play_out(self, state: HundState, seat: int, rng: random.Random) -> float:
        return rollout(state, seat, rng)

    def rollout(self, state: HundState, seat: int, first: Action, rng: random.Random) -> float:
        """As every fast rollout, and valued by the game ``first`` may end (a seat's last
        card as the others' next decision in a search's tree)."""
        games = len(state.results)
        start = state.clone()
        start.apply_fast(first, seat)
        if len(start.results) > games:
            return place_value(start, games, seat)
        return self.play_out(start, seat, rng)

    def random_playout(self, state: HundState, rng: random.Random) -> bool:
        """The current game's moves, each a uniformly random legal one, unchecked."""
        if state.phase is not Phase.COLLECT and state.phase is not Phase.SHED:
            return False
        state.play_at_random(rng.random)
        return True

    def candidates(self, view: HundView, legal: Sequence[Action], keep: int) -> list[Action]:
        return rank_candidates(view, legal)[:keep]


class HundWords(PresentationBase):
    """Hund's lines for History and Statistics, its figures and its rules text."""

    ui_module = "ebbes_tui.games.hund.ui.screens"
    #: A record is a match of several games: no points, a place, and a hund (N16).
    statistics = (
        replace(PLAYED, heading="Matches", meaning="matches finished (each of one or more games)."),
        replace(WON, meaning="matches won, by being the hund least often (a tie shares "
                "the win)."),
        replace(WIN_RATE, meaning="won of the matches played."),
        Figure("games", "Games", "games of Hund in those matches.", games_played),
        Figure("hund", "Hund", "times the hund.", times_hund),
        Figure("place", "Place", "the average place in a match (1: the hund least often, "
               "a tie going by the places in its games).", match_place, shown="average",
               by_kind=True),
        Figure("wars_won", "Wars won", "wars (krig) won.", wars_won),
    )

    describe = staticmethod(describe)
    variant_key = staticmethod(variant_key)


def _take_back(data: dict[str, Any], seat: int) -> dict[str, Any] | None:
    turns: list[tuple[int, Phase, int]] = []  # before each move: mover, phase, tricks

    def watch(state: HundState, events: list[Event]) -> None:
        turns.append((state.turn, state.phase, len(state.tricks)))

    try:
        state = record.replay(data, watch)
    except RecordError:
        return None
    if state.phase not in (Phase.COLLECT, Phase.SHED):
        return None
    moves = state.moves
    turns = turns[-len(moves) - 1:-1] if moves else []
    for k in range(len(moves) - 1, -1, -1):
        mover, phase, tricks = turns[k]
        if phase is not state.phase or isinstance(moves[k], Sjanse):
            return None
        if phase is Phase.COLLECT and tricks != len(state.tricks):
            return None
        if mover == seat:
            games = list(data["games"])
            games[-1] = {**games[-1], "plays": list(games[-1]["plays"][:k])}
            return {**data, "games": games}
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


GAME: Game[HundState, HundView, Action] = Game(
    "hund", "Hund (Bikkje)", tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    rules=HundRules(), records=HundRecords(),
    wire=CodecWire(codec.view_to_json, codec.view_from_json, codec.event_to_json,
                   codec.event_from_json),
    players=HundPlayers(), presentation=HundWords())
