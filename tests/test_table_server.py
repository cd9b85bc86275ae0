"""A table server in the test's event loop, with real Unix sockets and real clients:
the lobby, private hands, players away and back (R21), saving when everyone leaves
and reopening, chat, the remote feed, and hostile input that never disturbs a game."""

import asyncio
import re
import threading

import pytest
from table_support import WAIT, LocalTable, ManualClock, Raw, leaked_cards, spec, until

from ebbes_tui.controller import NotYourTurn, Synced
from ebbes_tui.game.registry import all_games
from ebbes_tui.games.ebbes.rules import IllegalMove, Phase, PlayCard, replay
from ebbes_tui.games.ebbes.rules.cards import ALL_CARDS
from ebbes_tui.table.client import SeatElsewhere, TableClient, join_table
from ebbes_tui.game.events import ChatLine
from ebbes_tui.table.events import GameStarted, Lobby, Presence, Refused
from ebbes_tui.table.headless import play_bot, watch
from ebbes_tui.table import connections
from ebbes_tui.table.play import not_an_action
from ebbes_tui.table.rendezvous import TableError, own_address
from ebbes_tui.table.saved import read_holders, saved_slot


def tapped():
    """A tap that keeps every message a client receives."""
    seen = []
    return seen, lambda way, message: seen.append(message) if way == "in" else None


async def lobby_until(client, kind):
    while not isinstance(event := await asyncio.wait_for(client.next_lobby_event(), WAIT), kind):
        pass
    return event


async def test_the_game_starts_when_seats_fill_and_nobody_sees_another_hand(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random", spectators=True,
                                         seed=4)) as table:
        seen_a, tap_a = tapped()
        a = await table.join(player=1, tap=tap_a)
        lobby = await lobby_until(a, Lobby)
        assert a.seat == 0 and lobby.can_start and lobby.host == table.address.host
        assert [(s.kind, s.connected) for s in lobby.seats] == \
            [("player", True), ("player", False), ("bot", False)]
        seen_w, tap_w = tapped()
        watcher = await table.join(watch=True, tap=tap_w)
        seen_b, tap_b = tapped()
        b = await table.join(player=2, tap=tap_b)  # one user may hold several seats
        assert b.seat == 1 and watcher.seat is None
        results = await asyncio.wait_for(asyncio.gather(
            play_bot(a, "random"), play_bot(b, "random"), watch(watcher)), WAIT)
        assert results == [0, 0, 0]
        for client in (a, b, watcher):
            client.close()
        await table.ended()  # over, everyone gone: the table ends by itself
    record = table.record()
    replay(record)  # every rule checked
    assert [p["name"] for p in record["players"]] == [table.address.host,
                                                      f"{table.address.host} (2)", "Bot 1"]
    assert leaked_cards(seen_a, record, 0) == [] and leaked_cards(seen_b, record, 1) == []
    assert leaked_cards(seen_w, record, None) == []
    states = [m for m in seen_w if m["type"] == "state"]
    assert states and all(m["view"]["hand"] == [] for m in states)
    assert all("round" in m and "played" in m for m in seen_a if m["type"] in ("state", "presence"))
    assert not table.address.path.exists()


async def test_the_host_can_start_early_with_bots_in_the_empty_seats(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,player", spectators=True)) as table:
        watcher = await table.join(watch=True)
        watcher.start_game()
        refused = await lobby_until(watcher, Refused)
        assert refused.text == "Nobody is seated yet."
        a = await table.join()
        a.start_game()
        await lobby_until(a, GameStarted)
        feed = await a.game()
        names = [s.name for s in feed.snapshot().view.config.seats]
        assert names == [table.address.host, "Bot 1", "Bot 2"]
        assert await asyncio.wait_for(play_bot(a, "random"), WAIT) == 0


async def test_a_player_who_drops_is_away_a_bot_stands_in_and_they_take_the_seat_back(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random",
                                         away_after=0.2, seed=8)) as table:
        a = await table.join(player=1)
        seen_b, tap_b = tapped()
        b = await table.join(player=2, tap=tap_b)
        await a.game()
        playing_b = asyncio.ensure_future(play_bot(b, "random"))
        a.close()
        away = await until(lambda: [m for m in seen_b if m["type"] == "presence"
                                    and not m["seats"][0]["connected"]])
        assert away[0]["seats"][0]["away"] is not None and away[0]["seats"][1]["connected"]
        # After away_after a bot plays the seat (R21), and the game goes on without them.
        await until(lambda: any(m["type"] == "state" and m["event"]["type"] == "seat_changed"
                                for m in seen_b))
        match = table.server.play.match
        start = match.decision
        await until(lambda: match.decision > start + 3 or match.finished.is_set())
        back = await table.join()  # the same user, no seat asked for: their own seat
        assert back.seat == 0
        feed = await back.game()
        assert feed.snapshot().view.seat == 0
        await until(lambda: match.human_plays(0))
        assert await asyncio.wait_for(play_bot(back, "random"), WAIT) == 0
        assert await asyncio.wait_for(playing_b, WAIT) == 0
        back.close()
        b.close()
        await table.ended()
    changes = table.record()["seat_changes"]
    assert [(c["seat"], c["player"]) for c in changes] == [(0, "bot:normal"), (0, "human")]
    events = [m["event"] for m in seen_b if m["type"] == "state"]
    assert {"type": "seat_changed", "seat": 0, "human": False, "level": "normal"} in events
    assert {"type": "seat_changed", "seat": 0, "human": True, "level": None} in events


