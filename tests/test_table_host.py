"""A host who can run a table (issue 15, items 7, 8, 10, 11, 13; issue 16, item 3): the
turn clock hands a frozen player's decision to a bot until they act again (R21); the
host hands a seat to a bot, shows a watcher out, closes, invites, uninvites, opens and
closes the table, each refused to anyone else; counts and messages that were wrong;
chat kept for newcomers; a recap for a player who comes back; who starts and deals
round 1. Several users without root (`Users`); time moved by hand (`ManualClock`)."""

from __future__ import annotations

import asyncio

import pytest
from table_support import WAIT, LocalTable, ManualClock, Raw, Users, neighbours, spec, until

from ebbes_tui.controller.events import SeatChanged
from ebbes_tui.games.ebbes.rules.events import TrickWon
from ebbes_tui.table.client import ask_table, connect_table, find_tables
from ebbes_tui.table.commands import describe
from ebbes_tui.game.events import ChatLine
from ebbes_tui.table.events import Presence
from ebbes_tui.table.headless import play_bot
from ebbes_tui.table.protocol import VERSION
from ebbes_tui.table.rendezvous import TableError
from ebbes_tui.table.saved import saved_slot


@pytest.fixture
def users(tmp_path):
    return neighbours(tmp_path)


def alices(tmp_path, users, clock=None, **kw) -> LocalTable:
    alice = users.system("alice")
    return LocalTable(tmp_path, spec("t", alice, **kw), system=alice, clock=clock,
                      parent=tmp_path / "tmp")


async def sit(table: LocalTable, users: Users, login: str, **kw):
    from ebbes_tui.table.client import TableClient

    connection = await connect_table("alice/t", directory=table.directory,
                                     system=users.system(login), **kw)
    return await TableClient.start(connection)


async def host_says(table, users, login, message) -> str:
    return await ask_table("alice/t", message, directory=table.directory,
                           system=users.system(login))


async def test_a_frozen_players_time_runs_out_a_bot_decides_and_they_take_the_seat_back(
        users, tmp_path):
    """bob's terminal is stopped on his turn: after --turn-time a bot makes that decision
    and plays his seat, which shows away though connected, until he acts again (R21)."""
    clock = ManualClock()
    async with alices(tmp_path, users, clock, seats="player,user:bob,bot:random", seed=4,
                      turn_time=120.0, away_after=None) as table:
        alice = await sit(table, users, "alice", player=1)
        bob = await sit(table, users, "bob", player=2)
        playing = asyncio.ensure_future(play_bot(alice, "random"))
        feed = await asyncio.wait_for(bob.game(), WAIT)
        match = table.server.play.match
        await until(lambda: match.awaiting == (1,) and 1 in table.server.away.turn_timers)
        pending = match.decision
        clock.advance(119)
        await asyncio.sleep(0.05)
        assert match.human_plays(1) and match.decision == pending  # not yet
        clock.advance(2)
        await until(lambda: match.decision > pending)  # the bot made bob's decision
        assert not match.human_plays(1)
        presence = await until(lambda: feed.presence if feed.presence and
                               feed.presence.seats[1].bot else None)
        bob_seat = presence.seats[1]
        assert bob_seat.connected and bob_seat.away_since is not None and bob_seat.bot == "normal"
        assert presence.turn_time == 120.0
        feed.wake()  # bob presses a key
        await until(lambda: match.human_plays(1))
        playing.cancel()
        for client in (alice, bob):
            client.close()
    changes = [(c["seat"], c["player"]) for c in table.record()["seat_changes"]]
    assert changes == [(1, "bot:normal"), (1, "human")]


async def test_when_every_players_time_has_run_out_the_game_waits_for_one_of_them(
        users, tmp_path):
    """Played through: two players left their screens, both turn clocks ran out, and the
    stand-in bots finished the whole match in a tenth of a second. A bot stands in for
    each (R21), but the game waits until one of them is back."""
    clock = ManualClock()
    async with alices(tmp_path, users, clock, seats="player,user:bob,bot:random", seed=4,
                      turn_time=120.0, away_after=None) as table:
        alice = await sit(table, users, "alice", player=1)
        bob = await sit(table, users, "bob", player=2)
        feeds = [await asyncio.wait_for(c.game(), WAIT) for c in (alice, bob)]
        match = table.server.play.match
        while not match.nobody_here:
            await until(lambda: any(match.human_plays(s) for s in match.awaiting) and
                        set(match.awaiting) & set(table.server.away.turn_timers))
            clock.advance(121)
            await until(lambda: match.nobody_here or not any(
                match.human_plays(s) for s in match.awaiting))
        waiting_at = match.decision
        for _ in range(20):  # room for the bots to play on, were they let
            await asyncio.sleep(0.01)
        assert match.decision == waiting_at and not match.finished.is_set()
        feeds[0].wake()  # alice presses a key: her seat is hers, the game goes on
        await until(lambda: match.human_plays(0) and not match.nobody_here)
        await until(lambda: match.decision > waiting_at or 0 in match.awaiting)
        for client in (alice, bob):
            client.close()


