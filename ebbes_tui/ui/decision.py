"""What the decision dialogs share: the chooser's view, and answering through the
match so that an illegal answer is shown ("You cannot take brown: ...") and changes
nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from textual.screen import ModalScreen
from textual.widgets import Static

from ..rules.view import PlayerView

if TYPE_CHECKING:
    from .app import EbbesApp

A = TypeVar("A")


class DecisionDialog(ModalScreen[None], Generic[A]):
    """Shown only to the human who must decide, while they are at the screen."""

    app: EbbesApp

    def __init__(self, view: PlayerView, submit: Callable[[A], str | None]) -> None:
        super().__init__()
        self.view = view
        self._submit = submit

    def answer(self, value: A) -> None:
        """Submit; close on success, else say why (the dialog stays for another try)."""
        error = self._submit(value)
        if error:
            self.query_one(".dialog-error", Static).update(error)
        else:
            self.dismiss()
