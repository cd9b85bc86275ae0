"""Hund's rules, ruling by ruling (RULINGS-hund N1-N17), and the rulebook's own
examples: the war of the fives, and Kari, Ola and Per's undertrekk."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ebbes_tui.game.errors import IllegalMove, RecordError, SetupError
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules.actions import PLAY, SJANSE, UNDERTREKK, parse_action
from ebbes_tui.games.hund.rules.cards import CODES, DECK, RANK_OF, SUITS, parse_card, pile_size
from ebbes_tui.game.errors import RuleBroken
from ebbes_tui.games.hund.rules.events import (
    Avstikk, CardPlayed, DroppedOut, Drew, HundFound, Krig, MatchOver, SatOut, ShedBegan,
    TrickTaken, TrumpCardLaidAside, UndertrekkTaken, WentOut,
)
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.rules.tricks import beats, legal_plays

from hund_support import cards, late, of_type, play, random_match, seats, shedding, started


RECORDS = Path(__file__).parent / "records" / "hund"


def codes(cs: object) -> list[str]:
    return [CODES[c] for c in cs]  # type: ignore[attr-defined]


# ------------------------------------------------------------ the rulebook's examples


def test_the_war_of_the_fives_where_the_jack_takes_six_cards():
    """Rulebook: KS, 5H, 5C and 9D; the king is highest but the fives war; 8D and JC
    are played, and the jack takes all six cards (N5)."""
    state = started(4, 3, {0: "KS", 1: "5H 8D", 2: "5C JC", 3: "9D"})
    events = play(state, "KS 5H 5C 9D")
    assert of_type(events, Krig) == [Krig((1, 2), 5, 1)]
    assert state.turn == 1 and state.pending()[0].kind == "krig"
    events = play(state, "8D JC")
    taken = of_type(events, TrickTaken)
    assert len(taken) == 1 and taken[0].seat == 2 and taken[0].won_in_krig
    assert codes(taken[0].cards) == ["KS", "5H", "5C", "9D", "8D", "JC"]
    assert codes(state.tricks[0].cards) == ["KS", "5H", "5C", "9D", "8D", "JC"]


def test_kari_ola_and_per_undertrekk_with_hearts_trump():
    """Rulebook: hearts trump; Kari leads 4C, Ola beats with JC, Per has no higher club
    and no heart and takes 4C in; only the jack lies; Kari beats it, Ola plays again:
    three cards, as many as players, and Ola takes the avstikk (N10, N11)."""
    state = shedding(["4C 2H KS", "JC 5H 9D", "3C 7S 8D"], trump="2H", holder=0)
    play(state, "4C JC")
    assert state.legal(2) == (UNDERTREKK,)
    events = play(state, "take")
    assert of_type(events, UndertrekkTaken)[0].cards == (parse_card("4C"),)
    assert codes(state.hands[2]) == ["7S", "8D", "4C", "3C"]
    assert [(s, codes(c)) for s, c in state.trick2] == [(1, ["JC"])]
    assert state.turn == 0 and codes(a.card for a in state.legal(0)) == ["2H"]
    play(state, "2H")
    events = play(state, "5H")
    assert of_type(events, Avstikk) == [Avstikk(1, tuple(cards("JC 2H 5H")))]
    assert state.trick2 == [] and state.turn == 1
    assert sorted(codes(state.gone)) == sorted(["JC", "2H", "5H"])


# ------------------------------------------------------------------------ cards


def test_n1_fifty_two_cards_ranked_ace_high_with_codes_rank_then_suit():
    assert len(DECK) == 52 and len(set(CODES)) == 52
    assert SUITS == "SHDC"
    assert [RANK_OF[parse_card(c)] for c in ("AS", "KH", "10D", "2C")] == [14, 13, 10, 2]
    with pytest.raises(ValueError):
        parse_card("1H")
    with pytest.raises(ValueError):
        parse_card("10h")


@pytest.mark.parametrize("players", [1, 7])
def test_n1_two_to_six_players(players):
    with pytest.raises(SetupError, match="2 to 6 players"):
        GAME.rules.new_state(seats(2)[:1] * players, {})


def test_n2_the_chosen_dealer_deals_game_one_then_the_next_seat():
    state = GAME.rules.new_state(seats(3), {"dealer": 2, "games": 2})
    GAME.rules.resolve_chance(state, 7)
    assert state.deal.dealer == 2 and state.turn == 0  # N3: left of the dealer leads
    rng = random.Random(7)
    while state.phase is not Phase.DEAL:
        state.apply(rng.choice(state.legal(state.turn)), state.turn)
    GAME.rules.resolve_chance(state, 7)
    assert state.deal.dealer == 0 and state.turn == 1


def test_n2_a_random_dealer_comes_from_the_seed():
    dealers = set()
    for seed in range(20):
        state = random_match(4, seed)
        again = random_match(4, seed)
        assert state.deal == again.deal
        dealers.add(state.deal.dealer)
    assert len(dealers) > 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_n2_three_cards_each_the_rest_is_the_pile_and_ten_aside_with_two(players):
    state = random_match(players, 3)
    d = state.deal
    assert [len(h) for h in d.hands] == [3] * players
    assert len(d.aside) == (10 if players == 2 else 0)
    assert len(d.pile) == pile_size(players) == 52 - 3 * players - len(d.aside)
    assert sorted([*d.aside, *(c for h in d.hands for c in h), *d.pile]) == list(DECK)


# ------------------------------------------------------------------- phase 1


def test_n3_left_of_the_dealer_leads_any_card_and_the_taker_leads_next():
    state = started(3, 1, {0: "2S 3S 4S", 1: "5H 6H 7H", 2: "AC 9D 8D"})
    assert state.turn == 2
    play(state, "9D 2S 5H")  # suits do not matter
    assert state.tricks[-1].winner == 2 and state.turn == 2


def test_n3_a_taker_without_cards_passes_the_lead_clockwise():
    state = late(["AS", "2H 3H", "4C 5C"], leader=0)
    play(state, "AS 2H 4C")
    assert state.tricks[-1].winner == 0 and state.turn == 1


def test_n4_sjanse_plays_the_piles_top_card_and_the_hand_stays():
    state = started(3, 2, {0: "2S 3S 4S", 1: "5H 6H 7H", 2: "AC 9D 8D"}, pile="KD QD")
    events = play(state, "pile")
    assert of_type(events, CardPlayed) == [CardPlayed(0, parse_card("KD"), True, 0)]
    assert codes(state.hands[0]) == ["4S", "3S", "2S"]


def test_n4_sjanse_also_in_a_war():
    state = started(3, 2, {0: "5S 3S 4S", 1: "5H 6H 7H", 2: "AC 9D 8D"}, pile="KD QD")
    play(state, "5S 5H 9D")
    assert state.krig == 1 and SJANSE in state.legal(0)
    events = play(state, "pile 6H")
    assert of_type(events, TrickTaken)[0].seat == 0


def test_n4_never_the_piles_last_card():
    state = late(["5S", "5H 9C", "2D"], leader=0, pile="AC")
    assert SJANSE not in state.legal(0)
    with pytest.raises(RuleBroken, match="last card is never played") as e:
        state.apply(SJANSE, 0)
    assert e.value.ruling == "N4"


def test_n5_the_highest_card_takes_when_no_rank_is_doubled():
    state = started(3, 2, {0: "2S 3S 4S", 1: "5H 6H 7H", 2: "AC 9D 8D"})
    play(state, "2S 7H 8D")
    assert state.tricks[-1].winner == 2 and not state.tricks[-1].krig


def test_n5_only_the_highest_war_counts_and_the_fives_go_with_the_trick():
    """Rulebook: two kings and two fives: the kings war."""
    state = started(4, 3, {0: "KS 2C", 1: "5H", 2: "KH 9C", 3: "5C"})
    events = play(state, "KS 5H KH 5C")
    assert of_type(events, Krig) == [Krig((0, 2), 13, 1)]
    events = play(state, "2C 9C")
    assert of_type(events, TrickTaken)[0].seat == 2
    assert sorted(codes(state.tricks[-1].cards)) == sorted(["KS", "5H", "KH", "5C", "2C", "9C"])


def test_n5_a_war_inside_a_war():
    state = started(3, 0, {0: "QS 6H KD", 1: "QC 6S 10S", 2: "8H"})
    events = play(state, "QC 8H QS 6S 6H 10S KD")
    assert of_type(events, Krig) == [Krig((1, 0), 12, 1), Krig((1, 0), 6, 2)]
    assert of_type(events, TrickTaken)[0].seat == 0


def test_n5_a_tie_below_the_highest_new_card_does_not_count():
    state = started(4, 3, {0: "5S 9S", 1: "5H 9H", 2: "5D KD", 3: "2C"})
    events = play(state, "5S 5H 5D 2C 9S 9H KD")
    assert of_type(events, Krig) == [Krig((0, 1, 2), 5, 1)]
    assert of_type(events, TrickTaken)[0].seat == 2


def test_n5_a_warrior_without_a_card_drops_out_and_the_one_who_played_takes():
    state = late(["5S", "5H 9C", "2D"], leader=0)
    events = play(state, "5S 5H 2D")
    assert of_type(events, DroppedOut) == [DroppedOut(0)]
    assert state.turn == 1
    events = play(state, "9C")
    assert of_type(events, TrickTaken)[0].seat == 1


def test_n5_when_no_warrior_can_play_the_first_warrior_takes():
    state = late(["5S", "5H", "2D 3D"], leader=2)
    events = play(state, "2D 5S 5H")  # seat 0 and seat 1 war, in play order 0 then 1
    assert of_type(events, DroppedOut) == [DroppedOut(0), DroppedOut(1)]
    assert of_type(events, TrickTaken)[0].seat == 0


def test_n5_a_warrior_with_an_empty_hand_may_sjanse():
    state = late(["5S", "5H 9C", "2D"], leader=0, pile="AC 3C")
    play(state, "5S 5H 2D")
    assert state.turn == 0 and state.legal(0) == (SJANSE,)
    events = play(state, "pile 9C")
    assert of_type(events, TrickTaken)[0].seat == 0


def test_n5_the_war_goes_on_between_the_tied_warriors_only():
    """Three fives war; the two nines tie for the highest new card and war on, the
    seat with the 4D is done; the 3C takes all nine cards."""
    state = started(4, 3, {0: "5S 9S 2C", 1: "5H 9H 3C", 2: "5D 4D", 3: "2D"})
    events = play(state, "5S 5H 5D 2D 9S 9H 4D")
    assert of_type(events, Krig) == [Krig((0, 1, 2), 5, 1), Krig((0, 1), 9, 2)]
    assert state.turn == 0
    play(state, "2C")
    assert state.turn == 1
    events = play(state, "3C")
    taken = of_type(events, TrickTaken)
    assert len(taken) == 1 and taken[0].seat == 1 and taken[0].won_in_krig
    assert codes(taken[0].cards) == ["5S", "5H", "5D", "2D", "9S", "9H", "4D", "2C", "3C"]


def test_n5_each_round_of_a_war_is_decided_by_its_own_new_cards():
    """Queens war, the nines war on, then 4H beats 2S: the earlier rounds' higher cards
    count for nothing in the last round."""
    state = started(3, 2, {0: "QS 9S 2S", 1: "QH 9H 4H", 2: "3C"})
    events = play(state, "QS QH 3C 9S 9H 2S 4H")
    assert of_type(events, Krig) == [Krig((0, 1), 12, 1), Krig((0, 1), 9, 2)]
    assert [t.seat for t in of_type(events, TrickTaken)] == [1]


def test_n5_a_warrior_can_drop_out_of_a_war_that_goes_on():
    state = late(["5S 9S", "5H 9H 2C", "3D"], leader=0)
    events = play(state, "5S 5H 3D 9S 9H")
    assert of_type(events, Krig) == [Krig((0, 1), 5, 1), Krig((0, 1), 9, 2)]
    assert of_type(events, DroppedOut) == [DroppedOut(0)] and state.turn == 1
    events = play(state, "2C")
    assert of_type(events, TrickTaken)[0].seat == 1


def test_n6_everyone_draws_back_to_three_from_the_taker_clockwise():
    state = started(3, 2, {0: "2S 3S 4S", 1: "5H 6H 7H", 2: "AC 9D 8D"}, pile="KD QD JD 10C")
    events = play(state, "2S 5H AC")
    assert of_type(events, Drew) == [Drew(2, 1), Drew(0, 1), Drew(1, 1)]
    assert parse_card("KD") in state.hands[2] and parse_card("QD") in state.hands[0]
    assert parse_card("JD") in state.hands[1] and state.pile[-1] == parse_card("10C")


def test_n7_whoever_would_draw_the_last_card_lays_it_aside_unseen():
    state = late(["AS", "KS 2C 3C", "QS 4C 5C"], leader=0, pile="7D", trump="2D", holder=-1)
    state.trump_card = state.trump_holder = -1
    events = play(state, "AS KS QS")
    assert of_type(events, TrumpCardLaidAside) == [TrumpCardLaidAside(0)]
    assert state.trump_card == parse_card("7D") and state.trump_holder == 0
    assert state.hands[0] == [] and state.pile == []
    assert all(state.view(s).trump_card == -1 for s in (None, 0, 1, 2))
    assert all(state.view(s).trump_holder == 0 for s in (None, 0, 1, 2))


def test_n7_the_seat_that_would_draw_the_last_card_lays_it_aside_not_the_taker():
    """Seat 0 takes; seats 0 and 1 draw one card each, and seat 2, whose turn it is to
    draw the last one, lays it aside and keeps two cards."""
    state = late(["AS 2S 5S", "KS 3S 6S", "QS 4S 8S"], leader=0, pile="2H 3H 7D")
    state.trump_card = state.trump_holder = -1
    events = play(state, "AS KS QS")
    assert of_type(events, Drew) == [Drew(0, 1), Drew(1, 1)]
    assert of_type(events, TrumpCardLaidAside) == [TrumpCardLaidAside(2)]
    assert state.trump_card == parse_card("7D") and state.trump_holder == 2
    assert [len(h) for h in state.hands] == [3, 3, 2] and state.pile == []
    assert parse_card("7D") not in state.hands[2]


def test_n7_a_seat_drawing_two_lays_the_second_aside_when_it_is_the_last():
    state = late(["AS", "KS 3S 6S", "QS 4S 8S"], leader=0, pile="2H 7D")
    state.trump_card = state.trump_holder = -1
    events = play(state, "AS KS QS")
    assert of_type(events, Drew) == [Drew(0, 1)]
    assert of_type(events, TrumpCardLaidAside) == [TrumpCardLaidAside(0)]
    assert codes(state.hands[0]) == ["2H"] and [len(h) for h in state.hands] == [1, 2, 2]


def test_n8_a_player_without_cards_sits_out():
    state = late(["AS", "2C 3C", "4C 5C"], leader=0)
    events = play(state, "AS 2C 4C")
    assert of_type(events, SatOut) == [SatOut(0)]
    assert state.queue == [1, 2]


def test_n8_phase_1_ends_when_one_player_holds_cards_who_adds_them_to_the_taken():
    state = late(["AS", "2C 3C", "4C"], leader=0, trump="2D", holder=2)
    play(state, "AS 2C 4C")  # seat 0 takes; seat 1 still holds 3C
    assert state.phase is Phase.SHED
    assert state.leftover == (1, 1)
    assert codes(state.hands[1]) == ["3C"]


# ------------------------------------------------------------------- phase 2


def test_n9_the_trump_cards_holder_shows_it_takes_it_and_leads():
    state = late(["AS", "2C", "4C"], leader=0, trump="7D", holder=2)
    events = play(state, "AS 2C 4C")
    shed = of_type(events, ShedBegan)
    assert shed == [ShedBegan(parse_card("7D"), 2, None, (3, 0, 1))]
    assert codes(state.hands[2]) == ["7D"] and state.turn == 2
    assert all(state.view(s).trump_card == parse_card("7D") for s in (None, 0, 1, 2))


def test_n10_beat_with_a_higher_card_of_the_suit_or_any_trump_even_holding_the_suit():
    state = shedding(["9C AS", "10C 2H 5S 3C", "KD"], trump="2H", holder=0)
    play(state, "9C")
    assert codes(a.card for a in state.legal(1)) == ["2H", "10C"]
    with pytest.raises(RuleBroken, match="must beat 9C with a higher club or a trump") as e:
        state.apply(parse_action("5S"), 1)
    assert e.value.ruling == "N10"


def test_n10_on_a_trump_only_a_higher_trump_beats():
    state = shedding(["9H AS", "10H AC 8H", "KD"], trump="2H", holder=0, leader=0)
    play(state, "9H")
    assert codes(a.card for a in state.legal(1)) == ["10H"]


def test_n10_undertrekk_only_when_nothing_beats():
    state = shedding(["9C AS", "10C 5S", "KD"], trump="2H", holder=0)
    play(state, "9C")
    with pytest.raises(RuleBroken, match="you hold a card that beats it"):
        state.apply(UNDERTREKK, 1)
    play(state, "10C")
    assert state.legal(2) == (UNDERTREKK,)


def test_n10_an_emptied_trick_is_led_anew_by_the_next_player_holding_a_card():
    state = shedding(["AC 2S", "5S", "KD 3D"], trump="2H", holder=0)
    play(state, "AC take")
    assert state.trick2 == [] and state.turn == 2 and state.began == 3
    with pytest.raises(RuleBroken, match="the trick is empty"):
        state.apply(UNDERTREKK, 2)


def test_n11_the_trick_ends_when_the_turn_comes_back_to_the_top_card():
    """Players go out in the trick, so it never holds as many cards as players in play
    when it began; the turn comes back to A's card on top and A takes it."""
    state = shedding(["2C 9C 3D", "5C", "7C 3H", "4D"], trump="2S", holder=0)
    events = play(state, "2C 5C 7C take 9C take take")
    assert of_type(events, WentOut) == [WentOut(1, 1)]
    assert of_type(events, Avstikk) == [Avstikk(0, (parse_card("9C"),))]
    assert state.turn == 0 and state.began == 3


