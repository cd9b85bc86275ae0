"""Blindes Huhn extrem on the game seam: its facets, wired to the pure modules of this
package, put together as the :class:`~ebbes_tui.game.protocols.Game` the registry lists."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...game.errors import IllegalMove
from ...game.defaults import CodecWire, FastRollouts, PresentationBase, RulesBase
from ...game.protocols import Figure, Game, GameOption, SeatInfo
from . import codec
from .bots.hints import SAMPLES
from .bots.normal import NormalBot
from .bots.rollout import play_out, rollout
from .bots.sampler import sample_state
from .rules import record
from .rules.actions import Action, Arrange, parse_action
from .rules.draws import below, sample, shuffle
from .rules.invariants import faults
from .rules.state import ARRANGE, DEAL, PLAY, HuhnState
from .rules.summary import check_line, hens_taken, penalty_points, rewards_taken, summarize
from .rules.takeback import take_back
from .rules.view import HuhnView


class HuhnRules(RulesBase[HuhnState, HuhnView, Action]):
    """Blindes Huhn extrem's rules and flow (H1-H14)."""

    options = (
        GameOption("deals", "Deals", "int", None,
                   "How many deals to play; one per player unless you choose.", 1,
                   record.MAX_DEALS),
        GameOption("dealer", "Dealer of deal 1", "seat", None,
                   "Who deals first (the player to their left leads); random if not set."),
    )

    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> HuhnState:
        return record.new_state(tuple(seats), options)

    def resolve_chance(self, state: HuhnState, seed: int | str) -> list[Any]:
        """Shuffle and deal the next deal (H1) from the game's seed; deal 1's dealer
        at random when the setup did not choose one (H2)."""
        if state.phase != DEAL:
            raise ValueError("no deal is due")
        number = len(state.scores) + 1
        rng = random.Random(f"{seed}:huhn:deal:{number}")
        dealer = state.next_dealer()
        if dealer is None:
            dealer = below(state.n, rng)
        cards = list(state.deck)
        shuffle(cards, rng)
        return state.deal_shuffled(cards, dealer)

    def decision_seed(self, state: HuhnState, seat: int) -> str:
        """Arrangements are simultaneous: their seed does not depend on who arranged
        first."""
        deal = state.deal_no
        if state.phase == "arrange":
            return f"huhn:{deal}:arrange:{seat}"
        return f"huhn:{deal}:{state.decisions}:{seat}"

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def draft(self, state: HuhnState, seat: int, action: Action) -> None:
        """The order ``seat``'s hand has so far while it is arranged: a record keeps it
        as that hand (H3, "Game records"); nobody else sees it."""
        if type(action) is not Arrange or state.phase != ARRANGE:
            raise IllegalMove(None, "only a hand still being arranged can be put in order")
        state.check(action, seat)  # its own hand, not arranged yet: its cards, each once
        state.hands[seat] = list(action.order)

    def invariants(self, state: HuhnState) -> list[str]:
        return faults(state)


class HuhnRecords:
    """Blindes Huhn extrem's record (``huhn-record/1``) and ``ebbes check``."""

    format = record.FORMAT
    check_tag: dict[str, str] = {"game": "huhn"}

    def replay(self, rec: dict[str, Any],
               observe: Callable[[HuhnState, list[Any]], None] | None = None) -> HuhnState:
        return record.replay(rec, observe)

    def to_record(self, state: HuhnState, extras: dict[str, Any] | None = None) -> dict[str, Any]:
        return record.to_record(state, extras)

    def setup_of(self, rec: dict[str, Any]) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        return record.setup_of(rec)

    def check_summary(self, state: HuhnState) -> dict[str, Any]:
        return summarize(state)

    def check_line(self, state: HuhnState) -> str:
        return check_line(state)

    def take_back(self, rec: dict[str, Any], seat: int) -> dict[str, Any]:
        return take_back(rec, seat)


class HuhnPlayers(FastRollouts[HuhnState, HuhnView, Action]):
    """Blindes Huhn extrem's normal bot, sampler and fast path; an arrangement (never
    listed) is the normal bot's."""

    search_samples = SAMPLES
    expert_samples = 2000  # two candidates (the ends), quick playouts: 50 times hard's

    def normal(self) -> NormalBot:
        return NormalBot()

    def sample(self, view: HuhnView, rng: random.Random) -> HuhnState:
        return sample_state(view, rng)

    def play_out(self, state: HuhnState, seat: int, rng: random.Random) -> float:
        return rollout(state, seat, rng)

    def random_playout(self, state: HuhnState, rng: random.Random) -> bool:
        """The rest of the deal, unchecked: each hand not yet arranged, seat by seat, in
        an order drawn uniformly at random (the numbers a random decision draws:
        :meth:`ArrangeChoices.sample`), then the cards by the playouts' policy
        (:func:`play_out`)."""
        if state.phase == ARRANGE:
            for seat, order in enumerate(state.orders):
                if order is None:
                    state.arrange_fast(seat, sample(tuple(state.hands[seat]), rng))
        elif state.phase != PLAY:
            return False
        play_out(state, rng)
        return True

    def candidates(self, view: HuhnView, legal: Sequence[Action], keep: int) -> list[Action]:
        """The ``keep`` most promising answers, best first. For the orders of a hand
        (never listed) these are the arrangement strategies' orders."""
        return NormalBot().candidates(view, legal, keep)


class HuhnWords(PresentationBase):
    """Blindes Huhn extrem's lines for History, its Statistics (the final totals, then
    its own figures); its rules text is ``rules.md`` beside this module."""

    ui_module = "ebbes_tui.games.huhn.ui.screens"
    statistics = (
        *PresentationBase.statistics,
        Figure("hens", "Hens", "hen cards taken.", hens_taken),
        Figure("penalties", "Penalty", "penalty points, added up.", penalty_points,
               signed=True),
        Figure("rewards", "Rewards", "reward cards taken.", rewards_taken),
    )

    def describe(self, state: HuhnState) -> dict[str, str]:
        names = [s.name for s in state.seats]
        variants = f"{state.deals} deal{'s' * (state.deals != 1)}"
        outcome = state.outcome()
        totals = ", ".join(f"{n} {t:+d}" for n, t in zip(names, state.totals))
        if outcome is None:
            result = f"after {len(state.scores)} of {state.deals} deals: {totals}"
        else:
            won = " and ".join(names[s] for s in outcome.winners)
            result = f"{totals}; won by {won}"
        saved = f"{len(names)} players, " + (f"deal {len(state.scores) + 1} of {state.deals}: "
                                             if outcome is None else "game over: ") + totals
        return {"players": ", ".join(names), "variants": variants, "result": result,
                "saved": saved}

    def variant_key(self, options: dict[str, Any]) -> tuple[str, str]:
        deals = options.get("deals")
        if deals is None:
            return "deals=players", "one deal per player"
        return f"deals={deals}", f"{deals} deal{'s' * (deals != 1)}"


GAME: Game[HuhnState, HuhnView, Action] = Game(
    "huhn", "Blindes Huhn extrem", (2, 3, 4, 5),
    rules=HuhnRules(), records=HuhnRecords(),
    wire=CodecWire(codec.view_to_json, codec.view_from_json, codec.event_to_json,
                   codec.event_from_json),
    players=HuhnPlayers(), presentation=HuhnWords())
