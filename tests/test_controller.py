"""The match controller, driven only through its public interface: sessions bound to
seats, their event streams, take-back, seats changing hands, the hot-seat adapter."""

import asyncio
import json
import random

import pytest

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.game.records import dumps
from ebbes_tui.controller import (
    HotSeat, Match, MatchSetup, NotYourTurn, SeatChanged, Synced, TakenBack, players_setup,
)
from ebbes_tui.games.ebbes.rules import IllegalMove, Phase, PlayCard, replay
from ebbes_tui.games.ebbes.rules.events import CardPlayed, GameOver, RoundScored, RoundStarted

SETUPS = [
    (players, {"more_cards": more, "choose_determiners": choose})
    for players in (2, 3, 4, 5)
    for more in (False, True)
    for choose in (False, True)
    if not (players == 2 and more)
]
WAIT = 60  # seconds any single wait may take before the test calls it a hang


class MemorySave:
    """Stands in for a save slot: keeps every record written, as JSON text."""

    def __init__(self):
        self.texts = []

    def write(self, record):
        self.texts.append(dumps(record))


def bots(players, level="random"):
    return [(f"Bot {i}", "bot", level) for i in range(players)]


def one_human(seed=5, level="random"):
    return players_setup(EBBES, [("Ann", "human", None), ("B", "bot", level), ("C", "bot", level),
                          ("D", "bot", level)], {}, seed=seed)


async def my_turn(session, *, kinds=(Phase.PLAY,)):
    """Take the session's updates, in order, until one shows its seat must decide (or
    the game is over); returns that update's view."""
    async def wait():
        while True:
            update = await session.next()
            view = update.view
            if (session.asks(update) and view.phase in kinds) or view.phase is Phase.GAME_OVER:
                return view
    return await asyncio.wait_for(wait(), WAIT)


@pytest.mark.parametrize("players, options", SETUPS)
async def test_a_full_bot_match_runs_to_the_final_standings(players, options):
    match = Match(players_setup(EBBES, bots(players), options, seed=players))
    public = match.session(None)
    await asyncio.wait_for(match.run(), WAIT)
    events = []
    while (update := public.poll()) is not None:
        events.append(update)
    assert [u.seq for u in events] == list(range(1, len(events) + 1))  # numbered, none lost
    over = [u.event for u in events if isinstance(u.event, GameOver)]
    assert len(over) == 1 and match.state.phase is Phase.GAME_OVER
    scored = [u for u in events if isinstance(u.event, RoundScored)]
    assert len(scored) == len(match.state.results)
    assert len(scored) == 5 or options.choose_determiners
    assert list(over[0].totals) == match.state.totals
    assert match.state.dummy not in over[0].winners
    assert all(u.view.hand == () for u in events)  # the public table shows no hand


async def test_once_the_game_is_over_no_bot_takes_a_seat_and_nobody_gives_one_back():
    """R21 at the very end: a player who leaves as the game ends (the last save still on
    its way at a shared table) is not stood in for, nor is a seat given back; the
    record keeps who played."""
    played = Match(one_human(seed=6))
    ann = played.session(0)
    task = asyncio.create_task(played.run())
    while (view := await my_turn(ann, kinds=tuple(Phase))).phase is not Phase.GAME_OVER:
        ann.submit(view.actions[0])
    await asyncio.wait_for(task, WAIT)
    stood_in = Match(one_human(seed=6))
    stood_in.stand_in(0, "random")  # Ann was away: a bot played her seat to the end
    await asyncio.wait_for(stood_in.run(), WAIT)
    for match, human in ((played, True), (stood_in, False)):
        public, changes = match.session(None), match.record().get("seat_changes")
        match.stand_in(0, "normal")
        match.give_back(0)
        assert match.human_plays(0) is human and match.record().get("seat_changes") == changes
        assert public.poll() is None  # nobody told of a change


@pytest.mark.parametrize("level", ["random", "normal", "hard"])
async def test_save_after_every_decision_and_resume_anywhere_reproduces_the_game(level):
    """A resumed game gets the same bot answers as an uninterrupted one, hard included
    (its budget is samples, not time)."""
    rng = random.Random(0)
    setups = SETUPS if level != "hard" else SETUPS[2:4]
    for players, options in setups:
        save = MemorySave()
        setup = players_setup(EBBES, bots(players, level), options, seed=11)
        match = Match(setup, save=save, bot_factory=_quick(level), bot_pause=0)
        await asyncio.wait_for(match.run(), 120)
        final = save.texts[-1]
        assert final == dumps(match.record())  # the last decision is never left unsaved
        assert len(save.texts) > len(match.state.results)  # saved as the game went
        for text in rng.sample(save.texts, 2):
            resumed_save = MemorySave()
            resumed = Match.resume(EBBES, json.loads(text), save=resumed_save,
                                   bot_factory=_quick(level), bot_pause=0)
            await asyncio.wait_for(resumed.run(), 120)
            assert resumed_save.texts[-1] == final