def test_n11_a_taker_without_cards_passes_the_lead_to_the_next_in_play_with_one():
    state = shedding(["2C KD", "5C", "7C 3H"], trump="2S", holder=0)
    events = play(state, "2C 5C 7C")
    assert of_type(events, WentOut) == [WentOut(1, 1)]
    assert of_type(events, Avstikk)[0].seat == 2 and state.turn == 2
    state = shedding(["2C KD", "5C 4H", "7C"], trump="2S", holder=0)
    events = play(state, "2C 5C 7C")
    assert of_type(events, WentOut) == [WentOut(2, 1)]
    assert state.turn == 0  # seat 2 took it with its last card


def test_n12_a_player_starting_empty_handed_is_not_out_and_takes_a_card_in():
    state = shedding(["2C KD", "", "7C 3H"], trump="2S", holder=0)
    assert state.legal(0) and state.out == []
    play(state, "2C")
    assert state.legal(1) == (UNDERTREKK,)
    play(state, "take")
    assert state.out == [] and codes(state.hands[1]) == ["2C"]


def test_n10_n11_a_trick_led_anew_counts_the_players_in_play_now():
    """The trick began with four in play; seats 0 and 1 go out in it and seats 2 and 3
    take both cards in. Seat 2 leads anew: two are in play, so two cards complete the
    new trick (N10, N11)."""
    state = shedding(["9C", "10C", "4S 3D", "6S 2D"], trump="2H", holder=0)
    events = play(state, "9C 10C take take")
    assert of_type(events, WentOut) == [WentOut(0, 1), WentOut(1, 2)]
    assert state.trick2 == [] and state.turn == 2
    events = play(state, "4S 6S")
    assert of_type(events, Avstikk) == [Avstikk(3, tuple(cards("4S 6S")))]
    assert state.turn == 3


