"""A Blindes Huhn hand being arranged is kept as it stands (issue 25, point 4; H3 and
"Game records": a deal saved while hands are arranged holds each seat's order so far).
Each change of order goes to the match as a draft, not a decision: saved, so quitting
and Continue, or a hang-up at a shared table, bring the hand back in its order; never
shown to another seat or a spectator; and a table refuses a draft that is not the
sender's own hand being arranged."""

from __future__ import annotations

import asyncio
import json

import pytest
from table_support import WAIT, LocalTable, Raw, spec, until
from test_huhn_screens import huhn_app, table
from ui_support import seats, wait_until

from ebbes_tui.controller import Match, NotYourTurn, SaveStore, players_setup
from ebbes_tui.game.errors import IllegalMove
from ebbes_tui.games.huhn import GAME as HUHN
from ebbes_tui.games.huhn.rules.actions import Arrange
from ebbes_tui.ui.table import TableScreen

SETTINGS = {"players": 3, "options": {"dealer": 2},
            "seats": seats(("Ann", "human"), ("Bob", "random"), ("Cyd", "random"))}


def arranging(app) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.is_mounted and table(app).arranging


def saved_deal(tmp_path) -> dict:
    """The deal in progress in the one save on disk."""
    store = SaveStore(tmp_path / "saves")
    [info] = store.list()
    return json.loads(store.path(info.slot).read_text())["deals"][-1]


