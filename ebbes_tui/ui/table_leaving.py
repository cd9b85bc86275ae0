"""Leaving a table for the menu, or quitting, asked once (Esc also closes the log, the
board and the help): the question says what becomes of the game, which is saved after
every decision, or goes on at a shared table without this player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ..table.events import Presence
from .table_link import CLOSED, clock_of

if TYPE_CHECKING:
    from .table import TableScreen


class Leaving:
    """The questions before one table screen is left, and the leaving."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def ask(self, choice: str) -> None:
        """Ask before leaving for ``choice`` (``menu`` or ``quit``), then leave; a
        lesson's end is left for the menu at once."""
        coach = self.screen.coach
        if coach is not None and coach.match.over and choice == "menu":
            self.leave(choice)
            return
        self.screen.app.push_screen(self.question(choice),
                                    lambda yes: self.leave(choice) if yes else None)

    def question(self, choice: str) -> Screen[bool]:
        """The question before leaving the table for the menu or quitting."""
        from .confirm import ConfirmScreen

        link = self.screen.link
        if link is not None and link.closed:
            question = (f"{CLOSED} {'Quit ebbes' if choice == 'quit' else 'Back to the menu'}?")
            return ConfirmScreen(question, "q" if choice == "quit" else "escape")
        if self.screen.coach is not None:
            where = "Quit ebbes" if choice == "quit" else "Back to the menu"
            return ConfirmScreen(f"{where}? The lesson goes on from here when you press l.",
                                 "q" if choice == "quit" else "escape")
        if choice == "quit":
            question = ("Leave the table and quit ebbes? The game goes on without you."
                        if link is not None else
                        "Quit ebbes? Your game is saved: choose Continue next time.")
            return ConfirmScreen(question, "q")
        if link is None:
            question = "Back to the menu? Your game is saved: choose Continue to go on."
        elif link.remote.leaving_ends_table():
            question = ("Leave the table? You are the last one at it, so it closes and the "
                        "game is saved for reopening.")
        else:
            question = f"Leave the table? {_while_away(link.presence)}"
        return ConfirmScreen(question, "escape")

    def leave(self, choice: str) -> None:
        """Tell the app the player leaves; it says how to come back (at a shared table,
        unless this screen left it, and says why)."""
        screen, link = self.screen, self.screen.link
        if link is not None:
            note = link.unshown.text if link.unshown is not None else ""
        else:
            note = "Your game is saved: choose Continue to go on."
        screen.post_message(screen.Left(choice, finished=False, note=note))


def _while_away(presence: Presence | None) -> str:
    """What the game does without this player (it waits at their turn, and a bot may
    take their seat after a while: "the game goes on" alone did not say)."""
    if presence is None:
        return "The game goes on; join it again from Tables."
    if presence.away_after is None:
        return "The game goes on and waits for you at your turn; join it again from Tables."
    return (f"The game goes on: it waits for you at your turn, and after "
            f"{clock_of(presence.away_after)} away a bot plays for you until you join "
            "it again from Tables.")