async def decide_a_few(feed, count):
    """Answer ``count`` decisions with the first legal action."""
    update = feed.snapshot()
    while count:
        if feed.asks(update):
            feed.submit(update.view.actions[0], update.decision)
            count -= 1
        update = await asyncio.wait_for(feed.next(), WAIT)


async def test_when_everyone_leaves_the_game_is_saved_and_reopens_where_it_stopped(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=5)) as table:
        a = await table.join()
        await decide_a_few(await a.game(), 4)
        a.close()
        await table.ended()
    slot = saved_slot(table.store, "t")
    assert slot is not None and \
        read_holders(table.store, slot) == {0: (table.address.host, table.address.uid)}
    decisions = table.server.play.match.decision
    async with LocalTable(tmp_path, spec(), saved=slot) as reopened:
        seen, tap = tapped()
        a = await reopened.join(tap=tap)
        assert seen[0]["table"]["reopened"] and seen[0]["seat"] == 0
        await a.game()
        first = next(m for m in seen if m["type"] == "state")
        assert first["decision"] == decisions and first["event"] == {"type": "synced"}
        assert first["view"]["seat"] == 0 and first["view"]["hand"]
        assert await asyncio.wait_for(play_bot(a, "random"), WAIT) == 0
        a.close()
        await reopened.ended()
    assert replay(reopened.record()).phase is Phase.GAME_OVER
    assert saved_slot(table.store, "t") is None  # archived, never reopened again


async def test_chat_reaches_everyone_cleaned_and_a_chatterbox_is_slowed_down(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random",
                                         spectators=True)) as table:
        a = await table.join(player=1)
        watcher = await table.join(watch=True)
        a.send({"type": "chat", "text": "hi\x1b[2J there\u202e!"})
        line = await lobby_until(watcher, ChatLine)
        assert line == ChatLine(table.address.host, "hi [2J there !", 0, at=(0, 0))  # before the game
        b = await table.join(player=2)
        feed = await b.game()
        for n in range(8):
            b.send_chat(f"line {n}")
        texts, refusals = [], []
        while len(texts) + len(refusals) < 8:
            update = await asyncio.wait_for(feed.next(), WAIT)
            if isinstance(update.event, ChatLine):
                texts.append(update.event.text)
                assert update.view.seat == 1  # table news comes with the latest view
            elif isinstance(update.event, Refused):
                refusals.append(update.event.code)
        # One user (the tests run as one): a's line above used one of the five at once.
        assert texts[:4] == [f"line {n}" for n in range(4)] and "slow-down" in refusals


