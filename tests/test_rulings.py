"""One test (or a few) per ruling in RULINGS.md, named by its number."""

import random

import pytest
from helpers import cards, config, deal_with, finish_round, play, play_random, started

from ebbes_tui.games.ebbes.rules import (
    Category, ChoosePair, GameState, IllegalMove, NameStarter, Phase, PlayCard, RulesError, Suit,
)
from ebbes_tui.games.ebbes.rules.deal import deal_next_round
from ebbes_tui.games.ebbes.rules.events import CategoryFixed, GameOver, RoundScored, RoundStarted, TrickWon
from ebbes_tui.games.ebbes.rules.scoring import ebbes_points, score_round
from ebbes_tui.games.ebbes.rules.track import DEFAULT_TRACK
from ebbes_tui.games.ebbes.rules.variants import GameConfig, Options, SeatInfo, SetupError

# Three players, values 1-6. Seat 1 is void in red and yellow, seat 2 in brown.
THREE = {
    0: "blue2 blue5 blue6 red2 red3 red4 red5 red6 yellow2 yellow3",
    1: "blue3 blue4 brown1 brown2 brown3 brown4 brown5 brown6 green2 green3",
    2: "blue1 red1 yellow1 yellow4 yellow5 yellow6 green1 green4 green5 green6",
}


def three(number=1, starter=0):
    return started(config(3), THREE, number=number, starter=starter)


def winners_of(events):
    return [e.trick.winner for e in events if isinstance(e, TrickWon)]


# R1 ------------------------------------------------------------------------------

def test_r1_a_player_holding_the_led_suit_must_follow_and_nothing_changes():
    state = three(number=5)
    play(state, "blue2")
    before = (list(state.hands[1]), list(state.trick), state.to_move)
    with pytest.raises(IllegalMove) as err:
        state.apply(PlayCard(cards("brown1")[0]))
    assert str(err.value) == "seat 1 must follow blue, played brown1"
    assert err.value.player_text == "You must follow blue."
    assert (list(state.hands[1]), list(state.trick), state.to_move) == before
    assert state.legal_moves() == cards("blue3 blue4")


def test_r1_a_void_player_may_play_any_card_a_holder_must_follow():
    state = three(number=5)
    play(state, "red2")
    assert state.legal_moves() == state.hands[1]  # seat 1 holds no red
    play(state, "green2")
    assert state.legal_moves() == cards("red1")  # seat 2 holds red1


def test_r1_trumping_is_never_obligatory():
    state = three(number=1)
    play(state, "blue2 blue3 blue1")  # blue1 fixes blue as trump; blue3 is the top trump
    assert state.trump == Suit.BLUE and state.to_move == 1
    play(state, "brown2 yellow4")  # seat 2 has no brown
    # Seat 0 has no brown: it may trump (blue5, blue6) or discard anything else.
    assert state.legal_moves() == state.hands[0]
    assert {c for c in state.legal_moves() if c.suit == Suit.BLUE} == set(cards("blue5 blue6"))
    events = play(state, "red3")
    assert winners_of(events) == [1]  # discards never win: brown2 takes it


def test_r1_when_trump_is_led_a_player_holding_trump_must_follow_it():
    state = three(number=1)
    play(state, "blue2 blue3 blue1")  # blue is trump, seat 1 leads
    play(state, "blue4 yellow4")  # seat 2 has no blue left
    assert state.legal_moves() == cards("blue5 blue6")


# R2 ------------------------------------------------------------------------------

def test_r2_a_card_fixing_trump_mid_trick_makes_earlier_cards_of_its_suit_trump():
    # Seat 0 leads green6; seats 1 and 2 are void in green. Seat 1 discards red6, then
    # seat 2 plays red1, which fixes red as trump: red6 is now the highest trump.
    state = started(config(3), {
        0: "green1 green2 green3 green4 green5 green6 blue2 blue3 blue4 blue5",
        1: "red6 red5 red4 brown1 brown2 brown3 brown4 brown5 brown6 blue6",
        2: "red1 red2 red3 yellow1 yellow2 yellow3 yellow4 yellow5 yellow6 blue1",
    }, number=1)
    events = play(state, "green6 red6 red1")
    assert state.trump == Suit.RED
    assert winners_of(events) == [1]


