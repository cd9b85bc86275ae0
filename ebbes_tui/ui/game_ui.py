"""What a game's screens give the generic shell (the menu, the table screen, the replay
screen, History, hot-seat, shared tables): the game's own widgets and words, behind one
small interface. Each game package has a ``ui`` module (``Presentation.ui_module``) with a
``SCREENS`` object of this shape; the shell loads it by name, so nothing generic imports
a game.

The table screen owns the feed, the pace, the covers, chat and presence, the status
and news lines and every key that is not the game's; the game's :class:`GameTable`
widget draws the view and answers the game's own keys (cards, ends, face down, sjanse
...), posting :class:`Decided` with the action the player chose.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from ..controller.events import Update
from ..game.protocols import AnyGame, AnyView, Game, ViewT_contra
from ..game.registry import all_games
from .closing import ClosesOnce
from .look import Look

if TYPE_CHECKING:
    from .app import EbbesApp


class Decided(Message):
    """The player at the screen chose ``action`` on the game's table; ``draft``: not
    yet, it is their answer so far (a hand being arranged), to be kept, not decided."""

    def __init__(self, action: object, *, draft: bool = False) -> None:
        super().__init__()
        self.action = action
        self.draft = draft


class Declined(Message):
    """The game's table did nothing with a key (a move the rules do not allow now):
    ``text`` says why, on the news line until the next move, so nothing the table shows
    gives way to it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


@dataclass(frozen=True)
class Drawing:
    """How the table is drawn now: the screen's width class; the memory aid; whether
    the player at the screen must act on the table now; the last trick shown or not; a
    finished trick held until a key; a hot-seat screen; the game log's latest lines for
    the side of a wide table; whether the update has just come (not a redraw)."""

    wide: bool
    memory_aid: bool
    acting: bool
    show_last: bool = True
    holding: bool = False
    hot_seat: bool = False
    side_log: str = ""
    fresh: bool = False


def quiet_height(table: Widget) -> int:
    """The rows of the game's table with a one-line news line under it. What must not
    jump as news come and go (a long hand's lines of cards) is sized by this; the
    table's flexible part (the trick) gives a longer news line its rows."""
    news = table.screen.query("#news")
    return table.size.height + (max(news.first().outer_size.height - 1, 0) if news else 0)


ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class GameTable(Protocol[ViewT_contra, ActionT_contra]):
    """The game's part of the table screen: a widget (a container of the game's panels,
    its hand among them) that draws a view and posts :class:`Decided`."""

    def show(self, update: Update[ViewT_contra], drawing: Drawing) -> None:
        """Draw ``update``'s view (what that seat may see, nothing else)."""
        ...

    def point_at(self, action: ActionT_contra) -> None:
        """Put the cursor on ``action`` (a hint points at it; nothing is played)."""
        ...


class GameLog(Protocol[ViewT_contra]):
    """The game's log (``g``): every move and why, as lines a player reads."""

    #: Every line, with the number of the update that brought it.
    lines: list[tuple[int, str]]
    #: The reader's seat where the views are public news (a shared table's recap).
    reader: int | None

    def start(self, update: Update[ViewT_contra]) -> None: ...

    def add(self, update: Update[ViewT_contra]) -> None: ...

    def text(self, view: ViewT_contra) -> str: ...

    def since(self, seq: int) -> list[str]:
        """What happened after update ``seq``: a hot-seat cover's recap."""
        ...

    def current(self, view: ViewT_contra) -> str | None:
        """One line on what lies on the table now (the recap's last line)."""
        ...


class Pace(Protocol[ViewT_contra]):
    """How long the table leaves what it shows before the next update replaces it
    (:class:`~.pacing.Pacing`)."""

    @property
    def trick(self) -> str:
        """The trick display setting."""
        ...

    def hold(self, shown: Update[ViewT_contra], coming: Update[ViewT_contra], *,
             catching_up: bool = False) -> float:
        """Seconds ``shown`` stays before ``coming`` (math.inf: until a key)."""
        ...

    def shows_finished_trick(self, update: Update[ViewT_contra]) -> bool:
        """The update leaves a finished trick on the table."""
        ...

    def trick_hold(self) -> float:
        """How long a finished trick stays."""
        ...

    def with_trick(self, trick: str) -> Pace[ViewT_contra]:
        """The same pace with another trick display setting."""
        ...


#: What ``b`` is called in every key line; the title of the screen it opens begins so.
BOARD = "Board"


def board_title(look: Look, what: str) -> str:
    """The title of a game's board (``b``): ``Board · score sheet, deal 1 of 3``, the
    key's name first, so key and screen agree."""
    return f"{BOARD} {look.dot} {what}"