async def test_the_remote_feed_behaves_like_a_local_session(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=11)) as table:
        a = await table.join()
        feed = await a.game()
        assert feed.take_back_offered is False and not feed.can_take_back()
        with pytest.raises(NotYourTurn):
            feed.take_back()
        assert isinstance(feed.snapshot().event, Synced)
        update = feed.snapshot()
        while not (feed.asks(update) and update.view.phase is Phase.PLAY):
            update = await asyncio.wait_for(feed.next(), WAIT)
        view = update.view
        stranger = next(c for c in ALL_CARDS if c not in view.hand)
        with pytest.raises(IllegalMove) as refused:
            feed.submit(PlayCard(stranger), update.decision)
        assert refused.value.player_text == f"You cannot play {stranger}: it is not in the hand."
        with pytest.raises(NotYourTurn):
            feed.submit(view.actions[0], update.decision + 1)
        assert feed.asks(update)  # nothing was sent: still open
        presence = feed.presence
        assert isinstance(presence, Presence) and presence.turn == 0
        assert presence.seats[0].connected and presence.turn_since is not None
        # A refusal that only the server can give comes back as an update.
        a.send({"type": "decide", "decision": update.decision - 1, "action": str(view.actions[0])})
        while not isinstance((later := await asyncio.wait_for(feed.next(), WAIT)).event, Refused):
            pass
        assert later.event.code == "not-your-turn" and feed.asks(later)
        feed.submit(view.actions[0], update.decision)
        assert not feed.asks(update) and not feed.asks(later)
        with pytest.raises(NotYourTurn):
            feed.submit(view.actions[0])
        after = await asyncio.wait_for(feed.next(), WAIT)
        assert after.decision == update.decision + 1
        assert await asyncio.wait_for(play_bot(a, "random"), WAIT) == 0


async def play_raw(raw, seat):
    """Play ``seat`` over a raw connection with the first legal action, to the end
    (asking for the full view first: what came meanwhile was read past)."""
    answered = -1
    raw.send({"type": "sync"})
    while True:
        message = await raw.receive("state")
        view = message["view"]
        if view["phase"] == "game_over":
            return
        if view["actions"] and view["pending"]["seat"] == seat and message["decision"] > answered:
            raw.send({"type": "decide", "decision": message["decision"],
                      "action": view["actions"][0]})
            answered = message["decision"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_refused_action_is_answered_with_examples_of_the_tables_game(tmp_path, game):
    """Issue 23, item 9: a Hund table answered 'fold' with "e.g. 'play blue10'". Now the
    examples are the seat's own answers at its turn (legal in this game, right now)."""
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=5,
                                         game=game.id)) as table:
        raw = await Raw.open(table, {"player": 1})
        while not (message := await raw.receive("state"))["view"]["actions"]:
            pass
        raw.send({"type": "decide", "decision": message["decision"], "action": "fold"})
        error = await raw.receive("error")
        raw.close()
    view = game.wire.view_from_json(message["view"])
    examples = re.findall(r"'([^']*)'", error["text"])
    assert error["code"] == "bad-field" and error["text"].startswith("That is not an action")
    assert examples and all(game.rules.parse_action(e) in view.actions for e in examples), error


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_an_action_sent_out_of_turn_is_explained_in_the_games_own_words(game):
    """When the seat has no decision to give examples from, the game's own parser says
    what an action looks like."""
    with pytest.raises(ValueError) as refused:
        game.rules.parse_action("fold")
    said = not_an_action((), "fold", refused.value)
    assert said.startswith("That ") and "fold" not in said
    assert said.removeprefix("That").rstrip(".") in str(refused.value)


