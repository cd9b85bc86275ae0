"""The news line of a table: what the update on show means (moves speak for themselves
on the table), a hint, a refusal, a chat line, a shared table's word; each said until
an update makes it stale (the game says which update makes which kind stale)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from ..controller import TakenBack, Update
from ..game.events import ChatLine
from ..table.events import Disconnected, Presence, Refused

if TYPE_CHECKING:
    from .table import TableScreen


class News:
    """One table screen's news line: its text, and the kind of news it is."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.text = ""
        self.kind = ""  # what the news line says: stale at different moments

    def say(self, message: str, kind: str = "event") -> None:
        """Put ``message`` on the news line. Its ``kind`` says when it goes stale (the
        game says which move makes which kind stale): an ``event``, a ``hint``, a
        ``refusal``, or the game's own kinds."""
        self.text = self.screen.app.look.text(message)
        self.kind = kind if message else ""
        self.screen.query_one("#news", Static).update(self.text)

    def note(self, update: Update) -> None:
        """Say what an update means on the news line (moves speak for themselves on the
        table)."""
        screen = self.screen
        event = update.event
        if isinstance(event, TakenBack):
            self.say("Your last move was taken back.")
        elif isinstance(event, ChatLine):
            if not event.earlier:  # what was said before: in the log (g), not news
                self.say(f"{event.sender}: {event.text}", "chat")
        elif isinstance(event, (Refused, Disconnected)):
            self.say(event.text + (" Esc: back to the menu." if isinstance(
                event, Disconnected) else ""), "table")
        elif isinstance(event, Presence):
            if screen.link is not None:
                screen.link.show_presence()
            mine = next((s for s in event.seats if s.seat == update.view.seat), None)
            if mine is not None and mine.connected and mine.bot:
                self.say(f"A {mine.bot} bot plays for you (your time ran out, or the host "
                         "handed your seat to it): press any key to play again.", "table")
        else:
            if self.kind and screen.screens.stale(self.kind, update):
                self.say("")
            names = screen.screens.names(update.view, not screen.hot_seat, screen.app.look)
            said = screen.screens.note(update, names, screen.app.look, self.text)
            if said is not None:
                self.say(*said)
