"""The match controller, driven only through its public interface."""

import asyncio
import json
import random

import pytest

from ebbes_tui.controller import (
    DecisionNeeded, HandOff, Match, MatchSetup, NotYourTurn, TakenBack, players_setup,
)
from ebbes_tui.rules import IllegalMove, Options, Phase, dumps, replay
from ebbes_tui.rules.events import CardPlayed, GameOver, RoundScored

SETUPS = [
    (players, Options(more, choose))
    for players in (2, 3, 4, 5)
    for more in (False, True)
    for choose in (False, True)
    if not (players == 2 and more)
]


class MemorySave:
    """Stands in for a save slot: keeps every record written, as JSON text."""

    def __init__(self):
        self.texts = []

    def write(self, record):
        self.texts.append(dumps(record))


def bots(players, level="random"):
    return [(f"Bot {i}", "bot", level) for i in range(players)]


@pytest.mark.parametrize("players, options", SETUPS)
async def test_a_full_bot_match_runs_to_the_final_standings(players, options):
    events = []
    match = Match(players_setup(bots(players), options, seed=players), listener=events.append,
                  pace=0)
    await match.run()
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and match.state.phase is Phase.GAME_OVER
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == len(match.state.results)
    assert len(scored) == 5 or options.choose_determiners
    assert list(over[0].totals) == match.state.totals
    dummy = match.state.dummy
    assert dummy not in over[0].winners


async def test_save_after_every_decision_and_resume_anywhere_reproduces_the_game():
    rng = random.Random(0)
    for players, options in SETUPS:
        save = MemorySave()
        setup = players_setup(bots(players), options, seed=11)
        match = Match(setup, save=save, pace=0)
        await match.run()
        final = save.texts[-1]
        cards_played = sum(len(r.plays) for r in match.state.results)
        assert len(save.texts) > cards_played  # saved after every card, at least
        for text in rng.sample(save.texts, 3):
            resumed_save = MemorySave()
            resumed = Match.resume(json.loads(text), save=resumed_save, pace=0)
            await resumed.run()
            assert resumed_save.texts[-1] == final


async def test_resuming_while_the_nix_holder_chooses_gives_the_same_hand_and_decision():
    setup = players_setup([("Ann", "human", None), ("B", "bot", "random"),
                           ("C", "bot", "random")], Options(), seed=2)
    save = MemorySave()
    match = Match(setup, save=save, pace=0)
    task = asyncio.create_task(match.run())
    rng = random.Random(1)
    await _human_turn(match)
    while match.state.phase is Phase.PLAY:  # Ann plays until she must name a starter
        match.submit(0, rng.choice(match.view(0).legal))
        await _human_turn(match)
    assert match.state.phase is Phase.CHOOSE_STARTER and match.awaiting_human == 0
    before = match.view(0)
    match.stop()
    await task
    resumed = Match.resume(json.loads(save.texts[-1]), pace=0)
    task = asyncio.create_task(resumed.run())
    await _human_turn(resumed)
    assert resumed.view(0) == before and resumed.state.pending == match.state.pending
    resumed.stop()
    await task


async def _human_turn(match):
    """Yield to the match until a human decision is pending (or the game is over)."""
    for _ in range(100000):
        if match.awaiting_human is not None or match.state.phase is Phase.GAME_OVER:
            return
        await asyncio.sleep(0)
    raise AssertionError("the match never asked the human")


def one_human(seed=5, level="random"):
    return players_setup([("Ann", "human", None), ("B", "bot", level), ("C", "bot", level),
                          ("D", "bot", level)], Options(), seed=seed)


async def test_a_human_decides_through_submit_and_illegal_cards_change_nothing():
    events = []
    match = Match(one_human(), listener=events.append, pace=0)
    task = asyncio.create_task(match.run())
    await _human_turn(match)
    assert any(isinstance(e, DecisionNeeded) and e.human for e in events)
    view = match.view(0)
    illegal = [c for c in view.hand if c not in view.legal]
    if illegal:
        before = match.record()
        with pytest.raises(IllegalMove) as err:
            match.submit(0, illegal[0])
        assert err.value.player_text.startswith("You must follow")
        assert match.record() == before
    with pytest.raises(NotYourTurn):
        match.submit(1, view.hand[0])
    match.submit(0, view.legal[0])
    assert any(isinstance(e, CardPlayed) and e.seat == 0 for e in events)
    match.stop()
    await task


