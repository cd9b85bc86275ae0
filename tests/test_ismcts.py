"""The ``ismcts`` level (information-set tree search, an experiment): legal answers to
every decision kind of every game, Blindes Huhn's arrangement searched among the game's
candidate orders, one answer per seed, its budget of iterations; a tournament level that
players are not offered."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ebbes_tui.bots import EXPERIMENTS, LEVELS, ISMCTSBot, make_bot
from ebbes_tui.game.protocols import AnyGame, AnyState, SeatInfo, listed
from ebbes_tui.game.registry import load_game
from ebbes_tui.tournament import parse_levels

#: The decision kinds a short seeded game of each game meets (a searched kind at least).
KINDS = {"ebbes": {"play"}, "huhn": {"arrange", "play"}, "hund": {"play", "lead", "beat"}}


def started(game: AnyGame, players: int, seed: str) -> AnyState:
    seats = game.rules.seats_for([SeatInfo(f"P{i + 1}", "bot") for i in range(players)])
    return game.rules.new_state(seats, {})


def first_decision(game: AnyGame, seed: str, kind: str | None = None,
                   players: int = 4) -> tuple[AnyState, int]:
    """A seeded game played at random up to a decision (of ``kind``) with a choice."""
    state = started(game, players, seed)
    rng = random.Random(seed)
    while pending := state.pending():
        decision = pending[0]
        if decision.seat is None:
            game.rules.resolve_chance(state, seed)
            continue
        legal = state.legal(decision.seat)
        moves = listed(legal)
        if (kind is None or decision.kind == kind) and (moves is None or len(moves) > 1):
            if moves is None or game.players.searches(state.view(decision.seat)):
                return state, decision.seat
        state.apply(legal.sample(rng) if moves is None else rng.choice(moves), decision.seat)
    raise AssertionError("no decision with a choice")


@pytest.mark.parametrize("game_id", ["ebbes", "huhn", "hund"])
def test_ismcts_answers_every_decision_of_a_seeded_game_legally(game_id):
    game = load_game(game_id)
    bots = [ISMCTSBot(game, samples=1) for _ in range(4)]
    state = started(game, 4, f"ismcts/{game_id}")
    rng = random.Random(game_id)
    kinds: Counter[str] = Counter()
    searched = 0
    while (pending := state.pending()) and sum(kinds.values()) < 160:
        decision = pending[0]
        if decision.seat is None:
            game.rules.resolve_chance(state, f"ismcts/{game_id}")
            continue
        seat = decision.seat
        legal = state.legal(seat)
        bot = bots[seat]
        before = len(bot.iterations_used)
        answer = bot.choose(state.view(seat), legal, random.Random(rng.random()))
        assert answer in legal, (decision, answer)
        searched += len(bot.iterations_used) > before
        kinds[decision.kind] += 1
        state.apply(answer, seat)
    assert KINDS[game_id] <= set(kinds), kinds
    assert searched > 10  # the tree decided, not only its helper


def test_ismcts_searches_blindes_huhns_arrangement_among_the_games_candidate_orders():
    game = load_game("huhn")
    state, seat = first_decision(game, "arrange", "arrange")
    view = state.view(seat)
    candidates = game.players.candidates(view, view.actions, 4)
    assert len(candidates) > 1
    bot = ISMCTSBot(game, samples=2)
    answer = bot.choose(view, view.actions, random.Random(3))
    assert answer in view.actions and answer in candidates
    assert list(bot.iterations_used) == [2 * len(candidates)]


@pytest.mark.parametrize("game_id", ["ebbes", "huhn", "hund"])
def test_ismcts_gives_one_answer_per_seed(game_id):
    game = load_game(game_id)
    for n in range(3):
        state, seat = first_decision(game, f"seed/{n}")
        view = state.view(seat)
        answers = {ISMCTSBot(game, samples=3).choose(view, view.actions, random.Random(n))
                   for _ in range(2)}
        assert len(answers) == 1


def test_ismcts_spends_its_iterations_unless_the_time_cap_cuts_in():
    game = load_game("hund")
    state, seat = first_decision(game, "budget")
    view = state.view(seat)
    keep = len(game.players.candidates(view, view.actions, 4))
    bot = ISMCTSBot(game, samples=5)
    bot.choose(view, view.actions, random.Random(1))
    assert list(bot.iterations_used) == [5 * keep]
    capped = ISMCTSBot(game, samples=10**6, cap_ms=0)  # the safety cap: one, then stop
    capped.choose(view, view.actions, random.Random(1))
    assert list(capped.iterations_used) == [1]


def test_ismcts_is_a_tournament_level_that_players_are_not_offered():
    assert parse_levels("ismcts,hard") == ("ismcts", "hard")
    assert "ismcts" in EXPERIMENTS and "ismcts" not in LEVELS
    bot = make_bot(load_game("ebbes"), "ismcts", samples=7)
    assert bot.level == "ismcts" and isinstance(bot, ISMCTSBot) and bot.samples == 7


def test_a_hund_rollout_whose_first_card_ends_the_game_says_how_it_ended():
    """A search's tree reaches a seat's last card as its own decision (the hard bot
    never does: a forced card is not searched), and the playout starts after the end."""
    game = load_game("hund")
    rng = random.Random(5)
    for n in range(40):
        state = started(game, 3, f"end/{n}")
        while pending := state.pending():
            seat = pending[0].seat
            if seat is None:
                game.rules.resolve_chance(state, f"end/{n}")
                continue
            for action in state.legal(seat):
                after = state.clone()
                after.apply(action, seat)
                if after.outcome() is not None or len(after.results) > len(state.results):
                    value = game.players.rollout(state, seat, action, rng)
                    hund = after.results[len(state.results)].hund
                    assert (value == 0.0) == (hund == seat) and 0.0 <= value <= 1.0
                    return
            state.apply(rng.choice(state.legal(seat)), seat)
    raise AssertionError("no game ended")
