"""Blindes Huhn extrem: the rulebook's example and every ruling by number (H1-H13)."""

import random

import pytest
from huhn_support import auto, hands_with, new_game, play, play_deal_as_dealt, record, state_of

from ebbes_tui.game.errors import IllegalMove, RulesError, SetupError
from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.rules.actions import (
    HENS, NONE, PENALTIES, PLAY, REWARD, Arrange, ArrangeChoices, cross, name_leader,
)
from ebbes_tui.games.huhn.rules.cards import HENS as HEN_CARDS, PIGS, deck, hand_size
from ebbes_tui.games.huhn.rules.events import CardPlayed, PenaltyGiven, RewardTaken, TrickTaken
from ebbes_tui.games.huhn.rules.scoring import options_for, preselected, score_deal, winners_of
from ebbes_tui.games.huhn.rules.tricks import LEFT, MIDDLE, RIGHT, Trick, penalty_for


def refused(state, action, seat):
    """Apply an illegal action: the error, and proof that nothing changed."""
    before = GAME.records.to_record(state)
    with pytest.raises(IllegalMove) as caught:
        state.apply(action, seat)
    assert GAME.records.to_record(state) == before
    return caught.value


# --------------------------------------------------------------- the rulebook


def test_rulebook_example_tim_takes_the_first_trick_and_leads():
    """Bernd leads (left of the dealer Marianne): his right card 19; Tim his right 32;
    Ulf his left 30; Marianne her right 20. Tim played the highest and takes the trick,
    so he leads the next. (The 19 is a pig, so Tim first chooses a reward card.)"""
    hands = hands_with(4, {0: ([], [19]), 1: ([], [32]), 2: ([30], []), 3: ([], [20])})
    state = state_of(hands, dealer=3)
    assert state.to_move == 0  # Bernd
    events = play(state, "19 32 30 20")
    trick = next(e.trick for e in events if isinstance(e, TrickTaken))
    assert trick.cards == (19, 32, 30, 20) and trick.ends == (RIGHT, RIGHT, LEFT, RIGHT)
    assert trick.winner == 1  # Tim
    assert state.pending()[0] == ("reward", 1)
    state.apply(REWARD["down"], 1)
    assert state.pending()[0] == ("play", 1) and state.view(0).leader == 1
    assert state.hens == (0, 1, 0, 0)  # the 30 is a hen


# ------------------------------------------------------------------------ H1


@pytest.mark.parametrize("players, aside, size", [
    (5, [], 10), (4, [1, 2], 12), (3, list(range(1, 15)), 12), (2, list(range(1, 27)), 12)])
def test_h1_cards_in_play_by_player_count(players, aside, size):
    assert [c for c in range(50) if c not in deck(players)] == aside
    assert 0 in deck(players) and hand_size(players) == size
    state = new_game(players)
    GAME.rules.resolve_chance(state, 7)
    assert sorted(c for h in state.hands for c in h) == list(deck(players))
    assert {len(h) for h in state.hands} == {size}


def test_h1_a_deal_of_other_cards_is_refused():
    state = new_game(3)
    hands = [list(deck(3)[i * 12:(i + 1) * 12]) for i in range(3)]
    hands[0][0] = 1  # set aside with three players
    with pytest.raises(RulesError, match="H1"):
        state.deal(hands, 0)


def test_h1_the_card_table_holds_ten_hens_three_pigs_and_four_face_down_symbols():
    from ebbes_tui.games.huhn.rules.cards import DOWN_CARDS, SYMBOLS
    assert HEN_CARDS == (5, 12, 17, 21, 26, 30, 34, 38, 43, 47)
    assert PIGS == (19, 33, 46) and DOWN_CARDS == (16, 28, 37, 44)
    assert SYMBOLS[0] == "sau" and 0 not in PIGS


# ------------------------------------------------------------------------ H2


def test_h2_one_deal_per_player_by_default_and_as_agreed():
    assert new_game(3).deals == 3 and new_game(5).deals == 5
    assert new_game(4, deals=2).deals == 2
    with pytest.raises(SetupError):
        new_game(4, deals=0)
    with pytest.raises(SetupError):
        new_game(6)
    with pytest.raises(SetupError):
        new_game(1)