async def test_take_back_restores_the_position_before_the_humans_last_card_exactly():
    match = Match(one_human(seed=8), pace=0)
    task = asyncio.create_task(match.run())
    rng = random.Random(2)
    for _ in range(7):
        await _human_turn(match)
        match.submit(0, rng.choice(match.view(0).legal))
    await _human_turn(match)
    # Record the position right before the human's next card, play it, let bots go on.
    before = match.record()
    view_before = match.view(0)
    match.submit(0, rng.choice(view_before.legal))
    await _human_turn(match)
    assert match.record() != before
    events = []
    match.listener = events.append
    match.take_back()
    assert match.record() == before and match.view(0) == view_before
    assert any(isinstance(e, TakenBack) for e in events)
    match.stop()
    await task


async def test_take_back_is_off_in_hot_seat():
    setup = players_setup([("Ann", "human", None), ("Bob", "human", None),
                           ("C", "bot", "random")], Options(), seed=1)
    match = Match(setup, pace=0)
    assert not match.can_take_back
    with pytest.raises(IllegalMove, match="one player against bots"):
        match.take_back()


async def test_hot_seat_covers_the_table_until_the_next_player_takes_over():
    events = []
    setup = players_setup([("Ann", "human", None), ("Bob", "human", None),
                           ("Cy", "human", None)], Options(), seed=4, first_starter=0)
    match = Match(setup, listener=events.append, pace=0)
    task = asyncio.create_task(match.run())
    await _human_turn(match)
    assert events[-2:] == [HandOff(0), DecisionNeeded(0, Phase.PLAY, True)]
    assert match.viewer is None and match.screen_view().hand == ()
    with pytest.raises(NotYourTurn, match="hand-off"):
        match.submit(0, match.view(0).legal[0])
    match.hand_over(0)
    assert match.screen_view().hand == match.view(0).hand
    match.submit(0, match.view(0).legal[0])
    await _human_turn(match)
    assert match.awaiting_human == 1 and match.viewer is None  # Ann's hand is gone
    assert HandOff(1) in events
    match.stop()
    await task


def test_resume_replays_a_record_exactly():
    match = Match(one_human(), pace=0)
    record = match.record()
    assert replay(record).pending == match.state.pending


def test_a_setup_with_an_unknown_bot_level_is_refused():
    from ebbes_tui.rules import SetupError
    with pytest.raises(SetupError, match="unknown bot level 'genius'"):
        Match(players_setup([("A", "bot", "genius"), ("B", "bot", "random"),
                             ("C", "bot", "random")], Options()))


def test_setup_defaults_draw_a_seed_that_the_record_keeps():
    match = Match(MatchSetup(one_human().seats), pace=0)
    assert isinstance(match.record()["seed"], int)


async def test_hold_keeps_bots_waiting_until_release():
    played = asyncio.Event()
    match = Match(players_setup(bots(3), Options(), seed=9), pace=0,
                  listener=lambda e: isinstance(e, CardPlayed) and played.set())
    match.hold()
    task = asyncio.create_task(match.run())
    for _ in range(200):
        await asyncio.sleep(0)
    assert match.state.phase is Phase.PLAY and not played.is_set()  # dealt, nobody played
    match.release()
    await asyncio.wait_for(played.wait(), 10)
    match.stop()
    await task


async def test_take_back_never_reaches_back_past_a_deal():
    """R20: once round 2 is dealt, Ann has seen its hands; her last card of round 1
    cannot be taken back, and a card of round 2 can."""
    match = Match(one_human(seed=8), pace=0)
    task = asyncio.create_task(match.run())
    rng = random.Random(2)
    await _human_turn(match)
    while not match.state.results:
        match.submit(0, rng.choice(match.view(0).legal))
        await _human_turn(match)
    assert match.state.round_no == 1
    if match.state.phase is Phase.CHOOSE_STARTER:
        match.submit(0, 1)
        await _human_turn(match)
    mine = [s for s in match.state.play_seats(match.state.current_round()) if s == 0]
    assert not mine and not match.can_take_back
    before = match.record()
    with pytest.raises(IllegalMove, match="no card of yours to take back in this round"):
        match.take_back()
    assert match.record() == before
    match.submit(0, match.view(0).legal[0])
    await _human_turn(match)
    assert match.can_take_back
    match.take_back()
    assert match.state.round_no == 1 and match.record()["rounds"][:1] == before["rounds"][:1]
    match.stop()
    await task