def test_n10_n11_n12_a_trick_led_anew_counts_an_empty_handed_seat_in_play():
    """Seat 0 leads its only card and is out; seat 1 (empty-handed) takes it in; seat 2
    holds nothing, so seat 3 leads anew. Seats 1, 2 and 3 are in play: after 3H and
    the 7C that beats it the trick is not complete, and seat 2 must take in."""
    state = shedding(["7C", "", "", "KD QD 3H"], trump="7C", holder=0)
    play(state, "7C take")
    assert state.turn == 3 and state.out == [0]
    events = play(state, "3H 7C")
    assert of_type(events, WentOut) == [WentOut(1, 2)]
    assert not of_type(events, Avstikk) and state.turn == 2
    assert state.legal(2) == (UNDERTREKK,)


def _n12_n13_empty_handed_seat_plays_on(state):
    """The trump holder (seat 0) leads its only card, the 7C, and is out; seat 1 began
    phase 2 with no cards and has not played, so it is in play: no hund yet (N13). It
    takes the 7C in (N10), seat 2 leads the 3H, seat 1 must beat it with the 7C and
    goes out, and seat 2 is the hund."""
    events = play(state, "7C")
    assert of_type(events, WentOut) == [WentOut(0, 1)]
    assert not of_type(events, HundFound) and state.hund == -1 and state.phase is Phase.SHED
    assert state.out == [0] and state.turn == 1 and state.legal(1) == (UNDERTREKK,)
    play(state, "take")
    assert codes(state.hands[1]) == ["7C"] and state.trick2 == []
    assert state.turn == 2 and state.out == [0]
    play(state, "3H")
    assert codes(a.card for a in state.legal(1)) == ["7C"]
    events = play(state, "7C")
    assert of_type(events, HundFound) == [HundFound(1, 2, (0, 1), (0, 0, 1))]


