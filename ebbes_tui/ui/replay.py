"""What every game's replay screen shares: a recorded game's positions (the generic
:class:`~ebbes_tui.controller.playback.Replay`) and the keys that move through them,
move by move, trick by trick, deal by deal, to either end. Each game draws a
position its own way (:meth:`ReplayBase.redraw`) in the same frame: a status line,
titled boxes, every hand (:class:`AllHands`), the deal's log beside the table on wide
screens, a news line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..controller.events import Update
from ..controller.playback import Replay
from ..game.protocols import Game, StateT, ViewT
from ..game.records import load_record
from .closing import ClosesOnce
from .game_ui import BOARD, BoardScreen
from .look import WIDE, Look
from .words import cut_names, padded

if TYPE_CHECKING:
    from .app import EbbesApp
    from .game_ui import GameLog


def replay_bindings(move: str, deal: str) -> list[BindingType]:
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
        Binding("b", "board", BOARD),
        Binding("escape", "close", "Back"),
    ]


class ReplayBase(ClosesOnce, Screen[None], Generic[StateT, ViewT]):
    """One recorded game, position by position; Esc goes back. A game's screen
    composes ``#replay-status``, the boxes of :attr:`BOXES`, ``#replay-middle`` with
    ``#replay-trick`` and :meth:`log_box`, and ``#replay-news``; its own CSS adds to
    or overrides this frame's."""

    app: EbbesApp
    SCOPED_CSS = False
    DEFAULT_CSS = """
    ReplayBase { overflow: hidden; }
    ReplayBase #replay-status { height: 1; padding: 0 1; text-style: bold; background: $primary 30%; }
    ReplayBase .replay-box { border: round $primary; border-title-style: bold; padding: 0 1; }
    ReplayBase #replay-hands { height: auto; }
    ReplayBase #replay-middle { height: 1fr; min-height: 4; }
    ReplayBase #replay-trick { width: 1fr; height: 100%; }
    ReplayBase #replay-log { display: none; width: 44; height: 100%; scrollbar-size: 0 0; }
    ReplayBase.-wide #replay-log { display: block; }
    ReplayBase #replay-news { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
    App.-ascii ReplayBase .replay-box { border: ascii $primary; }
    """
    #: The boxed panels, by id, and their titles ("": the drawing titles it).
    BOXES: ClassVar[dict[str, str]] = {}

    def __init__(self, game: Game[StateT, ViewT, Any], record: dict[str, Any],
                 title: str) -> None:
        """``record`` (of ``game``) must replay (RecordError otherwise); ``title`` heads
        the status line."""
        super().__init__()
        self.replay = Replay(game, record)
        self.heading = title
        self.position = 0
        self._views: dict[int, ViewT] = {}

    @staticmethod
    def of_file(path: Path) -> Screen[Any]:
        """The replay of a record file by its game's screens, titled with its name;
        RecordError says why not."""
        from .game_ui import screens_of

        game, record, _ = load_record(path)
        return screens_of(game).replay(record, path.name)

    def view(self, position: int) -> ViewT:
        """The public table at ``position`` (no hand in it; a game's screen draws the
        hands apart, since the game is over)."""
        if position not in self._views:
            self._views[position] = self.replay.steps[position].state.view(None)
        return self._views[position]

    def updates(self, position: int) -> list[Update[ViewT]]:
        """What the step to ``position`` caused, as the table's log reads it."""
        view = self.view(position)
        return [Update(position, e, view, position) for e in self.replay.steps[position].events]

    def action_board(self) -> None:
        """The game's board of scores at the position on show."""
        from .game_ui import screens_of

        board = screens_of(self.replay.game).scores(self.view(self.position))
        if isinstance(board, BoardScreen):
            board.from_replay = True
        self.app.push_screen(board)

    def on_mount(self) -> None:
        for widget_id, title in self.BOXES.items():
            widget = self.query_one(f"#{widget_id}")
            widget.add_class("replay-box")
            widget.border_title = title
        self.title_hands()
        self.redraw()

    def title_hands(self) -> None:
        """The hands' box says why all are shown, but before the first deal that
        nothing is dealt yet."""
        if "replay-hands" in self.BOXES:
            self.query_one("#replay-hands").border_title = (
                self.BOXES["replay-hands"] if self.position else "Hands (none dealt yet)")

    def redraw(self) -> None:
        """Draw the position on show."""
        raise NotImplementedError

    @staticmethod
    def log_box() -> VerticalScroll:
        """The box :meth:`show_log` fills (hidden on narrow screens)."""
        return VerticalScroll(Static(id="replay-log-text"), id="replay-log", can_focus=False)

    def show_log(self, log: GameLog[ViewT], view: ViewT) -> None:
        """On a wide screen, the deal so far up to the position on show, in ``log``
        (the game's, empty) beside the table, its newest line in sight."""
        if self.size.width < WIDE:
            return  # the box is hidden
        for position in range(self.replay.round_start(self.position), self.position + 1):
            for update in self.updates(position):
                log.add(update)
        self.query_one("#replay-log-text", Static).update(Text(log.text(view)))
        self.query_one("#replay-log", VerticalScroll).scroll_end(animate=False)

    def on_resize(self) -> None:
        self.redraw()  # the texts follow the width

    def go(self, position: int) -> None:
        if position != self.position:
            self.position = position
            self.title_hands()
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