def test_h2_the_dealer_is_chosen_or_drawn_and_moves_left_and_their_left_leads():
    chosen = new_game(4, dealer=2)
    GAME.rules.resolve_chance(chosen, 1)
    assert chosen.dealer == 2 and chosen.leader == 3
    drawn = {}
    for seed in range(30):
        state = new_game(4)
        GAME.rules.resolve_chance(state, seed)
        again = new_game(4)
        GAME.rules.resolve_chance(again, seed)
        assert again.dealer == state.dealer and again.hands == state.hands  # from the seed
        drawn[state.dealer] = True
    assert sorted(drawn) == [0, 1, 2, 3]
    state = new_game(2, dealer=1)
    play_deal_as_dealt(state, 1)
    GAME.rules.resolve_chance(state, 1)
    assert state.dealer == 0 and state.leader == 1


def test_h2_a_record_whose_later_dealer_is_not_the_next_seat_is_refused():
    from huhn_support import load
    rec = load("huhn-three-players.json")
    rec["deals"][1]["dealer"] = 2
    with pytest.raises(Exception, match=r"deal 2: seat 0 deals this deal, not seat 2 \(H2\)"):
        GAME.records.replay(rec)


# ------------------------------------------------------------------------ H3


def test_h3_every_player_arranges_at_once_in_any_order_and_play_waits_for_all():
    state = new_game(3, dealer=0)
    GAME.rules.resolve_chance(state, 3)
    assert [d.kind for d in state.pending()] == ["arrange"] * 3
    assert {d.seat for d in state.pending()} == {0, 1, 2}
    rng = random.Random(1)
    for seat in (2, 0):
        order = tuple(rng.sample(state.hands[seat], 12))
        state.apply(Arrange(order), seat)
        assert tuple(state.hands[seat]) == order
    assert state.pending() == (("arrange", 1),)
    assert state.view(0).actions == () and state.view(1).arranged == (True, False, True)
    state.apply(Arrange(tuple(sorted(state.hands[1]))), 1)
    assert state.pending() == (("play", 1),)


def test_h3_an_arrangement_must_be_the_whole_hand_and_is_made_once():
    state = new_game(2, dealer=0)
    GAME.rules.resolve_chance(state, 3)
    hand = tuple(state.hands[0])
    assert isinstance(state.legal(0), ArrangeChoices)
    error = refused(state, Arrange(hand[1:]), 0)
    assert error.player_text == "You must arrange exactly the cards of the hand."
    refused(state, Arrange((state.hands[1][0],) + hand[1:]), 0)
    state.apply(Arrange(hand[::-1]), 0)
    assert refused(state, Arrange(hand), 0).player_text == "You may not arrange the hand again."


def test_h3_the_order_never_changes_once_play_begins():
    hands = hands_with(2, {0: ([27, 28], [29]), 1: ([30], [31, 32])})
    state = state_of(hands, dealer=1)
    before = list(state.hands[0])
    play(state, "27 30")
    assert state.hands[0] == before[1:]
    assert "arrange" not in {d.kind for d in state.pending()}


# ------------------------------------------------------------------------ H4


def test_h4_only_the_leftmost_or_rightmost_card_and_clockwise():
    hands = hands_with(4, {0: ([3], [40]), 1: ([4], [41])})
    state = state_of(hands, dealer=3)
    assert sorted({a.card for a in state.legal(0)}) == [3, 40]
    middle = state.hands[0][5]
    error = refused(state, PLAY[middle][False], 0)
    assert error.player_text == ("You must play the leftmost or the rightmost card of the "
                                 "hand (3 or 40).")
    assert error.ruling == "H4"
    wrong_seat = refused(state, PLAY[4][False], 1)
    assert "seat 0" in wrong_seat.player_text
    play(state, "40")
    assert state.to_move == 1


def test_h4_a_last_card_is_its_only_choice():
    state = state_of(hands_with(2, {}), dealer=0)
    auto(state, until=lambda s: len(s.hands[s.to_move]) == 1 and s.phase == "play")
    assert len({a.card for a in state.legal(state.to_move)}) == 1


# ------------------------------------------------------------------------ H5


