"""The middle of the table: the trick being played, each card under its player's name
with the end of the hand it came from, a back for a face-down card (H5, H13); who
leads and why (H6, H9 *hand*); the last completed trick with its taker, why, and what
it gave (H7, H8). While the hands are arranged, what happens next."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ....ui.words import says, seat_names
from ..rules.tricks import Trick, TrickCard
from ..rules.view import HuhnView
from .explain import takes_line, trick_gives
from .look import HuhnLook


def lead_line(view: HuhnView, names: list[str]) -> str:
    """Who leads the trick in progress (or the next) and why: the first trick's
    leader sits left of the dealer (H2); later, the last trick's taker (H6) or the
    player named with *hand* (H9). With *down* or *ear*, what the lead may do."""
    leader = view.leader
    who = names[leader]
    leads = says(who, "leads")
    if not view.tricks:
        why = f"left of the dealer, {names[view.dealer]}" if names[view.dealer] != "You" \
            else "left of you, the dealer"
        line = f"{leads} the first trick: {why}."
    elif view.named_by is not None:
        by = names[view.named_by]
        line = f"{leads}: named by {'you' if by == 'You' else by} with the hand reward."
    else:
        line = f"{leads}: {'you' if who == 'You' else 'they'} took the last trick."
    if view.advantage in ("down", "ear") and view.phase == "play" and not view.trick:
        line += f" The {view.advantage} reward: {_MAY[view.advantage]}."
    if view.last_round and view.phase == "play":
        line += " Last trick: the 0 takes it if the 49 is in it."
    return line


#: What the lead may do with a reward's advantage, short (the hand's help says more).
_MAY = {"down": "the lead may go face down", "ear": "any card may lead"}


class TrickArea(Static):
    """Cards in play order under their players' names; the next player's column says
    "to play". A finished trick stays with its taker marked until the next lead; then
    it moves to the "last trick" lines below."""

    def __init__(self, look: HuhnLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, view: HuhnView, *, show_last: bool = True, holding: bool = False) -> None:
        """``holding``: the finished trick on show waits for a key (the setting)."""
        look = self.look
        names = seat_names(view, look)
        text = Text()
        last = view.last_trick
        if view.phase == "arrange":
            self._arranging(text, view, names)
        elif view.phase == "deal" and last is None:
            text.append("The cards are being dealt.")
        elif not view.trick and last is not None:  # the taken trick stays until the next lead
            self._cards(text, names, _as_played(last), winner=last.winner)
            gives = trick_gives(last)
            text.append(f"\n{look.text(takes_line(last, names, look))}"
                        f"{f' ({gives})' if gives else ''}.", "italic")
            if view.phase == "play":
                text.append(f"\n{look.text(lead_line(view, names))}")
            if holding:
                text.append("\nAny key goes on.", "bold")
        else:
            self._cards(text, names, view.trick, upcoming=view.to_move, mine=view.seat)
            text.append(f"\n{look.text(lead_line(view, names))}")
            if show_last and last is not None:
                text.append("\nLast trick: ", "bold")
                text.append_text(self._run(last, names))
                gives = trick_gives(last)
                text.append(f" {look.dot} {look.text(takes_line(last, names, look))}"
                            f"{f' ({gives})' if gives else ''}.", "italic")
        self.update(text)

    def _arranging(self, text: Text, view: HuhnView, names: list[str]) -> None:
        waiting = [names[s] for s, done in enumerate(view.arranged) if not done]
        text.append("Everyone arranges their hand", "bold")
        text.append(" (nobody sees another's order). Play begins when all are done.\n")
        if waiting:
            text.append(f"Still arranging: {', '.join(waiting)}.\n")
        text.append(self.look.text(lead_line(view, names)))

    def _cards(self, text: Text, names: list[str], cards: tuple[TrickCard, ...], *,
               winner: int | None = None, upcoming: int | None = None,
               mine: int | None = None) -> None:
        """Names on one line, the cards below, the end each came from below that."""
        look = self.look
        seats = [tc.seat for tc in cards]
        if upcoming is not None and upcoming not in seats:
            seats.append(upcoming)
        width = self.content_size.width or 76
        column = max(10, min(16, width // max(len(names), 1)))
        for seat in seats:
            text.append(f"{names[seat][:column - 2]:<{column}}", "bold")
        text.append("\n")
        for tc in cards:
            won = tc.seat == winner
            face = look.back() if tc.card is None else look.card(tc.card)
            if won:
                face.stylize("reverse")
            text.append_text(face)
            note = f" {look.won}" if won else ""
            text.append(note.ljust(column - len(face.plain)), "bold")
        if upcoming is not None and upcoming not in [tc.seat for tc in cards]:
            text.append("(your turn)" if upcoming == mine else "(to play)", "bold italic")
        text.append("\n")
        for tc in cards:
            mark = look.end_mark(tc.end) + (", down" if tc.down else "")
            text.append(f"{mark[:column - 1]:<{column}}", "dim")

    def _run(self, trick: Trick, names: list[str]) -> Text:
        """``Ann 17H  Bob 28D✓``: a completed trick on one line."""
        look = self.look
        run = Text()
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards)):
            run.append(f"{'  ' if i else ''}{names[seat]} ")
            run.append_text(look.card(card))
            if seat == trick.winner:
                run.append(look.won, "bold")
        return run


def _as_played(trick: Trick) -> tuple[TrickCard, ...]:
    """A completed trick's cards, all face up now, with their ends."""
    return tuple(TrickCard(s, c, d, e)
                 for s, c, d, e in zip(trick.seats, trick.cards, trick.downs, trick.ends))
