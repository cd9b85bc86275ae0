"""A one-line choice for forms: left/right (or a click) cycle the values; and
the next of a setting's values, round and round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

T = TypeVar("T")


def next_of(values: Sequence[str], current: str) -> str:
    """The value after ``current`` among ``values``, round and round (the first after
    one not among them): a setting that a key or a menu line cycles."""
    index = values.index(current) if current in values else -1
    return values[(index + 1) % len(values)]


class Choice(Widget, Generic[T], can_focus=True):
    """Shows ``< value >``; works with keys alone and draws only ASCII arrows if asked."""

    DEFAULT_CSS = """
    Choice { width: auto; min-width: 12; height: 1; padding: 0 1; }
    Choice:focus { background: $accent 40%; text-style: bold; }
    """
    # Not h, l or space: in a form letters and spaces are a name's, and a name typed on
    # the wrong field must not change a seat's kind (play-through; review).
    BINDINGS = [
        Binding("left", "step(-1)", "Change", show=False),
        Binding("right", "step(1)", "Change", show=False),
    ]
    index = reactive(0, layout=True)  # width: auto follows the value shown

    class Changed(Message):
        """The value changed; the form updates what depends on it."""

        def __init__(self, choice: Choice[Any]) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, values: list[tuple[str, T]], value: T, *, ascii: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.values = values
        self.ascii = ascii
        self.set_reactive(Choice.index, self._index_of(value))

    def _index_of(self, value: T) -> int:
        return next((i for i, (_, v) in enumerate(self.values) if v == value), 0)

    @property
    def value(self) -> T:
        return self.values[self.index][1]

    def set_values(self, values: list[tuple[str, T]], value: T) -> None:
        """New choices (e.g. the starter list after a name changed), keeping ``value``."""
        self.values = values
        self.index = self._index_of(value)
        self.refresh(layout=True)

    def render(self) -> Text:
        left, right = ("<", ">") if self.ascii else ("◀", "▶")
        return Text(f"{left} {self.values[self.index][0]} {right}")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.action_step(1)
