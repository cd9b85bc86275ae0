"""Every seat at a glance: whose turn, cards in hand, tricks, what this round is sure to
bring, the total, and (the memory aid) the cards each has taken, by suit."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..games.ebbes.rules.categories import Category
from ..games.ebbes.rules.scoring import certain_points
from ..games.ebbes.rules.view import PlayerView
from .look import Look

#: How a memory-aid column is headed once its suit has a job (R4).
JOB_HEADS = {Category.TRUMP: "Tr", Category.PLUS: "+1", Category.EBBES: "eb",
             Category.MINUS: "-1", Category.NIX: "nx"}


#: The narrowest name column (five letters and a space): 80 columns with the memory aid.
NAME_WIDTH = 6


class SeatsPanel(Static):
    """One row per seat (the dummy too, R17). "Rnd" is what the round is sure to bring
    so far (Plus and Minus cards taken, R6); the memory aid counts taken cards by suit,
    which R18 allows because every played card was public."""

    def __init__(self, look: Look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: tuple[PlayerView, bool] | None = None

    def show(self, view: PlayerView, *, memory_aid: bool) -> None:
        self._shown = (view, memory_aid)
        look = self.look
        name_width = self._name_width(view, memory_aid)
        text = Text()
        text.append(f"  {'Name':<{name_width}}Hand Tr Rnd Total", "bold")
        if memory_aid:
            for suit in range(5):
                if suit in view.suits:
                    head = JOB_HEADS[Category(view.suits.index(suit))]
                    text.append(f" {head}", f"bold {look.colour(suit)}")
                else:
                    mark = look.suit(suit)
                    text.append(f"{mark.plain:>3}", mark.style)
        for seat, info in enumerate(view.config.seats):
            text.append("\n")
            turn = view.to_move == seat
            text.append(look.arrow if turn else " ", "bold")
            text.append_text(look.disc(seat))
            name = look.text(info.name)
            text.append(f" {name[:name_width - 1]:<{name_width - 1}}", "bold" if turn else "")
            sure = certain_points(view.taken[seat], view.suits)
            text.append(f"{view.hand_sizes[seat]:>4}{view.tricks_won[seat]:>3}"
                        f"{sure:>+4}{view.totals[seat]:>+5}")
            if memory_aid:
                for count in view.taken[seat]:
                    text.append(f"{count:>3}" if count else "  .", "" if count else "dim")
        self.update(text)

    def _name_width(self, view: PlayerView, memory_aid: bool) -> int:
        """Room for the longest name (plus a space), at least 6, as far as the panel's
        width allows beside the number columns (19) and the memory aid (15)."""
        longest = max(len(self.look.text(s.name)) for s in view.config.seats)
        room = self.content_size.width - 19 - (15 if memory_aid else 0)
        return max(NAME_WIDTH, min(longest + 1, room))

    def on_resize(self) -> None:
        if self._shown is not None:
            view, memory_aid = self._shown
            self.show(view, memory_aid=memory_aid)
