"""The ``ismcts`` level (an experiment): single-observer information-set Monte Carlo
tree search (Cowling, Powley and Whitehouse 2012) over the seat's view, given the
game's sampler, candidates and rollouts.

Each iteration draws one determinization (:meth:`Players.sample`: a full state
consistent with the view), descends the observer's tree (UCB1 with availability counts:
an action's exploration term counts the iterations in which it was legal, as moves
available only in some determinizations need), expands one untried action, plays the
deal out with the game's rollout (:meth:`Players.rollout`) and backs the result up.
A node is the observer's decision after its own earlier decisions in the tree; the
other seats' moves between them (and chance, such as Hund's draws) are made in the
determinization at random (an arrangement by the game's ``normal`` bot), as in a
playout, and not branched on, so the statistics of
every determinization meet in one tree. The root's answers are the game's candidates
(:meth:`Players.candidates`), also for an :class:`Unlisted` decision such as Blindes
Huhn's arrangement, whose candidates are the arrangement strategies' orders.

Its budget is a number of iterations, so a seeded decision is the same every time:
per root candidate, a share of the hard bot's samples (:data:`TIME_SHARE`), chosen so
that both bots take about equal time per decision (an iteration costs more than one of
the hard bot's rollouts: it also draws a determinization and walks the tree). With
``samples`` given, it is that many iterations per candidate: the hard bot's rollouts.

Measured against ``hard`` at equal time, 4 players, seed 2026 (issue 26): no better in
ebbes (-0.08 points a game [-2.15, +2.00], 20 deal sets) or Hund (0.00 times hund
[-0.42, +0.42], 12), clearly worse in Blindes Huhn (-7.08 points a game [-7.87, -6.28],
200; -4.94 [-6.28, -3.61] over 60 with the arrangement left to the normal bot, as hard
leaves it). So it stays an experiment, not offered to players.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Sequence
from typing import Any, Generic, cast

from ..game.protocols import ActionT, Choices, Game, StateT, Unlisted, ViewT, listed
from .search import decision_samples

#: The safety cap on a decision's time (the budget is counted in iterations).
DEFAULT_CAP_MS = 2000
#: The tree's depth in the observer's own decisions: deeper ones are the playout's (the
#: others' moves in between are random, so a deep line says little and costs much).
DEPTH = 2
#: The share of the hard bot's rollouts an ismcts decision makes, per game, so that both
#: take about equal time per decision (measured: an iteration also samples a
#: determinization and walks the tree; see the module's docstring).
TIME_SHARE = {"ebbes": 0.5, "huhn": 0.4, "hund": 0.75}
#: UCB1's exploration constant, for rewards scaled to [0, 1] (the paper's 0.7).
EXPLORATION = 0.7


class _Node:
    """The observer's decision reached by one sequence of its own answers."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0  # iterations in which the parent could answer this