@pytest.mark.parametrize("rest", ["KD QD 3H", " ".join(c for c in CODES if c != "7C")])
def test_n12_n13_a_seat_starting_phase_2_empty_handed_is_in_play(rest):
    """Phase 2 begins with 1, 0 and 3 cards, or with 1, 0 and 51 (every other card, as
    a real game would have it): see :func:`_n12_n13_empty_handed_seat_plays_on`."""
    _n12_n13_empty_handed_seat_plays_on(shedding(["7C", "", rest], trump="7C", holder=0))


def test_n8_n9_n12_n13_phase_2_reached_with_an_empty_handed_seat_plays_on():
    """The same position reached by play: seat 0 laid the 7C aside, seat 2 takes the
    last phase-1 trick and keeps its other cards (N8); seat 1 took nothing (N9)."""
    state = late(["2S", "3S", "AS KD 3H"], leader=0, trump="7C", holder=0)
    events = play(state, "2S 3S AS")
    assert of_type(events, ShedBegan) == [ShedBegan(parse_card("7C"), 0, (2, 2), (1, 0, 5))]
    _n12_n13_empty_handed_seat_plays_on(state)


def test_n12_n13_players_go_out_in_order_and_the_last_is_the_hund():
    state = shedding(["2C", "5C QC", "7C 8C 9C"], trump="2S", holder=0)
    events = play(state, "2C 5C 7C")
    assert of_type(events, WentOut) == [WentOut(0, 1)]
    events = play(state, "8C QC")
    assert of_type(events, WentOut) == [WentOut(1, 2)]
    hund = of_type(events, HundFound)
    assert hund == [HundFound(1, 2, (0, 1), (0, 0, 1))]
    assert state.phase is Phase.OVER and of_type(events, MatchOver)
    assert state.outcome().loser == 2 and state.outcome().winners == (0, 1)


