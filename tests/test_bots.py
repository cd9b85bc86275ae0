"""Bots: legal answers everywhere, no sight of hidden cards, the normal bot's named
rules, the hard bot's determinism and budget, and `ebbes bench bots`."""

import json
import random
import subprocess
import sys

import pytest
from helpers import cards, config, play, started
from test_simulation import SETUPS  # every player count and variant
from test_view import random_position, redeal_hidden

from ebbes_tui.bots import LEVELS, HardBot, NormalBot, RandomBot, decide, make_bot
from ebbes_tui.bots.base import open_pairs
from ebbes_tui.bots.normal import RULES
from ebbes_tui.rules import Category, GameState, Phase, Suit, player_view
from ebbes_tui.rules.deal import deal_next_round



def small_hard() -> HardBot:
    """A hard bot that is quick and deterministic: few samples, a generous budget."""
    return HardBot(budget_ms=60_000, max_samples=3)


def play_checked(state: GameState, bots: dict, seed: int) -> dict:
    """Play ``state`` to the end with ``bots[seat]``, checking every answer is legal
    before the engine (which would raise) sees it; returns decisions per kind."""
    kinds = {Phase.PLAY: 0, Phase.CHOOSE_STARTER: 0, Phase.CHOOSE_PAIR: 0}
    rng = random.Random(seed)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            deal_next_round(state, rng)
            continue
        seat = state.pending.seat
        if seat == state.dummy:
            state.play(state.legal_moves()[0])
            continue
        view = player_view(state, seat)
        answer = decide(bots[seat], view, random.Random(rng.random()))
        kinds[state.phase] += 1
        if state.phase is Phase.PLAY:
            assert answer in view.legal
            state.play(answer, seat)
        elif state.phase is Phase.CHOOSE_STARTER:
            assert 0 <= answer < state.n
            state.choose_starter(seat, answer)
        else:
            suits, numbers = open_pairs(view)
            assert answer[0] in suits and answer[1] in numbers
            state.choose_pair(seat, *answer)
    return kinds


@pytest.mark.parametrize("players,more,choose", SETUPS)
def test_every_bot_answers_every_decision_legally(players, more, choose):
    kinds = {Phase.PLAY: 0, Phase.CHOOSE_STARTER: 0, Phase.CHOOSE_PAIR: 0}
    for seed in range(2):
        state = GameState(config(players, more_cards=more, choose=choose))
        levels = [("normal", "hard", "random")[(seat + seed) % 3] for seat in range(state.n)]
        bots = {seat: small_hard() if level == "hard" else make_bot(level)
                for seat, level in enumerate(levels)}
        for kind, count in play_checked(state, bots, seed).items():
            kinds[kind] += count
    assert kinds[Phase.PLAY] > 0 and kinds[Phase.CHOOSE_STARTER] > 0
    assert (kinds[Phase.CHOOSE_PAIR] > 0) == choose


def test_normal_bot_plays_whole_games_of_every_setup_legally():
    for i, (players, more, choose) in enumerate(SETUPS * 3):
        state = GameState(config(players, more_cards=more, choose=choose))
        play_checked(state, {seat: NormalBot() for seat in range(state.n)}, i)
        assert state.phase is Phase.GAME_OVER


@pytest.mark.parametrize("level", ["normal", "hard", "random"])
def test_a_bots_choice_never_depends_on_cards_it_cannot_see(level):
    """Re-dealing the other seats' hidden cards consistently with a seat's view leaves
    that seat's choice unchanged, for the same seed."""
    shuffler = random.Random(3)
    moved = 0
    for seed in range(60 if level != "hard" else 25):
        state = random_position(2 + seed % 4, seed)
        seat = state.to_move
        if seat == state.dummy:
            continue
        other = redeal_hidden(state, seat, shuffler)
        moved += other.hands != state.hands
        bot = small_hard() if level == "hard" else make_bot(level)
        answers = [decide(bot, player_view(s, seat), random.Random(seed)) for s in (state, other)]
        assert answers[0] == answers[1]
    assert moved > 10


def test_the_hard_bot_is_deterministic_with_a_sample_limit():
    for seed in range(8):
        state = random_position(3 + seed % 3, 100 + seed)
        if state.to_move == state.dummy:
            continue
        view = player_view(state, state.to_move)
        first = HardBot(budget_ms=60_000, max_samples=6).choose_card(view, random.Random(seed))
        again = HardBot(budget_ms=60_000, max_samples=6).choose_card(view, random.Random(seed))
        assert first == again and first in view.legal


