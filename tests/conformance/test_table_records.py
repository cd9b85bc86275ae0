"""A table's game record (issue 23, item 3), for every game: a player keeps one record
per table game, only after the game they sat at has ended, at most 1 MiB, and only if
it agrees with every view they were shown there, none missing, and they made a move in
it; History names the table, and Statistics count a game once however often it
arrives. carol's fake tables replay a real game's messages to bob (waiting for his
moves where its player made one, as bob plays his seat), then send what they like."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest
from table_support import (
    WAIT, FakeTable, Keeper, answering, LocalTable, kept_games, neighbours, spec, store_of, until,
    until_closed,
)

from ebbes_tui.controller import Library, Synced, Update
from ebbes_tui.game.errors import RecordError
from ebbes_tui.game.protocols import SeatInfo, any_answer, listed
from ebbes_tui.controller.history import finished_games
from ebbes_tui.game.registry import DEFAULT_GAME, load_game
from ebbes_tui.table.answers import AnswerBook
from ebbes_tui.table.client import TableClient, connect_table
from ebbes_tui.table.events import Refused
from ebbes_tui.table.headless import play_bot
from ebbes_tui.table.protocol import VERSION
from ebbes_tui.table.rendezvous import own_address
from ebbes_tui.table.witness import Witness



@pytest.fixture
def users(tmp_path):
    return neighbours(tmp_path)


def refusals(client: TableClient) -> list[str]:
    """What the player was told about the table's record."""
    feed = client.feed
    return [u.event.text for u in (feed.waiting() if feed else ())
            if isinstance(u.event, Refused) and u.event.code == "record"]


async def honest_game(tmp_path, gid: str, seed: int, players: int = 1) -> list[list[dict]]:
    """A game at a real table, played by ``players`` bots through the protocol (a
    random bot fills a third seat): every message each player's client received, the
    record included."""
    seats = ",".join(["player"] * players + ["bot:random"] * (3 - players))
    heard: list[list[dict]] = [[] for _ in range(players)]
    async with LocalTable(tmp_path / f"{gid}-{seed}", spec("fri", seats=seats, seed=seed,
                                                           game=gid)) as table:
        clients = [await table.join(tap=lambda way, m, k=k: heard[k].append(m),
                                    player=k + 1) for k in range(players)]
        await asyncio.wait_for(asyncio.gather(*(play_bot(c, "random") for c in clients)),
                               WAIT * 3)
        await until(lambda: all(any(m.get("type") == "record" for m in h) for h in heard))
        for c in clients:
            c.close()
    return heard


def game_only(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m.get("type") not in ("record", "closed")]


def record_of(messages: list[dict]) -> dict:
    return next(m["record"] for m in messages if m.get("type") == "record")


def welcome(gid: str, seat: int = 0) -> dict:
    return {"type": "welcome", "version": VERSION, "game": gid, "role": "player",
            "seat": seat, "player": seat + 1}


def replaying(*messages: dict):
    """A fake table that answers a request with ``messages``, waiting for one of the
    player's moves wherever they hold one the player of the game they come from made
    (a ``decide`` its client sent; other messages it sent are left out), then waits
    for the hang-up."""
    async def answer(reader, writer):
        await reader.readline()
        for message in messages:
            if message.get("type") == "decide":
                while json.loads(await reader.readline() or b'{"type": "decide"}').get(
                        "type") != "decide":
                    pass
            elif message.get("type") not in ("draft", "chat"):
                writer.write(json.dumps(message).encode() + b"\n")
                await writer.drain()
        await until_closed(reader)
    return answer


async def at_carols(tmp_path, users, gid: str, messages: list[dict], plays: bool = False,
                    level: str = "random"):
    """bob at carol's fake table, which says ``messages`` (then closes): his client, and
    what he kept of it. If he ``plays`` his seat (a bot of ``level``: a random one plays
    as the game she replays had its player play), carol waits for his moves where that
    game had its player's."""
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    said = [welcome(gid), *messages, {"type": "closed", "text": "The table has closed."}]
    store = store_of(tmp_path, "bob", gid)
    table = replaying(*said) if plays else answering(*said)
    async with FakeTable(own_address("fri", parent, carol), carol, table):
        connection = await connect_table("fri", directory=parent, system=bob)
        client = await TableClient.start(connection)
        keeper = Keeper(client, Library(load_game(gid), store))
        if plays:
            assert await asyncio.wait_for(play_bot(client, level), WAIT * 3) == 0
        await until(lambda: client.closed)
        await keeper.done()
        client.close()
    return client, keeper, store