def test_n13_checked_after_every_move():
    state = shedding(["5C", "KC"], trump="2S", holder=0)
    events = play(state, "5C")
    assert of_type(events, HundFound)[0].seat == 1 and state.trick2  # the 5C still lies


def test_n14_series_only_with_the_option():
    state = shedding(["8D 9D 10D 2S", "KD", "3C"], trump="2H", holder=0)
    with pytest.raises(RuleBroken, match="series option is off") as e:
        state.apply(parse_action("8D-9D-10D"), 0)
    assert e.value.ruling == "N14"


def test_n14_a_series_beats_by_its_highest_card_length_aside():
    state = shedding(["8D 9D 10D 2S", "QD 3S", "JD QH KH 4C"], trump="2H", holder=0, series=True)
    assert "8D-9D-10D" in [str(a) for a in state.legal(0)]
    play(state, "8D-9D-10D")
    assert [str(a) for a in state.legal(1)] == ["QD"]  # a single queen beats the series
    play(state, "QD")
    assert [str(a) for a in state.legal(2)] == ["KH", "QH", "QH-KH"]


def test_n14_undertrekk_of_a_series_takes_it_whole_and_plays_are_counted():
    state = shedding(["8D 9D 10D 2S", "3C", "JD QD 4C"], trump="2H", holder=0, series=True)
    play(state, "8D-9D-10D take")
    assert codes(state.hands[1]) == ["10D", "9D", "8D", "3C"]
    state = shedding(["8D 9D 10D 2S", "JD QD 3C", "KD 4C"], trump="2H", holder=0, series=True)
    events = play(state, "8D-9D-10D JD-QD KD")
    assert of_type(events, Avstikk)[0].seat == 2  # three plays, six cards


