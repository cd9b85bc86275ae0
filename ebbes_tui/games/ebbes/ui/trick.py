"""The middle of the table: the trick being played, who played what, who is next;
below it the last completed trick with its winner and why (R2, R18: exactly the last
completed trick, never an earlier one)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import Card
from ..rules.state import Phase
from ..rules.view import PlayerView
from ....ui.words import cut_names, padded, seat_names
from .explain import takes_line
from .look import EbbesLook


class TrickArea(Static):
    """Cards in play order under their players' names, and under the next player's
    name whose turn it is. A finished trick stays in view, its winning card marked,
    until the next card is led; then it moves to the "last trick" line below the new
    one, with why it was won."""

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: tuple[PlayerView, bool, bool] | None = None

    def show(self, view: PlayerView, *, show_last: bool = True, holding: bool = False) -> None:
        """``holding``: the finished trick on show waits for a key (the setting). Why
        the trick was won is always said whole: where the area has too few rows (two
        players at 80x24; a shared table's presence line takes one more) first without
        when Trump was fixed, then the last trick by its winning card alone (its other
        cards are in the log), and a held trick's "Any key goes on." after its reason,
        not on a line of its own."""
        self._shown = (view, show_last, holding)
        width, height = self.content_size
        text = Text()
        for cards, short in ((True, False), (True, True), (False, False), (False, True)):
            text = self._text(view, show_last, holding, short=short, cards=cards)
            if not height or len(text.wrap(self.app.console, width)) <= height:
                break
        self.update(text)

    def on_resize(self) -> None:
        """The news line took a row more (or gave one back): fit the text again."""
        if self._shown is not None:
            view, show_last, holding = self._shown
            self.show(view, show_last=show_last, holding=holding)

    def _text(self, view: PlayerView, show_last: bool, holding: bool, *, short: bool,
              cards: bool = True) -> Text:
        look = self.look
        names = seat_names(view, look)
        width = self.content_size.width or 76
        column = max(10, min(15, width // len(names)))
        text = Text()
        last = view.last_trick
        if not view.trick and last is not None:  # the finished trick stays until the next lead
            self._row(text, names, column, last.seats, last.cards, winner=last.winner)
            lead = " Your lead." if view.to_move == view.seat and view.phase is Phase.PLAY else ""
            takes = takes_line(view, last, names, look, short=short)
            text.append(f"\n{look.text(takes)}.{lead}", "italic")
            if holding:
                text.append(("\n" if cards else " ") + "Any key goes on.", "bold")
        else:
            self._row(text, names, column, view.trick_seats, view.trick, view=view)
            if show_last and last is None:
                text.append("\nNo trick taken yet this round.", "dim")
            elif show_last and last is not None:
                text.append("\nLast trick: ", "bold")
                if cards:
                    for i, (seat, card) in enumerate(zip(last.seats, last.cards)):
                        text.append(f"{'  ' if i else ''}{names[seat]} ")
                        text.append_text(look.card(card))
                        if seat == last.winner:
                            text.append(look.won, "bold")
                    text.append("\n")
                takes = takes_line(view, last, names, look, short=short)
                text.append(f"{look.text(takes)}.", "italic")
        return text

    def _row(self, text: Text, names: list[str], column: int, seats: tuple[int, ...],
             cards: tuple[Card, ...], winner: int | None = None,
             view: PlayerView | None = None) -> None:
        """Names on one line, their cards below; the led card and the winner marked;
        with ``view``, the seat to play next after them, "to play" under its name."""
        look = self.look
        upcoming = view.to_move if view is not None and view.phase is Phase.PLAY else None
        shown = cut_names(names, column - 2, look.ellipsis)
        for seat in (*seats, *(() if upcoming is None else (upcoming,))):
            text.append(padded(shown[seat], column), "bold")
        text.append("\n")
        for i, (seat, card) in enumerate(zip(seats, cards)):
            face = look.card(card, style="reverse" if seat == winner else "")
            text.append_text(face)
            note = f" {look.won}" if seat == winner else (" led" if i == 0 else "")
            text.append(note.ljust(column - len(face.plain)), "bold" if seat == winner else "dim")
        if upcoming is not None:
            mine = view is not None and upcoming == view.seat
            who = ("your lead" if mine else "to lead") if not cards else (
                "your turn" if mine else "to play")
            text.append(f"({who})", "bold italic")