def test_h5_a_face_down_symbol_card_may_go_face_down_but_not_by_the_last_player():
    hands = hands_with(4, {0: ([28], []), 1: ([], [37]), 2: ([40], []), 3: ([44], [45])})
    state = state_of(hands, dealer=3)
    assert PLAY[28][True] in state.legal(0)
    error = refused(state, PLAY[state.hands[0][-1]][True], 0)
    assert error.ruling == "H5" and "no face-down symbol" in error.player_text
    play(state, "28d 37d 40")
    assert PLAY[44][True] not in state.legal(3)
    assert refused(state, PLAY[44][True], 3).player_text == \
        "You cannot play face down as the last player of a trick."


def test_h5_others_see_a_back_and_its_end_until_the_trick_is_complete():
    hands = hands_with(3, {0: ([28], []), 1: ([], [37]), 2: ([40], [])})
    state = state_of(hands, dealer=2)
    events = play(state, "28d")
    assert events[0] == CardPlayed(0, None, True, LEFT)  # events reach every seat
    for seat in (1, 2, None):
        (card,) = state.view(seat).trick
        assert card.card is None and card.down and card.end == LEFT
    assert state.view(0).trick[0].card == 28  # its player knows it
    events = play(state, "37d 40")
    trick = next(e.trick for e in events if isinstance(e, TrickTaken))
    assert trick.cards == (28, 37, 40) and trick.downs == (True, True, False)
    assert state.view(2).last_trick.cards == (28, 37, 40)


# ------------------------------------------------------------------------ H6


def test_h6_the_highest_card_takes_and_its_taker_leads():
    hands = hands_with(3, {0: ([20], []), 1: ([45], []), 2: ([30], [])})
    state = state_of(hands, dealer=2)
    play(state, "20 45 30")
    assert state.tricks[0].winner == 1 and state.to_move == 1


def test_h6_in_the_last_trick_the_0_takes_the_49():
    hands = hands_with(2, {0: ([], [0]), 1: ([], [49])})
    state = state_of(hands, dealer=1)
    auto(state)
    last = state.tricks[-1]
    assert set(last.cards) == {0, 49} and last.sau
    assert last.winner == 0 and state.pending() == (("option", 0),)


def test_h6_before_the_last_trick_the_49_beats_the_0():
    hands = hands_with(2, {0: ([0], []), 1: ([49], [])})
    state = state_of(hands, dealer=1)
    play(state, "0 49")
    assert state.tricks[0].winner == 1 and not state.tricks[0].sau


# ------------------------------------------------------------------------ H7


@pytest.mark.parametrize("hens, penalty", [(0, 0), (1, 0), (2, -3), (3, -6), (4, -10), (5, -15)])
def test_h7_penalty_by_hens_in_the_trick(hens, penalty):
    cards = list(HEN_CARDS[:hens]) + [3, 4, 6, 7, 8][:5 - hens]
    assert penalty_for(cards) == penalty


def test_h7_a_trick_of_five_hens_gives_its_taker_minus_15_at_once():
    hands = hands_with(5, {s: ([h], []) for s, h in enumerate((5, 12, 17, 21, 26))})
    state = state_of(hands, dealer=4)
    events = play(state, "5 12 17 21 26")
    assert PenaltyGiven(4, -15) in events and state.penalties[4] == (-15,)


# ------------------------------------------------------------------ H8 and H9


def _three_rewards():
    """Three players: seat 0 takes 19 (a pig) in trick 1, seat 2 takes 33 in trick 3,
    seat 1 takes 46 in trick 4; 37 lies in seat 1's middle."""
    hands = hands_with(3, {0: ([19, 20, 24, 27], []), 1: ([15, 22, 25, 46, 30, 37], []),
                           2: ([16, 23, 33, 26], [])})
    return state_of(hands, dealer=2)


def test_h8_exactly_one_pig_card_earns_a_chosen_reward_and_h9_down_is_for_the_next_lead():
    state = _three_rewards()
    play(state, "19 15 16")
    assert state.pending() == (("reward", 0),)
    assert state.legal(0) == [REWARD["down"], REWARD["ear"], REWARD["hand"]]
    state.apply(REWARD["down"], 0)
    assert state.view(1).advantage == "down" and state.view(1).supply == ("ear", "hand")
    assert PLAY[20][True] in state.legal(0)  # any card face down with down (H9)
    play(state, "20d")
    error = refused(state, PLAY[22][True], 1)  # the others play by H4-H5 only
    assert error.ruling == "H5"
    play(state, "22 23")
    assert state.advantage is None and not state.tricks[-1].sau
    assert state.tricks[-1].advantage == "down"