def test_n14_a_series_must_be_unbroken_and_low_to_high():
    for text in ("8D-10D", "10D-9D", "8D-8H"):
        with pytest.raises(ValueError, match="not a series"):
            parse_action(text)


def test_n16_the_match_is_one_game_per_player_and_the_tally_decides():
    state = GAME.rules.new_state(seats(3), {})
    assert state.games == 3
    with pytest.raises(SetupError):
        GAME.rules.new_state(seats(3), {"games": 0})
    with pytest.raises(SetupError, match="no option"):
        GAME.rules.new_state(seats(3), {"rounds": 2})


def test_moves_out_of_turn_are_refused_and_change_nothing():
    state = started(3, 2, {0: "2S 3S 4S", 1: "5H 6H 7H"})
    before = GAME.records.to_record(state)
    with pytest.raises(IllegalMove, match="it is seat 0's turn") as e:
        state.apply(parse_action("5H"), 1)
    assert e.value.player_text == "You must wait: it is seat 0's turn."
    with pytest.raises(IllegalMove, match="not in the hand"):
        state.apply(parse_action("5H"), 0)
    with pytest.raises(IllegalMove, match="before phase 2"):
        state.apply(UNDERTREKK, 0)
    assert GAME.records.to_record(state) == before


# ------------------------------------------------------------------ N17 repetition

