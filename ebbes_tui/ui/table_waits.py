"""What the table shows while it waits: for any key (a finished trick held, a lesson's
coach explaining one), and for the move a lesson's coach asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import ActiveBinding

if TYPE_CHECKING:
    from ..controller import Update
    from ..controller.lesson import Coach
    from ..controller.session import Feed
    from .game_ui import GameTable
    from .look import Look


class TableWaits:
    """Mixed in before ``Screen`` by the table screen."""

    if TYPE_CHECKING:  # the table screen's
        coach: Coach | None
        coach_waits: bool
        feed: Feed
        holding: bool
        update: Update

        @property
        def game_table(self) -> GameTable: ...

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the key line shows: while a finished trick (or the coach) waits for
        any key, only Esc does more than go on (it offered "Move", "Play", "Undo",
        keys that only went on)."""
        bindings: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]  # a mixin of Screen
        if self.holding or self.coach_waits:
            return {key: b for key, b in bindings.items() if key == "escape"}
        return bindings

    def point_at_asked(self) -> None:
        """In a lesson, the cursor (a dialog's choice) on the move the coach asks for:
        Enter makes the move the coach names."""
        asked = self.coach.asked(self.update) if self.coach is not None else None
        if asked is not None and self.feed.asks(self.update):
            self.game_table.point_at(asked)

    def coached_status(self, status: str, look: Look) -> str:
        """The status line in a lesson: while the coach explains a trick, or what came
        of a move, no move is asked yet ("any key goes on"); the lesson's own words
        (:meth:`Coach.status`)."""
        coach = self.coach
        if coach is None:
            return status
        outcome = self.holding and bool(coach.outcome(self.update))
        if self.coach_waits or outcome:
            head, dot, last = status.rpartition(f" {look.dot} ")
            if outcome or last.startswith("Your turn"):
                status = f"{head}{dot}any key goes on"
        return coach.status(self.update, status)