async def test_an_honest_game_is_kept_once_counted_once_and_names_its_table(tmp_path, gid):
    """One finished game at a real table: one History entry "at host/fri", counted
    once, even when the same record comes again (from the table or another one)."""
    store = store_of(tmp_path, "me", gid)
    async with LocalTable(tmp_path / "t", spec("fri", seats="player,bot:random,bot:random",
                                               seed=3, game=gid)) as table:
        client = await table.join()
        keeper = Keeper(client, Library(load_game(gid), store))
        assert await asyncio.wait_for(play_bot(client, "random"), WAIT * 3) == 0
        await until(lambda: keeper.offered)
        [path] = await keeper.done()
        assert path is not None and json.loads(path.read_text()) == table.record()
        [entry] = finished_games(store)
        assert entry.table == f"{table.address.host}/fri"
        record = json.loads(path.read_text())
        again = {**record, "table": {"host": "carol", "name": "other"}, "hints": {"0": 3}}
        assert keeper.library.keep_finished(again, "other.", client.records.witness.check) is None
        client.close()
    assert kept_games(store, gid) == (1, 1, 1)


async def test_a_player_who_came_back_keeps_the_game_from_what_they_saw(tmp_path, gid):
    """A player who left mid-game and came back saw only part of it (and a recap):
    the record is held against that part, and kept."""
    store = store_of(tmp_path, "me", gid)
    async with LocalTable(tmp_path / "t", spec("fri", seats="player,player,bot:random",
                                               seed=4, game=gid, away_after=0)) as table:
        first = await table.join(player=1)
        other = await table.join(player=2)  # keeps the table open, and plays to the end
        others = asyncio.ensure_future(play_bot(other, "random"))
        playing = asyncio.ensure_future(play_bot(first, "random"))
        feed = await asyncio.wait_for(first.game(), WAIT)
        await until(lambda: feed.latest.decision >= 6)
        first.close()  # a bot plays for the away seat
        await asyncio.wait_for(playing, WAIT)
        await until(lambda: table.server.play.match.decision > 12)
        client = await table.join(player=1)
        keeper = Keeper(client, Library(load_game(gid), store))
        assert await asyncio.wait_for(play_bot(client, "random"), WAIT * 3) == 0
        await asyncio.wait_for(others, WAIT)
        await until(lambda: keeper.offered)
        [path] = await keeper.done()
        assert path is not None, refusals(client)
        assert client.recap  # what happened while away was told, and checked too
        client.close()
        other.close()
    assert kept_games(store, gid) == (1, 1, 2)  # one game, of two people


async def moves_of_another_game(tmp_path, gid: str, tables) -> list[tuple[int, bytes, str]]:
    """The moves a player kept at another game, of another deal, at a table of the
    same name (as the book of one whose record never came would hold them)."""
    async with LocalTable(tmp_path / "another", spec("fri", seats="player,bot:random,bot:random",
                                                     seed=5, game=gid)) as table:
        client = await table.join(player=1)
        book = AnswerBook.of(tables / "another", table.address)
        client.records.witness.keep_in(book)
        assert await asyncio.wait_for(play_bot(client, "random"), WAIT * 3) == 0
        client.close()
    return book.read()