#: Aces nobody can beat (spades trump, no spade in play) go round by undertrekk: Kari
#: leads the ace of hearts, Ola takes it in, Per leads the ace of diamonds, Kari takes
#: it in, and so on; after twelve moves every hand is as it was.
ROUND = "AH take AD take AH take AD take AH take AD take"


def test_n17_the_third_time_a_position_comes_round_the_most_cards_are_the_hund():
    """The start counts once, so the 24th move brings it round the third time. Ola
    holds three cards, the most: the hund. Kari and Per are not out; they share the
    first place."""
    state = shedding(["AH 2C", "3C 5C 6C", "AD 4C"], trump="2S", holder=0)
    fast = state.clone()
    events = play(state, ROUND)
    assert not of_type(events, HundFound) and state.view(0).repeats == 2
    events = play(state, ROUND)
    assert len(state.moves) == 24 and state.phase is Phase.OVER
    assert of_type(events, HundFound) == [HundFound(1, 1, (), (0, 1, 0), (0, 2))]
    result = state.results[0]
    assert result.out == () and [result.place(s) for s in range(3)] == [1, 3, 1]
    assert state.outcome().places == (1, 3, 1) and state.outcome().loser == 1
    for text in f"{ROUND} {ROUND}".split():  # the fast path ends the same way
        fast.apply_fast(parse_action(text), fast.turn)
    assert fast.results == state.results and fast.phase is Phase.OVER


def test_n17_a_tie_goes_to_the_first_clockwise_from_the_player_to_move():
    """Kari and Per hold two cards each, Ola one; Kari is to move: Kari is the hund."""
    state = shedding(["AH 2C", "3C", "AD 4C"], trump="2S", holder=0)
    events = play(state, f"{ROUND} {ROUND}")
    assert of_type(events, HundFound) == [HundFound(1, 0, (), (1, 0, 0), (1, 2))]


def test_n17_a_record_that_goes_on_after_the_repetition_is_refused():
    record = json.loads((RECORDS / "hund-three-players-repetition.json").read_text())
    record["games"][0]["plays"].append("take")
    with pytest.raises(RecordError, match=r"game 1, move \d+: the game is over, seat 1 is the "
                                          r"hund \(N17\)"):
        GAME.records.replay(record)


def test_n10_the_plays_that_beat_are_every_card_that_beats_in_the_hands_order():
    """legal_plays finds them by bisection; beats() says it card by card."""
    rng = random.Random(10)
    for _ in range(20_000):
        hand = sorted(rng.sample(DECK, rng.randrange(0, 20)))
        top, trump = rng.randrange(52), rng.randrange(4)
        assert legal_plays(hand, top, trump, False) == [
            PLAY[c] for c in hand if beats(c, top, trump)]
