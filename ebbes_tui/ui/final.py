"""The final standings: the winner or winners (a tie shares the win, R10), the track,
and what next: play again, the menu, or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..rules.events import GameOver
from ..rules.view import PlayerView
from .scores import rounds_table
from .track import TrackBoard

if TYPE_CHECKING:
    from .app import EbbesApp


def winners_line(names: list[str], winners: tuple[int, ...]) -> str:
    who = [names[s] for s in winners]
    if len(who) == 1:
        return f"{who[0]} wins!"
    return f"{', '.join(who[:-1])} and {who[-1]} share the win!"


class FinalScreen(Screen[str]):
    """Dismissed with ``again``, ``menu`` or ``quit``."""

    app: EbbesApp
    BINDINGS = [
        Binding("enter", "choose('again')", "Play again"),
        Binding("m,escape", "choose('menu')", "Menu"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, event: GameOver, view: PlayerView) -> None:
        super().__init__()
        self.event = event
        self.view = view

    def compose(self) -> ComposeResult:
        look = self.app.look
        view, event = self.view, self.event
        config = view.config
        names = [look.text(s.name) for s in config.seats]
        yield Static(f"Final standings {look.dot} {winners_line(names, event.winners)}",
                     classes="screen-title", id="winners")
        with VerticalScroll(classes="score-body"):
            players = [s for s in range(len(names)) if s != config.dummy]
            order = sorted(players, key=lambda s: -event.totals[s])
            standings = Text()
            place = 0
            for i, seat in enumerate(order):
                if i == 0 or event.totals[seat] != event.totals[order[i - 1]]:
                    place = i + 1
                style = "bold" if seat in event.winners else ""
                standings.append(f"{place}. {names[seat]:<14} {event.totals[seat]:+d}\n", style)
            if config.dummy is not None:  # apart, after the players: it cannot win (R17)
                standings.append(f"\n   {names[config.dummy]:<14} "
                                 f"{event.totals[config.dummy]:+d} (plays along, cannot win)\n",
                                 "dim")
            yield Static(standings)
            yield Static(rounds_table(view, names))
            last = view.scores[-1].points if view.scores else (0,) * len(names)
            before = tuple(t - p for t, p in zip(event.totals, last))
            yield TrackBoard(look, config, before, event.totals)
        yield Static("Enter: play again with the same seats    m: menu    q: quit",
                     id="final-help")
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