def test_h9_hand_names_the_leader_who_then_plays_by_h4_h5_only():
    state = _three_rewards()
    play(state, "19 15 16")
    state.apply(REWARD["down"], 0)
    play(state, "20d 22 23 33 24 25")
    assert state.pending() == (("reward", 2),)
    state.apply(REWARD["hand"], 2)
    assert state.pending() == (("leader", 2),)
    assert refused(state, name_leader(5), 2).ruling == "H9"
    state.apply(name_leader(1), 2)
    view = state.view(0)
    assert view.leader == 1 and view.named_by == 2 and view.advantage is None
    assert {a.card for a in state.legal(1)} == {state.hands[1][0], state.hands[1][-1]}


def test_a_listed_answer_is_checked_against_the_rules_not_the_list_its_caller_changed():
    """apply() checks a reward, a leader or an option against what legal() listed: a
    caller's copy, changed, changes nothing; a *hand* not used (a record without its
    leader) leaves no leader listed for the card that follows."""
    state = _three_rewards()
    play(state, "19 15 16")
    offered = state.legal(0)
    offered.append(REWARD["ear"])  # the caller's own list
    offered.remove(REWARD["down"])
    state.apply(REWARD["down"], 0)
    play(state, "20d 22 23 33 24 25")
    state.apply(REWARD["hand"], 2)
    leaders = state.legal(2)
    leaders[:] = [name_leader(5)]
    assert refused(state, name_leader(5), 2).ruling == "H9"
    state.skip_hand()  # its taker leads
    assert refused(state, name_leader(1), 2).rule == "the game waits for a card"
    assert state.pending() == (("play", 2),)
    assert state.apply(PLAY[state.hands[2][0]][False], 2)


def test_h8_the_last_kind_left_is_taken_without_asking_and_listed_and_h9_ear_leads_any():
    state = _three_rewards()
    play(state, "19 15 16")
    state.apply(REWARD["down"], 0)
    play(state, "20d 22 23 33 24 25")
    state.apply(REWARD["hand"], 2)
    state.apply(name_leader(1), 2)
    events = play(state, "46 26 27")
    assert RewardTaken(1, "ear") in events and state.pending() == (("play", 1),)
    assert GAME.records.to_record(state)["deals"][0]["rewards"] == ["down", "hand", "ear"]
    hand = state.hands[1]
    assert {a.card for a in state.legal(1)} == set(hand)  # ear: any card of the hand
    assert hand.index(37) not in (0, len(hand) - 1)
    assert PLAY[37][True] in state.legal(1)  # a symbol card from the middle, face down
    events = play(state, "37d")
    assert events[0] == CardPlayed(1, None, True, MIDDLE)


def test_h8_two_pig_cards_or_only_the_sau_earn_no_reward():
    hands = hands_with(3, {0: ([19, 0], []), 1: ([33, 15], []), 2: ([16, 18], [])})
    state = state_of(hands, dealer=2)
    play(state, "19 33 16")
    assert state.phase == "play" and state.rewards == ((), (), ())
    play(state, "15 18 0")  # seat 1 leads after taking with 33
    assert state.phase == "play" and state.rewards == ((), (), ())


def test_h8_a_trick_may_give_a_penalty_and_a_reward_together():
    hands = hands_with(3, {0: ([19], []), 1: ([21], []), 2: ([26], [])})
    state = state_of(hands, dealer=2)
    events = play(state, "19 21 26")
    assert PenaltyGiven(2, -3) in events and state.pending() == (("reward", 2),)


def test_h9_a_reward_of_the_last_trick_is_chosen_and_listed_but_its_advantage_lapses():
    hands = hands_with(2, {0: ([], [46]), 1: ([], [45])})
    state = state_of(hands, dealer=1)
    auto(state, until=lambda s: len(s.tricks) == 11)
    play(state, "46 45" if state.to_move == 0 else "45 46")
    assert state.pending() == (("reward", 0),)
    state.apply(REWARD["ear"], 0)
    assert state.pending() == (("option", 0),) and state.advantage is None