#: A game's drawing of every seat's hand in ``room`` columns: one text per seat, in seat
#: order (empty: no cards; a line break starts the hand's next row, as the dummy's stacks).
HandsDrawing = Callable[[int], Sequence[Text]]


class AllHands(Widget):
    """Every seat's hand at a position of a replay (the game is over, so none is secret):
    the seat's disc and name, then the hand as the game draws it. A row longer than
    the line goes on under the hand, cut at a space."""

    DEFAULT_CSS = "AllHands { height: auto; }"

    def __init__(self, look: Look, *, name_width: int = 8, fit_names: bool = False,
                 id: str | None = None) -> None:
        """``name_width`` is the name column's width; with ``fit_names`` at most that,
        as wide as the longest name needs."""
        super().__init__(id=id)
        self.look = look
        self.name_width = name_width
        self.fit_names = fit_names
        self.names: Sequence[str] = ()
        self.hands: HandsDrawing = lambda room: ()

    def show(self, names: Sequence[str], hands: HandsDrawing) -> None:
        """The seats' ``names`` (as drawn: cleaned, transliterated) and their ``hands``."""
        self.names, self.hands = names, hands
        self.refresh(layout=True)

    def render(self) -> Text:
        names = self.names
        if not names:
            return Text()
        width = self.name_width
        if self.fit_names:
            width = min(width, max(map(cell_len, names)) + 1)
        room = max(20, (self.size.width or 76) - width - 2)  # 0 wide: not laid out yet
        lines = []
        shown = cut_names(names, width - 1, self.look.ellipsis)
        for seat, (name, hand) in enumerate(zip(shown, self.hands(room))):
            head = Text.assemble(self.look.disc(seat), " " + padded(name, width))
            rows = [part for row in hand.split("\n") for part in _wrapped(row, room)] if hand \
                else [Text("no cards", "dim")]
            lines += [(head if i == 0 else Text(" " * (width + 2))) + row for i, row in enumerate(rows)]
        return Text("\n").join(lines)


def _wrapped(text: Text, width: int) -> list[Text]:
    """``text`` cut into lines of at most ``width`` at its spaces."""
    lines: list[Text] = []
    start = 0
    plain = text.plain
    while len(plain) - start > width:
        cut = plain.rfind(" ", start, start + width + 1)
        cut = cut if cut > start else start + width
        lines.append(text[start:cut])
        start = cut + 1
    lines.append(text[start:])
    return lines
