"""The pages a player opens over the table and closes again: the game log, the board,
the help and the rules. Each is read, never played on; the table goes on beneath."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .log_screen import LogScreen

if TYPE_CHECKING:
    from ..controller.hot_seat import HotSeat
    from ..controller.session import Feed
    from ..game.protocols import AnyGame, AnyView
    from .app import EbbesApp
    from .game_ui import GameLog, GameScreens


class TablePages:
    """Mixed in before ``Screen`` by the table screen: its log, board, help and rules."""

    if TYPE_CHECKING:  # the table screen's
        app: EbbesApp
        feed: Feed
        game: AnyGame
        game_log: GameLog | None
        hot_seat: bool
        screens: GameScreens[AnyView]
        seats: HotSeat | None
        shared: bool

        @property
        def view(self) -> AnyView: ...

    def action_log(self) -> None:
        if self.game_log is not None:
            # Opened from a decision dialog over the table, Esc goes back to that.
            back = "the table" if self.app.screen is self else "your decision"
            self.app.push_screen(LogScreen(self.game_log.text(self.view), back=back))

    def action_scores(self) -> None:
        """The board; in hot-seat as everyone at the screen reads it (nobody "You")."""
        everyone = self.seats.for_everyone().view if self.seats is not None else self.view
        self.app.push_screen(self.screens.scores(everyone))

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        # Only the keys that do something here: a spectator has no hand to play from.
        left_out = {"u": not self.feed.take_back_offered, "i": not self.feed.hints_offered,
                    "v": not self.hot_seat, "c": not self.shared}
        self.app.push_screen(HelpScreen(
            self.game, left_out=frozenset(k for k, out in left_out.items() if out),
            watching=self.shared and self.view.seat is None))

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game))


