"""Every player at a glance, in front of them as at a real table: their hand as a row
of backs with its count, and this deal's tricks, hen cards, penalties and reward
cards (H13: all of it was shown face up); the game's total of the deals scored so
far. While the hands are being arranged, who is done."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ....ui.words import cut_names, padded, seat_names
from ..rules.view import HuhnView
from .look import HuhnLook

#: The narrowest name column (five letters and a space).
NAME_WIDTH = 6
#: The game total's column: it counts the deals scored, not the deal in progress.
TOTAL = "Past deals"


def turn_seats(view: HuhnView) -> tuple[int, ...]:
    """Whose move the table waits for, one at a time (arranging is everyone's at
    once: the panel says so in words instead)."""
    return () if view.phase == "arrange" else view.deciding


class PlayersPanel(Static):
    """One row per seat; the own seat's hand is drawn below the table, so its row
    gives the count only."""

    def __init__(self, look: HuhnLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: HuhnView | None = None

    def show(self, view: HuhnView) -> None:
        self._shown = view
        look = self.look
        names = seat_names(view, look)
        arranging = view.phase == "arrange"
        # The count under "Hand", then the backs: a count after the backs stood in an
        # unlabelled gap and read as the next column's.
        hand = max(view.dealt, 2) + 5
        fixed = 3 + hand + (12 if arranging else 7 + 5 + 10 + 14) + len(TOTAL) + 1
        width = max(NAME_WIDTH, min(max(map(cell_len, names)) + 1, self.content_size.width - fixed))
        text = Text()
        text.append(f"   {'Name':<{width}}{'Hand':<{hand}}", "bold")
        text.append("Arranging   " if arranging else "Tricks Hens Penalties Rewards       ",
                    "bold")
        text.append(f" {TOTAL}", "bold")
        turn = turn_seats(view)
        shown = cut_names(names, width - 1, look.ellipsis)
        for seat in range(len(view.seats)):
            text.append("\n")
            text.append_text(look.disc(seat))
            text.append(look.arrow if seat in turn else " ", "bold")
            text.append(" " + padded(shown[seat], width), "bold" if seat in turn else "")
            count = view.hand_sizes[seat]
            text.append(f"{count:>3} ")  # under "Hand"; the backs, then a space
            if seat == view.seat:
                text.append(f"{'yours':<{hand - 4}}", "dim")
            else:
                text.append(f"{look.backs(count):<{hand - 4}}")
            if arranging:
                done = view.arranged[seat]
                text.append(f"{'done ' + look.won if done else 'arranging':<12}",
                            "bold" if done else "italic")
            else:
                penalties = " ".join(str(p) for p in view.penalties[seat])
                rewards = " ".join(view.rewards[seat])
                text.append(f"{view.taken[seat]:>6} {view.hens[seat]:>4} ")
                text.append(f"{penalties:<10}", "bold" if penalties else "")
                text.append(f"{rewards:<14}", "bold" if rewards else "")
            text.append(f"{view.totals[seat]:>+{len(TOTAL) + 1}}")
        self.update(text)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(self._shown)


def supply_line(view: HuhnView) -> str:
    """The reward cards left in the supply (H8), for a panel's title."""
    left = ", ".join(view.supply)
    return f"reward cards left: {left}" if left else "no reward cards left"
