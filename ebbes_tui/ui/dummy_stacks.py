"""The dummy's five stacks (R16): face-up cards shown, face-down ones as card backs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.view import PlayerView
from .look import Look

STACK = 7


class DummyStacks(Static):
    """Left to right as laid out; only face-up cards can be played (R16). A stack's
    face-down card shows only its back (R18)."""

    def __init__(self, look: Look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView) -> None:
        look = self.look
        ups, downs = Text(), Text()
        for up, down in zip(view.dummy_up, view.dummy_down):
            face = look.card(up) if up is not None else Text("--", "dim")
            ups.append_text(face)
            ups.append(" " * (STACK - len(face.plain)))
            downs.append((look.card_back if down else "").ljust(STACK), "dim")
        self.update(Text("\n").join([ups, downs]))