def _quick(level):
    """Bots as the match makes them; hard with a small sample budget to keep it fast."""
    from ebbes_tui.bots import make_bot

    return lambda game, lv: make_bot(game, lv, samples=8) if lv == "hard" else make_bot(game, lv)


async def test_resuming_while_the_nix_holder_chooses_gives_the_same_hand_and_decision():
    setup = players_setup(EBBES, [("Ann", "human", None), ("B", "bot", "random"),
                           ("C", "bot", "random")], {}, seed=2)
    save = MemorySave()
    match = Match(setup, save=save)
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    rng = random.Random(1)
    view = await my_turn(ann, kinds=(Phase.PLAY, Phase.CHOOSE_STARTER))
    while view.phase is Phase.PLAY:  # Ann plays until she must name a starter
        ann.submit(rng.choice(view.actions))
        view = await my_turn(ann, kinds=(Phase.PLAY, Phase.CHOOSE_STARTER))
    assert view.phase is Phase.CHOOSE_STARTER
    match.stop()
    await task
    resumed = Match.resume(EBBES, json.loads(save.texts[-1]))
    again = resumed.session(0)
    task = asyncio.create_task(resumed.run())
    assert await my_turn(again, kinds=(Phase.CHOOSE_STARTER,)) == view
    resumed.stop()
    await task


async def test_a_session_decides_only_for_its_own_seat_and_illegal_cards_change_nothing():
    match = Match(one_human())
    ann, bea, public = match.session(0), match.session(1), match.session(None)
    task = asyncio.create_task(match.run())
    view = await my_turn(ann)
    assert view.seat == 0 and view.legal and set(view.legal) <= set(view.hand)
    illegal = [c for c in view.hand if c not in view.legal]
    before = match.record()
    if illegal:
        with pytest.raises(IllegalMove) as err:
            ann.submit(PlayCard(illegal[0]))
        assert err.value.player_text.startswith("You must follow")
    with pytest.raises(NotYourTurn):
        bea.submit(PlayCard(view.legal[0]))  # Bea's session may not play Ann's card
    with pytest.raises(NotYourTurn):
        public.submit(PlayCard(view.legal[0]))
    assert match.record() == before
    assert public.view().hand == () and public.view().actions == ()
    assert not set(bea.view().hand) & set(view.hand)
    ann.submit(PlayCard(view.legal[0]))
    update = await asyncio.wait_for(public.next(), WAIT)
    while not (isinstance(update.event, CardPlayed) and update.event.seat == 0):
        update = await asyncio.wait_for(public.next(), WAIT)
    assert update.event == CardPlayed(0, view.legal[0])
    match.stop()
    await task


async def test_a_screen_that_lost_updates_catches_up_from_a_snapshot():
    match = Match(players_setup(EBBES, bots(3), {}, seed=4))
    watcher = match.session(None)
    assert isinstance(watcher.snapshot().event, Synced)  # not over: a view to draw, no news
    await asyncio.wait_for(match.run(), WAIT)
    first = await watcher.next()
    while watcher.poll() is not None:  # the screen misses everything after the first
        pass
    caught_up = watcher.snapshot()
    # the game is over: the snapshot says how it ended, as a screen opened now shows it
    assert isinstance(caught_up.event, GameOver) and caught_up.event == match.ended
    assert caught_up.seq == match.seq > first.seq
    assert caught_up.view == match.state.view(None)


async def test_take_back_restores_the_position_before_the_players_last_card_exactly():
    match = Match(one_human(seed=8))
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    rng = random.Random(2)
    for _ in range(3):
        ann.submit(rng.choice((await my_turn(ann)).actions))
    view_before = await my_turn(ann)
    before = match.record()
    ann.submit(rng.choice(view_before.actions))
    await my_turn(ann)
    assert match.record() != before and match.can_take_back(0)
    ann.take_back()
    assert match.record() == before and ann.view() == view_before
    update = await asyncio.wait_for(ann.next(), WAIT)
    while not isinstance(update.event, TakenBack):
        update = await asyncio.wait_for(ann.next(), WAIT)
    assert update.view == view_before
    match.stop()
    await task


