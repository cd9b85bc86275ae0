"""The normal bot of Blindes Huhn extrem: it beats random play clearly over seeded
games, its hint sentences are true (checked against every way the trick can go on),
and it serves search: candidates best first, the arrangement policy instead of the
n! orders, playouts from any decision."""

import random
import textwrap
from collections import Counter

import pytest
from huhn_support import decisions_of, new_game, random_choice

from ebbes_tui.games.huhn.bots.rollout import rollout
from ebbes_tui.game.protocols import listed
from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.rules.actions import NONE, Arrange, ArrangeChoices, Play
from ebbes_tui.games.huhn.rules.cards import IS_HEN, IS_PIG
from ebbes_tui.games.huhn.bots.hints import SENTENCES
from ebbes_tui.games.huhn.bots.normal import NormalBot
from ebbes_tui.game.sentences import share_of


def _play_game(players, seed, normal_seat, deals=1):
    """A seeded game: the normal bot in one seat, random play in the others."""
    bot = NormalBot()
    state = new_game(players, deals=deals)
    rng = random.Random(seed)
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            GAME.rules.resolve_chance(state, seed)
        elif decision.seat == normal_seat:
            view = state.view(decision.seat)
            state.apply(bot.choose(view, view.actions, rng), decision.seat)
        else:
            state.apply(random_choice(state, decision.seat, rng), decision.seat)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_normal_beats_random_clearly(players):
    """Over 200 seeded games of one deal, the normal bot's result less the others'
    average is positive with its 95% interval above zero."""
    margins = []
    for game in range(200):
        seat = game % players
        totals = _play_game(players, 500 + game, seat).totals
        others = [t for s, t in enumerate(totals) if s != seat]
        margins.append(totals[seat] - sum(others) / len(others))
    mean = sum(margins) / len(margins)
    sd = (sum((m - mean) ** 2 for m in margins) / (len(margins) - 1)) ** 0.5
    assert mean - 1.96 * sd / len(margins) ** 0.5 > 0.5, mean


def test_bot_levels():
    assert GAME.players.bot("normal").level == "normal"
    with pytest.raises(ValueError):
        GAME.players.bot("hard")


# ------------------------------------------------------------- true hints


def _trick_winners(state, action, seat):
    """Every seat that can take the trick once ``seat`` plays ``action``, over every
    legal way the others can complete it."""
    tricks = len(state.tricks)
    winners = set()

    def go(s):
        if len(s.tricks) > tricks:
            winners.add(s.tricks[-1].winner)
            return
        for a in listed(s.legal(s.to_move)):
            nxt = s.clone()
            nxt.apply(a, s.to_move)
            go(nxt)

    first = state.clone()
    first.apply(action, seat)
    go(first)
    return winners


def _check_play_hint(state, seat, action, why, rule):
    view = state.view(seat)
    cards = sorted({a.card for a in view.actions})
    face_up = [t.card for t in view.trick if t.card is not None]
    if rule == "forced_card":
        assert cards == [action.card]
    elif rule == "keep_the_sau":
        played = {c for t in state.tricks for c in t.cards} | set(state.trick)
        assert 0 in cards and action.card != 0 and 49 not in played | set(state.hands[seat])
    elif rule in ("shed_hen_when_beaten", "dump_when_beaten"):
        assert seat not in _trick_winners(state, action, seat)
        assert max(face_up) > action.card
        if rule == "shed_hen_when_beaten":
            assert IS_HEN[action.card]
        else:
            assert all(c < max(face_up) for c in cards) and action.card == max(cards)
    elif rule == "avoid_trick_with_hens":
        hens = sum(IS_HEN[c] for c in face_up)
        assert f"holds {hens} hens" in why and hens >= 2
        if "beats your card" in why:
            assert seat not in _trick_winners(state, action, seat)
        else:
            assert action.card == min(cards)
    elif rule == "take_single_pig":
        assert _trick_winners(state, action, seat) == {seat}
        assert sum(IS_PIG[c] for c in [*face_up, action.card]) == 1
    elif rule == "best_estimate" and "lower end card" in why:
        assert not view.trick and action.card == min(view.hand[0], view.hand[-1])
    elif rule == "best_estimate" and "beats it" in why:
        assert max(face_up) > action.card
    if "face down" in why and rule != "use_down":
        after = state.clone()
        after.apply(action, seat)
        if after.trick:  # until the trick is complete nobody else sees it
            assert all(after.view(s).trick[-1].card is None for s in range(state.n) if s != seat)