def test_r2_discards_never_win_and_the_highest_card_of_the_led_suit_does():
    state = three(number=5)
    events = play(state, "red2 green2 red1")  # seat 1 discards green2
    assert winners_of(events) == [0]
    events = play(state, "yellow3 brown6 yellow1")  # seat 1 discards brown6, seat 2 follows
    assert winners_of(events) == [0]


# R3 ------------------------------------------------------------------------------

def test_r3_play_goes_clockwise_and_the_trick_winner_leads():
    state = three(number=5, starter=1)
    seen = []
    for code in "blue3 blue1 blue2".split():
        seen.append(state.to_move)
        play(state, code)
    assert seen == [1, 2, 0]
    assert state.to_move == 1 and state.leader == 1  # blue3 won


# R4 ------------------------------------------------------------------------------

def test_r4_each_number_card_fixes_the_next_category_and_minus_brings_nix():
    state = three(number=2)

    def fixed(codes):
        return [(e.category, Suit(e.suit), str(e.card)) for e in play(state, codes)
                if isinstance(e, CategoryFixed)]

    assert fixed("red2") == [(Category.TRUMP, Suit.RED, "red2")]
    assert fixed("brown2 red1") == [(Category.PLUS, Suit.BROWN, "brown2")]
    assert state.to_move == 0  # red2 is the only trump
    assert fixed("yellow2") == [(Category.EBBES, Suit.YELLOW, "yellow2")]
    # Minus fixes the last suit as nix with the same card.
    assert fixed("green2") == [(Category.MINUS, Suit.GREEN, "green2"),
                               (Category.NIX, Suit.BLUE, "green2")]
    assert fixed("yellow1") == []
    assert [Suit(s) for s in state.suits] == [Suit.RED, Suit.BROWN, Suit.YELLOW, Suit.GREEN,
                                              Suit.BLUE]
    assert fixed("blue2") == []  # the fifth card of the number fixes nothing


# R5 ------------------------------------------------------------------------------

def v2(players=3, starter=0, dealer=None):
    cfg = config(players, choose=True)
    state = GameState(cfg)
    state.start_round(deal_with(cfg, {}), starter=starter, dealer=dealer)
    return state


def test_r5_pairs_are_chosen_from_the_left_of_the_starter_clockwise():
    state = v2(3, starter=1)
    assert state.phase is Phase.CHOOSE_PAIR
    choosers = []
    for suit, number in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]:
        choosers.append(state.decision.seat)
        state.apply(ChoosePair(suit, number), state.decision.seat)
    assert choosers == [2, 0, 1, 2, 0]  # seats 2 and 0 take two pairs
    assert state.phase is Phase.PLAY


def test_r5_each_number_once_each_suit_once_and_only_the_chooser():
    state = v2(3, starter=0)
    state.apply(ChoosePair(Suit.GREEN, 5), 1)
    with pytest.raises(IllegalMove, match="cannot take 5"):
        state.apply(ChoosePair(Suit.BLUE, 5), 2)
    with pytest.raises(IllegalMove, match="already paired"):
        state.apply(ChoosePair(Suit.GREEN, 3), 2)
    with pytest.raises(IllegalMove, match="seat 2's choice"):
        state.apply(ChoosePair(Suit.BLUE, 3), 0)
    with pytest.raises(IllegalMove, match="cannot take 7"):  # 3 players deal values 1-6
        state.apply(ChoosePair(Suit.BLUE, 7), 2)


def test_r5_only_the_paired_card_of_a_suit_fixes_a_category():
    state = v2(3, starter=0)
    for seat, suit, number in [(1, Suit.GREEN, 5), (2, Suit.BLUE, 2), (0, Suit.RED, 1),
                               (1, Suit.BROWN, 3), (2, Suit.YELLOW, 4)]:
        state.apply(ChoosePair(suit, number), seat)
    # Deal in deck order: seat 0 holds blue1-6 brown1-4, so blue2 fixes and blue1 does not.
    events = play(state, "blue1")
    assert not [e for e in events if isinstance(e, CategoryFixed)]
    state2 = state.clone()
    assert state2.det[cards("blue2")[0]] and not state2.det[cards("green2")[0]]


def test_r5_the_dummy_takes_no_pair():
    cfg = config(2, choose=True)
    state = GameState(cfg)
    state.start_round(deal_with(cfg, {}), starter=1, dealer=1)  # order 1 -> 0 (dummy) -> 2
    choosers = []
    for suit in range(5):
        choosers.append(state.decision.seat)
        state.apply(ChoosePair(suit, suit + 1), state.decision.seat)
    assert choosers == [2, 1, 2, 1, 2]