@pytest.mark.parametrize("book", ["kept", "none", "another game's", "other moves"])
async def test_a_player_who_came_back_only_for_the_end_keeps_the_game_they_played(
        tmp_path, gid, book):
    """A player who hung up mid-game and came back only for the final standings made
    no move in the new connection, and their copy was refused: the moves they made
    before, kept in their book with the view each answered, count. Without the book,
    or with another game's at that table, they do not; and a record whose game shows
    the views they answered but not the moves they made is refused (the hostile user:
    a table kept the view bea answered and made up the rest, her moves too)."""
    store = store_of(tmp_path, "me", gid)
    tables = tmp_path / "me" / "tables"
    async with LocalTable(tmp_path / "t", spec("fri", seats="player,player,bot:random",
                                               seed=4, game=gid, away_after=0)) as table:
        first = await table.join(player=1)
        if book != "none":
            first.records.witness.keep_in(AnswerBook.of(tables, table.address))
        other = await table.join(player=2)  # plays to the end, and keeps the table open
        others = asyncio.ensure_future(play_bot(other, "random"))
        playing = asyncio.ensure_future(play_bot(first, "random"))
        feed = await asyncio.wait_for(first.game(), WAIT)
        await until(lambda: first.records.witness.moves and feed.latest.decision >= 6)
        first.close()  # a bot plays for the away seat, to the end
        await asyncio.wait_for(playing, WAIT)
        await asyncio.wait_for(others, WAIT * 3)
        await until(lambda: table.server.play.over)  # the record went to those there
        if book != "kept":
            kept = AnswerBook.of(tables, table.address)
            moves = await moves_of_another_game(tmp_path, gid, tables) \
                if book == "another game's" else kept.read()
            kept.forget()
            for (decision, view, move), (_, _, next_move) in zip(moves, moves[1:] + moves[:1]):
                if book == "another game's":  # another deal's, at this table's name
                    kept.note(decision, view, move)
                else:  # the same views, each answered otherwise
                    kept.note(decision, view, next_move if next_move != move else "not a move")
        client = await table.join(player=1)
        client.records.witness.keep_in(AnswerBook.of(tables, table.address))
        keeper = Keeper(client, Library(load_game(gid), store))
        assert await asyncio.wait_for(play_bot(client, "random"), WAIT) == 0  # over: no move
        await until(lambda: keeper.offered)
        [path] = await keeper.done()
        client.close()
        other.close()
    if book == "kept":
        assert path is not None, refusals(client)
        assert kept_games(store, gid) == (1, 1, 2)
        assert not list((tables / "answered").iterdir())  # the record came: the book goes
    else:
        assert path is None and kept_games(store, gid) == (0, 0, 0)
        assert refusals(client) == ["The game record the table "
                                    f"{table.address.label} sent was not kept in your "
                                    "History: you made no move in it there."]


async def test_records_from_a_table_that_played_no_game_are_not_kept(tmp_path, users, gid):
    """The issue's attack: 25 records and no game; nothing reaches History."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    client, keeper, store = await at_carols(tmp_path, users, gid,
                                            [{"type": "record", "record": record_of(heard)}] * 25)
    assert keeper.offered == 0 and kept_games(store, gid) == (0, 0, 0)


async def test_twenty_five_records_of_a_game_played_are_kept_once(tmp_path, users, gid):
    [heard] = await honest_game(tmp_path, gid, seed=5)
    record = {"type": "record", "record": record_of(heard)}
    client, keeper, store = await at_carols(tmp_path, users, gid,
                                            [*game_only(heard), *[record] * 25], plays=True)
    assert keeper.offered == 1 and keeper.kept[0] is not None
    assert kept_games(store, gid) == (1, 1, 1)
    assert finished_games(store)[0].table == "carol/fri"  # where it came from, as the kernel says


async def test_a_record_before_the_end_is_refused(tmp_path, users, gid):
    [heard] = await honest_game(tmp_path, gid, seed=5)
    states = game_only(heard)
    last = max(i for i, m in enumerate(states) if m.get("type") == "state"
               and not load_game(gid).wire.view_from_json(m["view"]).over)
    early = [*states[:last + 1], {"type": "record", "record": record_of(heard)}]
    client, keeper, store = await at_carols(tmp_path, users, gid, early)
    assert keeper.offered == 0 and kept_games(store, gid) == (0, 0, 0)
    assert refusals(client) == ["The game record the table carol/fri sent was not kept in "
                                "your History: it came before your game there had ended."]


async def test_a_record_of_a_game_not_played_is_refused(tmp_path, users, gid):
    """Another whole game, every rule kept, but not the one bob saw."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    [other] = await honest_game(tmp_path, gid, seed=6)
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*game_only(heard), {"type": "record", "record": record_of(other)}])
    assert keeper.offered == 1 and keeper.kept == [None]
    assert kept_games(store, gid) == (0, 0, 0)
    [refusal] = refusals(client)
    assert "does not match what the table showed you" in refusal