async def test_quit_mid_arrangement_and_continue_brings_the_hand_back_in_its_order(tmp_path):
    app = huhn_app(tmp_path, SETTINGS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await wait_until(pilot, lambda: arranging(app), "Ann arranges")
        dealt = list(app.screen.view.hand)
        await pilot.press("o", "right", "greater_than_sign", "greater_than_sign")
        order = list(table(app).arrangement.order)
        assert order != dealt and sorted(order) == sorted(dealt)
        await pilot.press("q", "q")  # quit, confirmed
        await wait_until(pilot, lambda: not app.is_running, "ebbes quits")
    deal = saved_deal(tmp_path)
    assert deal["hands"][0] == [str(c) for c in order] and deal["arranged"][0] is False
    assert deal["plays"] == []  # no decision: Ann has not arranged
    again = huhn_app(tmp_path, continue_game=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: arranging(again), "Ann arranges again")
        # the log says how the deal began (play-through: back at a shared table while
        # hands were arranged, it held only the totals)
        lines = [line for _, line in again.screen.game_log.lines]
        assert lines == ["Deal 1 of 3: Cyd deals, You lead the first trick. Everyone "
                         "arranges their hand.", "Bob has arranged.", "Cyd has arranged."]
        assert table(again).arrangement.order == order
        assert again.screen.view.hand == tuple(order)
        await pilot.press("enter")  # done, in the order she left it
        await wait_until(pilot, lambda: again.game.match.state.orders[0] is not None,
                         "Ann's arrangement")
        assert again.game.match.state.orders[0] == tuple(order)


async def test_a_draft_is_no_decision_and_only_the_seats_own_hand_being_arranged():
    """The match keeps a draft without numbering it or telling any session; it refuses
    one of another hand's cards, one while the seat is not arranging, and a spectator's."""
    setup = players_setup(HUHN, [("Ann", "human", None), ("Bob", "human", None),
                                 ("Cyd", "bot", "random")], {"dealer": 2}, seed=3)
    match = Match(setup, bot_pause=0)
    ann, bob, watcher = match.session(0), match.session(1), match.session(None)
    task = asyncio.create_task(match.run())
    await until(lambda: match.state.phase == "arrange" and match.state.orders[2] is not None)
    for session in (ann, bob, watcher):
        while session.poll() is not None:
            pass
    seq, decision, theirs = match.seq, match.decision, match.state.view(1)
    order = tuple(sorted(match.state.hands[0], reverse=True))
    ann.draft(Arrange(order))
    assert match.state.hands[0] == list(order) and ann.view().hand == order
    assert (match.seq, match.decision) == (seq, decision)  # nothing told, nothing decided
    assert bob.poll() is None and watcher.poll() is None and ann.poll() is None
    assert bob.view() == theirs and watcher.view().hand == ()
    bobs = tuple(match.state.hands[1])
    for session, action, refusal in (
            (ann, Arrange(bobs), "exactly the cards of the hand"),
            (ann, Arrange(order[:-1]), "exactly the cards of the hand"),
            (watcher, Arrange(order), "spectator")):
        with pytest.raises(IllegalMove, match=refusal):
            session.draft(action)
        assert match.state.hands[0] == list(order) and match.state.hands[1] == list(bobs)
    ann.submit(Arrange(order))
    with pytest.raises(NotYourTurn):  # arranged: there is nothing to keep any more
        ann.draft(Arrange(order))
    match.stop()
    await asyncio.wait_for(task, WAIT)


async def test_a_bot_standing_in_for_an_away_player_arranges_as_they_had():
    """A player who leaves a shared table mid-arrangement, or whose time runs out, finds
    on coming back the order they had made, not one the stand-in bot chose: the order
    so far is their answer, and the bot makes it (a real table's player lost his)."""
    setup = players_setup(HUHN, [("Ann", "human", None), ("Bob", "human", None),
                                 ("Cyd", "bot", "random")], {"dealer": 2}, seed=3)
    match = Match(setup, bot_pause=0)
    task = asyncio.create_task(match.run())
    await until(lambda: match.state.phase == "arrange" and match.state.orders[2] is not None)
    low = tuple(sorted(match.state.hands[0]))
    order = (*low[1:], low[0])  # the lowest card at the right end: no bot's order
    match.session(0).draft(Arrange(order))
    match.stand_in(0)  # Ann is away
    await until(lambda: match.state.orders[0] is not None)
    assert match.state.orders[0] == order
    match.stand_in(1)  # Bob made no order: the bot arranges his hand
    await until(lambda: match.state.orders[1] is not None)
    match.stop()
    await asyncio.wait_for(task, WAIT)


# ------------------------------------------------------------------ a shared table

def table_spec(name: str):
    return spec(name, seats="player,player,bot:random", seed=3, game="huhn", spectators=True,
                options={"dealer": 2}, away_after=None, turn_time=None)


def kept(hosted: LocalTable, seat: int) -> list[int]:
    return hosted.server.play.match.state.hands[seat]


def saved_hand(hosted: LocalTable, seat: int) -> list[str] | None:
    """``seat``'s hand in the deal under way, as the table's save on disk holds it."""
    deals = hosted.record().get("deals")
    return deals[-1]["hands"][seat] if deals else None


async def test_a_hang_up_mid_arrangement_and_rejoining_bring_the_hand_back(home):
    from ebbes_tui.table.client import connect_table
    from ebbes_tui.ui.app import EbbesApp

    async with LocalTable(home, table_spec("hens")) as hosted:
        other = await hosted.join(player=2)  # Bob stays while Ann hangs up
        first = EbbesApp(pace=0, animation=False,
                         table=await connect_table("hens", directory=hosted.directory, player=1))
        async with first.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: arranging(first), "Ann arranges")
            await pilot.press("o", "o", "right", "greater_than_sign")  # descending, one moved
            order = list(table(first).arrangement.order)
            assert order != sorted(order, reverse=True)
            await wait_until(pilot, lambda: kept(hosted, 0) == order, "the table keeps it")
        # The app is gone, its connection with it: Ann hung up mid-arrangement.
        await until(lambda: 0 not in hosted.server.connections.connected_seats())
        # The save is written off the event loop, so it follows the match a moment later.
        await until(lambda: saved_hand(hosted, 0) == [str(c) for c in order],
                    what=lambda: f"the save to keep {order}, not {saved_hand(hosted, 0)}")
        again = EbbesApp(pace=0, animation=False,
                         table=await connect_table("hens", directory=hosted.directory, player=1))
        async with again.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: arranging(again), "Ann arranges again")
            assert table(again).arrangement.order == order
            assert again.screen.view.hand == tuple(order)
        other.close()


