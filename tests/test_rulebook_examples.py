"""The rulebook's own examples (rules/ebbes-rulebook.txt), played through the engine."""

from helpers import cards, config, play, started

from ebbes_tui.games.ebbes.rules import Category, Suit
from ebbes_tui.games.ebbes.rules.events import CategoryFixed, TrickWon
from ebbes_tui.games.ebbes.rules.scoring import ebbes_points, nix_holder, score_round, score_tricks
from ebbes_tui.games.ebbes.rules.tricks import Trick

# Five players, Number Determiner 1. Seat 1 holds no green (to discard in trick 2).
FIVE = {
    0: "blue10 green10",
    1: "blue1 yellow1 brown2 brown3 brown4 brown5 brown6 brown7 brown8 brown9",
    2: "blue2",
    3: "blue3",
    4: "blue4",
}


def fixed(events):
    return [(e.category, Suit(e.suit)) for e in events if isinstance(e, CategoryFixed)]


def test_blue_1_after_blue_10_fixes_blue_as_trump():
    state = started(config(5), FIVE, number=1)
    assert fixed(play(state, "blue10")) == []
    assert fixed(play(state, "blue1")) == [(Category.TRUMP, Suit.BLUE)]
    assert state.trump == Suit.BLUE


def test_yellow_1_discarded_on_green_10_fixes_yellow_as_plus():
    state = started(config(5), FIVE, number=1)
    events = play(state, "blue10 blue1 blue2 blue3 blue4")
    assert [e.trick.winner for e in events if isinstance(e, TrickWon)] == [0]
    play(state, "green10")
    assert cards("yellow1")[0] in state.legal_moves()  # no green: a discard is allowed
    assert fixed(play(state, "yellow1")) == [(Category.PLUS, Suit.YELLOW)]


def test_five_player_ebbes_example_only_the_2_and_the_3_score():
    # Alex 0, Haui 0, Jesko 2, Bernhard 3, Paul 5 ebbes cards.
    assert ebbes_points([0, 0, 2, 3, 5]) == [0, 0, 3, 3, 0]


def test_several_determiner_cards_in_one_trick_resolve_in_play_order():
    cfg = config(3)
    state = started(cfg, {0: "red1", 1: "blue1 blue2 blue3 blue4 blue5 blue6 brown1 brown2 brown3 brown4",
                          2: "green1 green2 green3 green4 green5 green6 yellow1 yellow2 yellow3 yellow4"},
                    number=1)
    events = play(state, "red1 blue1 green1")
    assert fixed(events) == [
        (Category.TRUMP, Suit.RED), (Category.PLUS, Suit.BLUE), (Category.EBBES, Suit.GREEN),
    ]
    assert [e.trick.winner for e in events if isinstance(e, TrickWon)] == [0]  # red is trump


def test_nix_tie_goes_to_the_higher_single_nix_card():
    # Seats 0 and 2 both took two nix cards; seat 2 holds the higher one.
    assert nix_holder([2, 1, 2], [cards("red4")[0], cards("red5")[0], cards("red6")[0]]) == 2
    counts = [[0, 0, 0, 0, 2], [0, 0, 0, 0, 1], [0, 0, 0, 0, 2]]
    highest = [[-1] * 4 + [cards("red6")[0]], [-1] * 4 + [cards("red2")[0]],
               [-1] * 4 + [cards("red3")[0]]]
    score = score_round((0, 1, 2, 3, 4), counts, highest)
    assert score.nix_holder == 0


def test_a_round_scored_from_its_tricks_breaks_a_nix_tie_by_the_highest_nix_card():
    # Seats 0 and 2 both took two nix (red) cards; seat 2 took the higher one, red5.
    tricks = [Trick(0, tuple(cards("red4 blue1 red1")), 0, (0, 1, 2)),
              Trick(0, tuple(cards("blue2 red5 red2")), 2, (0, 1, 2)),
              Trick(2, tuple(cards("green1 red3 yellow1")), 1, (2, 0, 1))]
    score = score_tricks((0, 1, 2, 3, 4), tricks, 3)
    assert [s.nix_cards for s in score.seats] == [2, 1, 2]
    assert score.nix_holder == 2
    last = Trick(2, tuple(cards("green1 red3 yellow1")), 0, (2, 0, 1))
    assert score_tricks((0, 1, 2, 3, 4), [*tricks[:2], last], 3).nix_holder == 0  # 3 to 2
