"""Opening this player's own games from the menu: a new one (which game, its form, a
fresh deal), the newest save (Continue, or taking it over from another window), the
same again after the final standings; and which game the menu is about. Which save to
open and starting one from the settings are the controller's business (the
:class:`~ebbes_tui.controller.Library` of each game)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING

from .game_picker import GamePicker

if TYPE_CHECKING:
    from ..controller import LocalGame, MatchSetup
    from ..controller.lesson import Coach
    from .app import EbbesApp


class GameOpener:
    """The app's way to a table of its own games."""

    def __init__(self, app: EbbesApp) -> None:
        self.app = app
        self._resuming = False  # a save is being opened (Continue)

    def new(self) -> None:
        """Which game (when there are several), then its form, then the deal."""
        self.app.run_worker(self._new(), name="new", group="new-game", exclusive=True)

    async def _new(self) -> None:
        from .new_game import NewGameScreen

        app = self.app
        if len(app.games) > 1:
            chosen = await app.push_screen_wait(GamePicker(app.games, app.settings.game))
            if chosen is None:
                return
            app.settings.game = chosen
        game = app.current
        if await app.push_screen_wait(NewGameScreen(game, app.settings.of(game))):
            app.save_settings()
            self.start(app.settings.of(game).setup(game))

    def pick(self) -> None:
        """The menu's game: what Continue, History and Statistics are about."""
        self.app.run_worker(self._pick(), name="pick", group="new-game", exclusive=True)

    async def _pick(self) -> None:
        app = self.app
        chosen = await app.push_screen_wait(GamePicker(app.games, app.settings.game,
                                                       "Which game's menu?"))
        if chosen is not None:
            app.settings.game = chosen
            app.save_settings()
        app.show_menu_message("")

    def resume(self, take_over: bool = False) -> None:
        """Open the newest save (``take_over``: asking the window that has it open to
        give it up), unless that is under way already: a second Continue (a key
        pressed while ``--continue`` opens it) would find the game open in "another
        window", this one. A failure is said on the menu in one sentence."""
        if not self._resuming:
            self._resuming = True
            self.app.run_worker(self._resume(take_over), name="resume", group="resume")

    async def _resume(self, take_over: bool) -> None:
        """Reading and checking a save (or waiting for the other window to give it up)
        happens in a thread: the menu stays live. Cancelled meanwhile (the app quits),
        the game the thread opened is closed, so its save is never left locked."""
        from ..controller import SaveError

        app = self.app
        library = app.library
        opening = asyncio.ensure_future(asyncio.to_thread(
            library.take_over_newest if take_over else library.continue_newest))
        try:
            game = await asyncio.shield(opening)
        except SaveError as e:
            app.show_menu_message(str(e))
            return
        except asyncio.CancelledError:
            def close(done: asyncio.Future[LocalGame]) -> None:
                if not done.exception():
                    done.result().close()
            opening.add_done_callback(close)
            raise
        finally:
            self._resuming = False
        self.open(game)

    def learn(self) -> None:
        """The lesson of the menu's game, where the player left it (or from its start):
        its table with the coach's line, each finished trick held until a key."""
        from ..controller.lesson import (Coach, LessonError, LessonGame, LessonProgress,
                                         lesson_ids, load_lesson)

        app = self.app
        game = app.current
        ids = lesson_ids(game)
        if not ids:
            app.show_menu_message(f"{game.title} has no lesson yet.")
            return
        try:
            lesson = load_lesson(game, ids[0])
        except LessonError as e:
            app.show_menu_message(f"The lesson cannot be opened: {e}.")
            return
        progress = LessonProgress.beside(app.library.store.root)
        opened = LessonGame.open(lesson, progress)
        self.open(opened, coach=Coach(opened.lesson_match), trick_display="key")

    def start(self, setup: MatchSetup) -> None:
        """Start a game of ``setup`` with a fresh deal."""
        fresh = replace(setup, seed=None)
        self.open(self.app.library.start(fresh))

    def open(self, game: LocalGame, *, coach: Coach | None = None,
             trick_display: str | None = None) -> None:
        """Start ``game`` running and put its table up; the menu is about its game now.
        A lesson's table has its ``coach`` and its own ``trick_display``."""
        from .table import TableScreen

        app = self.app
        app.game = game
        game.start()
        rules = game.match.game
        app.settings.game = rules.id
        app.push_screen(TableScreen(game.feed(), rules,
                                    memory_aid=app.settings.of(rules).memory_aid,
                                    pace=app.pace, coach=coach,
                                    trick_display=trick_display or app.settings.trick_display))