@pytest.mark.parametrize("shown", ["the last view", "every view"])
async def test_a_record_of_a_game_bob_made_no_move_in_is_refused(tmp_path, users, gid, shown):
    """A hostile user's attack: carol's table shows bob one last view of a game and
    sends its record, and a game he never played was in his History and Statistics
    (the record agreed with the one view he saw). Nor is one kept whose every view he
    was shown while he made no move."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    states = [m for m in game_only(heard) if m.get("type") == "state"]
    said = states[-1:] if shown == "the last view" else game_only(heard)
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*said, {"type": "record", "record": record_of(heard)}])
    assert keeper.offered == 1 and keeper.kept == [None]
    assert kept_games(store, gid) == (0, 0, 0)
    assert refusals(client) == ["The game record the table carol/fri sent was not kept in "
                                "your History: you made no move in it there."]


async def test_a_record_of_a_game_shown_with_decisions_left_out_is_refused(tmp_path, users, gid):
    """bob plays his seat at carol's table, which leaves out what it shows him of the
    decisions in the middle of the game he is not asked: the record's game is not one
    he saw whole, and is not kept."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    script = game_only(heard)
    decisions = sorted({m["decision"] for m in script if m.get("type") == "state"})
    asked = {script[i - 1]["decision"] for i, m in enumerate(script)
             if m.get("type") == "decide" and script[i - 1].get("type") == "state"}
    third = len(decisions) // 3
    hidden = set(decisions[third:2 * third]) - asked
    said = [m for m in script if not (m.get("type") == "state" and m["decision"] in hidden)]
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*said, {"type": "record", "record": record_of(heard)}],
        plays=True)
    assert keeper.offered == 1 and keeper.kept == [None]
    assert kept_games(store, gid) == (0, 0, 0)
    [refusal] = refusals(client)
    said = re.fullmatch(r"The game record the table carol/fri sent was not kept in your "
                        r"History: the table did not show you all of it \(decision (\d+)\)\.",
                        refusal)
    assert said and int(said[1]) - 1 in hidden, refusal


async def test_a_record_where_the_table_made_bobs_moves_for_him_is_refused(tmp_path, users,
                                                                         gid):
    """The hostile user: bob answers every decision at carol's table, and she shows him
    and records another game from the same deal, where his seat's moves are not his (a
    record with one view he answered was enough to be kept, his move or not)."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*game_only(heard), {"type": "record", "record": record_of(heard)}],
        plays=True, level="normal")  # his own moves: not the random player's recorded
    assert keeper.offered == 1 and keeper.kept == [None]
    assert kept_games(store, gid) == (0, 0, 0)
    [refusal] = refusals(client)
    assert re.fullmatch(r"The game record the table carol/fri sent was not kept in your "
                        r"History: it does not have the move you made at decision \d+\.",
                        refusal), refusal


def play_noting_a_look_alike(game, seed: int):
    """A seeded game of ``game``, seat 0's views and moves noted by two witnesses: one
    as played, one noting at the first chance a move of seat 0 that leaves seat 0's
    view as the one played does but the table's otherwise. The game, both, and
    whether that chance came."""
    players = [SeatInfo(f"P{k}", "human" if k == 0 else "bot", None if k == 0 else "random")
               for k in range(3)]
    state = game.rules.new_state(game.rules.seats_for(players), {})
    honest, witness = Witness(game), Witness(game)
    rng, swapped = random.Random(seed), False
    for w in (honest, witness):
        w.saw(Update(0, Synced(), state.view(0), state.decisions_made()))
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            game.rules.resolve_chance(state, seed)
        else:
            answer = noted = any_answer(state.legal(decision.seat), rng)
            if decision.seat == 0:
                if not swapped:
                    noted = look_alike(witness, state, answer)
                    swapped = noted != answer
                update = Update(0, Synced(), state.view(0), state.decisions_made())
                honest.answer(update, str(answer))
                witness.answer(update, str(noted))
            state.apply(answer, decision.seat)
        for w in (honest, witness):
            w.saw(Update(0, Synced(), state.view(0), state.decisions_made()))
    return state, honest, witness, swapped


def look_alike(witness: Witness, state, answer):
    """Another move of seat 0 whose view after it is seat 0's after ``answer``, the
    table's not; else ``answer``."""
    for other in listed(state.legal(0)) or ():
        mine, theirs = state.clone(), state.clone()
        mine.apply(other, 0)
        theirs.apply(answer, 0)
        if other != answer and witness.digest(mine.view(0)) == witness.digest(theirs.view(0)) \
                and witness.digest(mine.view(None)) != witness.digest(theirs.view(None)):
            return other
    return answer


def test_a_record_with_another_move_that_looks_alike_to_its_player_is_refused(tiny):
    """A move the record has not, though the player's own next view is the same (in
    Tiny a card played face down or face up can look alike to its player once the trick
    is over, and the "other moves" test above kept a forged book now and then): the
    table's view after the move must be the record's too, as every other seat saw it."""
    for seed in range(50):  # a deal where such a pair of moves comes up
        state, honest, witness, swapped = play_noting_a_look_alike(tiny, seed)
        if swapped:
            break
    assert swapped
    record = tiny.records.to_record(state)
    assert honest.check(record).decisions_made() == state.decisions_made()
    with pytest.raises(RecordError, match="it does not have the move you made at decision"):
        witness.check(record)


