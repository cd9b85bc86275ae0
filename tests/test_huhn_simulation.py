"""1,000 seeded random games of Blindes Huhn extrem with the invariants checked after
every action and every deal (OpenSpiel's RandomSimTest): cards conserved, none held
twice, hands losing only end cards, no hidden card in any view, scores the sum of
their parts, the game ending. Also: the invariants do catch faults, and the fast
path plays the same game as the checked one."""

import random
import sys

import pytest
from huhn_support import auto, decisions_of, hands_with, new_game, random_choice, state_of

from ebbes_tui.game.errors import IllegalMove
from ebbes_tui.game.simulate import random_games
from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.rules import draws, tricks
from ebbes_tui.games.huhn.rules.actions import NONE, PLAY, Play
from ebbes_tui.games.huhn.rules.events import CardPlayed, card_played
from ebbes_tui.games.huhn.rules.tricks import ENDS

GAMES = 1000
SETUPS = [(players, deals) for players in (2, 3, 4, 5) for deals in (1, 2)]


@pytest.mark.parametrize("players, deals", SETUPS)
def test_random_games_keep_every_invariant(players, deals):
    report = random_games(GAME, players, GAMES // len(SETUPS), seed=1000 * players + deals,
                          options={"deals": deals})
    assert report.faults == []
    assert report.games == GAMES // len(SETUPS)


def _mid_deal():
    for state in decisions_of(4, 2, deals=1):
        if state.phase == "play" and len(state.tricks) == 3 and len(state.trick) == 2:
            return state.clone()
    raise AssertionError("no such position")


@pytest.mark.parametrize("corrupt, fault", [
    (lambda s: s.hands[0].append(s.hands[0][0]), "holds a card twice"),
    (lambda s: s.hands[0].append(s.hands[1][0]), "each once"),
    (lambda s: s.hands[2].pop(), "the cards in hands"),
    (lambda s: setattr(s, "totals", (1, 0, 0, 0)), "totals"),
    (lambda s: setattr(s, "hens", (9, 0, 0, 0)), "hen cards or penalties"),
    (lambda s: s.hands[3].reverse(), "arrangement less its plays"),
    (lambda s: setattr(s, "tricks", (*s.tricks[:-1], s.tricks[-1]._replace(
        winner=(s.tricks[-1].winner + 1) % 4))), "wrong seat"),
    (lambda s: setattr(s, "trick_downs", [True, True]), "face down where it may not"),
    (lambda s: setattr(s, "to_move", (s.to_move + 1) % 4), "next clockwise from the trick's"),
])
def test_the_invariants_catch_a_corrupted_state(corrupt, fault):
    state = _mid_deal()
    assert GAME.rules.invariants(state) == []
    corrupt(state)
    assert any(fault in f for f in GAME.rules.invariants(state))


def _scored():
    """A two-player deal scored: seat 1 took the last trick with the 0 from the 49,
    holding five hens, none of that trick, and chose *none*."""
    state = state_of(hands_with(2, {1: ([], [0]), 0: ([], [49])}), dealer=1)
    auto(state)
    state.apply(NONE, 1)
    assert state.scores[-1].hens == (0, 5)
    return state


@pytest.mark.parametrize("corrupt, fault", [
    (lambda s: setattr(s, "tricks", (*s.tricks[:-1], s.tricks[-1]._replace(sau=False))),
     "taken or not by the 0 from the 49 (H6)"),
    (lambda s: setattr(s, "scores", (s.scores[-1]._replace(taker=0),)),
     "not the last trick's taker (H11)"),
    (lambda s: setattr(s, "scores", (s.scores[-1]._replace(option="hens"),)),
     "does not keep the last trick's alone (H11)"),
])
def test_the_invariants_catch_a_corrupted_last_trick_or_option(corrupt, fault):
    state = _scored()
    assert GAME.rules.invariants(state) == []
    corrupt(state)
    assert any(fault in f for f in GAME.rules.invariants(state))


def test_a_view_leaking_a_hidden_card_is_caught(monkeypatch):
    from ebbes_tui.games.huhn.rules import view as view_module

    state = _mid_deal()
    real = view_module.build_view

    def leaky(s, seat):
        v = real(s, seat)
        return v.__class__(v.seat, v.deciding, v.actions, tuple(s.hands[(seat or 0) - 1]),
                           v.trick, v.hand_sizes, v.moves, v.table)

    monkeypatch.setattr("ebbes_tui.games.huhn.rules.state.build_view", leaky)
    assert any("shows hidden cards" in f for f in GAME.rules.invariants(state))