async def test_the_host_hands_a_seat_to_a_bot_and_shows_a_watcher_out(users, tmp_path):
    async with alices(tmp_path, users, seats="player,user:bob,bot:random", spectators=True,
                      seed=2) as table:
        alice = await sit(table, users, "alice", player=1)
        bob = await sit(table, users, "bob", player=2)
        carol = await sit(table, users, "carol", watch=True)
        await asyncio.wait_for(alice.game(), WAIT)
        match = table.server.play.match
        with pytest.raises(TableError, match="Only the host can hand a seat to a bot"):
            await host_says(table, users, "bob", {"type": "bot", "player": 1})
        said = await host_says(table, users, "alice", {"type": "bot", "player": 2})
        assert said == "A normal bot plays for bob until they act again."
        await until(lambda: not match.human_plays(1))
        with pytest.raises(TableError, match="Only the host can remove a watcher"):
            await host_says(table, users, "carol", {"type": "remove", "login": "carol"})
        said = await host_says(table, users, "alice", {"type": "remove", "login": "carol"})
        assert said == "carol may not watch alice/t any more and was shown out."
        await until(lambda: carol.closed)
        assert carol.ended.text == 'alice/t says: "alice asked you to leave alice/t."'
        with pytest.raises(TableError, match="alice asked you not to watch alice/t"):
            await sit(table, users, "carol", watch=True)
        [for_carol] = await find_tables(table.directory, system=users.system("carol"))
        assert describe(for_carol).endswith("; private")  # no "spectators welcome; watch"
        [for_bob] = await find_tables(table.directory, system=users.system("bob"))
        assert ", spectators welcome; invited" in describe(for_bob)
        for client in (alice, bob):
            client.close()


async def test_the_hosts_commands_change_the_running_table_and_are_refused_to_others(
        users, tmp_path):
    async with alices(tmp_path, users, seats="player,player,player") as table:
        for message in ({"type": "close"}, {"type": "invite", "logins": ["carol"]},
                        {"type": "uninvite", "logins": ["alice"]}, {"type": "set", "open": True},
                        {"type": "bot", "player": 1}, {"type": "remove", "login": "alice"}):
            with pytest.raises(TableError, match='^alice/t says: "Only the host can'):
                await host_says(table, users, "bob", message)
        with pytest.raises(TableError, match='^alice/t says: "This table is not open to you'):
            await sit(table, users, "bob")
        said = await host_says(table, users, "alice", {"type": "invite", "logins": ["bob"]})
        assert said == "bob may now join alice/t."
        bob = await sit(table, users, "bob")
        bob.close()
        await until(lambda: not table.server.connections.connected_seats())
        said = await host_says(table, users, "alice", {"type": "uninvite", "logins": ["bob"]})
        assert said == "bob may no longer join alice/t."
        with pytest.raises(TableError, match="not open to you"):
            await sit(table, users, "bob")
        # the host's own table speaks plainly to the host
        with pytest.raises(TableError, match="^There is no user called 'nobody-here'"):
            await host_says(table, users, "alice", {"type": "invite", "logins": ["nobody-here"]})
        said = await host_says(table, users, "alice", {"type": "set", "open": True,
                                                       "spectators": True})
        assert said == "At alice/t anyone on this server may sit down, and anyone may watch."
        carol = await sit(table, users, "carol", watch=True)
        bob = await sit(table, users, "bob")  # open to all now
        said = await host_says(table, users, "alice", {"type": "set", "open": False,
                                                       "spectators": False})
        assert said == "At alice/t only those invited may sit down, and only players may watch."
        await until(lambda: carol.closed)
        assert carol.ended.text == 'alice/t says: "alice closed alice/t to you."'
        assert not bob.closed  # a seat held stays held
        said = await host_says(table, users, "alice", {"type": "close"})
        assert said == "alice closed the table alice/t."
        await table.ended()
        await until(lambda: bob.closed)
        assert bob.ended.text == 'alice/t says: "alice closed the table alice/t."'