# R6, R7, R9 ----------------------------------------------------------------------

def test_r6_trump_scores_nothing_plus_one_each_minus_one_each():
    suits = (Suit.BLUE, Suit.BROWN, Suit.YELLOW, Suit.GREEN, Suit.RED)
    counts = [[5, 3, 1, 2, 0], [0, 0, 1, 0, 0], [0, 0, 1, 4, 0]]
    score = score_round(suits, counts, [[-1] * 5] * 3)
    assert [s.plus_cards for s in score.seats] == [3, 0, 0]
    assert [s.minus_cards for s in score.seats] == [2, 0, 4]
    assert score.points == (3 - 2, 0, -4)


def test_r7_highest_and_lowest_ebbes_counts_score_nothing_others_three():
    assert ebbes_points([1, 2, 3]) == [0, 3, 0]
    assert ebbes_points([0, 4, 4, 2]) == [0, 0, 0, 3]
    assert ebbes_points([2, 2, 2]) == [0, 0, 0]  # all equal: nobody scores
    assert ebbes_points([1, 3]) == [0, 0]


def test_r9_round_points_are_added_to_the_totals_at_once():
    state = GameState(config(4))
    rng = random.Random(3)
    deal_next_round(state, rng, starter=0)
    events = finish_round(state, rng)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == 1
    assert list(scored[0].totals) == list(scored[0].score.points) == state.totals


# R8 ------------------------------------------------------------------------------

def test_r8_only_the_nix_holder_chooses_the_next_starter_themselves_included():
    state = GameState(config(3))
    rng = random.Random(5)
    deal_next_round(state, rng, starter=0)
    finish_round(state, rng)
    holder = state.results[-1].score.nix_holder
    deal_next_round(state, rng)
    assert state.phase is Phase.CHOOSE_STARTER and state.decision.seat == holder
    other = (holder + 1) % 3
    with pytest.raises(IllegalMove, match=f"seat {holder} holds nix"):
        state.apply(NameStarter(other), other)
    state.apply(NameStarter(holder), holder)
    assert state.to_move == holder and state.phase is Phase.PLAY


# R10 -----------------------------------------------------------------------------

def test_r10_five_rounds_each_number_determiner_once_then_the_game_ends():
    state = GameState(config(3))
    events = play_random(state, random.Random(11), next_starter=0)
    assert sorted(r.number for r in state.results) == [1, 2, 3, 4, 5]
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].winners == state.winners()


def test_r10_a_number_determiner_cannot_come_up_twice():
    state = GameState(config(3))
    rng = random.Random(2)
    state.start_round(deal_with(state.config, {}), number=4, starter=0)
    finish_round(state, rng)
    with pytest.raises(RulesError, match="one of 1, 2, 3, 5"):
        state.start_round(deal_with(state.config, {}), number=4)


def test_r10_a_tie_shares_the_win():
    state = GameState(config(3))
    state.totals = [4, 7, 7]
    assert state.winners() == (1, 2)


# R11 -----------------------------------------------------------------------------

def test_r11_dealer_is_right_of_the_first_starter_then_moves_clockwise():
    state = GameState(config(4))
    events = play_random(state, random.Random(9), first_starter=2, next_starter=3)
    assert [e.dealer for e in events if isinstance(e, RoundStarted)] == [1, 2, 3, 0, 1]


# R12 -----------------------------------------------------------------------------

@pytest.mark.parametrize("players, top, tricks", [(3, 9, 15), (4, 12, 15), (5, 15, 15)])
def test_r12_more_cards_deals_fifteen_card_hands(players, top, tricks):
    cfg = config(players, more_cards=True)
    assert cfg.max_value == top and cfg.hand_size == tricks
    assert cfg.number_choices == (1, 2, 3, 4, 5)
    assert len(cfg.deck()) == 5 * top


@pytest.mark.parametrize("players, top", [(3, 6), (4, 8), (5, 10), (2, 6)])
def test_basic_decks_by_player_count(players, top):
    cfg = config(players)
    assert cfg.max_value == top and cfg.hand_size == 10


# R13 -----------------------------------------------------------------------------

