"""Saves: atomic, private, locked, and a bad file is moved aside with one sentence."""

import asyncio
import json
import os
import stat
import subprocess
import threading
import sys
from pathlib import Path

import pytest

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import Match, SaveError, SaveStore, SlotLocked, players_setup
from ebbes_tui.controller.events import SaveFailed
from ebbes_tui.controller.saves import data_dir
from ebbes_tui.game.registry import DEFAULT_GAME, load_game

RECORDS = Path(__file__).parent / "records"


def test_data_dir_is_the_users_own_and_private(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = data_dir()
    assert path == tmp_path / "data" / "ebbes-tui"
    assert stat.S_IMODE(path.stat().st_mode) == 0o700


def test_a_save_is_written_private_and_loads_back(tmp_path):
    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    record = json.loads((RECORDS / "four-players-saved-mid-round.json").read_text())
    slot.write(record)
    assert stat.S_IMODE(slot.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.root.stat().st_mode) == 0o700
    _, loaded, state = store.load(slot.slot)
    assert loaded == record and state.round_no == 1
    assert [p.name for p in store.root.iterdir() if p.name.endswith(".tmp")] == []
    info = store.described(store.list()[0])
    assert info.summary == "4 players, round 2 of 5: Alex -1, Haui +0, Jesko +3, Bernhard +1"
    slot.close()


@pytest.mark.parametrize("content, reason", [
    (b'{"format": "ebbes-record/1", "players": [', "not valid JSON"),
    (b"", "not valid JSON"),
    (b'{"format": "chess-pgn"}', "unknown format 'chess-pgn'"),
    (b"\x00\x01\x02", "not valid JSON"),
])
def test_a_corrupt_truncated_or_foreign_save_is_moved_aside_with_a_message(
        tmp_path, content, reason):
    store = SaveStore(tmp_path)
    store.path("old").write_bytes(content)
    with pytest.raises(SaveError) as err:
        store.load("old")
    message = str(err.value)
    assert message.startswith("Your saved game could not be read (") and reason in message
    assert message.count(".") >= 1 and "\n" not in message
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("old.json.corrupt-")]
    assert len(moved) == 1 and moved[0].read_bytes() == content
    assert not store.path("old").exists()
    assert moved[0].name in message


def test_the_lock_blocks_a_second_writer_in_this_process(tmp_path):
    store = SaveStore(tmp_path)
    first = store.open("g")
    with pytest.raises(SlotLocked) as err:
        store.open("g")
    assert "already open in another ebbes window" in str(err.value)
    first.close()
    store.open("g").close()  # free again once the first lets go


def test_the_lock_blocks_a_second_process_and_names_it(tmp_path):
    store = SaveStore(tmp_path)
    holder = store.open("g")
    code = ("import sys; from pathlib import Path; from ebbes_tui.controller import SaveStore, "
            "SlotLocked\ntry:\n    SaveStore(Path(sys.argv[1])).open('g')\nexcept SlotLocked as e:"
            "\n    print(e.pid)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == str(os.getpid())
    holder.close()


def test_a_match_writes_its_save_after_every_decision(tmp_path):
    store = SaveStore(tmp_path)
    slot = store.open("g")
    setup = players_setup(EBBES, [("A", "bot", "random"), ("B", "bot", "random"),
                           ("C", "bot", "random")], {}, seed=2)
    match = Match(setup, save=slot)
    asyncio.run(match.run())
    _, record, state = store.load("g")
    assert record == match.record() and state.totals == match.state.totals
    slot.close()


def test_listing_saves_skips_one_that_another_window_archives_meanwhile(tmp_path, monkeypatch):
    """Issue 8: the list is read file by file; one may go between glob and stat."""
    store = SaveStore(tmp_path)
    record = (RECORDS / "four-players-saved-mid-round.json").read_text()
    store.path("kept").write_text(record)
    store.path("gone").write_text(record)
    real_stat = Path.stat

    def vanishing_stat(self, *args, **kw):
        if self.name == "gone.json":
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return real_stat(self, *args, **kw)

    monkeypatch.setattr(Path, "stat", vanishing_stat)
    assert [info.slot for info in store.list()] == ["kept"]


def test_a_new_slot_never_reuses_an_existing_name(tmp_path):
    store = SaveStore(tmp_path)
    first = store.new_slot()
    store.path(first).write_text("{}")
    assert store.new_slot() != first


def test_a_new_slot_never_takes_a_finished_games_name(tmp_path, monkeypatch):
    """Archiving a game under a finished game's name would replace that record."""
    import time
    monkeypatch.setattr(time, "strftime", lambda fmt: "20261130-120000")
    store = SaveStore(tmp_path)
    name = store.new_slot()
    slot = store.open(name)
    store.path(name).write_text("{}")
    assert slot.archive().exists()
    assert store.new_slot() == "game-20261130-120000-2"


def test_taking_over_asks_the_other_process_to_save_and_exit(tmp_path):
    store = SaveStore(tmp_path)
    code = ("import sys, signal, time; from pathlib import Path\n"
            "from ebbes_tui.controller import SaveStore\n"
            "slot = SaveStore(Path(sys.argv[1])).open('g')\n"
            "def bye(*_):\n    slot.write({'format': 'ebbes-record/1', 'saved': 'on exit'})\n"
            "    slot.close(); sys.exit(0)\n"
            "signal.signal(signal.SIGTERM, bye)\nprint('ready', flush=True)\n"
            "while True: time.sleep(1)\n")
    other = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE,
                             text=True)
    assert other.stdout.readline().strip() == "ready"
    with pytest.raises(SlotLocked):
        store.open("g")
    slot = store.take_over("g", timeout=600)
    assert other.wait(timeout=600) == 0
    assert json.loads(store.path("g").read_text())["saved"] == "on exit"
    slot.close()