async def test_closing_a_running_game_saves_it_for_reopening(users, tmp_path):
    async with alices(tmp_path, users, seats="player,bot:random,bot:random", seed=3) as table:
        alice = await sit(table, users, "alice")
        await asyncio.wait_for(alice.game(), WAIT)
        said = await host_says(table, users, "alice", {"type": "close"})
        assert said == ("alice closed the table alice/t; the game is saved: alice can reopen it "
                        "with 'ebbes table serve t'.")
        await table.ended()
    assert saved_slot(table.store, "t") is not None


async def test_reserved_seats_are_not_free_and_a_private_table_says_private_once(
        users, tmp_path):
    """A seat kept for bob is not free for carol (she was told '2 free' and then that
    every seat was taken); bob is told it is kept for him."""
    async with alices(tmp_path, users, seats="player,user:bob,user:carol,bot:random",
                      spectators=True) as table:
        parent = table.directory
        [for_dave] = await find_tables(parent, system=users.system("carol"))
        assert (for_dave["seats"], for_dave["free_seats"], for_dave["kept_for_you"]) == (4, 1, 1)
        assert describe(for_dave).startswith("alice/t: lobby, 4 seats (1 free, 1 kept for you)")
    async with alices(tmp_path, users, seats="player,player") as table:
        [private] = await find_tables(table.directory, system=users.system("bob"))
        line = describe(private)
        assert line == "alice/t: ebbes; private"
        assert set(private) == {"host", "name", "socket", "access", "game"}  # no pid either
        # Nothing but its game for a user it is private to: not its seats, its
        # options, how far it is or who watches (the host and pid: its socket's).
        raw = await Raw.open(table, system=users.system("bob"))
        raw.send({"type": "info", "version": VERSION})
        told = await raw.receive("info")
        assert told == {"type": "info", "version": VERSION, "game": "ebbes", "name": "t",
                        "host": "alice", "access": "private"}
        raw.close()
        [invited] = await find_tables(table.directory, system=users.system("alice"))
        assert describe(invited).startswith("alice/t: lobby, 2 seats (")


async def test_a_decision_from_the_future_is_not_already_made(tmp_path):
    # Seed 3 deals the first decision to the player: with a bot first, the refusal
    # could be "not your turn", by how fast the bot was.
    async with LocalTable(tmp_path, spec(seats="player,bot:random,bot:random", seed=3)) as table:
        raw = await Raw.open(table, {})
        state = await raw.receive("state")
        raw.send({"type": "decide", "decision": state["decision"] + 5, "action": "play blue1"})
        error = await raw.receive("error")
        assert error["text"] == "That decision has not come yet."
        raw.send({"type": "decide", "decision": state["decision"] - 1, "action": "play blue1"})
        assert (await raw.receive("error"))["text"] == "That decision has already been made."
        raw.close()


async def test_the_table_keeps_the_last_50_chat_lines_for_newcomers(users, tmp_path):
    clock = ManualClock()
    async with alices(tmp_path, users, clock, seats="player,player,player",
                      spectators=True) as table:
        alice = await sit(table, users, "alice")
        kept = table.server.chat.kept
        for n in range(60):
            alice.send_chat(f"line {n}")
            await until(lambda: kept and kept[-1]["text"] == f"line {n}")  # noqa: B023
            clock.advance(2)  # one line every two seconds is allowed
        assert len(kept) == 50
        carol = await sit(table, users, "carol", watch=True)
        lines = []
        while len(lines) < 50:
            event = await asyncio.wait_for(carol.next_lobby_event(), WAIT)
            if isinstance(event, ChatLine):
                lines.append(event)
        assert [line.text for line in lines] == [f"line {n}" for n in range(10, 60)]
        assert all(line.earlier and line.sender == "alice" for line in lines)
        for client in (alice, carol):
            client.close()


async def test_a_player_who_comes_back_gets_a_recap_of_what_they_missed(tmp_path):
    async with LocalTable(tmp_path, spec(seats="player,player,bot:random", seed=8,
                                         away_after=0.0)) as table:
        a = await table.join(player=1)
        b = await table.join(player=2)
        playing = asyncio.ensure_future(play_bot(b, "random"))
        await asyncio.wait_for(a.game(), WAIT)
        a.close()  # gone: a bot plays the seat (R21) while a trick or two go by
        match = table.server.play.match
        start = match.decision
        await until(lambda: match.decision > start + 8)
        back = await table.join(player=1)
        feed = await asyncio.wait_for(back.game(), WAIT)
        missed = feed.missed
        assert missed and all(u.view.seat is None and u.view.hand == () for u in missed)
        events = [type(u.event) for u in missed]
        assert SeatChanged in events and TrickWon in events
        assert [u.seq for u in missed] == sorted(u.seq for u in missed)
        playing.cancel()
        for client in (back, b):
            client.close()


