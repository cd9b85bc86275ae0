"""Variant 2: the chooser pairs an open suit with a free number (R5, R19)."""

from __future__ import annotations

from .look import ebbes_look

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..rules.actions import ChoosePair
from ..rules.cards import card
from ..rules.determiners import open_pairs
from ..rules.view import PlayerView
from ....ui.decision import DecisionDialog
from ....ui.footer import KeysFooter
from ....ui.words import seat_names


class PairDialog(DecisionDialog[PlayerView, ChoosePair]):
    """Pick a suit, then a number: Enter on a number takes the pair. The card of that
    suit and number will fix the next open category when played (R5). Shows whose
    each pair taken so far is, and the pair being built."""

    # The app's CSS (the shell's .dialog box), not DEFAULT_CSS, which that box would beat.
    SCOPED_CSS = False
    CSS = """
    PairDialog { align: center top; }
    PairDialog .dialog { max-height: 22; margin-top: 0; }
    PairDialog .dialog OptionList { max-height: 7; }
    /* A tall window shows every number at once (up to 15 with more cards). */
    PairDialog.-tall .dialog { max-height: 34; }
    PairDialog.-tall .dialog OptionList { max-height: 17; }
    PairDialog #pair-lists { height: auto; }
    PairDialog #pair-lists OptionList { width: 1fr; border: round $primary; }
    PairDialog #pair-lists OptionList:focus { border: round $accent; }
    App.-ascii PairDialog #pair-lists OptionList,
    App.-ascii PairDialog #pair-lists OptionList:focus { border: ascii $primary; }
    PairDialog #pair-preview { height: auto; }
    """

    def compose(self) -> ComposeResult:
        look = ebbes_look(self.app.look)
        view = self.view
        suits, numbers = open_pairs(view.pairs, view.config.number_choices)
        with Vertical(classes="dialog"):
            yield Static(f"Choose a determiner pair for round {view.round_no + 1}",
                         classes="dialog-title")
            yield Static(self._taken(), id="pair-taken")
            with Horizontal(id="pair-lists"):
                yield OptionList(*(Option(look.suit(s, name=True), id=str(s)) for s in suits),
                                 id="pair-suits")
                yield OptionList(*(Option(str(v), id=str(v)) for v in numbers),
                                 id="pair-numbers")
            yield Static("", id="pair-preview")
            yield Static("Up/Down: choose   Tab: suit or number   Enter on a number: "
                         "take the pair", classes="dialog-help")
            yield Static(self.error, classes="dialog-error", markup=False)
        yield KeysFooter()  # its own keys, not the table's under it

    def _taken(self) -> Text:
        """Who starts the round (the dialog covers the table's status line), and each
        pair taken so far with its taker's disc."""
        look, view = ebbes_look(self.app.look), self.view
        names = seat_names(view, look, self.personal)
        choosers = view.pair_choosers()
        starter = "You start" if view.starter == view.seat else f"{names[view.starter]} starts"
        text = Text(f"{starter} this round; pairs go round from the left.\n")
        text.append("Taken so far: ")
        for k, (s, v) in enumerate(view.pairs):  # as the board has it: "2:●B5 (Bob)"
            text.append_text(look.disc(choosers[k]))
            text.append(":", "dim")
            text.append_text(look.card(card(s, v)))
            text.append(f" ({names[choosers[k]]})  ")
        if not view.pairs:
            text.append("none", "dim")
        return text

    def on_mount(self) -> None:
        for options in self.query(OptionList):
            options.highlighted = 0
        self.query_one("#pair-suits", OptionList).focus()
        self._preview()

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self._preview()

    def _choice(self) -> ChoosePair:
        suits = self.query_one("#pair-suits", OptionList)
        numbers = self.query_one("#pair-numbers", OptionList)
        suit = suits.get_option_at_index(suits.highlighted or 0)
        number = numbers.get_option_at_index(numbers.highlighted or 0)
        return ChoosePair(int(suit.id or 0), int(number.id or 0))

    def _preview(self) -> None:
        """"Your pair: ▲Y4 - the yellow 4 will fix the next open job when played"."""
        look = ebbes_look(self.app.look)
        pair = self._choice()
        text = Text("Your pair: ", "bold")
        text.append_text(look.card(card(pair.suit, pair.number)))
        text.append(f"  (the {look.card_name(card(pair.suit, pair.number))} will fix the next "
                    "open job when it is played)", "dim")
        self.query_one("#pair-preview", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "pair-suits":
            self.query_one("#pair-numbers", OptionList).focus()
            return
        self.answer(self._choice())