def test_a_hand_edited_settings_file_with_odd_numbers_keeps_the_defaults(tmp_path):
    """3.0 players or a starter of 1.0 passed the range checks and broke the game later;
    a file nested too deep raised RecursionError."""
    from ebbes_tui.controller.settings import Settings, load

    path = tmp_path / "settings.json"
    path.write_text('{"players": 3.0, "starter": 1.0, "dealer": true, "rounds": 6.0}')
    settings = load(path, [EBBES]).settings.of(EBBES)
    defaults = Settings().of(EBBES)
    assert settings == defaults and settings.options == {}
    settings.setup(EBBES).new_state()  # deals without a TypeError
    path.write_text('{"games": {"ebbes": {"players": 3.0, "options": {"starter": 1.0, '
                    '"dealer": true, "rounds": 6.0, "nothing": 1}}}}')
    assert load(path, [EBBES]).settings.of(EBBES) == defaults
    path.write_text("[" * 100_000)
    assert load(path, [EBBES]).settings == Settings()


def test_hints_are_read_from_a_record_one_way_odd_keys_left_out():
    from ebbes_tui.controller.match import hints_of

    record = {"hints": {"0": 2, "00": 5, "²": 1, "1": True, "2": 3, "9": 1}}
    assert hints_of(record, 3) == {0: 2, 2: 3}
    assert hints_of({"hints": []}, 3) == {} and hints_of(None, 3) == {}


async def test_a_failed_save_is_reported_from_the_event_loops_thread(tmp_path, monkeypatch):
    """Issue 23, item 13: the writer's thread hands a failed save to the loop; the
    sessions' queues and the views they build are not thread-safe."""
    store = SaveStore(tmp_path)
    slot = store.open("g")

    def full(record):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(slot, "write", full)
    setup = players_setup(EBBES, [("A", "bot", "random"), ("B", "bot", "random"),
                                  ("C", "bot", "random")], {}, seed=2)
    match = Match(setup, save=slot)
    session = match.session(None)
    threads = []
    push = session.push

    def noting(seq, event):
        if isinstance(event, SaveFailed):
            threads.append(threading.get_ident())
        push(seq, event)

    monkeypatch.setattr(session, "push", noting)
    await match.run()
    for _ in range(1000):  # the last report may still be on its way to the loop
        if threads:
            break
        await asyncio.sleep(0)
    assert set(threads) == {threading.get_ident()}
    texts = {u.event.message for u in session.waiting() if isinstance(u.event, SaveFailed)}
    assert texts == {"The game could not be saved: No space left on device."}
    slot.close()


