"""What every game's replay screen shares: a recorded game's positions (the generic
:class:`~ebbes_tui.controller.playback.Replay`) and the keys that move through them,
move by move, trick by trick, deal by deal, to either end. Each game draws a
position its own way (:meth:`ReplayBase.redraw`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import Screen

from ..controller.events import Update
from ..controller.playback import Replay
from ..game.records import load_record
from ..game.registry import game_of_format
from .closing import ClosesOnce

if TYPE_CHECKING:
    from .app import EbbesApp


def replay_bindings(move: str, deal: str) -> list[Binding]:
    """The keys of a replay; ``move`` and ``deal`` are the game's words for a step
    and for a deal (``Card``, ``Round``)."""
    moves = Binding.Group(move, compact=True)
    tricks = Binding.Group("Trick", compact=True)
    deals = Binding.Group(deal, compact=True)
    ends = Binding.Group("Ends", compact=True)
    return [
        Binding("left,h", "step(-1)", move, group=moves),
        Binding("right,l", "step(1)", move, group=moves),
        Binding("up,k", "trick(-1)", "Trick", group=tricks),
        Binding("down,j", "trick(1)", "Trick", group=tricks),
        Binding("pageup,p", "round(-1)", deal, group=deals, key_display="PgUp"),
        Binding("pagedown,n", "round(1)", deal, group=deals, key_display="PgDn"),
        Binding("home", "end(0)", "Start", group=ends, key_display="Home"),
        Binding("end", "end(1)", "End", group=ends, key_display="End"),
        Binding("b", "board", "Board"),
        Binding("escape", "close", "Back"),
    ]


class ReplayBase(ClosesOnce, Screen[None]):
    """One recorded game, position by position; Esc goes back."""

    app: EbbesApp

    def __init__(self, record: dict[str, Any], title: str) -> None:
        """``record`` must replay (RecordError otherwise); ``title`` heads the status line."""
        super().__init__()
        self.replay = Replay(game_of_format(record.get("format")), record)
        self.heading = title
        self.position = 0
        self._views: dict[int, Any] = {}

    @classmethod
    def of_file(cls, path: Path) -> ReplayBase:
        """The replay of a record file, titled with its name; RecordError says why not."""
        _, record, _ = load_record(path)
        return cls(record, path.name)

    def view(self, position: int) -> Any:
        """The public table at ``position`` (no hand in it; a game's screen draws the
        hands apart, since the game is over)."""
        if position not in self._views:
            self._views[position] = self.replay.steps[position].state.view(None)
        return self._views[position]

    def updates(self, position: int) -> list[Update]:
        """What the step to ``position`` caused, as the table's log reads it."""
        view = self.view(position)
        return [Update(position, e, view, position) for e in self.replay.steps[position].events]

    def action_board(self) -> None:
        """The game's board of scores at the position on show."""
        from .game_ui import screens_of

        self.app.push_screen(screens_of(self.replay.game).scores(self.view(self.position)))

    def redraw(self) -> None:
        """Draw the position on show."""
        raise NotImplementedError

    def on_resize(self) -> None:
        self.redraw()  # the texts follow the width

    def go(self, position: int) -> None:
        if position != self.position:
            self.position = position
            self.redraw()

    def action_step(self, by: int) -> None:
        self.go(self.replay.step(self.position, by))

    def action_trick(self, direction: int) -> None:
        replay = self.replay
        self.go((replay.next_trick if direction > 0 else replay.previous_trick)(self.position))

    def action_round(self, direction: int) -> None:
        replay = self.replay
        self.go((replay.next_round if direction > 0 else replay.previous_round)(self.position))

    def action_end(self, which: int) -> None:
        self.go(self.replay.last if which else 0)

    def action_close(self) -> None:
        self.dismiss()