def _v2_round(state, rng):
    deal_next_round(state, rng, starter=0)
    if state.phase is Phase.CHOOSE_STARTER:
        state.apply(NameStarter(0), state.decision.seat)
    for suit in range(5):
        state.apply(ChoosePair(suit, suit + 1), state.decision.seat)
    finish_round(state, rng)


def test_r13_variant_2_ends_at_the_end_of_the_round_in_which_a_disc_reaches_an_end():
    for total in (100, -100):  # far beyond the goal / Dabbscheedel, whatever this round brings
        state = GameState(config(3, choose=True, rounds=8))
        rng = random.Random(4)
        _v2_round(state, rng)
        assert state.phase is Phase.DEAL
        deal_next_round(state, rng)
        state.apply(NameStarter(0), state.decision.seat)
        for suit in range(5):
            state.apply(ChoosePair(suit, suit + 1), state.decision.seat)
        state.totals[1] = total
        state.apply(PlayCard(state.legal_moves()[0]))
        assert state.phase is Phase.PLAY  # not before the round ends
        finish_round(state, rng)
        assert state.phase is Phase.GAME_OVER and len(state.results) == 2


@pytest.mark.parametrize("end, beyond", [(30, 1), (-15, -1)])
def test_r13_r14_a_disc_exactly_on_an_end_ends_the_game_one_space_short_does_not(end, beyond):
    """Rhoi (+30) and Dabbscheedel (-15) are reached by landing on them exactly; one
    space short plays on; past them ends it too (a `>=` turned into `>` must fail)."""
    def after_round(start: int) -> GameState:
        state = GameState(config(3, choose=True, rounds=8))
        state.totals[1] = start
        _v2_round(state, random.Random(4))  # the same deal and play every time
        return state

    points = after_round(0).results[-1].score.points[1]
    for lands_on, ends in ((end, True), (end - beyond, False), (end + beyond, True)):
        state = after_round(lands_on - points)
        assert state.totals[1] == lands_on
        assert DEFAULT_TRACK.reached_end(lands_on) is ends
        assert state.phase is (Phase.GAME_OVER if ends else Phase.DEAL), lands_on


def test_r13_the_dummys_disc_never_ends_the_game():
    state = GameState(config(2, choose=True, rounds=8))
    rng = random.Random(4)
    _v2_round(state, rng)
    state.totals[0] = 100
    _v2_round(state, rng)
    assert state.phase is Phase.DEAL


def test_r13_variant_2_ends_after_the_agreed_rounds_and_needs_at_least_five():
    state = GameState(config(3, choose=True, rounds=6))
    rng = random.Random(8)
    rounds = 0
    while state.phase is not Phase.GAME_OVER:
        state.totals = [0, 0, 0]  # keep every disc off the ends
        _v2_round(state, rng)
        rounds += 1
    assert rounds == 6
    with pytest.raises(SetupError, match="at least 5 rounds"):
        config(3, choose=True, rounds=4)


# R14 -----------------------------------------------------------------------------

def test_r14_the_track_runs_from_dabbscheedel_to_rhoi_and_discs_stop_at_the_ends():
    track = DEFAULT_TRACK
    assert (track.low, track.high) == (-15, 30)
    assert track.landmarks[0].name == "Dabbscheedel" and track.landmarks[-1].name == "Rhoi"
    names = [m.name for m in track.landmarks]
    assert names[2:] == ["Därgem", "Frangedaal", "Neischdadt", "Kärchem", "Lautre", "Kuhsel",
                         "Landaach", "Ludwigshaafe", "Bärmesens", "Schbeier", "Zweebrigge", "Rhoi"]
    assert track.disc_space(37) == 30 and track.disc_space(-20) == -15
    assert track.landmark_at_or_below(11).name == "Kärchem"


# R15 -----------------------------------------------------------------------------

def test_r15_two_players_play_dealer_dummy_partner_and_alternate_dealing():
    state = GameState(config(2, dummy_seat=0))
    rng = random.Random(6)
    deal_next_round(state, rng, starter=2, dealer=2)
    assert state.order[2] == 0 and state.order[0] == 1 and state.order[1] == 2
    finish_round(state, rng)
    deal_next_round(state, rng)
    assert state.dealer == 1
    assert state.order[1] == 0 and state.order[0] == 2 and state.order[2] == 1
    if state.phase is Phase.CHOOSE_STARTER:
        state.apply(NameStarter(1), state.decision.seat)
    finish_round(state, rng)
    with pytest.raises(RulesError, match="seat 2 deals this round, not seat 1"):
        unused = ({1, 2, 3, 4, 5} - {r.number for r in state.results}).pop()
        state.start_round(deal_with(state.config, {}), number=unused, dealer=1)


