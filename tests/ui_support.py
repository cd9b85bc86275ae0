"""Helpers for the Textual UI tests: a private app per test, screen text, waiting."""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable

import time

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import Library, LocalGame, Match, SaveStore
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.table import TableScreen


def make_app(tmp_path: Path, settings: dict | None = None, **kw: object) -> EbbesApp:
    """A fresh app with its own saves and settings file; bots move at once (pace 0)."""
    path = tmp_path / "config" / "settings.json"
    if settings is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    kw.setdefault("pace", 0)
    kw.setdefault("animation", False)
    return EbbesApp(library=Library(EBBES, SaveStore(tmp_path / "saves")), settings_path=path, **kw)


def seats(*players: tuple[str, str]) -> list[dict]:
    """Setup seats as the settings file keeps them: (name, "human" | bot level)."""
    return [{"name": name, "kind": "human" if kind == "human" else "bot",
             "level": kind if kind != "human" else "normal"} for name, kind in players]


def screen_text(app: EbbesApp) -> str:
    """The top screen's characters as drawn now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_until(pilot, condition: Callable[[], bool], what: str,
                     seconds: float = 30.0) -> None:
    """Let the app (and the match's bot threads) run until ``condition`` holds, for at
    most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what}")
        await pilot.pause()


async def resume(app: EbbesApp, pilot, match: Match) -> None:
    """Continue ``match`` from the menu, as a saved game is: its table (or first cover)
    up."""
    from ebbes_tui.ui.handoff import HandOffScreen
    from ebbes_tui.ui.menu import MenuScreen

    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    app.call_later(app.opener.open, LocalGame(match, None))
    await wait_until(pilot, lambda: isinstance(app.screen, (TableScreen, HandOffScreen))
                     and app.screen.is_mounted, "the game")


def ready(app: EbbesApp, *screens: type) -> bool:
    """The human at the screen must play a card, or one of ``screens`` is on top."""
    from ebbes_tui.ui.table import TableScreen

    screen = app.screen
    if isinstance(screen, TableScreen):  # the key line too: drawn a moment after the turn
        return screen.query_one("#game-table").check_action("play", ()) is True and \
            bool(screen_text(app).splitlines()[-1].strip())
    return isinstance(screen, screens)


def table_up(app: EbbesApp) -> bool:
    """The table screen is on top and mounted (drawn once): a test that ends sooner
    would tear the app down while the table is still being put together."""
    from ebbes_tui.ui.table import TableScreen

    return isinstance(app.screen, TableScreen) and app.screen.is_mounted


def my_turn(app: EbbesApp) -> bool:
    """The table is up and the human at the screen must play a card."""
    from ebbes_tui.ui.table import TableScreen

    return isinstance(app.screen, TableScreen) and \
        app.screen.query_one("#game-table").check_action("play", ()) is True


async def start(app: EbbesApp, pilot):
    """Menu -> setup form -> table, then wait for the human's first card."""
    await pilot.press("n", "enter", "enter")  # ebbes, then the form
    await wait_until(pilot, lambda: my_turn(app), "the human's turn")
    return app.screen


ONE_HUMAN = {"players": 3, "starter": 0,
             "seats": seats(("Ann", "human"), ("Bea", "random"), ("Cyd", "random"))}


async def next_turn(app, pilot) -> None:
    """Wait for Ann's next card, closing round summaries and dialogs on the way."""
    while True:
        await wait_until(pilot, lambda: my_turn(app) or not isinstance(app.screen, TableScreen),
                         "Ann's turn or a summary")
        if my_turn(app):
            return
        await pilot.press("enter")


def ascii_only(app: EbbesApp) -> None:
    """The top screen draws nothing outside ASCII (``--ascii``)."""
    bad = sorted({c for c in screen_text(app) if ord(c) > 127})
    assert not bad, f"{type(app.screen).__name__} draws {bad}"