def test_a_window_looking_at_a_lock_never_makes_another_think_the_game_is_open(
        tmp_path, monkeypatch):
    """Another window listing its saves holds each lock for a moment to see who has it
    (lock_holder): an ebbes taking the slot at that moment (--continue, as the menu of
    the same process lists its saves in a thread) found it "open in another ebbes
    window" of a process long dead, and a kill -9 test failed on it."""
    import fcntl

    from ebbes_tui.controller import saves

    store = SaveStore(tmp_path)
    store.path("g").write_text("{}")
    looking = os.open(tmp_path / "g.lock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(looking, fcntl.LOCK_SH | fcntl.LOCK_NB)
    waits = []

    def look_ends(seconds):  # the other window is done looking while this one waits
        waits.append(seconds)
        fcntl.flock(looking, fcntl.LOCK_UN)

    monkeypatch.setattr(saves.time, "sleep", look_ends)
    slot = store.open("g")
    os.close(looking)
    monkeypatch.undo()
    assert waits == [saves.LOOK_WAIT]
    slot.close()
    held = store.open("g")  # a window that really has it open is still said so
    with pytest.raises(SlotLocked):
        store.open("g")
    held.close()


def test_an_earlier_versions_saves_move_once_to_the_default_games_own_place(tmp_path, monkeypatch):
    """Before there were several games, the one game kept its saves at the top of the
    data dir: they move to its own part, finished games with them, but not while an
    earlier window has one open (they are used where they are meanwhile)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    earlier = tmp_path / "data" / "ebbes-tui" / "saves"
    (earlier / "finished").mkdir(parents=True)
    record = (RECORDS / "four-players-saved-mid-round.json").read_text()
    (earlier / "game-1.json").write_text(record)
    (earlier / "finished" / "game-0.json").write_text(record)
    game = load_game(DEFAULT_GAME)
    held = SaveStore(earlier).open("game-1")  # an earlier version's window
    assert SaveStore(game=game).root == earlier
    held.close()
    store = SaveStore(game=game)
    assert store.root == tmp_path / "data" / "ebbes-tui" / DEFAULT_GAME / "saves"
    assert [info.slot for info in store.list()] == ["game-1"]
    assert (store.root / "finished" / "game-0.json").read_text() == record
    assert not earlier.exists()


def test_saves_an_earlier_version_put_beside_another_games_move_to_their_own(tmp_path,
                                                                            monkeypatch):
    """An earlier version saved a game begun after the app had opened another game's
    saves under that game's folder (``hund/huhn/saves``), where Continue and History
    never looked: they move to the game's own place, finished games too, and a save of
    the same name already there is not overwritten."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    huhn = load_game("huhn")
    record = next((RECORDS / "huhn").glob("*.json")).read_text()
    stray = tmp_path / "data" / "ebbes-tui" / "hund" / "huhn" / "saves"
    (stray / "finished").mkdir(parents=True)
    for name in ("game-1.json", "finished/game-0.json", "game-2.json"):
        (stray / name).write_text(record)
    own = tmp_path / "data" / "ebbes-tui" / "huhn" / "saves"
    own.mkdir(parents=True)
    (own / "game-2.json").write_text("{}")  # the same name: neither is lost
    store = SaveStore(game=huhn)
    assert store.root == own
    assert sorted(info.slot for info in store.list()) == ["game-1", "game-2"]
    assert (own / "finished" / "game-0.json").read_text() == record
    assert (own / "game-2.json").read_text() == "{}" and (stray / "game-2.json").exists()


@pytest.mark.parametrize("first", ["the menu's listing", "--continue"])
def test_continue_opens_the_newest_game_not_over_whichever_reads_first(tmp_path, first):
    """Review: at start-up the menu's listing and --continue each read the saves in a
    thread; with a game that had ended (its window shut on its final standings) saved
    after an older one still going, either order archives the one and continues the
    other."""
    from ebbes_tui.controller import Library
    from ebbes_tui.game.records import dumps
    from ebbes_tui.game.simulate import random_game

    store = SaveStore(tmp_path / "saves")
    going = json.loads((RECORDS / "four-players-saved-mid-round.json").read_text())
    store.path("game-1").write_text(dumps(going))
    ended = EBBES.records.to_record(random_game(EBBES, 3, seed=5), {"seed": 5})
    store.path("game-2").write_text(dumps(ended))
    os.utime(store.path("game-1"), (1, 1))  # the older
    library = Library(EBBES, store)
    if first == "the menu's listing":
        listed, archived = library.listed()
        assert archived and [info.slot for info in listed] == ["game-1"]
    game = library.continue_newest()
    try:
        assert game.slot is not None and game.slot.slot == "game-1"
        assert game.match.record()["rounds"] == going["rounds"]
    finally:
        game.close()
    assert [path.name for path in (store.root / "finished").iterdir()] == ["game-2.json"]
