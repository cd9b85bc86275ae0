"""What the decision dialogs share: the chooser's view, and an answer given back to
the table by dismissing with it (the table submits it; an illegal answer comes back
in a new dialog with the reason, "You cannot take brown: ...", and changes nothing).

A dialog covers the table's key line with its own: the table's board (b) and log (g)
open over it, i asks for a hint where the table offers hints, and Esc asks to go back
to the menu as the table does (alone or in hot-seat the decision waits in the saved
game; a shared table goes on); take-back waits until the decision is made."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..game.errors import IllegalMove
from ..game.protocols import ViewT
from .closing import ClosesOnce
from .game_ui import BOARD
from .unhurried import FROM_COVER, TypedAfter

if TYPE_CHECKING:
    from .app import EbbesApp

A = TypeVar("A")


class DecisionDialog(TypedAfter, ClosesOnce, ModalScreen[A], Generic[ViewT, A]):
    """Shown only to the human who must decide, while they are at the screen. It comes
    by itself, so a key typed before it came (the Enter that took the cover away, read
    twice) does not answer it.

    It closes before the answer is applied, so whatever the answer brings (a hand-off
    cover, a round summary) goes on top of the table, never under this dialog."""

    app: EbbesApp
    BINDINGS = [
        Binding("b", "beneath('scores')", BOARD),
        Binding("g", "beneath('log')", "Log"),
        Binding("i", "hint", "Hint"),
        # A Variant 2 player choosing pairs could not leave until every pair was chosen.
        # Not on the key line: a dialog's own keys come after these, and at 80 columns
        # in ASCII "Esc Menu" cut off "Enter To the number"; Esc is the table's key.
        Binding("escape", "beneath('menu')", "Menu", show=False),
    ]

    def __init__(self, view: ViewT, error: str = "") -> None:
        super().__init__()
        self.view = view
        self.error = error
        #: The table under the dialog, whose board and log b and g open (set by the table).
        self.beneath: Screen[Any] | None = None
        #: What the normal bot would answer and why, where the table offers hints.
        self.hint: Callable[[], tuple[object, str]] | None = None
        #: One person reads it, so their own seat is "You"; not in hot-seat, where
        #: several do (set by the table).
        self.personal = True
        #: A lesson's coach line, said where a hint would be as the dialog opens (set
        #: by the table): the dialog covers the line under the table.
        self.said = ""
        #: The answer that lesson's coach asks for, preselected (set by the table).
        self.asked: object | None = None

    def on_mount(self) -> None:
        if self.said and self.covers_the_coach():
            self.call_after_refresh(self.show_hint, self.said)
        if self.asked is not None:  # after the dialog's own preselection
            self.call_after_refresh(self.point_at, self.asked)

    def covers_the_coach(self) -> bool:
        """Whether the dialog lies over the coach's line under the table, so says it
        itself (else the line showed twice, and the dialog grew over the trick)."""
        return True

    def answer(self, value: A) -> None:
        self.dismiss(value)

    def key_refused(self, event: events.Key) -> None:
        """A key of the stream that took the cover away, refused: said in the dialog's
        error line (as the table says it on its news line)."""
        if self.app.keystrokes.uncovered:
            for line in self.query(".dialog-error").results(Static):
                line.update(FROM_COVER)
                line.display = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "beneath":
            return self.beneath is not None
        if action == "hint":
            return self.hint is not None
        return True

    async def action_beneath(self, action: str) -> None:
        if self.beneath is not None:
            await self.app.run_action(action, self.beneath)

    def action_hint(self) -> None:
        if self.hint is None:
            return
        try:
            answer, why = self.hint()
        except IllegalMove as e:
            self.show_hint(e.player_text)
            return
        self.point_at(answer)
        if self.said and self.covers_the_coach():  # a lesson's: the coach's line stays,
            return  # the one it points to (said over it, the reason was gone)
        self.show_hint(f"Hint: {why}")

    def point_at(self, answer: object) -> None:
        """Mark the hint's answer among the choices (nothing is chosen)."""

    def show_hint(self, text: str) -> None:
        """Say the hint in the dialog's ``#dialog-hint`` line, until it closes (a toast
        would go by before it is read); a toast only in a dialog without that line."""
        lines = self.query("#dialog-hint")
        if not lines:
            self.notify(text)
            return
        line = lines.first(Static)
        line.update(self.app.look.text(text))
        line.display = True
