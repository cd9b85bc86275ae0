"""The menu: new game, continue the newest save (or take it over), rules, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from .app import EbbesApp


class MenuScreen(Screen[None]):
    """The first screen: what to do, and which saved game is waiting."""

    app: EbbesApp
    _can_continue = False
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("f1", "choose('rules')", "Rules"),
        Binding("t", "choose('theme')", "Colours"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="menu-title")
        yield OptionList(id="menu-options")
        yield Static("", id="menu-message")
        yield Footer()

    def _title(self) -> str:
        if self.app.look.ascii:
            return "e b b e s\nThe Palatinate has something to offer!"
        return "e b b e s\nDie Pfalz hat ebbes zu bieten!"

    def on_mount(self) -> None:
        self.refresh_saves()

    def refresh_saves(self, message: str = "") -> None:
        """Rebuild the options from the saves on disk (one may have appeared or gone)."""
        text = self.app.look.text
        saves = self.app.store.list()
        options = [Option("New game", id="new")]
        self._can_continue = bool(saves)
        if saves:
            newest = saves[0]
            if newest.locked_by:
                who = f" (process {newest.locked_by})" if newest.locked_by > 0 else ""
                options.append(Option(text(f"Continue: open in another ebbes window{who}"),
                                      id="continue", disabled=True))
                options.append(Option("  Take it over (the other window saves and closes)",
                                      id="takeover"))
                options.append(Option("  Start a separate game", id="new-separate"))
            else:
                options.append(Option(text(f"Continue: {newest.summary}"), id="continue"))
        options += [Option("Rules", id="rules"), Option(self._theme_label(), id="theme"),
                    Option("Quit", id="quit")]
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = 1 if saves and not saves[0].locked_by else 0
        menu.focus()
        self.query_one("#menu-message", Static).update(text(message))
        self.refresh_bindings()

    def _theme_label(self) -> str:
        name = "terminal colours (ansi-dark)" if self.app.theme == "ansi-dark" else "dark"
        return f"Colours: {name}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("continue",):
            return self._can_continue
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        app = self.app
        if what in ("new", "new-separate"):
            from .new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif what == "continue":
            app.continue_newest()
        elif what == "takeover":
            app.continue_newest(take_over=True)
        elif what == "rules":
            from .rules_screen import RulesScreen

            app.push_screen(RulesScreen())
        elif what == "theme":
            app.theme = "textual-dark" if app.theme == "ansi-dark" else "ansi-dark"
            app.settings.theme = app.theme
            app.save_settings()
            self.refresh_saves()
        elif what == "quit":
            app.save_and_quit()