def _hand_taken_by_seat_2():
    """:func:`_three_rewards` up to seat 2 taking *hand* with the 33 in trick 3; its
    hand is then 26 41 42 43 44 45 47 48 49."""
    state = _three_rewards()
    play(state, "19 15 16")
    state.apply(REWARD["down"], 0)
    play(state, "20d 22 23 33 24 25")
    state.apply(REWARD["hand"], 2)
    return state


def test_h9_hand_may_name_its_taker_who_leads_that_trick_by_h4_h5_only():
    """H9 *hand*: "themselves included"; the named leader has no advantage, the trick
    runs clockwise from them, and its own taker leads the next (the *hand* lapses)."""
    state = _hand_taken_by_seat_2()
    assert state.legal(2) == [name_leader(s) for s in range(3)]
    state.apply(name_leader(2), 2)
    assert state.pending() == (("play", 2),) and state.advantage is None
    assert list(state.legal(2)) == [PLAY[26][False], PLAY[49][False]]  # ends, face up (H4, H5)
    assert refused(state, PLAY[26][True], 2).ruling == "H5"
    assert refused(state, PLAY[43][False], 2).ruling == "H4"
    play(state, "26 27 40")
    assert state.tricks[-1].seats == (2, 0, 1) and state.tricks[-1].winner == 1
    assert state.pending() == (("play", 1),) and state.named_by is None
    assert GAME.records.to_record(state)["deals"][0]["leaders"] == [2]


def test_h9_hand_taken_as_the_last_kind_left_still_names_the_leader():
    """Seat 2 takes *ear*, seat 1 then takes the 46: *hand* is the only kind left, so
    it is taken without asking (H8), and seat 1 names who leads (H9)."""
    state = _three_rewards()
    play(state, "19 15 16")
    state.apply(REWARD["down"], 0)
    play(state, "20d 22 23 33 24 25")
    state.apply(REWARD["ear"], 2)
    events = play(state, "26 27 46")
    assert RewardTaken(1, "hand") in events and state.supply == ()
    assert state.pending() == (("leader", 1),)
    state.apply(name_leader(0), 1)
    assert state.pending() == (("play", 0),)
    assert GAME.records.to_record(state)["deals"][0]["leaders"] == [0]


def test_h9_hand_taken_in_the_last_trick_names_no_leader():
    """After the last trick *hand* is chosen and listed, but no trick is left to lead:
    the game asks for the option (H9, H11)."""
    hands = hands_with(2, {0: ([], [46]), 1: ([], [45])})
    state = state_of(hands, dealer=1)
    auto(state, until=lambda s: len(s.tricks) == 11)
    play(state, "45 46")
    assert state.legal(0) == [REWARD["ear"], REWARD["hand"]]
    state.apply(REWARD["hand"], 0)
    assert state.pending() == (("option", 0),)
    deal = GAME.records.to_record(state)["deals"][0]
    assert deal["rewards"][-1] == "hand" and deal["leaders"] == []


# --------------------------------------------------------------- H10 and H11


def _last(winner, cards, sau=False):
    return Trick(0, tuple(cards), (0, 1), (False, False), (LEFT, LEFT), winner, sau)


def test_h10_hens_penalties_rewards_and_the_no_hen_bonus():
    score = score_deal([3, 0], [[-3], []], [["ear"], []], _last(1, (27, 28)), NONE)
    assert score.points == (-3 - 3 + 3, 3)
    assert score.bonus == (0, 3)


def test_h11_hens_keep_only_the_last_tricks_and_never_earn_the_bonus():
    last = _last(0, (30, 29))  # one hen in the last trick
    score = score_deal([4, 0], [[], []], [[], []], last, HENS)
    assert score.hen_points[0] == -1 and score.bonus[0] == 0 and score.points[0] == -1


def test_h11_penalties_keep_only_one_received_for_the_last_trick():
    last = _last(0, (30, 34))  # two hens: -3 for the last trick
    score = score_deal([4, 0], [[-6, -3], []], [[], []], last, PENALTIES)
    assert score.penalty_points[0] == -3 and score.points[0] == -4 - 3


def test_h11_cross_only_after_taking_the_last_trick_with_the_0_and_once_per_deal():
    assert options_for(3, False, ()) == [HENS, PENALTIES, NONE]
    assert options_for(3, True, ()) == [HENS, PENALTIES, cross(1), cross(2), NONE]
    assert options_for(3, True, (1,)) == [HENS, PENALTIES, cross(2), NONE]
    assert options_for(1, True, ()) == [HENS, PENALTIES, NONE]