class ISMCTSBot(Generic[StateT, ViewT, ActionT]):
    """Information-set tree search: one tree for all determinizations."""

    level = "ismcts"

    def __init__(self, game: Game[StateT, ViewT, ActionT], samples: int | None = None,
                 cap_ms: float = DEFAULT_CAP_MS, keep: int | None = None,
                 exploration: float = EXPLORATION, depth: int = DEPTH) -> None:
        self.game = game
        if samples is None:
            samples = max(1, round(game.players.search_samples * TIME_SHARE.get(game.id, 1.0)))
        self.samples = samples  # iterations per root candidate
        self.cap_ms = cap_ms
        # the root's candidates, as many as the hard bot searches
        self.keep = game.players.search_keep if keep is None else keep
        self.exploration = exploration
        self.depth = depth
        self.helper = game.players.bot("normal")
        #: Iterations per searched decision (the latest 1000), for tuning and tests.
        self.iterations_used: deque[int] = deque(maxlen=1000)

    def choose(self, view: ViewT, legal: Choices[ActionT], rng: random.Random) -> ActionT:
        seat = view.seat
        choices = listed(legal)
        unlisted = choices is None
        if seat is None or not (unlisted or self.game.players.searches(view)):
            return self.helper.choose(view, legal, rng)
        if choices is not None and len(choices) == 1:
            return choices[0]
        # An Unlisted's candidates are the game's own small list of orders.
        offered = cast(Sequence[ActionT], legal)
        candidates = self.game.players.candidates(view, offered, self.keep or len(offered))
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, seat, candidates, rng)

    def _search(self, view: ViewT, seat: int, candidates: list[ActionT],
                rng: random.Random) -> ActionT:
        root = _Node()
        for action in candidates:
            root.children[action] = _Node()
        budget = decision_samples(self.game, self.samples, view) * len(candidates)
        deadline = time.perf_counter() + self.cap_ms / 1000.0
        scale = _Scale()
        deal = view.position()[0]
        done = 0
        while done < budget:
            if done and time.perf_counter() >= deadline:
                break
            world = self.game.players.sample(view, rng)
            self._iterate(root, candidates, world, seat, deal, scale, rng)
            done += 1
        self.iterations_used.append(done)
        return max(candidates, key=lambda a: (root.children[a].visits, root.children[a].total))

    def _iterate(self, root: _Node, actions: Sequence[ActionT], world: StateT, seat: int,
                 deal: int, scale: _Scale, rng: random.Random) -> None:
        """One iteration in one determinization: select, expand, play out, back up."""
        path: list[_Node] = []
        node = root
        while True:
            action, child = self._select(node, actions, scale, rng)
            path.append(child)
            if child.visits == 0 or len(path) >= self.depth:
                reward = self.game.players.rollout(world, seat, action, rng)
                break
            following = self._advance(world, seat, action, deal, rng)
            if following is None:  # the deal ends before the seat's next decision
                reward = self.game.players.rollout(world, seat, action, rng)
                break
            world, actions = following
            node = child
        scale.see(reward)
        for visited in path:
            visited.visits += 1
            visited.total += reward

    def _select(self, node: _Node, actions: Sequence[ActionT], scale: _Scale,
                rng: random.Random) -> tuple[ActionT, _Node]:
        """An untried action if this determinization has one, else UCB1 over the
        available ones with their availability counts."""
        untried: list[ActionT] = []
        best: ActionT | None = None
        best_score = -math.inf
        for action in actions:
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node()
            child.available += 1
            if child.visits == 0:
                untried.append(action)
                continue
            mean = scale.unit(child.total / child.visits)
            score = mean + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        if untried:
            pick = untried[0] if len(untried) == 1 else untried[int(rng.random() * len(untried))]
            return pick, node.children[pick]
        assert best is not None
        return best, node.children[best]

    def _advance(self, world: StateT, seat: int, action: ActionT, deal: int,
                 rng: random.Random) -> tuple[StateT, Sequence[ActionT]] | None:
        """A copy of ``world`` after ``seat`` answers ``action`` and the others (at
        random) and chance play on to ``seat``'s next searched decision of the same
        deal, with its legal answers; None when there is none."""
        state = world.clone()
        state.apply(action, seat)
        rules = self.game.rules
        while True:
            pending = state.pending()
            if not pending:
                return None
            if any(d.seat == seat for d in pending):
                view = state.view(seat)
                legal = view.actions
                if (view.position()[0] != deal or isinstance(legal, Unlisted)
                        or not self.game.players.searches(view)):
                    return None
                return state, cast(Sequence[ActionT], legal)
            decision = pending[0]
            if decision.seat is None:
                rules.resolve_chance(state, f"ismcts/{rng.random()}")
                continue
            other = decision.seat
            legal = state.legal(other)
            if isinstance(legal, Unlisted):  # an arrangement: the normal bot's
                state.apply(self.helper.choose(state.view(other), legal, rng), other)
            else:
                state.apply(legal[int(rng.random() * len(legal))], other)


class _Scale:
    """The rewards seen so far, to scale a mean into [0, 1] for UCB1 (games score in
    points of different sizes)."""

    __slots__ = ("low", "high")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def see(self, reward: float) -> None:
        if reward < self.low:
            self.low = reward
        if reward > self.high:
            self.high = reward

    def unit(self, value: float) -> float:
        span = self.high - self.low
        return 0.5 if span <= 0 else (value - self.low) / span
