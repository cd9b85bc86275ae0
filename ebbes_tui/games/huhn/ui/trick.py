"""The middle of the table: the trick being played, each card under its player's name
with the end of the hand it came from, a back for a face-down card (H5, H13); who
leads and why (H6, H9 *hand*); the previous trick with its taker and what it gave (H7,
H8); in the deal's last trick, the rule of the 0 and the 49 while it can still matter
(H6). While the hands are arranged, what happens next."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ....ui.words import cut_names, padded, says, seat_names
from ..rules.cards import HIGHEST, LOWEST
from ..rules.tricks import Trick, TrickCard
from ..rules.view import HuhnView
from .explain import takes_line, trick_gives
from .look import HuhnLook


def lead_line(view: HuhnView, names: list[str]) -> str:
    """Who leads the trick in progress (or the next) and why: the first trick's
    leader sits left of the dealer (H2); later, the previous trick's taker (H6) or the
    player named with *hand* (H9). With *down* or *ear*, what the lead may do."""
    who = names[view.leader]
    leads = says(who, "leads")
    if view.advantage in _MAY and view.phase == "play":
        own = "your" if who == "You" else "their"
        return f"{leads} with the {view.advantage} reward: {_MAY[view.advantage].format(own=own)}."
    if not view.tricks:
        why = f"left of the dealer, {names[view.dealer]}" if names[view.dealer] != "You" \
            else "left of you, the dealer"
        return f"{leads} the first trick: {why}."
    if view.named_by is not None:
        by = names[view.named_by]
        return f"{leads}: named by {'you' if by == 'You' else by} with the hand reward."
    return f"{leads}: {'you' if who == 'You' else 'they'} took the previous trick."


#: What the lead may do with a reward's advantage, short (the hand's help says more).
_MAY = {"down": "{own} lead may go face down", "ear": "any card of {own} hand may lead"}


def sau_matters(view: HuhnView) -> bool:
    """The trick in progress is the deal's last and neither the 0 nor the 49 has been
    played before it, so the 0 may still take it from the 49 (H6)."""
    return view.phase == "play" and view.last_round and not any(
        LOWEST in t.cards or HIGHEST in t.cards for t in view.tricks)


def trick_title(view: HuhnView) -> str:
    """The trick panel's title: in the deal's last trick, the rule of the 0 and the
    49 while it can still matter; while the trick before it stays on show, that the
    last comes next (it named the trick on show the deal's last)."""
    if not sau_matters(view):
        return "Trick"
    if not view.trick and view.last_trick is not None:
        return "Trick taken · next, the deal's last: the 0 takes it if the 49 is in it"
    return "Trick: the deal's last, where the 0 takes it if the 49 is in it"


def taken_line(trick: Trick, names: list[str], look: HuhnLook, verb: str = "took") -> str:
    """``Bot 1 took it with 10 (3 hens: penalty -6).``: a trick's taker and what it
    gave, short enough for one line at 80 columns; the 0's win says why (H6)."""
    gives = trick_gives(trick, short=True)
    won = trick.cards[trick.seats.index(trick.winner)]
    how = takes_line(trick, names, look) if trick.sau else \
        f"{says(names[trick.winner], verb)} it with {look.card(won).plain}"
    return f"{how}{f' ({gives})' if gives else ''}."




class TrickArea(Static):
    """Cards in play order under their players' names; the next player's column says
    "to play". A finished trick stays with its taker marked until the next lead; then
    it moves to the "previous trick" lines below, with who took it and what it gave.
    Each line fits the panel's width (names are cut in the previous trick's line)."""

    def __init__(self, look: HuhnLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: tuple[HuhnView, bool, bool] | None = None
        self._lines = ""  # what it shows now

    def show(self, view: HuhnView, *, show_last: bool = True, holding: bool = False) -> None:
        """``holding``: the finished trick on show waits for a key (the setting)."""
        self._shown = (view, show_last, holding)
        look = self.look
        names = seat_names(view, look)
        text = Text()
        last = view.last_trick
        self.border_title = look.text(trick_title(view))
        self.border_subtitle = "Any key goes on" if holding else ""
        if view.phase == "arrange":
            self._arranging(text, view, names)
        elif view.phase == "deal" and last is None:
            text.append("The cards are being dealt.")
        elif not view.trick and last is not None:  # the taken trick stays until the next lead
            taken = look.text(taken_line(last, names, look, "takes"))
            # Who leads next: always when a reward decided it, else where there is room;
            # short of room, the ends the cards came from give way to it.
            decided = view.named_by is not None or bool(view.advantage)
            lead = ""
            if view.phase == "play":
                lead = look.text(lead_line(view, names) if decided else
                                 f"{says(names[view.leader], 'leads')} the next trick.")
            needed = 2 + self._rows(taken) + (self._rows(lead) if decided and lead else 0)
            self._cards(text, names, _as_played(last), winner=last.winner,
                        ends=self._fits(needed + 1))
            text.append(f"\n{taken}", "italic")
            if lead and (decided or self._room_for(text, lead, 0)):
                text.append(f"\n{lead}")
        else:
            previous = show_last and last is not None
            lead = look.text(lead_line(view, names))
            # Before the lead, who leads and why; once led, the first column shows the
            # leader, and the line stays only where a reward decided it (a card led face
            # down, or from the middle, needs its why) or where there is room.
            decided = not view.tricks or not view.trick or view.named_by is not None \
                or bool(view.advantage)
            taken = look.text(taken_line(last, names, look)) if previous and last else ""
            below = 1 + self._rows(taken) if taken else 0
            needed = 2 + below + (self._rows(lead) if decided else 0)
            # Short of room (a hint of two lines under the hand), the ends the cards came
            # from give way to the previous trick, its taker and a lead a reward decided;
            # with no room at all, the taker's line goes (its card is marked).
            ends = self._fits(needed + 1)
            if not ends and taken and view.trick and view.advantage:
                # Under a lead the ear or the down reward allowed (from the middle, face
                # down) the ends outrank the previous trick's taker line (80x24, five
                # players); under a leader the hand named they give way to it.
                ends = self._fits(needed + 1 - self._rows(taken))
            self._cards(text, names, view.trick, upcoming=view.to_move, mine=view.seat,
                        ends=ends)
            if decided or self._room_for(text, lead, below):
                text.append(f"\n{lead}")
            if previous and last is not None:
                # With no room for the taker's line, what the trick gave ends the
                # previous trick's (its taker's card is marked).
                label = "Previous trick: "
                whole = self._fits(self._rows(text.plain) + 1 + self._rows(taken))
                gives = "" if whole else trick_gives(last, short=True)
                gave = f" {look.dot} {gives}" if gives else ""
                room = self._width() - len(label)
                run = self._run(last, names, room - len(gave))
                if run.cell_len + len(gave) > room:  # names cut as far as they go
                    run, gave = self._run(last, names, room), ""
                text.append(f"\n{label}", "bold")
                text.append_text(run)
                if whole:
                    text.append(f"\n{taken}", "italic")
                text.append(gave, "italic")
        self._lines = text.plain
        self.update(text)

    @property
    def rows_shown(self) -> int:
        """How many rows of the panel its lines take (a dialog may lie below them)."""
        return self._rows(self._lines)

    def on_resize(self) -> None:
        """The lines follow the panel's size (names cut, a line left out)."""
        if self._shown is not None:
            view, show_last, holding = self._shown
            self.show(view, show_last=show_last, holding=holding)

    def _room_for(self, text: Text, line: str, keep: int) -> bool:
        """Whether ``line`` fits under ``text`` with ``keep`` rows to spare (an
        unknown size: yes)."""
        return self._fits(self._rows(f"{text.plain}\n{line}") + keep)

    def _fits(self, rows: int) -> bool:
        """Whether ``rows`` rows fit the panel (an unknown size: yes)."""
        room = self.content_size.height
        return not room or rows <= room

    def _rows(self, lines: str) -> int:
        """How many rows ``lines`` take at the panel's width."""
        width = self._width()
        return sum(max(1, -(-len(row) // width)) for row in lines.split("\n"))

    def _width(self) -> int:
        return self.content_size.width or 76

    def _arranging(self, text: Text, view: HuhnView, names: list[str]) -> None:
        waiting = [names[s] for s, done in enumerate(view.arranged) if not done]
        text.append("Everyone arranges their hand", "bold")  # one line at 80 columns
        text.append(" unseen; play begins when all are done.\n")
        if waiting:
            text.append(f"Still arranging: {', '.join(waiting)}.\n")
        text.append(self.look.text(lead_line(view, names)))

    def _cards(self, text: Text, names: list[str], cards: tuple[TrickCard, ...], *,
               winner: int | None = None, upcoming: int | None = None,
               mine: int | None = None, ends: bool = True) -> None:
        """Names on one line, the cards below, the end each came from below that (no
        such line before the lead, or without ``ends``)."""
        look = self.look
        seats = [tc.seat for tc in cards]
        if upcoming is not None and upcoming not in seats:
            seats.append(upcoming)
        column = max(10, min(16, self._width() // max(len(names), 1)))
        shown = cut_names(names, column - 2, look.ellipsis)
        for seat in seats:
            text.append(padded(shown[seat], column), "bold")
        text.append("\n")
        for tc in cards:
            won = tc.seat == winner
            face = look.back() if tc.card is None else look.card(tc.card)
            if won:
                face.stylize("reverse")
            text.append_text(face)
            note = f" {look.marks(won=True)}" if won else ""
            text.append(note.ljust(column - len(face.plain)), "bold")
        if upcoming is not None and upcoming not in [tc.seat for tc in cards]:
            text.append("(your turn)" if upcoming == mine else "(to play)", "bold italic")
        if not cards or not ends:
            return
        text.append("\n")
        for tc in cards:
            mark = look.end_mark(tc.end) + (", down" if tc.down else "")
            text.append(f"{mark[:column - 1]:<{column}}", "dim")

    def _run(self, trick: Trick, names: list[str], room: int) -> Text:
        """``Ann 17H  Bob 28D↓✓``: a completed trick on one line of ``room`` columns
        (names cut as far as needed), a card that was played face down marked."""
        look = self.look
        faces = [look.card(c) for c in trick.cards]
        marks = [look.marks(down=down, won=seat == trick.winner)
                 for seat, down in zip(trick.seats, trick.downs)]
        played = [names[s] for s in trick.seats]
        fixed = sum(len(f.plain) + len(m) + 3 for f, m in zip(faces, marks)) - 2
        cut = max(3, (room - fixed) // max(len(played), 1))
        if fixed + sum(map(cell_len, played)) > room:
            played = cut_names(played, cut, look.ellipsis)
        run = Text()
        for i, (name, face, mark) in enumerate(zip(played, faces, marks)):
            run.append(f"{'  ' if i else ''}{name} ")
            run.append_text(face)
            run.append(mark, "bold")
        return run


def _as_played(trick: Trick) -> tuple[TrickCard, ...]:
    """A completed trick's cards, all face up now, with their ends."""
    return tuple(TrickCard(s, c, d, e)
                 for s, c, d, e in zip(trick.seats, trick.cards, trick.downs, trick.ends))
