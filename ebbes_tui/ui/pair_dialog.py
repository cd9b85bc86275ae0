"""Variant 2: the chooser pairs an open suit with a free number (R5)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..rules.actions import ChoosePair
from ..rules.cards import card
from ..rules.determiners import open_pairs
from .decision import DecisionDialog


class PairDialog(DecisionDialog[ChoosePair]):
    """Pick a suit, then a number: Enter on a number takes the pair. The card of that
    suit and number will fix the next open category when played (R5)."""

    def compose(self) -> ComposeResult:
        look = self.app.look
        view = self.view
        suits, numbers = open_pairs(view.pairs, view.config.number_choices)
        taken = Text("Taken so far: ")
        for s, v in view.pairs:
            taken.append_text(look.card(card(s, v)))
            taken.append(" ")
        if not view.pairs:
            taken.append("none", "dim")
        with Vertical(classes="dialog"):
            yield Static(f"Choose a determiner pair for round {view.round_no + 1}",
                         classes="dialog-title")
            yield Static(taken)
            with Horizontal(id="pair-lists"):
                yield OptionList(*(Option(look.suit(s, name=True), id=str(s)) for s in suits),
                                 id="pair-suits")
                yield OptionList(*(Option(str(v), id=str(v)) for v in numbers),
                                 id="pair-numbers")
            yield Static("Up/Down: choose   Tab: suit or number   Enter on a number: "
                         "take the pair", classes="dialog-help")
            yield Static(self.error, classes="dialog-error")

    def on_mount(self) -> None:
        for options in self.query(OptionList):
            options.highlighted = 0
        self.query_one("#pair-suits", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "pair-suits":
            self.query_one("#pair-numbers", OptionList).focus()
            return
        suits = self.query_one("#pair-suits", OptionList)
        suit_option = suits.get_option_at_index(suits.highlighted or 0)
        self.answer(ChoosePair(int(suit_option.id or 0), int(event.option.id or 0)))