async def test_take_back_never_reaches_back_past_a_deal():
    """R20: once round 2 is dealt, Ann has seen its hands; her last card of round 1
    cannot be taken back, and a card of round 2 can."""
    match = Match(one_human(seed=8))
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    rng = random.Random(2)
    view = await my_turn(ann, kinds=(Phase.PLAY, Phase.CHOOSE_STARTER))
    while view.round_no == 0:
        ann.submit(rng.choice(view.actions))
        view = await my_turn(ann, kinds=(Phase.PLAY, Phase.CHOOSE_STARTER))
    if view.phase is Phase.CHOOSE_STARTER:
        ann.submit(view.actions[1])
        view = await my_turn(ann)
    assert view.round_no == 1 and 0 not in view.trick_seats and not view.tricks
    assert not match.can_take_back(0)
    before = match.record()
    with pytest.raises(IllegalMove, match="no card of yours to take back in this round"):
        ann.take_back()
    assert match.record() == before
    ann.submit(view.actions[0])
    await my_turn(ann)
    assert match.can_take_back(0)
    ann.take_back()
    assert match.state.round_no == 1 and match.record()["rounds"][:1] == before["rounds"][:1]
    match.stop()
    await task


async def test_take_back_is_off_in_hot_seat():
    setup = players_setup(EBBES, [("Ann", "human", None), ("Bob", "human", None),
                           ("C", "bot", "random")], {}, seed=1)
    match = Match(setup)
    assert not match.take_back_allowed
    with pytest.raises(IllegalMove, match="one player against bots"):
        match.session(0).take_back()


async def test_a_bot_stands_in_for_an_away_player_and_gives_the_seat_back():
    """R21: the seat keeps its name and score, a bot decides while the player is away,
    and the record notes from which decision the bot played and when it gave back."""
    match = Match(one_human(seed=6))
    ann, public = match.session(0), match.session(None)
    task = asyncio.create_task(match.run())
    view = await my_turn(ann)
    match.stand_in(0, "random")
    with pytest.raises(NotYourTurn, match="bot plays this seat"):
        ann.submit(view.actions[0])

    async def bot_played_for_ann():
        while True:
            event = (await public.next()).event
            if isinstance(event, CardPlayed) and event.seat == 0:
                return event
    await asyncio.wait_for(bot_played_for_ann(), WAIT)
    match.give_back(0)
    view = await my_turn(ann)
    ann.submit(view.actions[0])
    changes = match.record()["seat_changes"]
    assert [c["player"] for c in changes] == ["bot:random", "human"]
    assert changes[0]["seat"] == 0 and changes[0]["at"] < changes[1]["at"]
    assert match.record()["players"][0]["name"] == "Ann"
    seen = [u.event for u in iter(public.poll, None)]
    assert SeatChanged(0, human=True) in seen
    match.stop()
    await task
    resumed = Match.resume(EBBES, match.record())
    assert resumed.human_plays(0) and resumed.seat_changes == changes


async def test_hot_seat_covers_the_table_from_each_deal_and_for_each_other_player():
    setup = players_setup(EBBES, [("Ann", "human", None), ("Bob", "human", None),
                           ("Cy", "human", None)], {"starter": 0}, seed=4)
    match = Match(setup)
    screen = HotSeat(match, (0, 1, 2))
    task = asyncio.create_task(match.run())

    async def turn_of(seat):
        update = await asyncio.wait_for(screen.next(), WAIT)
        while update.view.to_move != seat:
            update = await asyncio.wait_for(screen.next(), WAIT)
        return update

    update = await turn_of(0)
    assert screen.seat is None and update.view.hand == ()  # covered since the deal
    assert screen.needs_player(update.view) == 0
    with pytest.raises(NotYourTurn, match="hand-off"):
        screen.submit(PlayCard(match.state.legal_moves()[0]))
    shown = screen.take(0)
    assert shown.view.seat == 0 and shown.view.hand == match.session(0).view().hand
    screen.submit(shown.view.actions[0])
    update = await turn_of(1)
    assert screen.needs_player(update.view) == 1  # Bob's turn: Ann's hand must go
    assert screen.cover().view.hand == ()
    match.stop()
    await task
    screen.close()


async def test_a_new_deal_covers_the_hot_seat_table_even_with_a_player_at_it():
    setup = players_setup(EBBES, [("Ann", "human", None), ("Bob", "human", None),
                           ("Cy", "bot", "random")], {}, seed=3)
    match = Match(setup)
    screen = HotSeat(match, (0, 1))
    screen.take(0)
    task = asyncio.create_task(match.run())
    update = await asyncio.wait_for(screen.next(), WAIT)
    while not isinstance(update.event, RoundStarted):
        update = await asyncio.wait_for(screen.next(), WAIT)
    assert screen.seat is None and update.view.hand == ()
    match.stop()
    await task


