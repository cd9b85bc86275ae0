"""The game seam on its own, through a tiny game made for these tests (tiny_game.py):
chance after any decision and in the middle of a trick, a simultaneous hidden decision
answered in any order, moves of several cards and a card taken in, a sub-trick of some
seats, face-down cards, a decision whose answers cannot be listed, results as places
with a loser or totals with a deal crossed out, six seats and hands of forty cards."""

import asyncio
import json
import random

import pytest
from tiny_game import GAME as TINY
from tiny_game import Arrange, Orders, Peek, Play, Played, Take

from ebbes_tui.bots import SearchBot, make_bot
from ebbes_tui.controller import HotSeat, Match, NotYourTurn
from ebbes_tui.controller.setup import players_setup
from ebbes_tui.game.events import Dealt
from ebbes_tui.game.protocols import SeatInfo
from ebbes_tui.game.simulate import random_game, random_games
from ebbes_tui.table.protocol import state_message, update_from_message

WAIT = 60  # seconds any single wait may take before the test calls it a hang


def tiny_state(players: int, seed: int = 0, **options):
    state = TINY.rules.new_state([SeatInfo(f"P{i}") for i in range(players)], options)
    TINY.rules.resolve_chance(state, seed)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"places": True}, {"cross": True}, {"hand": 40}],
                         ids=["totals", "places", "cross", "forty"])
def test_random_games_of_every_size_keep_the_invariants(players, options):
    report = random_games(TINY, players, 25, seed=players, options=options)
    assert report.faults == [] and report.games == 25


def test_every_kind_of_step_the_rulebooks_need_happens_in_the_random_games():
    seen: set[str] = set()
    for seed in range(40):
        state = tiny_state(3, seed)
        rng = random.Random(seed)
        while pending := state.pending():
            if len(pending) > 1:
                seen.add("simultaneous")
            decision = rng.choice(pending)
            if decision.seat is None:
                before = len(state.trick)
                TINY.rules.resolve_chance(state, seed)
                seen.add("chance in a trick" if before else "chance after a decision")
                continue
            legal = state.legal(decision.seat)
            if isinstance(legal, Orders):
                seen.add("unlisted")
                state.apply(legal.sample(rng), decision.seat)
                continue
            action = rng.choice(legal)
            if state.fighting and len(state.fighting) < sum(1 for h in state.hands if h):
                seen.add("sub-trick")
            seen.add({Play: "pair" if getattr(action, "pair", False) else
                      "down" if getattr(action, "down", False) else "card",
                      Peek: "peek", Take: "keep" if getattr(action, "keep", True) else "take in"}
                     [type(action)])
            state.apply(action, decision.seat)
    assert seen >= {"simultaneous", "chance in a trick", "chance after a decision", "unlisted",
                    "sub-trick", "pair", "down", "peek", "take in"}


def test_a_face_down_card_is_a_back_to_everyone_but_its_player_until_the_trick_ends():
    for seed in range(60):
        state = random_game(TINY, 4, seed)  # the invariants checked every step already
        assert state.outcome() is not None
    state = tiny_state(3, 1)
    for seat in range(3):
        state.apply(Arrange(tuple(state.hands[seat])), seat)
    leader = state.to_move
    card = state.hands[leader][0]
    state.apply(Play("left", down=True), leader)
    assert (leader, card) in state.view(leader).trick
    for other in (*(s for s in range(3) if s != leader), None):
        assert state.view(other).trick == ((leader, -1),)


def test_results_are_places_with_a_loser_or_totals_with_a_deal_crossed_out():
    places = random_game(TINY, 5, 3, {"places": True}).outcome()
    assert places.loser is not None and sorted(places.places) == [1, 2, 3, 4, 5]
    assert places.places[places.loser] == 5
    crossed = random_game(TINY, 3, 3, {"cross": True})
    outcome = crossed.outcome()
    assert outcome.crossed == ((1,), (1,), (1,))
    assert outcome.scores == tuple(crossed.results[1])  # the first deal no longer counts
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]


def test_the_search_bot_never_lists_an_answer_that_cannot_be_listed():
    state = tiny_state(3)
    view = state.view(0)
    assert isinstance(view.actions, Orders)
    bot = SearchBot(TINY, samples=5)
    action = bot.choose(view, view.actions, random.Random(1))  # Orders would raise if listed
    assert action == Arrange(tuple(sorted(state.hands[0])))  # the game's normal bot chose
    assert list(bot.samples_used) == []
    random_action = make_bot(TINY, "random").choose(view, view.actions, random.Random(1))
    assert random_action in view.actions and random_action != action or len(view.hand) < 3