async def test_hostile_input_gets_errors_and_the_game_goes_on(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random", spectators=True,
                                         seed=2)) as table:
        good = await table.join(player=1)
        playing = asyncio.ensure_future(play_bot(good, "random"))
        hostile = await Raw.open(table, {"player": 2})
        welcome = await hostile.receive("welcome")
        assert welcome["seat"] == 1
        await hostile.receive("state")
        answers = [
            (b"\xff\xfe\x00junk\n", "bad-line"),
            (b'{"type": "hello", "version": 1}\n', "hello-again"),
            (b"x" * 10000 + b"\n", "too-long"),
            (b'{"type": "warp", "to": "seat 0"}\n', "unknown-type"),
            (b'{"type": "decide", "decision": 0, "action": "play blue1", "seat": 0}\n',
             "not-your-seat"),
            (b'{"type": "decide", "decision": 0, "action": "fold"}\n', "bad-field"),
            (b'{"type": "decide", "decision": 99, "action": "play blue1"}\n', "not-your-turn"),
        ]
        for line, code in answers:
            hostile.send_bytes(line)
            error = await hostile.receive("error")
            assert error["code"] == code, (line[:30], error)
        # A newer client, a client that skips hello, a spectator that plays, a flood.
        newer = await Raw.open(table, {"version": 99})
        assert (await newer.receive("error"))["code"] == "version" and await newer.closed()
        # An ebbes from before the game seam (protocol 1, no games in its hello) is told
        # in one sentence; so is a client that cannot play this table's game.
        older = await Raw.open(table)
        older.send({"type": "hello", "version": 1})
        error = await older.receive("error")
        assert error["code"] == "version" and await older.closed()
        assert error["text"].count(".") == 1 and "version 2, not 1" in error["text"]
        elsewhere = await Raw.open(table, {"games": ["huhn", "hund"]})
        error = await elsewhere.receive("error")
        assert error["code"] == "game" and await elsewhere.closed()
        assert "plays ebbes, which this ebbes cannot play" in error["text"]
        rude = await Raw.open(table)
        rude.send({"type": "decide", "decision": 0, "action": "play blue1"})
        assert (await rude.receive("error"))["code"] == "hello-first"
        watcher = await Raw.open(table, {"role": "spectator"})
        await watcher.receive("state")
        watcher.send({"type": "decide", "decision": 0, "action": "play blue1"})
        assert (await watcher.receive("error"))["code"] == "not-seated"
        watcher.send_bytes(b'{"type": "sync"}\n' * 500)
        assert await watcher.closed()
        codes = [m["code"] for m in watcher.seen if m["type"] == "error"]
        assert "slow-down" in codes and codes[-1] == "flood"
        # The hostile seat now plays properly, and both seats finish the game.
        await asyncio.wait_for(play_raw(hostile, 1), WAIT)
        assert await asyncio.wait_for(playing, WAIT) == 0
        for raw in (hostile, rude):
            raw.close()
        good.close()
        await table.ended()
    replay(table.record())


async def test_a_table_takes_only_so_many_connections(tmp_path, monkeypatch):
    monkeypatch.setattr(connections, "MAX_CLIENTS", 3)
    async with LocalTable(tmp_path, spec(seats="player,player,player")) as table:
        idle = [await Raw.open(table) for _ in range(3)]
        await until(lambda: len(table.server.connections.clients) == 3)
        extra = await Raw.open(table, {})
        assert (await extra.receive("error"))["code"] == "busy" and await extra.closed()
        idle[0].close()
        await until(lambda: len(table.server.connections.clients) == 2)
        welcome = await (await Raw.open(table, {})).receive("welcome")
        assert welcome["seat"] == 0
        for raw in idle[1:]:
            raw.close()


async def test_a_table_forwarded_by_a_socket_of_ones_own_can_be_joined(tmp_path):
    """What `ssh -L` does: the user's own process relays a socket in the user's own
    table directory (under another parent) to the table."""
    async def relay(reader, writer):
        up_reader, up_writer = await asyncio.open_unix_connection(str(table.address.path))

        async def pipe(source, sink):
            while data := await source.read(65536):
                sink.write(data)
            sink.close()
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random")) as table:
        forwarded = own_address("t", tmp_path / "forwarded")
        relaying = await asyncio.start_unix_server(relay, path=str(forwarded.path))
        connection = await asyncio.to_thread(join_table, "t", directory=tmp_path / "forwarded")
        client = await TableClient.start(connection)
        assert client.seat == 0
        assert await asyncio.wait_for(play_bot(client, "random"), WAIT) == 0
        client.close()
        relaying.close()


async def test_a_second_terminal_of_the_same_user_takes_a_free_seat_never_a_held_one(tmp_path):
    """Found by play: a second `ebbes table join` by the same user was put in the seat
    its first terminal held, so both followed seat 1 and the game never started."""
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random")) as table:
        first = await table.join()
        second = await table.join()
        assert (first.seat, second.seat) == (0, 1)
        with pytest.raises(TableError, match="already at seat 1, in another terminal"):
            await table.join(player=1)
        with pytest.raises(TableError, match="already at seat 1, in another terminal; every"):
            await table.join()
        for client in (first, second):
            client.close()