def test_the_hard_bot_keeps_to_its_time_budget_and_skips_forced_cards():
    state = GameState(config(5, more_cards=True))
    deal_next_round(state, random.Random(5))
    view = player_view(state, state.to_move)
    bot = HardBot(budget_ms=0)  # the budget is spent at once: one sample, then stop
    assert bot.choose_card(view, random.Random(1)) in view.legal
    assert list(bot.samples_used) == [1]
    forced = HardBot(budget_ms=40)
    forced_view = _forced_view()
    assert forced.choose_card(forced_view, random.Random(1)) == forced_view.legal[0]
    assert not forced.samples_used  # no search for a single legal card


def _forced_view():
    for seed in range(200):
        state = random_position(4, seed)
        if len(state.legal_moves()) == 1:
            return player_view(state, state.to_move)
    raise AssertionError("no position with a single legal card")


def test_make_bot_builds_every_level_and_rejects_others():
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    assert make_bot("hard", budget_ms=50).budget_ms == 50
    assert isinstance(make_bot("random"), RandomBot)
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert")


# The normal bot's rules ---------------------------------------------------------

def test_the_normal_bots_named_rules_fire_and_are_counted():
    bot = NormalBot()
    for i, setup in enumerate(SETUPS * 2):
        state = GameState(config(setup[0], more_cards=setup[1], choose=setup[2]))
        play_checked(state, {seat: bot for seat in range(state.n)}, 50 + i)
    names = [rule.__name__ for rule in RULES]
    assert set(bot.fired) == set(names)  # every rule decided some card
    assert sum(bot.fired.values()) > 1000
    assert bot.fired["best_estimate"] < sum(bot.fired.values())


# Three players, number 1. Trick 1: blue1 fixes Trump (blue), brown1 Plus, yellow1
# ebbes; seats 1 and 2 show void in blue. Trick 2: green1 fixes Minus (green), red is
# nix; green6 wins for seat 2, who leads next.
SCENE = {
    0: "blue1 blue2 blue3 blue4 blue5 blue6 green1 red6 red5 yellow6",
    1: "brown1 brown2 brown3 green2 green3 green4 green5 yellow2 yellow3 yellow4",
    2: "yellow1 yellow5 brown4 brown5 brown6 green6 red1 red2 red3 red4",
}


def scene(extra: str = "") -> GameState:
    state = started(config(3), SCENE, number=1, starter=0)
    play(state, "blue1 brown1 yellow1 green1 green2 green6 " + extra)
    assert [Suit(s) for s in state.suits] == [
        Suit.BLUE, Suit.BROWN, Suit.YELLOW, Suit.GREEN, Suit.RED]
    return state


def normal_choice(state: GameState) -> tuple:
    bot = NormalBot()
    chosen = bot.choose_card(player_view(state, state.to_move), random.Random(0))
    return chosen, bot.fired


def test_normal_dumps_its_highest_minus_card_on_an_opponents_sure_trick():
    state = scene("red4 red6")  # seat 1 is void in red; red6 cannot be beaten
    assert state.to_move == 1
    chosen, fired = normal_choice(state)
    assert chosen == cards("green5")[0]
    assert fired == {"dump_minus_on_opponent": 1}


def test_normal_trumps_a_plus_trick_with_its_lowest_trump():
    state = scene("brown4")  # seat 0 is void in brown; seat 1 has shown void in blue
    assert state.to_move == 0 and state.suits[Category.PLUS] == Suit.BROWN
    chosen, _ = normal_choice(state)
    assert chosen == cards("blue2")[0]


def test_normal_pairs_its_strongest_suit_with_a_card_it_holds():
    cfg = config(3, choose=True)
    state = started(cfg, {1: "red6 red5 red4 red3 blue1 blue2 brown1 yellow1 green1 green2"},
                    starter=0)
    assert state.phase is Phase.CHOOSE_PAIR and state.pending.seat == 1
    suit, number = NormalBot().choose_pair(player_view(state, 1), random.Random(0))
    assert (Suit(suit), number) == (Suit.RED, 6)


# `ebbes bench bots` --------------------------------------------------------------

def test_bench_bots_json_gives_percentiles_for_every_level():
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "bench", "bots", "--json",
                          "--seconds", "0.01"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert set(figures) == {"levels"}
    assert set(figures["levels"]) == {"normal", "hard", "random"}
    for row in figures["levels"].values():
        assert set(row) == {"p50_ms", "p95_ms", "p99_ms"}
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    assert figures["levels"]["hard"]["p50_ms"] > figures["levels"]["normal"]["p50_ms"]
