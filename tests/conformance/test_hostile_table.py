"""carol's fake table (tests/hostile_table.py, the one she ran on a real server) against
bob, for every game (issue 23): escapes in every string, words that would read as the
app's own, a game shown but never ended, and 25 records. bob's client shows only clean
text, names every sentence as carol/fri's, and keeps nothing in History or Statistics;
the list shows the table as the kernel says it is."""

from __future__ import annotations

import asyncio

import pytest
from hostile_table import LOCKED, RECORDS, answering
from table_support import (
    WAIT, FakeTable, Keeper, kept_games, neighbours, store_of, unclean, until,
)

from ebbes_tui.controller import Library
from ebbes_tui.game.clean import clean
from ebbes_tui.table.client import TableClient, connect_table, find_tables
from ebbes_tui.table.events import Disconnected, GameStarted, Refused
from ebbes_tui.table.rendezvous import own_address


@pytest.fixture
def users(tmp_path):
    return neighbours(tmp_path)


async def test_bob_at_carols_fake_table_sees_clean_words_named_as_hers_and_keeps_nothing(
        tmp_path, users, game):
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    store = store_of(tmp_path, "bob", game.id)
    async with FakeTable(own_address("fri", parent, carol), carol, answering(game)) as fake:
        [listed] = await find_tables(parent, system=bob)
        client = await TableClient.start(await connect_table("fri", directory=parent,
                                                             system=bob))
        keeper = Keeper(client, Library(game, store))
        lobby = [await client.next_lobby_event()]
        while not isinstance(lobby[-1], GameStarted):
            lobby.append(await asyncio.wait_for(client.next_lobby_event(), WAIT))
        await until(lambda: client.closed)
        await keeper.done()
        client.close()
        await until(lambda: fake.closed == 2)
    assert fake.opened == 2  # the list's question, and bob's hello
    assert (listed["host"], listed["name"]) == ("carol", "fri")  # the kernel's word
    updates = client.feed.waiting()
    assert updates and unclean([listed, lobby, client.lobby_chat, client.presence,
                                [(u.event, u.view) for u in updates]]) == []
    said = [e.text for e in [*lobby, *(u.event for u in updates)]
            if isinstance(e, (Refused, Disconnected))]
    locked = f'carol/fri says: "{clean(LOCKED)}"'
    assert said[0] == locked and said[-1] == locked == client.ended.text
    assert all(text.startswith("carol/fri says: ") or text.startswith("The game record the "
                                                                      "table carol/fri sent")
               for text in said), said
    assert not client.feed.wake()  # a key after the end brings nobody back (its Esc leaves)
    assert keeper.offered == 0 and RECORDS == 25  # 25 records, not one taken
    assert any("came before your game there had ended" in text for text in said)
    assert kept_games(store, game.id) == (0, 0, 0)  # History and Statistics unchanged