async def test_a_seat_held_by_a_frozen_terminal_is_taken_over_by_its_user(tmp_path):
    """Play-through: bob's old terminal froze (a dropped SSH session whose process lived
    on) and held his seat: "You are already at seat 2, in another terminal; every other
    seat is taken." for ever. Joining with take_over moves the seat to the new terminal,
    where the game is, and tells the old one why it was let go."""
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random")) as table:
        frozen = await table.join()  # reads nothing from here on
        await until(lambda: table.server.play.match is not None, what="the game")
        with pytest.raises(SeatElsewhere, match="already at seat 1, in another terminal"):
            await table.join()
        with pytest.raises(SeatElsewhere, match="already at seat 1, in another terminal"):
            await table.join(player=1)
        here = await table.join(take_over=True)
        assert here.seat == 0
        await until(lambda: frozen.ended is not None, what="the old terminal let go")
        assert frozen.ended.text.endswith("Your seat moved to another terminal of yours.")
        assert table.server.connections.connected_seats() == {0}
        assert await asyncio.wait_for(play_bot(here, "random"), WAIT) == 0  # to the end
        await until(lambda: table.server.play.over, what="the game over, at the table too")
        here.close()
        frozen.close()


async def test_join_at_the_command_line_says_how_to_take_a_held_seat_over(tmp_path, capsys):
    import argparse

    from ebbes_tui.table.commands import join

    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random")) as table:
        frozen = await table.join()
        args = argparse.Namespace(name="t", dir=table.directory, watch=False, seat=None,
                                  trace=None, take_over=False, bot="random", think=0.0)
        assert await asyncio.to_thread(join, args, None) == 2
        said = capsys.readouterr().err
        assert "already at seat 1, in another terminal" in said
        assert said.rstrip().endswith("ebbes table join t --take-over")
        frozen.close()


def test_a_client_that_stops_reading_is_cut_off_not_left_half_closed(monkeypatch):
    """Review: closing a client that does not read waited for its buffer to drain, for
    ever (Ctrl-Z in its terminal), so its seat was never marked away. It is aborted."""
    from ebbes_tui.table.clock import Clock
    from ebbes_tui.table.system import Peer

    class Transport:
        aborted = closed = False

        def get_write_buffer_size(self):
            return connections.MAX_BACKLOG + 1

        def abort(self):
            self.aborted = True

    class Writer:
        transport = Transport()

        def is_closing(self):
            return False

        def write(self, data):
            pass

        def close(self):
            self.transport.closed = True

    writer = Writer()
    client = connections.Client(writer, Peer(0, 0, 0), "root", Clock())
    client.send({"type": "presence"})
    assert client.closed and writer.transport.aborted and not writer.transport.closed


async def test_coming_back_after_the_game_ended_leaves_it_finished(tmp_path):
    """Review: a player who rejoined after a bot finished their game had the seat handed
    back, which saved the archived game again, so the table offered it as unfinished."""
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random", seed=6,
                                         away_after=0.01)) as table:
        a = await table.join(player=1)
        b = await table.join(player=2)
        await asyncio.wait_for(b.game(), WAIT)
        b.close()  # gone for good: a bot plays seat 2 to the end
        assert await asyncio.wait_for(play_bot(a, "random"), WAIT) == 0
        await until(lambda: table.server.play.over)
        back = await table.join(player=2)
        await asyncio.sleep(0.1)  # what the server does on the way back has happened
        assert saved_slot(table.store, "t") is None
        assert len(list((table.store.root / "finished").glob("t.*.json"))) == 1
        for client in (a, back):
            client.close()


async def test_chat_is_limited_per_user_not_per_connection(tmp_path):
    """Review: each connection had its own allowance, so a user with several connections
    could chat several times as fast."""
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random",
                                         spectators=True)) as table:
        first = await table.join(player=1)
        second = await table.join(watch=True)  # the same user again
        for n in range(5):
            first.send_chat(f"line {n}")
        allowances = table.server.chat.allowances
        await until(lambda: len(allowances) == 1 and next(iter(allowances.values())).tokens < 1)
        second.send_chat("one more")
        refused = await lobby_until(second, Refused)
        assert refused.code == "slow-down"
        for client in (first, second):
            client.close()


async def test_the_table_never_touches_its_save_on_the_event_loop(tmp_path, monkeypatch):
    """Issue 23, item 14: taking the save's slot, keeping who holds the seats and
    archiving the finished game are disk work; the loop that answers the players never
    waits for the disk (each runs in a thread)."""
    from ebbes_tui.controller.saves import SaveSlot, SaveStore
    from ebbes_tui.table import saved

    loop_thread = threading.get_ident()
    on_loop: list[str] = []

    def watched(name, real):
        def call(*args, **kw):
            if threading.get_ident() == loop_thread:
                on_loop.append(name)
            return real(*args, **kw)
        return call

    monkeypatch.setattr(SaveStore, "open", watched("open", SaveStore.open))
    monkeypatch.setattr(SaveSlot, "archive", watched("archive", SaveSlot.archive))
    monkeypatch.setattr(saved, "write_holders", watched("write_holders", saved.write_holders))
    monkeypatch.setattr(saved, "forget_holders", watched("forget_holders", saved.forget_holders))
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=4)) as table:
        player = await table.join()
        assert await asyncio.wait_for(play_bot(player, "random"), WAIT) == 0
        player.close()
        await table.ended()
    assert (table.store.root / "finished").is_dir() and table.record()["players"]
    assert on_loop == []