@pytest.mark.parametrize("seats, starter, dealer, expected", [
    ("player,bot:random,bot:random", 2, None, {"starter": 1}),
    ("bot:random,player,bot:random,bot:random", 4, None, {"starter": 3}),
    ("player,bot:random", 1, 2, {"starter": 1, "dealer": 2}),  # the dummy is seat 0 (R15)
    ("player,bot:random", None, 1, {"dealer": 1}),
])
async def test_the_host_chooses_who_starts_and_deals_round_1(tmp_path, seats, starter,
                                                             dealer, expected):
    """R11, R15: at a shared table as in a local game."""
    chosen = {key: value - 1 for key, value in (("starter", starter), ("dealer", dealer))
              if value is not None}  # the options count the players from 0
    async with LocalTable(tmp_path, spec(seats=seats, options=chosen, seed=1)) as table:
        player = await table.join()
        await asyncio.wait_for(player.game(), WAIT)
        await until(lambda: table.record().get("rounds"))
        first = table.record()["rounds"][0]
        assert {key: first[key] for key in expected} == expected
        player.close()


async def test_presence_says_how_long_a_player_has_and_who_watches(users, tmp_path):
    async with alices(tmp_path, users, seats="player,bot:random,bot:random", spectators=True,
                      turn_time=60.0) as table:
        alice = await sit(table, users, "alice")
        carol = await sit(table, users, "carol", watch=True)
        feed = await asyncio.wait_for(alice.game(), WAIT)
        presence = await until(lambda: feed.presence if feed.presence and
                               feed.presence.watching else None)
        assert isinstance(presence, Presence) and presence.turn_time == 60.0
        assert presence.watching == ("carol",) and presence.watchers == 1
        for client in (alice, carol):
            client.close()


async def test_a_host_command_for_a_table_you_do_not_have_names_whose_it_is(
        users, tmp_path, capsys):
    """carol's `ebbes table close mon` said "There is no table called carol/mon" (issue
    23, item 12): now that she has no table mon, and that alice/mon is alice's to close."""
    from types import SimpleNamespace

    from ebbes_tui.table.commands import host_command

    alice = users.system("alice")
    parent = tmp_path / "tmp"
    async with LocalTable(tmp_path, spec("mon", alice), system=alice, parent=parent) as table:
        for action, what in (("close", "close it"), ("set", "change who may come to it")):
            args = SimpleNamespace(action=action, name="mon", dir=parent, open=True,
                                   spectators=None)
            assert await asyncio.to_thread(host_command, args, users.system("carol")) == 2
            assert capsys.readouterr().err == (
                f"ebbes: You have no table called mon: alice/mon is alice's, and only alice "
                f"can {what}.\n")
        args = SimpleNamespace(action="close", name="tue", dir=parent)
        assert await asyncio.to_thread(host_command, args, users.system("carol")) == 2
        assert capsys.readouterr().err == ("ebbes: You have no table called tue: 'ebbes table "
                                           "list' shows the open ones.\n")
        assert not table.server.done.is_set()


async def test_the_access_list_keeps_uids_so_a_renamed_user_is_in_and_a_namesake_out(
        users, tmp_path):
    """The table kept its invitations as logins (issue 23, item 15): bob, invited and
    then renamed robert, was refused; carol, whom the user database also called "bob"
    (a second entry of that name), sat down in his place. Now it keeps uids, as tmux
    does: a login only names a user, once, when the host invites or removes them."""
    from table_support import FakeSystem

    class Directory(FakeSystem):
        """alice's user database, which may name carol's uid "bob" too."""
        also: dict[int, str] = {}

        def login_of(self, uid):
            return self.also.get(uid) or super().login_of(uid)

    alice = Directory(users, users.uids["alice"])
    async with LocalTable(tmp_path, spec("t", alice, seats="player,player,bot:random",
                                         invite=frozenset({"bob"})),
                          system=alice, parent=tmp_path / "tmp") as table:
        users.uids["robert"] = users.uids.pop("bob")  # bob is renamed
        robert = await sit(table, users, "robert")
        assert [(s.login, s.uid) for s in table.server.seating.seats[:1]] == \
            [("robert", users.uids["robert"])]
        Directory.also[users.uids["carol"]] = "bob"
        for watch in (False, True):
            with pytest.raises(TableError, match="not open to you|Nobody may watch"):
                await sit(table, users, "carol", watch=watch)
        said = await host_says(table, users, "alice", {"type": "uninvite", "logins": ["robert"]})
        assert said == "robert may no longer join alice/t (a seat robert holds stays theirs)."
        said = await host_says(table, users, "alice", {"type": "invite", "logins": ["carol"]})
        assert said == "carol may now join alice/t."
        carol = await sit(table, users, "carol")  # invited by uid, whatever she is called
        for client in (robert, carol):
            client.close()


