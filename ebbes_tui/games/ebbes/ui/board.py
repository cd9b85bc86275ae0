"""The Determiner board: the face-up number (or Variant 2's pairs) and, as each is
fixed, the suit that is Trump, Plus, ebbes, Minus and nix and the card that fixed it
(R4, R5), with what each job is worth, and how the next one gets fixed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.cards import SUIT_NAMES, Card, card
from ..rules.categories import CATEGORY_LABELS, FIXED_BY_CARDS
from ..rules.determiners import determiner_cards, fixing_plays
from ..rules.view import PlayerView
from ....ui.words import cut_names, seat_names
from .look import EbbesLook, ROMAN

#: The board's width inside its frame at 80 columns.
NARROW = 33
#: Where a job's worth begins at 80 columns: after "III ebbes " and "▲Y12 yellow ".
EFFECT_AT = 22
#: What each job does, short enough for the board (the help says it in full).
EFFECTS = ("beats all", "+1 each", "+3 between", "-1 each", "picks starter")
#: The same in full, for the help and the wide table.
EFFECTS_LONG = ("beats every other suit", "+1 a card", "+3 if strictly between fewest and most",
                "-1 a card", "most cards chooses the next starter")


def next_job_line(view: PlayerView) -> str:
    """How the next job gets fixed: "The next 2 played fixes Plus." (R4); in Variant 2,
    by whichever pair card is played next (R5)."""
    fixed = len(view.suits)
    if fixed >= FIXED_BY_CARDS:
        return "Every suit has its job."
    label = CATEGORY_LABELS[fixed]
    if not view.config.options.choose_determiners:
        if view.number is None:
            return "Cards of the number fix the jobs."  # (no deal yet)
        return f"The next {view.number} played fixes {label}."
    if len(view.pairs) < len(CATEGORY_LABELS):
        return "Pair cards fix the jobs in turn."
    return f"The next pair card fixes {label}."


class DeterminerBoard(Static):
    """Rows I-V; a newly fixed row flashes (the table adds ``-flash`` for a moment)."""

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: PlayerView, *, wide: bool = False) -> None:
        look = self.look
        names = seat_names(view, look)
        plays = fixing_plays(view.plays(), determiner_cards(view.number, view.pairs))
        text = Text()
        if view.config.options.choose_determiners:
            text.append_text(self._pairs(view))
        else:
            text.append("Number Determiner ", "bold")
            text.append(f" {view.number or '-'} ", "bold reverse")
        for cat, label in enumerate(CATEGORY_LABELS):
            row = Text(f"{ROMAN[cat]:>3} {label:<5} ", "bold")
            if wide:
                self._wide_row(row, view, cat, plays, names)
                row.append(EFFECTS_LONG[cat], "italic")
            else:
                self._narrow_row(row, view, cat, plays)
            text.append("\n")
            text.append_text(row)
        text.append(f"\n{next_job_line(view)}", "dim")
        self.update(text)

    def _wide_row(self, row: Text, view: PlayerView, cat: int,
                  plays: list[tuple[int, Card]], names: list[str]) -> None:
        """The suit by name, which card fixed it and whose it was."""
        look = self.look
        if cat < len(view.suits):
            suit = look.suit(view.suits[cat], name=True)
            row.append_text(suit)
            row.append(" " * (10 - len(suit.plain)))
        else:
            row.append("?".ljust(10), "dim")  # the longest suit, "▲Y yellow", and a space
        fixed_by = Text()
        if cat < len(plays):
            seat, fixer = plays[cat]
            fixed_by.append_text(look.card(fixer))
            fixed_by.append(f" {cut_names([names[seat]], 6, look.ellipsis)[0]}", "dim")
        row.append_text(fixed_by)
        row.append(" " * (12 - fixed_by.cell_len))

    def _narrow_row(self, row: Text, view: PlayerView, cat: int,
                    plays: list[tuple[int, Card]]) -> None:
        """At 80 columns: the card that fixed the job, then its suit's name ("●B5 blue";
        nix, which no card fixes, by its suit alone), then what the job is worth, from
        :data:`EFFECT_AT` where the row has room (nix's "picks starter" a little sooner)."""
        look = self.look
        if cat < len(plays):
            fixer = plays[cat][1]
            row.append_text(look.card(fixer))
            row.append(f" {SUIT_NAMES[fixer.suit]}", f"bold {look.colour(fixer.suit)}")
        elif cat < len(view.suits):
            row.append_text(look.suit(view.suits[cat], name=True))
        else:
            row.append("?", "dim")
        effect = EFFECTS[cat]
        width = self.content_size.width or NARROW
        at = max(row.cell_len + 1, min(EFFECT_AT, width - len(effect)))
        row.append(" " * (at - row.cell_len))
        row.append(effect, "italic")

    def _pairs(self, view: PlayerView) -> Text:
        """Variant 2: each pair taken, whose it is, and whether its card has fallen."""
        look = self.look
        # Each pair after its taker's disc and a colon ("2:●B5": seat 2 took blue 5; "2●B5"
        # read as one code, a disc after the card as a second digit); a fallen
        # determiner is struck.
        text = Text("Pairs ", "bold")
        if not view.pairs:
            text.append("not chosen yet", "dim")
        fallen = {c for _, c in view.plays()}
        choosers = view.pair_choosers()
        for k, (suit, number) in enumerate(view.pairs):
            determiner = card(suit, number)
            down = determiner in fallen
            if k < len(choosers):
                text.append_text(look.disc(choosers[k]))
                text.append(":", "dim")
            text.append_text(look.card(determiner, style="strike dim" if down else ""))
            text.append(" ")
        text.rstrip()
        if len(text.plain) > (self.content_size.width or NARROW):  # five pairs, and no room
            text = text[len("Pairs "):]  # for the word: the pairs say what they are
        return text
