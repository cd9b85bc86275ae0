"""Statistics (``s`` in the menu): all players together and each player by name, from
the finished games (the controller keeps them, and rebuilds them from the records)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static


from ..controller.stats import KeptStatistics, Loaded, PlayerStats
from ..game.defaults import PLAYED
from ..game.protocols import AnyFigure, AnyGame
from .closing import ClosesOnce
from .footer import KeysFooter
from .look import Look

if TYPE_CHECKING:
    from ..controller import Library
    from .app import EbbesApp

EMPTY = "No {} finished yet."
BOTS_ONLY = "Only bots played, and statistics are about people."
#: What the columns every game has mean, said below the game's own (its figures'
#: meanings, :attr:`Presentation.statistics`): the definitions of controller.stats.
MEANING = ("Hints: asked for with i at the table. A bot level is beaten in a {one} when "
           "the player finished ahead of every bot of that level at the table.")
#: Below MEANING when there is an "All people" row.
ALL_MEANING = ("All people adds up the {played} of everyone above (the bots are their "
               "opponents): a hot-seat {one} of two counts once for each.")


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def figure_text(figure: AnyFigure, value: float | None) -> str:
    """A figure as its column shows it: a whole number, one decimal for an average, a
    percentage, a sign where it is a score; "-" for none. Never "-0" or "-0.0": what
    rounds to nothing shows as 0."""
    if value is None:
        return "-"
    if figure.shown == "percent":
        return f"{100 * value:.0f}%"
    places = 1 if figure.shown == "average" or value != int(value) else 0
    shown = round(value, places) or 0.0  # -0.0 and 0.0 both show as 0
    return f"{shown:{'+' if figure.signed and shown else ''}.{places}f}"


def legend(game: AnyGame) -> str:
    """Each column's heading and what it counts, a line each."""
    return "\n".join(f"{f.heading}: {f.meaning}" for f in game.presentation.statistics)


def summary_table(game: AnyGame, rows: list[tuple[str, PlayerStats]], *,
                  total: bool = False) -> Table:
    """One line per player (``total``: the first adds up the others, in bold): the
    game's figures, then hints."""
    figures = game.presentation.statistics
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Player")
    for figure in figures:
        table.add_column(figure.heading, justify="right")
    table.add_column("Hints", justify="right")
    for i, (name, player) in enumerate(rows):
        tally = player.total
        table.add_row(Text(name), *(figure_text(f, tally.shown(f)) for f in figures),
                      str(player.hints), style="bold" if total and i == 0 else None)
    return table


def kinds_table(game: AnyGame, player: PlayerStats) -> Table:
    """The game's figures of each kind (:attr:`Figure.by_kind`), by number of players
    and variant."""
    figures = [f for f in game.presentation.statistics if f.by_kind]
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Players", justify="right")
    table.add_column("Variant")
    for figure in figures:
        table.add_column(figure.heading, justify="right")
    for (players, variant), tally in sorted(player.kinds.items()):
        table.add_row(str(players), variant, *(figure_text(f, tally.shown(f)) for f in figures))
    return table


def played_heading(game: AnyGame) -> str:
    """What the game counts as played: "Games", or Hund's "Matches"."""
    return next((f.heading for f in game.presentation.statistics if f.key == PLAYED.key),
                PLAYED.heading)


def singular(plural: str) -> str:
    """``match`` for ``matches``, ``game`` for ``games``."""
    return plural[:-2] if plural.endswith(("ches", "shes")) else plural[:-1]


def counted(n: int, plural: str) -> str:
    """``1 match``, ``3 matches``: ``plural`` ("matches") in the number's form."""
    return f"{n} {singular(plural) if n == 1 else plural}"


def bots_table(game: AnyGame, player: PlayerStats, look: Look) -> Table | str:
    """Per bot level: games against it (as the game calls what it counts: Hund's
    matches) and how often it was beaten."""
    if not player.bots:
        return "No games against bots."
    played = played_heading(game)
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Bot level")
    for heading in (played, "Beaten", "Rate"):
        table.add_column(heading, justify="right")
    for level, faced in sorted(player.bots.items()):
        table.add_row(Text(look.text(level)), str(faced.games), str(faced.beaten),
                      percent(faced.beaten, faced.games))
    return table