async def test_the_first_players_clock_starts_with_the_game_not_with_the_table(tmp_path):
    """Play-testing: a reopened table waited 35 s for bob in its lobby, and alice's clock
    read 0:37 of 2:00 the moment the game went on: it counted from when the table
    opened (nothing happens in a resumed game before its first decision)."""
    table_spec = spec("t", seats="player,bot:random,bot:random", seed=3)

    async def my_turn(raw: Raw) -> None:
        state = await raw.receive("state")
        while not state["view"]["actions"]:  # dealt, and the player's decision comes up
            state = await raw.receive("state")

    async with LocalTable(tmp_path, table_spec) as first:
        raw = await Raw.open(first, {})
        await my_turn(raw)
        raw.close()
        await first.ended()  # the last person left: saved
    clock = ManualClock()
    saved = saved_slot(first.store, "t")
    async with LocalTable(tmp_path, table_spec, saved, clock=clock) as table:
        clock.advance(100)  # the lobby waits
        raw = await Raw.open(table, {})
        await my_turn(raw)
        raw.send({"type": "sync"})
        presence = await raw.receive("presence")
        assert presence["turn"] == 0 and presence["thinking"] == 0
        raw.close()


async def test_the_table_ends_only_once_its_finished_game_is_archived(tmp_path, monkeypatch):
    """Review: the last player leaving during the archive ended the table and let go of
    its save's lock while the finished game was still being moved to finished/ (for that
    moment it could be reopened as unfinished)."""
    from ebbes_tui.controller.saves import SaveSlot

    moved, events = threading.Event(), []
    archive, close = SaveSlot.archive, SaveSlot.close

    def slow_archive(self):
        moved.wait(WAIT)  # a slow disk
        events.append("archived")
        return archive(self)

    def noting_close(self):
        events.append("slot closed")
        return close(self)

    monkeypatch.setattr(SaveSlot, "archive", slow_archive)
    monkeypatch.setattr(SaveSlot, "close", noting_close)
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=4)) as table:
        player = await table.join()
        assert await asyncio.wait_for(play_bot(player, "random"), WAIT) == 0
        await until(lambda: table.server.play.over)
        player.close()
        await until(lambda: not table.server.connections.clients)
        assert not table.server.done.is_set()  # everyone left, the game still moving
        moved.set()
        await table.ended()
    assert events == ["archived", "slot closed"]
    assert list((table.store.root / "finished").glob("*.json"))


async def test_a_table_closed_in_its_lobby_leaves_no_file_behind(tmp_path):
    """A new table takes its save's slot when it opens (review: every table closed in
    its lobby left a NAME.<time>.lock in tables/ for good)."""
    async with LocalTable(tmp_path, spec("t", seats="player,player")) as table:
        assert list(table.store.root.glob("t.*.lock"))  # taken while the table is open
    assert list(table.store.root.glob("t.*")) == []


async def test_a_chat_slow_down_after_a_move_the_table_took_keeps_it_as_a_move(tmp_path):
    """A review: a "slow-down" for chat typed too fast withdrew the player's last move
    from what their game's record must have, though the game had gone on from it; with
    no other move, their copy of an honest game was refused."""
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=3)) as table:
        client = await table.join()
        feed = await asyncio.wait_for(client.game(), WAIT)
        update = feed.snapshot()
        while not feed.asks(update):
            update = await asyncio.wait_for(feed.next(), WAIT)
        move = update.view.actions[0]
        feed.submit(move)
        await until(lambda: feed.latest.decision > update.decision)  # taken: the game went on
        for n in range(8):
            client.send_chat(f"line {n}")
        while not (isinstance(update.event, Refused) and update.event.code == "slow-down"):
            update = await asyncio.wait_for(feed.next(), WAIT)
        assert [made for _, _, made in client.records.witness.moves] == [str(move)]
        client.close()
