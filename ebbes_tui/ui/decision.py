"""What the decision dialogs share: the chooser's view, and an answer given back to
the table by dismissing with it (the table submits it; an illegal answer comes back
in a new dialog with the reason, "You cannot take brown: ...", and changes nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual.screen import ModalScreen

from ..game.protocols import ViewT
from .closing import ClosesOnce

if TYPE_CHECKING:
    from .app import EbbesApp

A = TypeVar("A")


class DecisionDialog(ClosesOnce, ModalScreen[A], Generic[ViewT, A]):
    """Shown only to the human who must decide, while they are at the screen.

    It closes before the answer is applied, so whatever the answer brings (a hand-off
    cover, a round summary) goes on top of the table, never under this dialog."""

    app: EbbesApp

    def __init__(self, view: ViewT, error: str = "") -> None:
        super().__init__()
        self.view = view
        self.error = error

    def answer(self, value: A) -> None:
        self.dismiss(value)