async def test_the_table_refuses_a_draft_that_is_not_the_senders_hand_being_arranged(home):
    """Hostile drafts get a clear one-sentence error and change nothing."""
    async with LocalTable(home, table_spec("rude")) as hosted:
        raw = await Raw.open(hosted, {"player": 1})
        bob = await hosted.join(player=2)  # the game starts when both are here
        while not (await raw.receive("state"))["view"]["actions"]:
            pass
        watcher = await Raw.open(hosted, {"role": "spectator"})
        await watcher.receive("state")
        state = hosted.server.play.match.state
        mine, bobs = list(state.hands[0]), list(state.hands[1])
        ordered = " ".join(map(str, sorted(mine)))
        answers = [
            ({"action": "arrange " + " ".join(map(str, bobs))}, "not-kept",
             "You must arrange exactly the cards of the hand."),
            ({"action": "arrange " + ordered + " " + ordered.split()[0]}, "not-kept", None),
            ({"action": "arrange " + " ".join(ordered.split()[1:])}, "not-kept", None),
            ({"action": "play " + str(mine[0])}, "not-kept", None),
            ({"action": "arrange 99 x"}, "bad-field", None),
            ({"action": "fold"}, "bad-field", None),
            ({}, "bad-field", None),
            ({"action": "arrange " + ordered, "seat": 1}, "bad-field", None),
            ({"action": ["arrange"]}, "bad-field", None),
        ]
        for fields, code, text in answers:
            raw.send({"type": "draft", **fields})
            error = await raw.receive("error")
            assert error["code"] == code, (fields, error)
            assert text is None or error["text"] == text
            assert error["text"].count(".") >= 1 and "\n" not in error["text"]
            assert state.hands[0] == mine and state.hands[1] == bobs
        watcher.send({"type": "draft", "action": "arrange " + ordered})
        assert (await watcher.receive("error"))["code"] == "not-seated"
        raw.send({"type": "draft", "action": "arrange " + ordered})  # a good one is kept
        await until(lambda: state.hands[0] == sorted(mine))
        raw.send({"type": "decide", "decision": 0, "action": "arrange " + ordered})
        await until(lambda: state.orders[0] is not None)
        raw.send({"type": "draft", "action": "arrange " + " ".join(map(str, mine))})
        assert (await raw.receive("error"))["code"] == "not-kept"  # arranged: too late
        assert state.hands[0] == sorted(mine)
        for connection in (raw, watcher, bob):
            connection.close()


async def test_nobody_else_ever_hears_of_a_hand_being_arranged(home):
    """Privacy: another seat and a spectator are sent nothing about a draft, and no
    message to them ever carries the order (H3, H13)."""
    seen: dict[str, list[dict]] = {"bob": [], "watcher": []}

    def tap(who):
        return lambda way, message: seen[who].append(message) if way == "in" else None

    async with LocalTable(home, table_spec("secret")) as hosted:
        ann = await hosted.join(player=1)
        bob = await hosted.join(player=2, tap=tap("bob"))
        watcher = await hosted.join(watch=True, tap=tap("watcher"))
        feed = await ann.game()
        await until(lambda: feed.latest.view.actions, what="Ann arranges")
        await bob.game()
        await watcher.game()
        await until(lambda: hosted.server.play.match.state.orders[2] is not None)
        hand = list(feed.latest.view.hand)
        orders = [sorted(hand), sorted(hand, reverse=True), [*hand[1:], hand[0]]]
        before = {who: len(messages) for who, messages in seen.items()}
        for order in orders:
            feed.draft(Arrange(tuple(order)))
            await until(lambda order=order: kept(hosted, 0) == order, what="the order kept")
        for client, who in ((bob, "bob"), (watcher, "watcher")):
            client.send({"type": "sync"})  # every answer to the drafts came before this
            await until(lambda who=who: any(m["type"] == "state" and m["event"]["type"] ==
                                            "synced" for m in seen[who][before[who]:]))
        for who, messages in seen.items():
            after = messages[before[who]:]
            assert [m for m in after if m["type"] == "state"
                    and m["event"]["type"] != "synced"] == [], who  # nothing happened
            text = json.dumps(messages)
            for order in orders:
                assert json.dumps(order) not in text and json.dumps(list(map(str, order))) \
                    not in text and " ".join(map(str, order)) not in text, who
            views = [m["view"] for m in messages if m["type"] == "state"]
            assert views and all(not set(v["hand"]) & set(hand) for v in views), who
        for client in (ann, bob, watcher):
            client.close()