def test_a_view_shown_again_under_an_older_decision_is_refused(gid):
    """A review: a Blindes Huhn table could show a player's turn to play again,
    labelled as a decision where several seats arranged at once, and the move made
    there went uncompared, so the table could record another card for them. A view
    labelled with an older decision than one shown before refuses the record, in
    every game."""
    game = load_game(gid)
    players = [SeatInfo(f"P{k}", "human" if k == 0 else "bot", None if k == 0 else "random")
               for k in range(3)]
    state = game.rules.new_state(game.rules.seats_for(players), {})
    witness, rng = Witness(game), random.Random(2)
    witness.saw(Update(0, Synced(), state.view(0), state.decisions_made()))
    while pending := state.pending():
        decision = rng.choice(pending)
        if decision.seat is None:
            game.rules.resolve_chance(state, 2)
        else:
            answer = any_answer(state.legal(decision.seat), rng)
            if decision.seat == 0:
                witness.answer(Update(0, Synced(), state.view(0), state.decisions_made()),
                               str(answer))
            state.apply(answer, decision.seat)
        witness.saw(Update(0, Synced(), state.view(0), state.decisions_made()))
    record = game.records.to_record(state)
    assert witness.check(record).decisions_made() == state.decisions_made()  # honest: kept
    seat, decision, digest = witness.seen[len(witness.seen) // 2]
    witness.seen.insert(len(witness.seen) // 2 + 1, (seat, decision - 1, digest))
    with pytest.raises(RecordError, match="the table showed you its game out of order"):
        witness.check(record)


async def test_a_record_that_disagrees_with_the_seats_hand_is_refused(tmp_path, users, gid):
    """The table showed bob another seat's hands as his (seat 2's views, labelled his)
    for the second half of the game, then sent the true record."""
    mine, theirs = await honest_game(tmp_path, gid, seed=5, players=2)
    views = {m["seq"]: m["view"] for m in theirs if m.get("type") == "state"}
    states = game_only(mine)
    half = len(states) // 2
    shown = [{**m, "view": {**views[m["seq"]], "seat": 0}}
             if i >= half and m.get("type") == "state" and m["seq"] in views else m
             for i, m in enumerate(states)]
    assert shown != states
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*shown, {"type": "record", "record": record_of(mine)}])
    assert keeper.offered == 1 and keeper.kept == [None]
    assert kept_games(store, gid) == (0, 0, 0)
    [refusal] = refusals(client)
    assert "does not match what the table showed you" in refusal


async def test_a_record_over_1_mib_is_refused_unread(tmp_path, users, gid):
    """A 2 MiB record: no line over 1 MiB is read from a table, so it never reaches a
    replay; the connection ends in one sentence, and nothing is kept."""
    [heard] = await honest_game(tmp_path, gid, seed=5)
    record = {**record_of(heard), "padding": "x" * (2 << 20)}
    client, keeper, store = await at_carols(
        tmp_path, users, gid, [*game_only(heard), {"type": "record", "record": record}])
    assert keeper.offered == 0 and kept_games(store, gid) == (0, 0, 0)
    assert client.ended.text == "The table carol/fri sent a line too long to read."


@pytest.mark.parametrize("asked, answered", [("player", "spectator"), ("spectator", "player")])
async def test_a_spectator_keeps_nothing(tmp_path, users, asked, answered):
    """Nor does one who asked to watch and whose table answers "player" (review: the
    role came from the table's welcome)."""
    gid = DEFAULT_GAME  # whichever game: a spectator keeps no record of it
    [heard] = await honest_game(tmp_path, gid, seed=5)
    bob, carol = users.system("bob"), users.system("carol")
    parent = tmp_path / "tmp"
    watching = {**welcome(gid), "role": answered, "seat": None if answered == "spectator" else 0}
    said = [watching, *game_only(heard), {"type": "record", "record": record_of(heard)},
            {"type": "closed", "text": "bye"}]
    store = store_of(tmp_path, "bob", gid)
    async with FakeTable(own_address("fri", parent, carol), carol, answering(*said)):
        client = await TableClient.start(await connect_table(
            "fri", directory=parent, system=bob, watch=asked == "spectator"))
        keeper = Keeper(client, Library(load_game(gid), store))
        await until(lambda: client.closed)
        client.close()
    assert keeper.offered == 0 and kept_games(store, gid) == (0, 0, 0)