class StatsScreen(ClosesOnce, Screen[None]):
    """Counted in the background (a rebuild may replay many records); Esc, Enter or
    ``s`` go back to the menu."""

    app: EbbesApp
    BINDINGS = [
        # Shown while the figures run past the screen (before the body's own keys).
        Binding("down", "scroll(1)", "Scroll", key_display="↑↓", priority=True),
        Binding("up", "scroll(-1)", "Scroll", show=False, priority=True),
        Binding("escape,enter,s", "close", "Back"),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    StatsScreen #stats-body Static { margin: 0 0 1 0; }
    StatsScreen #stats-body .stats-heading { text-style: bold; margin: 0; }
    StatsScreen #stats-body .stats-note { color: $text-muted; }
    StatsScreen .stats-player { height: auto; layout: vertical; }
    StatsScreen.-wide .stats-player { layout: horizontal; }
    StatsScreen.-wide #stats-body .stats-kinds { width: auto; margin: 0 6 1 0; }
    """

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.loaded: Loaded | None = None

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title")
        with VerticalScroll(id="stats-body"):
            yield Static("Counting the finished games ...")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#stats-body").focus()
        self._count()

    @work(exclusive=True)
    async def _count(self) -> None:
        kept = KeptStatistics(self.library.game, self.library.store.root)
        loaded: Loaded | None = None
        try:
            loaded = await asyncio.to_thread(kept.load)
        except OSError as e:
            message = f"The finished games could not be read: {e.strerror or e}."
            widgets: list[Widget] = [Static(self.app.look.text(message), markup=False)]
        else:
            widgets = self._figures(loaded)
        body = self.query_one("#stats-body")
        await body.remove_children()
        await body.mount_all(widgets)
        self.loaded = loaded
        self.call_after_refresh(self.refresh_bindings)  # scrolls now, or not

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll":
            return self.query_one("#stats-body", VerticalScroll).max_scroll_y > 0
        return True

    def action_scroll(self, rows: int) -> None:
        self.query_one("#stats-body", VerticalScroll).scroll_relative(y=rows, animate=False)

    def _figures(self, loaded: Loaded) -> list[Widget]:
        look = self.app.look
        stats = loaded.stats
        widgets: list[Widget] = []
        # A total of one person would only repeat their row ("All players" showed
        # exactly "You"): it comes only when it adds up several, and the count of games
        # says why its figure may be more (it read "3 finished games" above "4").
        rows = [("All people", stats.overall())] if len(stats.players) > 1 else []
        if not stats.games:
            widgets.append(Static(EMPTY.format(played_heading(self.library.game).lower())))
        else:
            played = played_heading(self.library.game).lower()  # Hund counts matches
            note = f"{counted(len(stats.games), 'finished ' + played)} counted."
            if rows:
                note += (f" All people counts {counted(rows[0][1].total.games, played)}: each "
                         "once for every person who played it.")
            widgets.append(Static(note if stats.players else f"{note} {BOTS_ONLY}", classes="stats-note"))
        if stats.players:
            rows += [(look.text(name), stats.players[name])
                     for name in sorted(stats.players, key=str.casefold)]
            game = self.library.game
            widgets.append(Static(summary_table(game, rows, total=len(stats.players) > 1)))
            for name, player in rows:
                widgets.append(Static(name, classes="stats-heading", markup=False))
                widgets.append(Horizontal(Static(kinds_table(game, player), classes="stats-kinds"),
                                          Static(bots_table(game, player, look)), classes="stats-player"))
            played = played_heading(game).lower()
            one = singular(played)  # Hund: match
            widgets.append(Static(f"{legend(game)}\n{MEANING.format(one=one)}"
                                  + (" " + ALL_MEANING.format(played=played, one=one)
                                     if len(stats.players) > 1 else ""),
                                  classes="stats-note", markup=False))
        if loaded.rebuilt and stats.seen:
            widgets.append(Static(f"Counted anew from the finished games: {loaded.rebuilt}.",
                                  classes="stats-note"))
        for game_id, why in sorted(stats.skipped.items()):
            widgets.append(Static(look.text(f"Not counted: {game_id} ({why})."), classes="stats-note",
                                  markup=False))
        return widgets

    def action_close(self) -> None:
        self.dismiss()