def test_r15_two_players_never_play_more_cards_and_need_one_dummy():
    with pytest.raises(SetupError, match="not played with two"):
        config(2, more_cards=True)
    with pytest.raises(SetupError, match="exactly one dummy"):
        GameConfig((SeatInfo("A"), SeatInfo("B")), Options())
    assert config(2, choose=True).number_choices == (1, 2, 3, 4, 5, 6)


# R16 -----------------------------------------------------------------------------

DUMMY = "yellow5 blue3 brown1 green1 yellow1 brown5 green4 red2 red3 blue2"  # 5 down, 5 up


def with_dummy(starter):
    # Seat 0 is the dummy, seat 2 deals: play goes 2 -> 0 -> 1. Seat 2 holds
    # yellow4 yellow6 green2 green3 green5 green6 red1 red4 red5 red6.
    return started(config(2), {0: DUMMY}, number=5, starter=starter, dealer=2)


def test_r16_the_dummy_lays_five_stacks_first_five_face_down():
    state = with_dummy(2)
    assert state.down == cards("yellow5 blue3 brown1 green1 yellow1")
    assert state.up == cards("brown5 green4 red2 red3 blue2")


def test_r16_the_dummy_leads_its_leftmost_face_up_card_and_nothing_else():
    state = with_dummy(0)
    assert state.legal_moves() == cards("brown5")
    with pytest.raises(IllegalMove) as err:
        state.apply(PlayCard(cards("red2")[0]))
    assert str(err.value) == "seat 0 must play brown5 (its leftmost face-up card), played red2"


def test_r16_the_dummy_follows_with_its_leftmost_face_up_card_of_the_led_suit():
    state = with_dummy(2)
    play(state, "red6")
    assert state.legal_moves() == cards("red2")


def test_r16_face_down_cards_never_oblige_the_dummy_to_follow():
    state = with_dummy(2)
    play(state, "yellow4")  # yellow5 and yellow1 lie face down
    assert state.legal_moves() == cards("brown5")


def test_r16_uncovered_cards_turn_face_up_only_after_the_trick():
    state = with_dummy(2)
    play(state, "yellow4 brown5")
    assert state.up[0] is None and state.down[0] == cards("yellow5")[0]
    play(state, "yellow2")
    assert state.up[0] == cards("yellow5")[0] and state.down[0] is None


def test_r16_after_winning_a_trick_the_dummy_leads_its_leftmost_open_card():
    state = with_dummy(2)
    play(state, "green2 green4 blue1")  # green4 wins for the dummy
    assert state.to_move == 0
    assert state.legal_moves() == cards("brown5")
    play(state, "brown5 brown2 green3")
    assert state.to_move == 0  # brown5 beats brown2; now yellow5 lies open on stack 0
    assert state.legal_moves() == cards("yellow5")


# R17 -----------------------------------------------------------------------------

def test_r17_the_dummy_cannot_win_the_game():
    state = GameState(config(2))
    state.totals = [12, 3, 5]
    assert state.winners() == (2,)


def _dummy_holds_nix():
    """First seeded two-player game whose round 1 gives the dummy the most nix cards."""
    for seed in range(200):
        state = GameState(config(2))
        rng = random.Random(seed)
        deal_next_round(state, rng)
        finish_round(state, rng)
        if state.results[-1].score.nix_holder == 0:
            return state, rng
    raise AssertionError("no seed gave the dummy nix")


def test_r17_when_the_dummy_holds_nix_the_dummy_starts_without_a_choice():
    state, rng = _dummy_holds_nix()
    deal_next_round(state, rng)
    assert state.phase is Phase.PLAY and state.to_move == 0 and state.starter == 0


def test_r17_the_dummys_tricks_count_in_the_ebbes_comparison():
    # The dummy (seat 0) took the most ebbes cards, so the player with 2 gets +3.
    suits = (0, 1, 2, 3, 4)
    counts = [[0, 0, 5, 0, 0], [0, 0, 2, 0, 0], [0, 0, 1, 0, 0]]
    assert score_round(suits, counts, [[-1] * 5] * 3).points == (0, 3, 0)
