"""Which game the menu is about (``g``): its New game, Continue, History and
Statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..game.protocols import AnyGame
from .closing import ClosesOnce

if TYPE_CHECKING:
    from .app import EbbesApp


def players_text(game: AnyGame) -> str:
    """``2 to 5 players``."""
    counts = game.player_counts
    return f"{counts[0]} to {counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"


class GamePicker(ClosesOnce, ModalScreen[str | None]):
    """Pick one of ``games`` (``current`` highlighted); dismissed with its id, or None
    (Esc)."""

    app: EbbesApp
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, games: list[AnyGame], current: str, title: str = "Which game?") -> None:
        super().__init__()
        self.games = games
        self.current = current
        self.heading = title

    def compose(self) -> ComposeResult:
        text = self.app.look.text
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="dialog-title")
            yield OptionList(*(Option(Text(text(f"{g.title} ({players_text(g)})")), id=g.id)
                               for g in self.games), id="game-options")
            yield Static("Up/Down: choose   Enter: this game   Esc: back", classes="dialog-help")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = next((i for i, g in enumerate(self.games) if g.id == self.current), 0)
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
