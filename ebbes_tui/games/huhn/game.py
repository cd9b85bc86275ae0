"""The Game object of Blindes Huhn extrem: everything the generic layers need, wired
to the pure modules of this package (:class:`ebbes_tui.game.protocols.Game`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...game.errors import IllegalMove
from ...game.protocols import GameOption, SeatInfo, Unlisted
from . import codec, record
from .actions import Action, parse_action
from .check import check_line, check_summary
from .invariants import invariants
from .normal import NormalBot
from .rollout import play_out, rollout
from .rules_text import RULES_TEXT
from .sampler import sample_state
from .state import DEAL, PLAY, HuhnState
from .takeback import take_back
from .view import HuhnView


class HuhnGame:
    """Blindes Huhn extrem (Michael Schacht, Abacusspiele 2017) on the seam."""

    id = "huhn"
    title = "Blindes Huhn extrem"
    player_counts = (2, 3, 4, 5)
    options = (
        GameOption("deals", "Deals", "int", None,
                   "How many deals to play; one per player unless you choose.", 1,
                   record.MAX_DEALS),
        GameOption("dealer", "Dealer of deal 1", "seat", None,
                   "Who deals first (the player to their left leads); random if not set."),
    )
    check_tag: dict[str, str] = {"game": "huhn"}
    record_format = record.FORMAT
    levels = ("random", "normal", "hard")
    search_samples = 40
    ui_module = "ebbes_tui.games.huhn.ui.screens"
    figure_labels = (("hens", "Hens"), ("penalties", "Penalties"), ("rewards", "Rewards"),
                     ("options", "Options"), ("crossed", "Crossed"))
    figure_notes = ("Hens: hen cards taken. Penalties: their minus points added up. Rewards: "
                    "reward cards taken. Options: last-trick options used. Crossed: earlier "
                    "deals crossed out.")

    # -- a new game and its chance steps
    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> HuhnState:
        return record.new_state(tuple(seats), options)

    def seats_for(self, players: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
        return tuple(players)

    def duplicate_dealer(self, seed: int | str) -> Callable[[HuhnState], list[Any]]:
        """Every deal of a tournament game from ``seed``, whoever plays which seat."""
        return lambda state: self.resolve_chance(state, seed)

    def resolve_chance(self, state: HuhnState, seed: int | str) -> list[Any]:
        """Shuffle and deal the next deal (H1) from the game's seed; deal 1's dealer
        at random when the setup did not choose one (H2)."""
        if state.phase != DEAL:
            raise ValueError("no deal is due")
        number = len(state.scores) + 1
        rng = random.Random(f"{seed}:{self.id}:deal:{number}")
        dealer = state.next_dealer()
        if dealer is None:
            dealer = rng.randrange(state.n)
        cards = list(state.deck)
        rng.shuffle(cards)
        size = state.size
        return state.deal([cards[i * size:(i + 1) * size] for i in range(state.n)], dealer)

    def decision_seed(self, state: HuhnState, seat: int) -> str:
        """Arrangements are simultaneous: their seed does not depend on who arranged
        first."""
        deal = state.deal_no
        if state.phase == "arrange":
            return f"{self.id}:{deal}:arrange:{seat}"
        return f"{self.id}:{deal}:{state.decisions}:{seat}"

    # -- records
    def replay(self, rec: dict[str, Any],
               observe: Callable[[HuhnState, list[Any]], None] | None = None) -> HuhnState:
        return record.replay(rec, observe)

    def to_record(self, state: HuhnState, extras: dict[str, Any] | None = None) -> dict[str, Any]:
        return record.to_record(state, extras)

    def setup_of(self, rec: dict[str, Any]) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        return record.setup_of(rec)

    def check_summary(self, state: HuhnState) -> dict[str, Any]:
        return check_summary(state)

    def check_line(self, state: HuhnState) -> str:
        return check_line(state)

    def take_back(self, rec: dict[str, Any], seat: int) -> dict[str, Any]:
        cut = take_back(rec, seat)
        if cut is None:
            raise IllegalMove(None, "there is nothing of yours to take back in this deal")
        return cut

    # -- the wire
    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check(self, view: HuhnView, action: Action) -> None:
        if action not in view.actions:
            raise IllegalMove(view.seat, "cannot do that now")

    def view_to_json(self, view: HuhnView) -> dict[str, Any]:
        return codec.view_to_json(view)

    def view_from_json(self, data: Any) -> HuhnView:
        return codec.view_from_json(data)

    def event_to_json(self, event: Any) -> dict[str, Any] | None:
        return codec.event_to_json(event)

    def event_from_json(self, data: dict[str, Any]) -> Any:
        return codec.event_from_json(data)

    # -- players
    def bot(self, level: str) -> NormalBot:
        """The ``normal`` bot; ``random`` and ``hard`` are generic (the lead's)."""
        if level == "normal":
            return NormalBot()
        raise ValueError(f"the {level!r} level of Blindes Huhn extrem comes from the generic bots")

    def hint(self, view: HuhnView) -> tuple[Action, str]:
        return NormalBot().explain(view)

    def sample(self, view: HuhnView, rng: random.Random) -> HuhnState:
        return sample_state(view, rng)

    def searches(self, view: HuhnView) -> bool:
        """Cards, rewards, leaders and the option are searched; the arrangement (never
        listed) is the normal bot's."""
        return not isinstance(view.actions, Unlisted)

    def rollout(self, state: HuhnState, seat: int, first: Action, rng: random.Random) -> float:
        start = state.clone()
        start.apply_fast(first, seat)
        return rollout(start, seat, rng)

    def random_playout(self, state: HuhnState, rng: random.Random) -> bool:
        """The deal's cards, unchecked, once every hand is arranged."""
        if state.phase != PLAY:
            return False
        play_out(state, rng)
        return True

    def candidates(self, view: HuhnView, legal: Any, keep: int) -> list[Action]:
        """The ``keep`` most promising answers, best first. For the orders of a hand
        (never listed) these are the arrangement strategies' orders."""
        return NormalBot().candidates(view, legal, keep)

    # -- history and statistics
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

    def figures(self, state: HuhnState, seat: int) -> dict[str, int]:
        return {
            "hens": sum(s.hens[seat] for s in state.scores),
            "penalties": sum(sum(s.penalties[seat]) for s in state.scores),
            "rewards": sum(len(s.rewards[seat]) for s in state.scores),
            "options": sum(s.taker == seat and s.option != "none" for s in state.scores),
            "crossed": len(state.crossed[seat]),
        }

    # -- checking the rules
    def invariants(self, state: HuhnState) -> list[str]:
        return invariants(state)

    def rules_text(self) -> str:
        return RULES_TEXT


GAME = HuhnGame()
