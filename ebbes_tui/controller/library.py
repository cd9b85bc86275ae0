"""The player's games on this machine: the saved one to continue (or take over from
another window), a new one to start, a finished one to keep.

What a screen needs to play a game here is a :class:`LocalGame`: the running match,
its save slot, and the feed the table follows (one player's session, or the hot-seat
adapter over several).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from ..game.errors import RecordError
from ..game.protocols import AnyGame, AnyState, Record
from ..game.records import dumps
from ..game.registry import game_of_format
from .hot_seat import HotSeat
from .match import Match
from .private_files import private_dir, write_atomically
from .saves import ENDED, FINISHED_DIR, SAVE_SUFFIX, SaveError, SaveInfo, SaveSlot, SaveStore
from .session import Session
from .setup import MatchSetup
from .stats import KeptStatistics

NO_SAVE = "There is no saved game to continue."


class LocalGame:
    """A match played at this screen, saved after every decision."""

    #: A lesson's (one round, deal or game, none to come): its screens count no further.
    lesson = False

    def __init__(self, match: Match, slot: SaveSlot | None) -> None:
        self.match = match
        self.slot = slot
        self.task: asyncio.Task[None] | None = None

    def feed(self) -> Session | HotSeat:
        """What the table follows: the one player's session, the hot-seat adapter,
        or (bots only) the public table."""
        humans = self.match.humans
        if len(humans) > 1:
            return HotSeat(self.match, humans)
        return self.match.session(humans[0] if humans else None)

    def leave_note(self) -> str:
        """What the menu says once the player leaves this game ("" : its own words)."""
        return ""

    def start(self) -> None:
        """Run the match in the background of the running event loop."""
        self.task = asyncio.get_running_loop().create_task(self.match.run())

    def close(self, *, finished: bool = False) -> None:
        """Stop the match and release the save; a finished game's record is archived
        and counted in the kept statistics."""
        self.match.stop()
        if self.task is not None and not self.task.done():
            self.task.cancel()
        if self.slot is not None:
            try:
                if finished:
                    archived = self.slot.archive()
                    KeptStatistics(self.match.game, self.slot.store.root).add_finished(
                        archived, (self.match.record(), self.match.state))
            finally:  # a refusing disk leaves the save, never this window's lock on it
                self.slot.close()
                self.slot = None


class Library:
    """This user's saved games of one game (``SaveStore``) and the games started from
    them."""

    def __init__(self, game: AnyGame, store: SaveStore | None = None) -> None:
        self.game = game
        self._store = store
        # Listing (which archives a game that had ended) and continuing take turns: at
        # start-up with --continue both run at once, each in a thread.
        self._opening = threading.Lock()
        self._ended = False  # listed() archived a game that had ended, unsaid so far

    @property
    def store(self) -> SaveStore:
        """Opened on first use, so start-up stays fast."""
        if self._store is None:
            self._store = SaveStore(game=self.game)
        return self._store

    def saves(self) -> list[SaveInfo]:
        """Saved games, newest first."""
        return self.store.list()

    def keep_finished(self, record: Record, prefix: str,
                      replay: Callable[[Record], AnyState] | None = None) -> Path | None:
        """Keep a game finished elsewhere (at a shared table) among this user's own, so
        History and Statistics have it. Only a record that replays, every rule checked
        (by ``replay``, when it must also agree with what the player saw there), to the
        end of its game is kept, and only once: for a game kept already, a record that
        does not replay, or when the disk refuses, None."""
        try:
            if game_of_format(record.get("format")) is not self.game:
                return None
            state = (replay or self.game.records.replay)(record)
            if state.outcome() is None:
                return None
            store = self.store
            kept = KeptStatistics(self.game, store.root)
            if kept.load().stats.counts(self.game, state):
                return None
            path = private_dir(store.root / FINISHED_DIR) / \
                f"{store.new_slot(prefix)}{SAVE_SUFFIX}"
            write_atomically(path, dumps(record).encode("utf-8"))
        except (RecordError, RecursionError, OSError, ValueError):
            return None
        kept.add_finished(path, (record, state))
        return path

    def listed(self) -> tuple[list[SaveInfo], bool]:
        """Saved games, newest first, the newest described (call it in a thread), and
        whether a game that had ended was archived on the way: one closed on its final
        standings before it was archived (the window shut) is History's, not
        Continue's."""
        with self._opening:
            archived, tried = False, set()
            listed: list[SaveInfo] = []
            while saves := self.saves():
                listed = [self.store.described(saves[0]), *saves[1:]]
                newest = listed[0]
                if not newest.over or newest.locked_by is not None or newest.slot in tried:
                    break
                tried.add(newest.slot)
                try:
                    self._open(newest).close()  # not over after all (read before its lock)
                    break
                except SaveError as e:  # archived; else taken meanwhile, or the disk refused
                    archived = archived or str(e) == ENDED
            else:
                listed = []
            self._ended = archived  # what a --continue at start-up says, if nothing is left
            return listed, archived

    def newest(self) -> SaveInfo | None:
        saves = self.saves()
        return saves[0] if saves else None

    def continue_newest(self) -> LocalGame:
        """Open the newest saved game that has not ended (one that has is archived on
        the way, here or by :meth:`listed` just before: either order comes to the same);
        SaveError says in one sentence why none: that it had ended, or there is none."""
        with self._opening:
            ended, tried = self._ended, set()
            while (info := self.newest()) is not None and info.slot not in tried:
                tried.add(info.slot)
                try:
                    return self._open(info)
                except SaveError as e:  # one that had ended is archived: the next one on
                    if str(e) != ENDED:
                        raise
                    ended = True
            raise SaveError(ENDED if ended else NO_SAVE)

    def take_over_newest(self) -> LocalGame:
        """Ask the other ebbes window that has the newest game open to save and close,
        then open it here. Blocks for up to a few seconds: call it in a thread."""
        info = self.newest()
        if info is None:
            raise SaveError(NO_SAVE)
        return self._open(info, take_over=True)

    def _open(self, info: SaveInfo, *, take_over: bool = False) -> LocalGame:
        """The game of ``info``; one that had ended is archived instead, and SaveError
        says so."""
        slot = self.store.take_over(info.slot) if take_over else self.store.open(info.slot)
        game = self._resume(info.slot, slot)
        if game.match.state.outcome() is not None:  # its window shut on its final standings
            try:
                game.close(finished=True)
            except OSError as e:
                raise SaveError(f"Your last game had ended, but it could not be put in "
                                f"History ({e.strerror or e}).") from None
            raise SaveError(ENDED)
        return game

    def _resume(self, slot_name: str, slot: SaveSlot) -> LocalGame:
        try:
            game, record, _ = self.store.load(slot_name)
            match = Match.resume(game, record, save=slot)
        except SaveError:
            slot.close()
            raise
        except ValueError as e:
            slot.close()
            raise SaveError(f"Your saved game could not be resumed ({e}).") from None
        return LocalGame(match, slot)

    def start(self, setup: MatchSetup) -> LocalGame:
        """A new game in a new save slot (a fresh seed unless ``setup`` has one)."""
        slot = self.store.open(self.store.new_slot())
        try:
            return LocalGame(Match(setup, save=slot), slot)
        except ValueError:
            slot.close()
            raise