def test_the_search_bot_searches_a_listed_decision_on_the_games_samples(monkeypatch):
    state = tiny_state(3, 2)
    for seat in range(3):
        state.apply(Arrange(tuple(state.hands[seat])), seat)
    seat = state.to_move
    monkeypatch.setattr(TINY.players, "sample", lambda view, rng: state.clone(), raising=False)
    bot = SearchBot(TINY, samples=4)
    view = state.view(seat)
    assert bot.choose(view, view.actions, random.Random(2)) in view.actions
    assert list(bot.samples_used) == [4]


async def test_players_arrange_at_once_in_any_order_and_bots_fill_in():
    setup = players_setup(TINY, [("Ann", "human", None), ("Bob", "human", None),
                                 ("Cy", "bot", "random"), ("Di", "bot", "normal")],
                          {"hand": 6}, seed=5)
    match = Match(setup)
    ann, bob = match.session(0), match.session(1)
    task = asyncio.create_task(match.run())
    try:
        await asyncio.wait_for(_until(lambda: set(match.awaiting) == {0, 1}), WAIT)
        asked = dict(match.asked)
        assert asked[0] == asked[1]  # both asked at once, by one decision number
        with pytest.raises(NotYourTurn, match="not come yet"):
            ann.submit(Arrange(tuple(match.state.hands[0])), match.decision + 1)
        bob.submit(Arrange(tuple(sorted(match.state.hands[1], reverse=True))), match.decision)
        # Bob answered first; Ann's decision keeps its number and her old update counts.
        assert match.asked[0] == asked[0]
        ann.submit(Arrange(tuple(match.state.hands[0])), asked[0])
        with pytest.raises(NotYourTurn):
            ann.submit(Arrange(tuple(match.state.hands[0])), asked[0])  # answered already
        await asyncio.wait_for(_until(lambda: all(match.state.arranged)), WAIT)
        assert match.state.hands[1] == sorted(match.state.hands[1], reverse=True)
        assert match.state.hands[3] == sorted(match.state.hands[3])  # the normal bot's order
    finally:
        match.stop()
        task.cancel()


async def test_a_hot_seat_screen_calls_each_player_who_must_arrange_in_turn():
    setup = players_setup(TINY, [("Ann", "human", None), ("Bob", "human", None),
                                 ("Cy", "bot", "random")], {}, seed=3)
    match = Match(setup)
    screen = HotSeat(match, (0, 1))
    task = asyncio.create_task(match.run())
    try:
        update = await asyncio.wait_for(screen.next(), WAIT)
        while not isinstance(update.event, Dealt):
            update = await asyncio.wait_for(screen.next(), WAIT)
        await asyncio.wait_for(_until(lambda: set(match.awaiting) == {0, 1}), WAIT)
        view = match.state.view(None)
        assert screen.needs_player(view) == 0
        screen.take(0)
        screen.submit(Arrange(tuple(match.state.hands[0])), match.decision)
        assert screen.needs_player(match.state.view(None)) == 1  # Ann is done: Bob's turn
        assert screen.snapshot().view.hand == tuple(match.state.hands[0])  # still Ann's view
    finally:
        match.stop()
        task.cancel()


def test_every_view_and_event_of_a_game_crosses_the_wire_equal():
    seen = []

    def keep(state, events):
        seen.extend(events)

    state = tiny_state(4, 7, hand=40)
    rng = random.Random(7)
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            keep(state, TINY.rules.resolve_chance(state, 7))
            continue
        for seat in (*range(4), None):
            _round_trip(state.view(seat), None)
        legal = state.legal(decision.seat)
        action = legal.sample(rng) if isinstance(legal, Orders) else rng.choice(legal)
        assert TINY.rules.parse_action(str(action)) == action
        keep(state, state.apply(action, decision.seat))
    for event in seen:
        _round_trip(state.view(0), event)
    assert any(isinstance(e, Played) and len(e.cards) == 2 for e in seen)


def _round_trip(view, event):
    from ebbes_tui.controller.events import Synced, Update

    update = Update(3, event or Synced(), view, 9)
    back = update_from_message(TINY, json.loads(json.dumps(state_message(TINY, update))))
    assert back.view == view or (isinstance(view.actions, Orders) and
                                 back.view.actions.hand == view.actions.hand)
    assert back.event == update.event


async def _until(condition):
    while not condition():
        await asyncio.sleep(0)