def test_a_setup_with_an_unknown_bot_level_is_refused():
    from ebbes_tui.games.ebbes.rules import SetupError
    with pytest.raises(SetupError, match="unknown bot level 'genius'"):
        Match(players_setup(EBBES, [("A", "bot", "genius"), ("B", "bot", "random"),
                             ("C", "bot", "random")], {}))


def test_setup_defaults_draw_a_seed_that_the_record_keeps():
    match = Match(MatchSetup(EBBES, one_human().seats))
    seed = match.record()["seed"]
    assert isinstance(seed, int) and replay(match.record()).phase is Phase.DEAL
    assert Match(MatchSetup(EBBES, one_human().seats)).record()["seed"] != seed


async def test_every_bot_decision_takes_the_same_least_time_forced_or_not():
    """Issue 16, item 20: the hard bot answered at once when it had one legal card and
    thought otherwise, so the delay told the others whether it had a choice. Every bot
    decision now waits the same pause (counted on the match's own clock, no sleep):
    each one is applied only once its pause is over."""
    from ebbes_tui.controller.match import BOT_PAUSES, bot_pause_for

    setup = players_setup(EBBES, [("A", "bot", "hard"), ("B", "bot", "normal"),
                                  ("C", "bot", "random")], {}, seed=5)
    assert bot_pause_for(setup.seats) == BOT_PAUSES["hard"] > 0
    assert bot_pause_for(players_setup(EBBES, bots(3, "normal"), {}).seats) == 0
    pauses: list[tuple[float, int, int]] = []  # (seconds, decision pending, answers allowed)
    early = []  # decisions made before their pause was over

    async def clock(seconds: float) -> None:
        pending = match.decision
        pauses.append((seconds, pending, len(match.state.legal_actions())))
        for _ in range(20):  # the bot's thread may well finish meanwhile ...
            await asyncio.sleep(0)
        if match.decision != pending:  # ... but its answer waits for the pause
            early.append(pending)

    match = Match(setup, bot_factory=_quick("hard"), sleep=clock)
    await asyncio.wait_for(match.run(), 120)
    decided = match.state.decisions_made()
    assert [d for _, d, _ in pauses] == list(range(decided))  # each decision paused once
    assert {seconds for seconds, _, _ in pauses} == {BOT_PAUSES["hard"]}
    assert any(n == 1 for _, _, n in pauses) and any(n > 1 for _, _, n in pauses)
    assert not early


async def test_a_hang_up_writes_the_last_decision_even_while_its_write_waits_for_a_thread(
        monkeypatch):
    """The writer hands records to a thread; a hang-up ends the process without the loop
    (terminal.exit_on_hangup). Its ``save_now``, called from the guard thread, writes the
    newest record, so a card played just before the connection drops is not lost."""
    import threading

    from ebbes_tui.controller.match import _Writer

    async def never_written(self):  # the writer's thread has not run before the hang-up
        await asyncio.Event().wait()

    monkeypatch.setattr(_Writer, "_drain", never_written)
    save = MemorySave()
    match = Match(one_human(seed=3), save=save, bot_pause=0)
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    card = (await my_turn(ann)).legal[0]
    ann.submit(PlayCard(card))
    await my_turn(ann)  # the bots played on; every record since waits for the thread
    assert save.texts == []
    guard = threading.Thread(target=match.save_now)
    guard.start()
    guard.join(WAIT)
    saved = json.loads(save.texts[-1])
    assert saved == json.loads(dumps(match.record()))
    assert card.code in [play for r in saved["rounds"] for play in r["plays"]]
    match.stop()
    task.cancel()


async def test_can_take_back_is_worked_out_once_a_decision_however_often_a_screen_asks(
        monkeypatch):
    """Issue 23, item 14: the table asks on every redraw and key; the game's take_back
    replays the whole game, so the answer is kept until a decision is made."""
    match = Match(one_human(seed=8))
    ann = match.session(0)
    task = asyncio.create_task(match.run())
    rng = random.Random(2)
    calls = []
    take_back = match.game.records.take_back

    def counting(record, seat):
        calls.append(seat)
        return take_back(record, seat)

    monkeypatch.setattr(match.game.records, "take_back", counting)
    ann.submit(rng.choice((await my_turn(ann)).actions))
    await my_turn(ann)
    assert all(match.can_take_back(0) for _ in range(50)) and len(calls) == 1
    ann.take_back()
    await my_turn(ann)
    calls.clear()
    answers = {match.can_take_back(0) for _ in range(50)}
    assert len(calls) == 1 and answers == {False}  # nothing of this round's to take back
    match.stop()
    await task