def test_h11_crossing_is_refused_without_the_0():
    hands = hands_with(2, {0: ([], [48]), 1: ([], [49])})
    state = state_of(hands, dealer=1)
    auto(state)
    error = refused(state, cross(1), state.taker)
    assert error.player_text == "You can cross out a deal only after taking the last trick with the 0."


def test_h11_a_crossed_deal_leaves_the_total():
    state = GAME.records.replay(record(hands_with(2, {0: ([], [0]), 1: ([], [49])}), dealer=1, deals=2))
    auto(state)
    state.apply(NONE, 0)
    rec = GAME.records.to_record(state)
    second = hands_with(2, {1: ([], [0]), 0: ([], [49])})
    rec["deals"].append({"dealer": 0, "hands": [list(map(str, h)) for h in second],
                         "plays": [], "rewards": [], "leaders": []})
    state = GAME.records.replay(rec)
    auto(state)
    assert state.tricks[-1].sau and state.taker == 1
    assert cross(1) in state.legal(1)
    first = state.scores[0].points
    effects = dict(state.view(1).option_effects())  # the dialog: each option's effect
    assert list(effects) == [HENS, PENALTIES, cross(1), NONE]
    assert effects[cross(1)] == -first[1] and effects[NONE] == 0
    assert effects[HENS] == state.hens[1] - sum(c in HEN_CARDS for c in state.tricks[-1].cards)
    best = max(effects.values())
    assert state.view(1).preselected_option() == next(o for o, g in effects.items() if g == best)
    assert state.view(0).option_effects() == []  # only the taker chooses
    state.apply(cross(1), 1)
    second_points = state.scores[1].points
    assert state.crossed == ((), (1,))
    assert state.totals == (first[0] + second_points[0], second_points[1])
    assert state.outcome().crossed == ((), (1,))


def test_h11_the_app_preselects_the_option_worth_most_first_in_order_on_ties():
    options = [HENS, PENALTIES, cross(1), cross(2), NONE]
    assert preselected(options, [2, 3, 0, 3, 0]) == PENALTIES
    assert preselected(options, [0, 0, 0, 0, 0]) == HENS
    assert preselected(options, [0, 0, 4, 4, 0]) == cross(1)


@pytest.mark.parametrize("option", [HENS, PENALTIES, NONE])
def test_h10_the_no_hen_bonus_follows_the_stack_whatever_the_option(option):
    """H10/H11: the +3 depends only on the stack. The taker (seat 0) holds three hens,
    none of the last trick: *hens* makes them score nothing, yet earns no bonus. Seat
    1 holds none and keeps its bonus, and so does a taker without hens."""
    score = score_deal([3, 0], [[-3], []], [[], []], _last(0, (27, 28)), option)
    assert score.bonus == (0, 3)
    assert score.hen_points == ((0 if option == HENS else -3), 0)
    assert score.points[0] == score.hen_points[0] + score.penalty_points[0]
    score = score_deal([0, 2], [[], [-3]], [["ear"], []], _last(0, (27, 28)), option)
    assert score.bonus == (3, 0) and score.points[0] == 3 + 3


def test_h11_the_option_is_the_last_tricks_takers_not_its_leaders():
    """Seat 0 leads the last trick and seat 1 takes it: *hens* and *penalties* change
    seat 1's score alone."""
    last = _last(1, (30, 34))  # two hens: -3 for seat 1
    score = score_deal([3, 4], [[-3], [-6, -3]], [[], []], last, HENS)
    assert score.taker == 1 and score.hen_points == (-3, -2)
    score = score_deal([3, 4], [[-3], [-6, -3]], [[], []], last, PENALTIES)
    assert score.penalty_points == (-3, -3)


def test_h11_only_the_taker_of_the_last_trick_chooses():
    """Seat 1 leads the 49 into the last trick, seat 0 takes it with the 0: the game
    asks seat 0, refuses seat 1, and scores seat 0's choice."""
    state = state_of(hands_with(2, {0: ([], [0]), 1: ([], [49])}), dealer=1)
    auto(state)
    assert state.tricks[-1].leader == 1 and state.tricks[-1].winner == 0
    assert state.pending() == (("option", 0),) and state.legal(1) == ()
    assert "seat 0" in refused(state, HENS, 1).player_text
    state.apply(PENALTIES, 0)
    assert state.scores[-1].taker == 0 and state.scores[-1].option == "penalties"


