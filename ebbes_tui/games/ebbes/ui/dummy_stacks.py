"""The dummy's five stacks (R16): face-up cards shown, face-down ones as card backs,
and the card it must play next marked whenever the rules already decide it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import Card
from ..rules.dummy import dummy_card
from ..rules.tricks import led_suit
from ..rules.view import PlayerView
from .look import EbbesLook

STACK = 7


def next_dummy_card(view: PlayerView) -> Card | None:
    """The card the dummy will play to this trick, when it is already decided: the
    dummy has not played yet and either leads or knows the led suit (R16)."""
    dummy = view.config.dummy
    if dummy is None or dummy in view.trick_seats or all(c is None for c in view.dummy_up):
        return None
    if not view.trick and view.to_move != dummy:
        return None  # it follows a suit nobody has led yet
    return dummy_card(list(view.dummy_up), led_suit(view.trick))


class DummyStacks(Static):
    """Left to right as laid out; only face-up cards can be played (R16). A stack's
    face-down card shows only its back (R18)."""

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView) -> None:
        self.update(stacks_text(view, self.look))


def stacks_text(view: PlayerView, look: EbbesLook) -> Text:
    """Face-up cards, backs of face-down ones below, and ``next`` under the card the
    dummy must play next when that is decided."""
    upcoming = next_dummy_card(view)
    ups, downs, marks = Text(), Text(), Text()
    for up, down in zip(view.dummy_up, view.dummy_down):
        face = look.card(up, style="underline" if up == upcoming else "") \
            if up is not None else Text("--", "dim")
        ups.append_text(face)
        ups.append(" " * (STACK - len(face.plain)))
        downs.append((look.card_back if down else "").ljust(STACK), "dim")
        marks.append(("next" if up is not None and up == upcoming else "").ljust(STACK), "bold")
    return Text("\n").join([ups, downs, marks])