def _plant(monkeypatch, rule, planted):
    """A bug inside the engine's ``rule``: every module of the game holding it gets
    ``planted`` instead, as a fault in the function or table itself would reach them all."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("ebbes_tui.games.huhn"):
            for name, value in list(vars(module).items()):
                if value is rule:
                    monkeypatch.setattr(module, name, planted)


@pytest.mark.parametrize("rule, planted, fault", [
    (tricks.winning_index, lambda cards, last, rule=tricks.winning_index: rule(cards, True),
     "went to the wrong seat (H6)"),  # the 0 takes the 49 in every trick
    (tricks.SYMBOLS_COUNTED, tuple(c // 8 * 8 for c in tricks.SYMBOLS_COUNTED),
     "hen cards or penalties taken do not follow the tricks (H7)"),  # every hen missed
    (tricks.SYMBOLS_COUNTED, (8, *tricks.SYMBOLS_COUNTED[1:]),
     "reward cards taken do not follow the tricks with one pig (H8)"),  # the Sau a pig
])
def test_the_invariants_catch_a_fault_inside_the_engines_rules(monkeypatch, rule, planted, fault):
    """The invariants compute who takes a trick, its hens and its reward themselves:
    a fault in the engine's function or table is not repeated there."""
    _plant(monkeypatch, rule, planted)
    report = random_games(GAME, 4, 10, seed=7, options={"deals": 1})
    assert any(fault in f for f in report.faults), report.faults


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_path_plays_the_same_game_as_the_checked_one(players):
    for seed in range(5):
        checked = new_game(players, deals=2)
        fast = new_game(players, deals=2)
        rng = random.Random(seed)
        while pending := checked.pending():
            decision = pending[0]
            if decision.seat is None:
                GAME.rules.resolve_chance(checked, seed)
                GAME.rules.resolve_chance(fast, seed)
                continue
            action = random_choice(checked, decision.seat, rng)
            checked.apply(action, decision.seat)
            fast.apply_fast(action, decision.seat)
            assert fast.pending() == checked.pending()
        assert GAME.records.to_record(fast) == GAME.records.to_record(checked)
        assert fast.outcome() == checked.outcome()


def test_a_play_is_made_of_a_card_number_and_a_bool_only():
    """3.0 and True equal the numbers 3 and 1: taken for cards they would be accepted as
    legal plays and then break the trick half way (the review of issue 26's engine)."""
    for card, down in ((3.0, False), (True, False), (3, 1), ("3", False), (3, None)):
        with pytest.raises(TypeError):
            Play(card, down)
    assert Play(3) == PLAY[3][False] and Play(28, True) == PLAY[28][True]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_card_is_accepted_exactly_when_it_is_among_the_legal_plays(players):
    """The check decides a card without listing the legal plays: at every card of
    random games (the *ear* and *down* leads and a trick's last player among them) it
    accepts each card of the hand, face up or down, exactly when ``legal`` lists it."""
    advantages = set()
    for seed in range(6):
        for state in decisions_of(players, seed, deals=2):
            if state.phase != "play":
                continue
            seat = state.to_move
            legal = state.legal(seat)
            advantages.add(state.advantage if not state.trick else None)
            for card in state.hands[seat]:
                for down in (False, True):
                    try:
                        state.check(PLAY[card][down], seat)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    assert accepted == (PLAY[card][down] in legal), (card, down, legal)
    assert {"ear", "down"} <= advantages


def test_a_deal_and_an_arrangement_draw_as_the_standard_library_draws():
    """Seeded deals and random orders stay as they were: the engine's own shuffle,
    sample and dealer take the same numbers from a Random as ``shuffle``, ``sample``
    and ``randrange``."""
    for seed in range(300):
        mine, theirs = list(range(seed % 50 + 1)), list(range(seed % 50 + 1))
        rng, other = random.Random(seed), random.Random(seed)
        assert draws.below(seed % 8 + 1, rng) == other.randrange(seed % 8 + 1)
        draws.shuffle(mine, rng)
        other.shuffle(theirs)
        assert mine == theirs
        hand = tuple(range(100, 100 + seed % 21 + 1))
        assert draws.sample(hand, rng) == tuple(other.sample(hand, len(hand)))
        assert rng.random() == other.random()


def test_the_shared_card_played_events_are_the_events_the_engine_would_make():
    for seat in range(5):
        for card in range(50):
            for down in (False, True):
                for end in ENDS:
                    assert card_played(seat, card, down, end) == \
                        CardPlayed(seat, None if down else card, down, end)