def _next_deal(state, ends):
    """The game of ``state`` with its next deal dealt as :func:`hands_with` ``ends`` (to
    the next dealer, H2) and played simply to the last trick's option."""
    rec = GAME.records.to_record(state)
    hands = hands_with(state.n, ends)
    rec["deals"].append({"dealer": state.next_dealer(), "hands": [list(map(str, h)) for h in hands],
                         "plays": [], "rewards": [], "leaders": []})
    state = GAME.records.replay(rec)
    auto(state)
    return state


def _the_0_takes_the_last_trick(seat):
    return {seat: ([], [0]), 1 - seat: ([], [49])}


def test_h11_no_cross_when_the_0_lies_in_the_last_trick_but_does_not_take_it():
    """Deal 2: the 49 went in trick 1, so the 48 takes the 0 in the last trick. Cross
    needs the taker to take it with the 0 (H6, H11)."""
    state = state_of(hands_with(2, _the_0_takes_the_last_trick(0)), dealer=1, deals=2)
    auto(state)
    state.apply(NONE, 0)
    state = _next_deal(state, {0: ([49], [0]), 1: ([], [48])})
    last = state.tricks[-1]
    assert 0 in last.cards and last.winner == 1 and not last.sau
    assert state.legal(1) == [HENS, PENALTIES, NONE]
    assert refused(state, cross(1), 1).ruling == "H11"


@pytest.mark.parametrize("taker, crosses", [(0, [1, 2]), (1, [2])])
def test_h11_a_deal_crossed_once_cannot_be_crossed_by_them_again(taker, crosses):
    """Seat 1 crosses deal 1 in deal 2. In deal 3 whoever takes the last trick with the
    0 may cross any earlier deal they have not crossed: seat 1's choice binds only
    seat 1."""
    state = state_of(hands_with(2, _the_0_takes_the_last_trick(0)), dealer=1, deals=3)
    auto(state)
    assert state.legal(0) == [HENS, PENALTIES, NONE]  # deal 1: no earlier deal
    state.apply(NONE, 0)
    state = _next_deal(state, _the_0_takes_the_last_trick(1))
    assert state.legal(1) == [HENS, PENALTIES, cross(1), NONE]
    state.apply(cross(1), 1)
    state = _next_deal(state, _the_0_takes_the_last_trick(taker))
    assert state.legal(taker) == [HENS, PENALTIES, *map(cross, crosses), NONE]
    if 1 not in crosses:
        assert "again" in refused(state, cross(1), taker).player_text
    assert refused(state, cross(3), taker).ruling == "H11"  # this deal is no earlier deal


# ----------------------------------------------------------------------- H12


def test_h12_the_highest_total_wins_and_ties_share():
    assert winners_of((3, 5, 5)) == (1, 2)
    assert winners_of((-4, -2)) == (1,)


def test_h12_the_game_ends_after_the_agreed_deals():
    state = new_game(2, deals=1)
    play_deal_as_dealt(state, 1)
    outcome = state.outcome()
    assert state.pending() == () and outcome is not None
    assert outcome.winners == winners_of(state.totals)
    assert outcome.scores == tuple(float(t) for t in state.totals)


# ----------------------------------------------------------------------- H13


def test_h13_a_view_holds_the_own_hand_in_order_and_no_other():
    state = new_game(3, dealer=0)
    GAME.rules.resolve_chance(state, 9)
    order = tuple(sorted(state.hands[1], reverse=True))
    state.apply(Arrange(order), 1)
    assert state.view(1).hand == order
    for seat in (0, 2, None):
        view = state.view(seat)
        assert not set(order) & (set(view.hand) | set(view.played_cards()))
    assert state.view(None).hand == () and state.view(None).actions == ()


def test_h13_the_public_table_is_the_same_for_everyone_and_holds_no_hand():
    state = state_of(hands_with(3, {}), dealer=2)
    play(state, "0 26")
    views = [state.view(s) for s in (0, 1, 2, None)]
    assert len({id(v.table) for v in views}) == 1
    assert [v.hand_sizes for v in views] == [(11, 11, 12)] * 4