class BoardScreen(ClosesOnce, Screen[None]):
    """A game's board (``b``), which each game's board subclasses: Esc, b or Enter go
    back where it was opened, and its key line says where (``from_replay``: a replay,
    else the table)."""

    BINDINGS = [Binding("escape,b,enter", "close", "Back to the table"),
                Binding("escape,b,enter", "close_replay", "Back to the replay")]
    from_replay = False
    app: EbbesApp

    @property
    def lesson(self) -> bool:
        """A lesson's board: one round, deal or game, none to come."""
        return self.app.game is not None and self.app.game.lesson

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("close", "close_replay"):  # one of them shows, as opened
            return (action == "close_replay") == self.from_replay
        return True

    def action_close(self) -> None:
        self.dismiss()

    def action_close_replay(self) -> None:
        self.dismiss()


#: The table's key for how long a finished trick stays, unless the game's screens name
#: another (:attr:`GameScreens.trick_key`).
TRICK_KEY = "t"


class GameScreens(Protocol[ViewT_contra]):
    """One game's screens and words, for its views (a game's ``SCREENS`` is checked
    against ``GameScreens[ItsView]``)."""

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """Keys the game's table answers, for the help screen: (key, what it does)."""
        ...

    @property
    def trick_key(self) -> str:
        """The key of the trick display setting on this game's table: ``t`` unless the
        game needs ``t`` itself (no key means two things on one screen)."""
        ...

    def setup_note(self, players: int) -> str:
        """A note for the new-game form with this many players ("" for none)."""
        ...

    def legend(self, look: Look) -> tuple[str, Any]:
        """For the help screen: a heading and how to read the game's cards without
        colour (a Rich renderable)."""
        ...

    def why(self, view: ViewT_contra) -> str:
        """Why the hot-seat cover calls a player to the screen ("play a card")."""
        ...

    def in_words(self, text: str, look: Look) -> str:
        """A sentence of the rules or of a bot (a hint, a refusal) with its cards drawn
        as ``look`` draws them everywhere else."""
        ...

    def names(self, view: ViewT_contra, personal: bool, look: Look) -> list[str]:
        """The seats' names as the news reads them (``personal``: one player's screen,
        their own seat is "You")."""
        ...

    def stale(self, kind: str, update: Update[ViewT_contra]) -> bool:
        """Whether news of ``kind`` is stale once ``update`` is shown."""
        ...

    def replay(self, record: dict[str, Any], title: str) -> Screen[Any]:
        """A recorded game to watch again, step by step, every hand shown."""
        ...

    def table(self, look: Look, view: ViewT_contra) -> Widget:
        """The game's :class:`GameTable` widget for a new table screen showing
        ``view`` first."""
        ...

    def pace(self, pace: float, trick: str) -> Pace[ViewT_contra]:
        """The pace for ``pace`` seconds a move and the trick display setting."""
        ...

    def status(self, view: ViewT_contra, names: Sequence[str], look: Look, *,
               trick_over: bool = False) -> str:
        """The status line: where the game stands and who must do what. ``trick_over``:
        a finished trick stays on the table and nobody at this screen must act, so
        nobody plays yet: say who took it (:func:`~.words.took_the_trick`)."""
        ...

    def note(self, update: Update[ViewT_contra], names: Sequence[str], look: Look,
             news: str) -> tuple[str, str] | None:
        """What an update means, for the news line, and its kind (how long it lasts;
        see :meth:`stale`); None when it speaks for itself. ``news`` is the line on
        show."""
        ...

    def log(self, look: Look, personal: bool, memory_aid: bool) -> GameLog[ViewT_contra]: ...

    def interlude(self, update: Update[ViewT_contra], closes_after: float | None) -> Screen[Any] | None:
        """A screen to put up after ``update`` (a deal's scores), or None; at a shared
        table it closes by itself after ``closes_after`` seconds."""
        ...

    def final(self, update: Update[ViewT_contra], again: bool) -> Screen[str] | None:
        """The final standings; dismissed with ``menu``, ``again`` or ``quit``."""
        ...

    def dialog(self, view: ViewT_contra, error: str) -> Screen[Any] | None:
        """A dialog for a decision not made on the table itself (who starts, a pair, a
        reward, the order of a hand ...), or None when the table takes it."""
        ...

    def scores(self, view: ViewT_contra) -> Screen[Any]:
        """The board of scores (``b``)."""
        ...


def screens_of(game: Game[Any, Any, Any]) -> GameScreens[AnyView]:
    """The screens of ``game``, loaded by the name the game gives."""
    return importlib.import_module(game.presentation.ui_module).SCREENS


def playable_games() -> list[AnyGame]:
    """The games that have screens, in the registry's order (a game whose screens are
    not built yet is not offered)."""
    return [g for g in all_games() if _has_screens(g)]


def _has_screens(game: AnyGame) -> bool:
    try:
        return importlib.util.find_spec(game.presentation.ui_module) is not None
    except ModuleNotFoundError:  # the game's ui package itself is not there yet
        return False
