"""The screens every game puts over its table between moves: a deal's summary (read at
leisure, or closing by itself at a shared table) and the final standings (play again,
the menu, or quit). Each game draws what they show; this is how they behave."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from .closing import ClosesOnce
from .scroll_note import ScrollNote
from .unhurried import Unhurried

if TYPE_CHECKING:
    from .app import EbbesApp


class Interlude(Unhurried, ClosesOnce, Screen[None]):
    """Read at leisure: the table waits until it is closed, and not by a key typed
    for the last card (in hot-seat a cover comes next: :class:`~.unhurried.Unhurried`).
    At a shared table it closes by itself after ``closes_after`` seconds, so nobody
    falls behind the table (a spectator) or holds it up (a player who must act next)."""

    app: EbbesApp
    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, event: Any, view: Any, *, closes_after: float | None = None) -> None:
        super().__init__()
        self.event = event
        self.view = view
        self.closes_after = closes_after
        # At one's own table a stream of Enters must stop first (typed ahead after the
        # last card it passed the summary unread); a shared table's closes by itself.
        self.until_keys_stop = closes_after is None

    @property
    def lesson(self) -> bool:
        """A lesson's: no next round, deal or game to speak of ("Round 1 of 5", "Deal 2
        comes next" in a one-deal lesson)."""
        return self.app.game is not None and self.app.game.lesson

    def on_mount(self) -> None:
        if self.closes_after is not None:
            self.set_timer(self.closes_after, self.time_up)

    def time_up(self) -> None:
        """The shared table has gone on: so does this screen."""
        self.run_worker(self.dismiss_when_on_top(), exclusive=True)

    def action_close(self) -> None:
        self.dismiss()


class FinalStandings(Unhurried, ClosesOnce, Screen[str]):
    """Dismissed with ``again``, ``menu`` or ``quit``; not by a key typed for the last
    summary (Enters typed together there started a new game before anyone read who won)."""

    app: EbbesApp
    BINDINGS = [
        Binding("enter", "choose('again')", "Play again"),
        Binding("enter", "choose('menu')", "Menu", show=False),  # where there is no again
        Binding("m,escape", "choose('menu')", "Menu"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, event: Any, view: Any, *, again: bool = True) -> None:
        super().__init__()
        self.event = event
        self.view = view
        self.again = again  # not at a shared table: its host opens the next one
        # Enters typed ahead passed the standings unread and took "Play again": at one's
        # own table a stream of keys must stop first.
        self.until_keys_stop = again

    @property
    def keys_line(self) -> str:
        """The line under the standings: what each key does."""
        return ("Enter: play again with the same seats    m: menu    q: quit" if self.again
                else "Enter or m: menu    q: quit")

    def on_mount(self) -> None:
        """A score sheet longer than the screen (five deals at 80x24) says so and how
        to read on, on a line of its own over the keys: in ASCII no scroll bar shows."""
        bodies, keys = self.query(".score-body"), self.query("#final-help")
        if bodies and keys:
            self.mount(ScrollNote(bodies.first(VerticalScroll), "the score sheet",
                                  id="final-more"), before=keys.first())

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("again",):
            return self.again  # else Enter falls through to the menu
        return True
