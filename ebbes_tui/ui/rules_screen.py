"""The rules in the project's own words, read from ``assets/rules.md``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static


from .closing import ClosesOnce

if TYPE_CHECKING:
    from .app import EbbesApp


#: Where ``assets/`` lies in a development checkout, which has no ``ebbes_tui.assets``.
DEV_ASSETS = Path(__file__).resolve().parents[2] / "assets"


def rules_text() -> str:
    """The rules Markdown: from the installed ``ebbes_tui.assets`` package, or, in a
    development checkout, from ``assets/`` at the top of the repository."""
    try:
        return resources.files("ebbes_tui.assets").joinpath("rules.md").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return (DEV_ASSETS / "rules.md").read_text(encoding="utf-8")


class RulesScreen(ClosesOnce, Screen[None]):
    """Markdown rendered; in ASCII mode the plain Markdown text, which reads fine."""

    app: EbbesApp
    BINDINGS = [Binding("escape", "close", "Back")]

    def compose(self) -> ComposeResult:
        text = rules_text()
        with VerticalScroll(id="rules"):
            if self.app.look.ascii:
                yield Static(self.app.look.text(text), markup=False)
            else:
                yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss()