async def test_a_slow_user_database_never_stops_the_table_while_the_host_invites(
        users, tmp_path):
    """`invite`, `uninvite` and `remove` looked the login up on the table's event loop
    (issue 23, item 14): while the directory service took its time over carol, nobody
    could sit down or play. Now it is asked in a thread, and bob sits down meanwhile."""
    import threading

    from table_support import FakeSystem

    slow = threading.Event()

    class SlowDirectory(FakeSystem):
        def uid_of(self, login):
            if login == "carol":
                slow.wait(WAIT)
            return super().uid_of(login)

    alice = SlowDirectory(users, users.uids["alice"])
    async with LocalTable(tmp_path, spec("t", alice, seats="player,player,bot:random",
                                         invite=frozenset({"bob"})),
                          system=alice, parent=tmp_path / "tmp") as table:
        inviting = asyncio.create_task(
            host_says(table, users, "alice", {"type": "invite", "logins": ["carol"]}))
        try:
            await until(lambda: table.server._tasks)  # the lookup is under way
            bob = await asyncio.wait_for(sit(table, users, "bob"), WAIT)
            assert not inviting.done()
        finally:
            slow.set()
        assert await asyncio.wait_for(inviting, WAIT) == "carol may now join alice/t."
        bob.close()


async def test_a_reopened_table_keeps_a_seat_for_its_holders_uid_though_renamed(
        users, tmp_path):
    """Who held which seat was saved by login alone (issue 23, item 15): bob, renamed
    robert, could not take his seat back at the reopened table. The uid is kept beside
    the login now; a save of the older kind (logins only) still reads."""
    from ebbes_tui.table.saved import HOLDERS_SUFFIX, read_holders

    alice = users.system("alice")
    async with alices(tmp_path, users, seats="player,user:bob,bot:random", seed=5) as table:
        players = [await sit(table, users, login, player=k + 1)
                   for k, login in enumerate(("alice", "bob"))]
        await asyncio.wait_for(players[0].game(), WAIT)
        for player in players:
            player.close()
        await table.ended()
    slot = saved_slot(table.store, "t")
    bob = users.uids["bob"]
    assert read_holders(table.store, slot)[1] == ("bob", bob)
    users.uids["robert"] = users.uids.pop("bob")
    async with LocalTable(tmp_path, spec("t", alice), saved=slot, system=alice,
                          parent=tmp_path / "tmp") as reopened:
        robert = await sit(reopened, users, "robert")
        assert robert.seat == 1
        robert.close()
    (table.store.root / f"{slot}{HOLDERS_SUFFIX}").write_text('{"0": "alice", "1": "bob"}')
    assert read_holders(table.store, slot) == {0: ("alice", None), 1: ("bob", None)}


async def test_listing_tables_does_not_keep_an_empty_lobby_open(users, tmp_path):
    """Played through: carol's empty table stayed open 22 minutes although nobody came
    for LOBBY_IDLE, because every `table list` (an info connection) started the count
    again. Only a person who joins counts; after them the count starts afresh."""
    from ebbes_tui.table.server import LOBBY_IDLE

    clock = ManualClock()
    async with alices(tmp_path, users, clock) as table:
        server = table.server
        clock.advance(LOBBY_IDLE - 10)
        [listed] = await find_tables(table.directory, system=users.system("bob"))
        assert listed["name"] == "t"
        await until(lambda: not server.connections.clients, what="the info connection to end")
        clock.advance(20)  # LOBBY_IDLE + 10 since it opened, 20 since bob listed it
        await table.ended()
    assert server.done.is_set()


async def test_a_person_who_joins_keeps_the_lobby_open_and_the_count_restarts(
        users, tmp_path):
    from ebbes_tui.table.server import LOBBY_IDLE

    clock = ManualClock()
    async with alices(tmp_path, users, clock, spectators=True) as table:
        server = table.server
        clock.advance(LOBBY_IDLE - 10)
        carol = await sit(table, users, "carol", watch=True)
        clock.advance(LOBBY_IDLE * 2)
        assert not server.done.is_set()  # someone is there
        carol.close()
        await until(lambda: not server.connections.clients, what="carol to leave")
        clock.advance(LOBBY_IDLE - 1)
        assert not server.done.is_set()
        clock.advance(2)
        await table.ended()
