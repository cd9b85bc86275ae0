"""A game's rules in the project's own words (:meth:`Presentation.rules_text`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ..game.protocols import AnyGame
from .closing import ClosesOnce
from .footer import KeysFooter

if TYPE_CHECKING:
    from .app import EbbesApp


#: A line that starts a block of its own in the rules' Markdown: a list item, a table row.
_BLOCK = re.compile(r"(?:[-*] |\d+\. |\|)")


def plain_rules(markdown: str) -> str:
    """The rules' Markdown as plain text for ASCII mode: each paragraph and list item
    one line, for the screen to wrap (the source's own line breaks, wrapped again, left
    a word alone on a line), headings underlined, no emphasis marks; tables as they are."""
    out: list[str] = []
    for line in markdown.replace("**", "").replace("`", "").split("\n"):
        stripped = line.strip()
        heading = re.match(r"(#+) (.*)", stripped)
        if heading:
            title = heading[2]
            out += [title, ("=" if len(heading[1]) == 1 else "-") * len(title)]
        elif not stripped or _BLOCK.match(stripped) or not out or not out[-1] \
                or out[-1].startswith("|") or re.fullmatch(r"[=-]+", out[-1]):
            out.append(stripped)
        else:  # the paragraph or list item goes on
            out[-1] += " " + stripped
    return "\n".join(out)


class RulesScreen(ClosesOnce, Screen[None]):
    """Markdown rendered; in ASCII mode plain text (:func:`plain_rules`)."""

    app: EbbesApp
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, game: AnyGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = self.game.presentation.rules_text()
        with VerticalScroll(id="rules"):
            if self.app.look.ascii:
                yield Static(self.app.look.text(plain_rules(text)), markup=False)
            else:
                yield Markdown(text)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss()