def _sampled_share(state, seat, card, samples=80, seed=7):
    """Share of deals fitting the seat's view, drawn by the game's sampler with a seed
    of its own and played on by the playouts, in which ``seat`` takes this trick after
    ``card``, and share in which the trick holds a hen."""
    from ebbes_tui.games.huhn.bots.rollout import play_out
    from ebbes_tui.games.huhn.rules.actions import PLAY

    view = state.view(seat)
    rng = random.Random(seed)
    taken = hens = 0
    for _ in range(samples):
        world = GAME.players.sample(view, rng)
        world.apply_fast(PLAY[card][0], seat)
        play_out(world, rng)
        trick = world.tricks[len(view.tricks)]
        taken += trick.winner == seat
        hens += any(IS_HEN[c] for c in trick.cards)
    return taken / samples, hens / samples


def _near(words, share, slack=0.3):
    """A share said of 40 sampled deals fits the share of 80 others."""
    low, high = share_of(words)
    return low - slack <= share <= high + slack


def _check_template(state, seat, action, why):
    """The hint is one of the game's templates; what it says it sampled is near what
    an independent sampling finds (the deals are the view's, not the real one)."""
    said = SENTENCES.match(why)
    assert said is not None, f"a hint with no template: {why}"
    assert len(textwrap.wrap(f"Hint: {why}", 78)) <= 3, why  # the table's news at 80x24
    key, fields = said
    if key == "face_down":
        assert action.down
        key, fields = SENTENCES.match(fields["said"])
    if key in ("take", "give", "ear_take", "ear_give"):
        assert int(fields["card"]) == action.card
        took, hens = _sampled_share(state, seat, action.card)
        mine = key.endswith("take")
        assert _near(fields["share"], took if mine else 1 - took), (why, took)
        if key == "take":
            assert _near(fields["hens"], hens), (why, hens)
        if fields.get("tail"):
            tail, other = SENTENCES.match(fields["tail"])
            card = int(other["card"])
            ends = {state.view(seat).hand[0], state.view(seat).hand[-1]}
            assert tail == "other" and ends == {card, action.card}, why
            assert _near(other["share"], _sampled_share(state, seat, card)[0]), why
    return key


def _check_hint(state, seat, action, why, rule):
    if state.phase == "play":
        _check_play_hint(state, seat, action, why, rule)
    elif state.phase == "option":
        gains = {}
        for option in state.legal(seat):
            after = state.clone()
            after.apply(option, seat)
            base = state.clone()
            base.apply(NONE, seat)
            gains[option] = after.totals[seat] - base.totals[seat]
        if "adds" in why:
            assert f"adds {gains[action]} " in why and gains[action] == max(gains.values())
        else:
            assert max(gains.values()) <= 0
    elif state.phase == "leader":
        after = state.clone()
        after.apply(action, seat)
        assert (after.leader + state.n - 1) % state.n == seat  # it plays last
    elif state.phase == "reward" and rule == "reward_after_last_trick":
        after = state.clone()
        after.apply(action, seat)
        assert after.phase == "option" and after.advantage is None
    elif state.phase == "reward":  # the ear's advantage: a card from the middle
        hand = state.view(seat).hand
        key = SENTENCES.match(why)[0]
        assert (key == "reward_ear") is (rule == "reward_ear" and len(hand) > 2), (why, hand)


