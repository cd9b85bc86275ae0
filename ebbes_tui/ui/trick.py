"""The middle of the table: the trick being played, who played what, who is next;
and, on demand, the last completed trick (R18)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import Card
from ..rules.state import Phase
from ..rules.view import PlayerView
from .look import Look


class TrickArea(Static):
    """Cards in play order under their players' names. Between tricks it keeps the
    finished trick in view (with its winner), so a paced game can be followed."""

    def __init__(self, look: Look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView, *, show_last: bool) -> None:
        names = [self.look.text(s.name) for s in view.config.seats]
        column = max(10, min(15, (self.content_size.width or 76) // len(names)))
        text = Text()
        finished_on_show = view.phase is Phase.PLAY and not view.trick and bool(view.tricks)
        if finished_on_show:
            last = view.tricks[-1]
            self._row(text, names, column, last.seats, last.cards)
            lead = ": your lead" if view.to_move == view.seat else ""
            text.append(f"\n{names[last.winner]} took the trick{lead}", "italic")
        else:
            self._row(text, names, column, view.trick_seats, view.trick)
            if view.to_move is not None and view.phase is Phase.PLAY:
                who = "Your turn" if view.to_move == view.seat else f"{names[view.to_move]} to play"
                text.append(f"\n{who}", "italic")
        if show_last:  # exactly the last completed trick, never an earlier one (R18)
            earlier = view.last_trick
            if earlier is None:
                text.append("\nLast trick: none yet this round", "dim")
            elif finished_on_show:
                text.append("\nThe trick above is the last trick.", "dim")
            else:
                text.append(f"\nLast trick, taken by {names[earlier.winner]}:\n", "bold")
                self._row(text, names, column, earlier.seats, earlier.cards)
        self.update(text)

    def _row(self, text: Text, names: list[str], column: int, seats: tuple[int, ...],
             cards: tuple[Card, ...]) -> None:
        """Names on one line, their cards below; the led card is marked."""
        if not cards:
            text.append("No card played yet in this trick.\n", "dim")
            return
        for seat in seats:
            text.append(f"{names[seat][:column - 2]:<{column}}", "bold")
        text.append("\n")
        for i, card in enumerate(cards):
            face = self.look.card(card)
            text.append_text(face)
            text.append((" led" if i == 0 else "").ljust(column - len(face.plain)), "dim")

