"""Every seat at a glance: whose turn, cards in hand, tricks, total, taken by suit."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.view import PlayerView
from .look import Look, disc, disc_marks

NAME_WIDTH = 10


class SeatsPanel(Static):
    """One row per seat (the dummy too, R17); the memory aid counts taken cards by
    suit, which R18 allows because every played card was public."""

    def __init__(self, look: Look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView, *, memory_aid: bool) -> None:
        look = self.look
        seats = view.config.seats
        marks = disc_marks([s.name for s in seats])
        text = Text()
        text.append(f"    {'Player':<{NAME_WIDTH}}Hand Tricks Total", "bold")
        if memory_aid:
            text.append("  ")
            for suit in range(5):
                text.append_text(look.suit(suit))
                text.append(" " if look.ascii else "")
        for seat, info in enumerate(seats):
            text.append("\n")
            turn = view.to_move == seat
            text.append(look.arrow if turn else " ", "bold")
            text.append(" ")
            text.append_text(disc(seat, marks[seat]))
            name = look.text(info.name)
            text.append(f" {name[:NAME_WIDTH]:<{NAME_WIDTH}}", "bold" if turn else "")
            text.append(f"{view.hand_sizes[seat]:>4} {view.tricks_won[seat]:>6} "
                        f"{view.totals[seat]:>+5}")
            if memory_aid:
                text.append("  ")
                for count in view.taken[seat]:
                    text.append(f"{count:>2}" if count else " .", "" if count else "dim")
        self.update(text)
