"""Every seat at a glance: whose turn, cards in hand, tricks, the total, and (the memory
aid) what this round is sure to bring and the cards each has taken, by suit."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ..rules.categories import Category
from ..rules.scoring import certain_points
from ..rules.view import PlayerView
from ....ui.words import cut_names, padded, seat_names
from .look import EbbesLook

#: What a memory-aid column's suit does, under its head once it has a job (R4).
JOB_HEADS = {Category.TRUMP: "Tr", Category.PLUS: "+1", Category.EBBES: "eb",
             Category.MINUS: "-1", Category.NIX: "nx"}


#: The narrowest name column: "Name" and a space over it, then the head "Hand" (whose
#: column is three wide: its head reaches into the name's).
NAME_WIDTH = 6


class SeatsPanel(Static):
    """One row per seat (the dummy too, R17). The memory aid counts taken cards by
    suit, which R18 allows because every played card was public: each column headed by
    its suit, with its job below once fixed, and "Rnd", what the round is sure to bring
    so far (Plus and Minus cards taken, R6), and once it is scored its points (R9). With
    the aid off, neither shows."""

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: tuple[PlayerView, bool] | None = None

    def show(self, view: PlayerView, *, memory_aid: bool) -> None:
        self._shown = (view, memory_aid)
        look = self.look
        name_width = self._name_width(view, memory_aid)
        text = Text()
        # "Tks", not "Tr": a column headed "Tr" (Trump) stood beside it.
        text.append(f"  {'Name':<{name_width - 1}}Hand Tks{' Rnd' if memory_aid else ''} Total",
                    "bold")
        if memory_aid:
            jobs = Text(" " * (name_width + 19))
            for suit in range(5):
                mark = look.suit(suit)
                text.append(f"{mark.plain:>3}", mark.style)
                job = JOB_HEADS[Category(view.suits.index(suit))] if suit in view.suits else ""
                jobs.append(f"{job:>3}", f"bold {look.colour(suit)}")
            text.append("\n")
            text.append_text(jobs)
        names = cut_names(seat_names(view, look), name_width, look.ellipsis)
        for seat, name in enumerate(names):
            text.append("\n")
            turn = view.to_move == seat
            text.append_text(look.disc(seat))
            text.append(look.arrow if turn else " ", "bold")
            text.append(padded(name, name_width), "bold" if turn else "")
            # the round's points once scored (ebbes' +3 too), else what it is sure to bring
            scored = view.scored
            sure = scored.points[seat] if scored is not None else \
                certain_points(view.taken[seat], view.suits)
            text.append(f"{view.hand_sizes[seat]:>3}{view.tricks_won[seat]:>4}"
                        f"{f'{sure:>+4}' if memory_aid else ''}{view.totals[seat]:>+6}")
            if memory_aid:
                for count in view.taken[seat]:
                    text.append(f"{count:>3}" if count else "  .", "" if count else "dim")
        self.update(text)

    def _name_width(self, view: PlayerView, memory_aid: bool) -> int:
        """Room for the longest name, at least :data:`NAME_WIDTH`, as far as the panel's
        width allows beside the disc and number columns (15) and the memory aid (19):
        "Player 1" whole at 80 columns."""
        longest = max(map(cell_len, seat_names(view, self.look)))
        room = self.content_size.width - 15 - (19 if memory_aid else 0)
        return max(NAME_WIDTH, min(longest, room))

    def on_resize(self) -> None:
        if self._shown is not None:
            view, memory_aid = self._shown
            self.show(view, memory_aid=memory_aid)
