"""The ``hard`` level of every game: determinized search (Perfect Information Monte
Carlo) over the seat's view, given the game's sampler.

For a decision with a choice it takes the game's most promising candidates
(:meth:`Players.candidates`), then, for each of a fixed number of samples of the hidden
information consistent with the view (:meth:`Players.sample`: other hands, their orders,
a pile), plays each candidate and finishes the deal with the game's quick playout
(:meth:`Players.rollout`), and keeps the candidate with the best mean. Decisions whose
answers cannot be listed (the orders of a hand) go to the game's ``normal`` bot: a
search must never enumerate them. Its budget is a number of samples (the game's share
of them for the decision: :meth:`Players.search_share`), so a seeded decision is the
same every time (a resumed game gets the same answers); a time cap only guards
against a very slow machine.
"""

from __future__ import annotations

import random
import time
from collections import deque
from typing import Generic

from ..game.protocols import ActionT, Choices, Game, StateT, ViewT, listed

#: The safety cap on a decision's time (the budget is the game's samples).
DEFAULT_CAP_MS = 2000
#: The expert's safety cap: only a very slow or loaded machine reaches it.
EXPERT_CAP_MS = 4000


def decision_samples(game: Game[StateT, ViewT, ActionT], samples: int, view: ViewT) -> int:
    """The game's share of ``samples`` for ``view``'s decision (at least one)."""
    return max(1, round(samples * game.players.search_share(view)))


class SearchBot(Generic[StateT, ViewT, ActionT]):
    """Sampling and playing out: stronger, slower."""

    level = "hard"

    def __init__(self, game: Game[StateT, ViewT, ActionT], samples: int | None = None,
                 cap_ms: float = DEFAULT_CAP_MS, keep: int | None = None) -> None:
        self.game = game
        self.samples = game.players.search_samples if samples is None else samples
        self.cap_ms = cap_ms
        # search only the game's best ``keep`` candidates (0: all)
        self.keep = game.players.search_keep if keep is None else keep
        self.helper = game.players.bot("normal")
        #: Samples per searched decision (the latest 1000), for tuning.
        self.samples_used: deque[int] = deque(maxlen=1000)

    def choose(self, view: ViewT, legal: Choices[ActionT], rng: random.Random) -> ActionT:
        choices = listed(legal)
        if choices is None or not self.game.players.searches(view):
            return self.helper.choose(view, legal, rng)
        if len(choices) == 1:
            return choices[0]
        candidates = self.game.players.candidates(view, choices, self.keep or len(choices))
        if len(candidates) == 1:
            return candidates[0]
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no decision to search")
        deadline = time.perf_counter() + self.cap_ms / 1000.0
        totals = dict.fromkeys(range(len(candidates)), 0.0)
        budget = decision_samples(self.game, self.samples, view)
        samples = 0
        while samples < budget:
            if samples and time.perf_counter() >= deadline:
                break
            world = self.game.players.sample(view, rng)
            for i, action in enumerate(candidates):
                totals[i] += self.game.players.rollout(world, seat, action, rng)
            samples += 1
        self.samples_used.append(samples)
        return candidates[max(totals, key=totals.__getitem__)]


class ExpertBot(SearchBot[StateT, ViewT, ActionT]):
    """``expert``, for a player who wants a real opponent: the hard bot's search with
    the game's expert budget (:attr:`Players.expert_samples`: about 1-2 s a decision,
    ``ebbes bench bots``) over the game's :attr:`Players.expert_keep` candidates."""

    level = "expert"

    def __init__(self, game: Game[StateT, ViewT, ActionT], samples: int | None = None,
                 cap_ms: float = EXPERT_CAP_MS, keep: int | None = None) -> None:
        players = game.players
        super().__init__(game, players.expert_samples if samples is None else samples,
                         cap_ms, players.expert_keep if keep is None else keep)