def test_the_hints_are_true_in_seeded_positions():
    """Every hint, a dialog's and an arrangement's too, is one of the game's templates
    and its claim holds; 94 of 300 seeded hints said only "it gives the best outlook"
    (issue 27): now what the hard bot's sampled deals show."""
    bot = NormalBot()
    fired = set()
    keys = Counter()
    for players in (2, 3, 4, 5):
        for seed in range(12):
            for state in decisions_of(players, seed, deals=1):
                for decision in state.pending():
                    if decision.seat is None:
                        continue
                    action, why = bot.explain(state.view(decision.seat))
                    assert action in state.legal(decision.seat) and why.endswith(".")
                    if decision.kind == "arrange":
                        keys[_check_template(state, decision.seat, action, why)] += 1
                        continue
                    keys[_check_template(state, decision.seat, action, why)] += 1
                    _check_hint(state, decision.seat, action, why, bot.last)
                    fired.add(bot.last)
    assert {"forced_card", "shed_hen_when_beaten", "avoid_trick_with_hens", "dump_when_beaten",
            "take_single_pig", "keep_the_sau", "best_estimate", "best_option",
            "name_left_neighbour", "use_ear", "use_down"} <= fired
    assert sum(keys.values()) >= 300 and min(keys[k] for k in ("take", "give", "leader")) >= 5
    assert keys["ear_take"] + keys["ear_give"] >= 1 and keys["arrange_sau_kept_inside"], keys


def test_explain_and_choose_agree_and_hints_go_through_the_game():
    bot = NormalBot()
    rng = random.Random(1)
    for state in decisions_of(3, 4, deals=1):
        for decision in state.pending():
            if decision.seat is not None:
                view = state.view(decision.seat)
                assert bot.choose(view, view.actions, rng) == bot.explain(view)[0] \
                    == GAME.players.hint(view)[0]


def test_every_arrangement_sentence_names_a_tactic():
    bot = NormalBot()
    for state in decisions_of(4, 1, deals=1):
        if state.phase == "arrange":
            seat = state.pending()[0].seat
            action, why = bot.explain(state.view(seat))
            assert action in state.legal(seat)
            assert "ascending" in why and ("0" in why) == (0 in state.hands[seat])
            break


# ------------------------------------------------------------ for search


def test_candidates_for_an_arrangement_are_strategy_orders_not_an_enumeration():
    state = new_game(4, dealer=0)
    GAME.rules.resolve_chance(state, 3)
    view = state.view(0)
    assert isinstance(view.actions, ArrangeChoices)
    orders = GAME.players.candidates(view, view.actions, 8)
    assert 2 <= len(orders) <= 5 and len(set(orders)) == len(orders)
    assert all(isinstance(a, Arrange) and a in view.actions for a in orders)
    assert orders[0] == NormalBot().choose(view, view.actions, random.Random(0))
    assert GAME.players.candidates(view, view.actions, 1) == orders[:1]


def test_candidates_for_cards_are_legal_best_first():
    for state in decisions_of(4, 3, deals=1):
        if state.phase == "play" and len({a.card for a in state.legal(state.to_move)}) > 1:
            view = state.view(state.to_move)
            ranked = GAME.players.candidates(view, view.actions, 10)
            assert ranked[0] == NormalBot().choose(view, view.actions, random.Random(0))
            assert all(isinstance(a, Play) and a in view.actions for a in ranked)
            assert len({a.card for a in ranked}) == len(ranked)
            assert GAME.players.candidates(view, view.actions, 1) == ranked[:1]


def test_rollouts_finish_the_deal_from_every_kind_of_decision_and_leave_the_state_alone():
    rng = random.Random(9)
    kinds = set()
    for state in decisions_of(3, 7, deals=2):
        if not state.pending() or state.phase == "deal":
            continue
        before = GAME.records.to_record(state)
        value = rollout(state, 0, rng)
        assert isinstance(value, float) and GAME.records.to_record(state) == before
        kinds.add(state.phase)
    assert {"arrange", "play", "reward", "option"} <= kinds


def test_a_rollout_scores_the_deal_for_the_seat_against_the_others():
    state = next(s for s in decisions_of(2, 1, deals=1) if s.phase == "option")
    copy = state.clone()
    copy.apply(max(state.legal(state.taker), key=lambda o: _total_after(state, o)), state.taker)
    change = [a - b for a, b in zip(copy.totals, state.totals)]
    assert rollout(state, 0, random.Random(0)) == change[0] - change[1]


def _total_after(state, option):
    after = state.clone()
    after.apply(option, state.taker)
    return after.totals[state.taker]
