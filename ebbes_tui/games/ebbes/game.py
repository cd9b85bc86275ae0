"""ebbes on the seam: its facets put together as the
:class:`~ebbes_tui.game.protocols.Game` the generic layers are given. It only connects;
every rule lives in the rules package."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ...game.errors import IllegalMove, RecordError
from ...game.defaults import CodecWire, PlayersBase, PresentationBase, RulesBase
from ...game.protocols import Figure, Game, GameOption, SeatInfo
from .bots.playout import playout
from .bots.normal import Judge, NormalBot
from .bots.table import Table
from .codec import event_from_json, event_to_json, view_from_json, view_to_json
from .describe import describe, ebbes_payouts, nix_held, variant_key
from .rules.actions import Action, PlayCard, parse_action
from .rules.checks import check_from_view
from .rules.deal import deal_next_round
from .rules.determinize import HiddenDeals, determinized_state
from .rules.dummy import last_turn_up
from .rules.record import FORMAT, Record, config_of, replay, to_record
from .rules.state import GameState, Phase
from .rules.summary import check_line, summarize
from .rules.variants import BASIC_ROUNDS, DECK_VALUES, MAX_ROUNDS, GameConfig, Options
from .rules.view import PlayerView


def _two(players: int) -> bool:
    return players == 2


class EbbesRules(RulesBase[GameState, PlayerView, Action]):
    """ebbes' rules and flow (R1-R21)."""

    options = (
        GameOption("more_cards", 'Variant 1 "more cards"', "bool", False,
                   "Variant 1: higher values, 15 cards each (3 to 5 players).",
                   applies=lambda players: players > 2),
        GameOption("choose_determiners", 'Variant 2 "choose determiners"', "bool", False,
                   "Variant 2: each suit is paired with a number; the game may end early."),
        GameOption("rounds", f"rounds (at least {BASIC_ROUNDS})", "int", BASIC_ROUNDS,
                   "Variant 2's number of rounds (the basic game always has 5).",
                   low=BASIC_ROUNDS, high=MAX_ROUNDS, needs="choose_determiners"),
        GameOption("starter", "Who starts round 1", "seat", None,
                   "Who plays the first card of round 1 (whoever played ebbes last)."),
        GameOption("dealer", "Who deals round 1", "seat", None,
                   "Two players: who deals round 1 (then the two take turns); the dummy sits "
                   "at the dealer's left.",
                   applies=_two),
    )

    def seats_for(self, players: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
        """Two players get the dummy as a third seat, seat 0 (R15)."""
        seats = tuple(players)
        return (SeatInfo("Dummy", "dummy"), *seats) if len(seats) == 2 else seats

    def config(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> GameConfig:
        """The game's config; ``starter`` and ``dealer`` count the players from 0 (the
        dummy is no player), the config counts seats."""
        choose = bool(options.get("choose_determiners", False))
        players = [i for i, s in enumerate(seats) if s.kind != "dummy"]

        def seat(key: str) -> int | None:
            index = options.get(key)
            return players[index] if isinstance(index, int) and 0 <= index < len(players) \
                else None

        return _config(tuple(seats), Options(
            bool(options.get("more_cards", False)) and len(players) > 2, choose,
            int(options.get("rounds", BASIC_ROUNDS)) if choose else BASIC_ROUNDS),
            seat("starter"), seat("dealer") if len(players) == 2 else None)

    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> GameState:
        return GameState(self.config(seats, options))

    def resolve_chance(self, state: GameState, seed: int | str) -> list[Any]:
        """Deal the round the game waits for, from a Random seeded by the round (R10,
        R11, R15): a resumed game deals the same cards."""
        rng = random.Random(f"{seed}:deal:{state.round_no}")
        config = state.config
        first = not state.results
        return deal_next_round(state, rng, starter=config.first_starter if first else None,
                               dealer=config.first_dealer if first else None)

    def duplicate_dealer(self, seed: int | str) -> Callable[[GameState], list[Any]]:
        from .rules.tournament_deal import duplicate_dealer

        return duplicate_dealer(seed)

    def decision_seed(self, state: GameState, seat: int) -> str:
        played = len(state.tricks) * state.n + len(state.trick)
        return f"{state.round_no}:{state.phase.value}:{len(state.pairs)}:{played}:{seat}"

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check(self, view: PlayerView, action: Action) -> None:
        check_from_view(view, action)

    def invariants(self, state: GameState) -> list[str]:
        from .rules.invariants import faults

        return faults(state)


class EbbesRecords:
    """ebbes' record (``ebbes-record/1``) and ``ebbes check``."""

    format = FORMAT
    check_tag: dict[str, str] = {}

    def replay(self, record: Record,
               observe: Callable[[GameState, list[Any]], None] | None = None) -> GameState:
        if record.get("format") != FORMAT:
            raise RecordError(f"unknown format {record.get('format')!r} (expected {FORMAT!r})")
        return replay(record, observe)

    def to_record(self, state: GameState, extras: Record | None = None) -> Record:
        return to_record(state, extras)

    def setup_of(self, record: Record) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        config = config_of(record)
        options = config.options
        players = [i for i, s in enumerate(config.seats) if s.kind != "dummy"]

        def player(seat: int | None) -> int | None:
            return players.index(seat) if seat in players else None

        return config.seats, {"more_cards": options.more_cards,
                              "choose_determiners": options.choose_determiners,
                              "rounds": options.rounds, "starter": player(config.first_starter),
                              "dealer": player(config.first_dealer)}

    def check_summary(self, state: GameState) -> dict[str, Any]:
        return summarize(state)

    def check_line(self, state: GameState) -> str:
        return check_line(state)

    def take_back(self, record: Record, seat: int) -> Record:
        """Cut this round's plays before ``seat``'s latest card; never past a deal, nor
        back before the end of a trick after which the dummy turned up a card (R20)."""
        state = replay(record)
        current = state.current_round() if state.phase is Phase.PLAY else None
        seats = current.play_seats if current is not None else ()
        index = next((k for k in range(len(seats) - 1, -1, -1) if seats[k] == seat), None)
        if current is None or index is None:
            raise IllegalMove(None, "there is no card of yours to take back in this round")
        seen = last_turn_up(current.hands[state.dummy], current.tricks, state.dummy) \
            if state.dummy >= 0 else 0
        if index < seen * state.n:
            raise IllegalMove(None, f"you have seen the dummy's card turned up after trick "
                                    f"{seen}, so take-back cannot go back before it")
        cut = dict(record)
        cut["rounds"] = [*record["rounds"][:-1], {**record["rounds"][-1],
                                                 "plays": record["rounds"][-1]["plays"][:index]}]
        return cut


#: The most work a playout does in a usual round: cards left to play times the cards a
#: leader weighs (:meth:`EbbesPlayers.search_share`).
_USUAL_WORK = 50 * 10


class EbbesPlayers(PlayersBase[GameState, PlayerView, Action]):
    """ebbes' normal bot, its sampler of hidden deals and its fast path."""

    # A playout's leaders look a trick ahead, so a sample costs three random-lead ones
    # or more (more cards to lead, more players to follow): 150 keep the slowest
    # decisions (p95 at 3 to 5 players) where 600 random-lead ones had them, and play
    # better (bots/playout.py). p95 at 2, 3, 4 and 5 players 122, 245, 252 and 237 ms,
    # 225 over them all (``ebbes bench bots --game ebbes --levels hard --seconds 20``,
    # a quiet machine, every position: the longer rounds' too, :meth:`search_share`).
    search_samples = 150
    # The normal bot's estimate misses the best card more often than other games' do:
    # over its best 6 cards hard beat normal by +3.7 points a game [2.6, 4.9], over its
    # best 4 by +2.3 [1.1, 3.5] (4 players, 60 deals each way, seed 2026); with the
    # leaders looking ahead, best 6 +4.5 [3.4, 5.6], best 8 +3.3 [2.2, 4.5] (150 samples).
    # Keeping normal's first card unless the search finds another better on the same
    # deals by one standard error did worse: +3.85 at 4 players (100 deals) against
    # +3.90; by two, +3.22; by half a point, +3.12. Its small preferences are real.
    # At 5 players too: over the best 5 +3.55 [2.72, 4.37], 6 +4.45 [3.43, 5.48], 8 +3.46
    # [2.53, 4.40] (100 deals, seed 2026, the seat following greedily there).
    search_keep = 6
    # five times the hard bot's, over hard's own 6 candidates: over the best 8 the
    # expert lost to hard, -0.89 points a game [-2.29, 0.50]; over 6, +0.62 [-0.37, 1.61]
    # (4 players, 40 deal sets, seed 2026): the cards normal ranks lower are seldom
    # better, and more of them are more to misjudge. 1500 samples over 6 (1.7 s p95):
    # +0.04 [-0.94, 1.03], no better. With the seat's follows looking ahead in both
    # bots' playouts, -0.09 [-1.66, 1.48]: the expert's edge is still within the noise.
    # Every follower looking ahead in the expert's playouts alone did worse: -1.36
    # [-2.72, 0.01] (as it did for hard at 4 and 5 players, bots/playout.py). The
    # expert's own leads looking two tricks ahead in its playouts (450 samples, about the
    # time of 750): +0.58 [-0.59, 1.75], within the noise too.
    expert_samples = 750
    expert_keep = 6

    def __init__(self) -> None:
        #: The last view search sampled and its counting (one pair, swapped whole, so
        #: bots in several threads never see half of one).
        self._deals: tuple[PlayerView | None, HiddenDeals | None] = (None, None)

    def normal(self) -> NormalBot:
        return NormalBot()

    def random_playout(self, state: GameState, rng: random.Random) -> bool:
        """The round's cards, unchecked (:meth:`GameState.play_out`)."""
        if state.phase is not Phase.PLAY:
            return False
        state.play_out(rng)
        return True

    def searches(self, view: PlayerView) -> bool:
        """Cards are searched; the starter and the pairs are the normal bot's. (The
        starter searched too, each seat's round played out from its first card, gained
        nothing: +4.32 [3.03, 5.61] over normal against +4.49, on the 60 deals of
        bots/playout.py's figures.)"""
        return view.phase is Phase.PLAY

    def search_share(self, view: PlayerView) -> float:
        """Every sample in a usual round. A playout's work grows with the cards left to
        play times the cards a leader weighs, at most 50 x 10 in a usual round (five
        hands of ten, at 5 players); a decision of a longer round (the more-cards
        option: up to 75 x 15 at 5 players, 45 x 15 at 3) gets samples in proportion,
        so that it takes no longer than a usual 5-player round's first: hard p95 at 5
        players 294 ms against 479 spending them all (``ebbes bench bots --game ebbes
        --levels hard``; a first decision at 5 players gets 67 samples)."""
        return min(1.0, _USUAL_WORK / max(1, sum(view.hand_sizes) * len(view.hand)))

    def sample(self, view: PlayerView, rng: random.Random) -> GameState:
        """Hidden hands drawn uniformly over every deal that fits the view (search asks
        many times for one view: the counting is kept for it)."""
        seen, deals = self._deals
        if seen is not view or deals is None:
            deals = HiddenDeals(view)
            self._deals = (view, deals)
        return determinized_state(view, deals.sample(rng), rng)

    def rollout(self, state: GameState, seat: int, first: Action, rng: random.Random) -> float:
        if type(first) is not PlayCard:
            raise ValueError(f"search plays cards, not {first}")
        return playout(state, first.card, seat, rng)

    def candidates(self, view: PlayerView, legal: Sequence[Action], keep: int) -> list[Action]:
        """The normal bot's ``keep`` best cards by its estimate, or every legal card in
        hand order when there are no more than ``keep``."""
        if len(legal) <= keep:
            return list(legal)
        estimate = Judge(Table(view), NormalBot().weights).score
        cards = [a for a in legal if type(a) is PlayCard]  # search asks about cards only
        return [*sorted(cards, key=lambda a: estimate(a.card), reverse=True)[:keep]]


class EbbesWords(PresentationBase):
    """ebbes' lines for History and Statistics, its figures and its rules text."""

    ui_module = "ebbes_tui.games.ebbes.ui.screens"
    motto = "Die Pfalz hat ebbes zu bieten!"  # the box's: the Palatinate has something to offer
    statistics = (*PresentationBase.statistics,
                  Figure("ebbes_payouts", "ebbes +3", "rounds with the ebbes bonus.",
                         ebbes_payouts),
                  Figure("nix_held", "Nix held",
                         "rounds with the most nix cards (the holder names the next starter).",
                         nix_held))

    describe = staticmethod(describe)
    variant_key = staticmethod(variant_key)


@lru_cache(maxsize=64)
def _config(seats: tuple[SeatInfo, ...], options: Options, first_starter: int | None,
            first_dealer: int | None) -> GameConfig:
    """One config per setup, its derived figures worked out once: a tournament or a
    search starts many games of one setup."""
    return GameConfig(seats, options, first_starter=first_starter, first_dealer=first_dealer)


GAME: Game[GameState, PlayerView, Action] = Game(
    "ebbes", "ebbes", tuple(sorted(DECK_VALUES)),
    rules=EbbesRules(), records=EbbesRecords(),
    wire=CodecWire(view_to_json, view_from_json, event_to_json, event_from_json),
    players=EbbesPlayers(), presentation=EbbesWords())
