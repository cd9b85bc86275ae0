"""The panels of Hund's table, drawn from one view (N15: nothing else): the players
with their hands, taken stacks and what each played to the trick; the draw pile and
the trump card; the trick itself with what it means now. The table and the replay
both use them."""

from __future__ import annotations

from typing import Any

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ....ui import words
from ....ui.words import cut_names, names_whole, padded, says
from ..rules.cards import SUIT_WORDS, Card
from ..rules.tricks import first_round, war_round
from ..rules.view import HundView
from .explain import (
    ORDINALS, and_list, beat_hint, last_play_line, mid, rounds_of, undertrekk_reason,
    winning_card,
)
from .look import HundLook

#: After a sjanse card, turned from the draw pile (N4): short, and alike in ASCII.
SJANSE_MARK = "(s)"
#: After a card that tied, where the word "krig" has no room (the header then says so).
KRIG_MARK = "(k)"
#: The narrowest and widest name column.
NAME_WIDTH = (6, 12)


def seat_names(view: HundView, look: HundLook, personal: bool = True) -> list[str]:
    """The seats' names as this screen reads them (:func:`~ebbes_tui.ui.words.seat_names`)."""
    return words.seat_names(view, look, personal)


def place_of(view: HundView, seat: int) -> str:
    """``out 1st``, ``hund`` or ""."""
    if seat in view.out:
        return f"out {ORDINALS[view.out.index(seat)]}"
    return "hund" if seat == view.hund else ""


class SeatsPanel(Static):
    """One row per seat: whose turn (an arrow), cards in hand, the taken stack (phase
    1), times hund (a match of several games), and what the seat did in this trick:
    its cards in phase 1, warriors marked "krig"; its place in phase 2. A row is one
    line, cut with an ellipsis: a wrapped row would read as a seat of its own."""

    DEFAULT_CSS = "SeatsPanel { text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, look: HundLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: tuple[HundView, tuple[tuple[int, int], ...]] | None = None

    def show(self, view: HundView, draws: tuple[tuple[int, int], ...] = ()) -> None:
        """``draws``: who drew how many after the trick on show, in order (N6)."""
        self._shown = (view, draws)
        look = self.look
        names = seat_names(view, look)
        width = self._name_width(names)
        collecting = view.phase == "collect"
        tally = view.games > 1 and not look.lesson  # a lesson plays one game
        trick = f"{'This' if view.trick or not view.tricks else 'Last'} trick"
        drew = dict(draws)
        shown = cut_names(names, width - 1, look.ellipsis)
        # One scheme for every row: the taker's count, then the word krig give way
        # to its mark (said in the border) where a row has no room for them; the
        # trick panel says both.
        room = self.content_size.width - (2 + width + 4 + 6 + 5 * tally + 2)
        for krig, took in ((" krig", True), (" krig", False), (KRIG_MARK, False)):
            cells = [self._trick_cell(view, seat, krig, took) for seat in range(len(view.seats))]
            if self.content_size.width <= 0 or max(c.cell_len for c in cells) <= room:
                break
        # What the mark means, where no cut can take it: the panel's lower border.
        self.border_subtitle = f"{KRIG_MARK} krig" if any(KRIG_MARK in c.plain for c in cells) \
            else ""
        text = Text()
        text.append(f"  {'Name':<{width}}Hand" + (" Taken" if collecting else "")
                    + (" Hund" if tally else "")
                    + (f"  {trick}" if collecting else ("  Place" if view.out else "")), "bold")
        for seat in range(len(view.seats)):
            row = Text()
            turn = seat in view.deciding
            row.append_text(look.disc(seat))
            row.append(look.arrow if turn else " ", "bold")
            row.append(padded(shown[seat], width), "bold" if turn else "")
            row.append(f"{view.hand_sizes[seat]:>4}")
            if collecting:
                row.append(f"{view.taken_sizes[seat]:>6}")
            if tally:
                row.append(f"{view.tally[seat]:>5}")
            row.append("  ")
            if collecting:
                row.append_text(cells[seat])
                note = f" drew {drew[seat]}" if seat in drew else ""
                if row.cell_len + len(note) <= self.content_size.width:  # else the trick
                    row.append(note, "italic")  # panel's "From the pile" says it
            else:
                row.append(place_of(view, seat), "bold")
            text.append("\n")
            text.append_text(row)
        self.update(text)

    def _trick_cell(self, view: HundView, seat: int, krig: str, took: bool) -> Text:
        """The seat's cards in this trick (or the one just taken), ``krig`` after the
        card that tied, :data:`SJANSE_MARK` after a card turned from the pile, the
        taker's mark (and the count of cards taken: ``took``)."""
        look = self.look
        cell = Text()
        if view.trick:
            seats = [s for s, _, _ in view.trick]
            cards = [(c, j) for _, c, j in view.trick]
            winner = None
        elif view.tricks:
            last = view.tricks[-1]
            seats, cards, winner = list(last.seats), list(zip(last.cards, last.sjanse)), last.winner
        else:
            return cell
        rounds = rounds_of(seats)
        for k, played in enumerate(rounds):
            later = {seats[j] for j in rounds[k + 1]} if k + 1 < len(rounds) else set()
            tying = bool(view.trick) and view.krig > 0 and played.stop == view.round_start
            for i in played:
                if seats[i] != seat:
                    continue
                if len(cell):
                    cell.append(" ")
                card, sjanse = cards[i]
                cell.append_text(look.card(card))
                if sjanse:
                    cell.append(SJANSE_MARK, "italic")
                if seat in later or (tying and seat in view.warriors):
                    cell.append(krig, "bold")
        if winner == seat:
            cell.append(f" {look.won}" + (f" took {len(view.tricks[-1].cards)}" if took else ""),
                        "bold")
        return cell

    def _name_width(self, names: Sequence[str]) -> int:
        longest = max(map(cell_len, names)) + 1
        return max(NAME_WIDTH[0], min(longest, NAME_WIDTH[1]))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class PilePanel(Static):
    """Phase 1: the draw pile (its count, a card back) and the trump card to come;
    phase 2: the trump card shown and its suit named, at all times."""

    def __init__(self, look: HundLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: HundView | None = None

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(self._shown)

    def show(self, view: HundView) -> str:
        """Draw the panel; its title is returned (``Draw pile``, ``Trump``)."""
        self._shown = view
        look = self.look
        names = seat_names(view, look)
        width = self.content_size.width
        text = Text()
        if view.trump_card >= 0:
            text.append_text(look.card(view.trump_card))
            text.append(": ")
            text.append(SUIT_WORDS[view.trump], f"bold {look.colour(view.trump)}".strip())
            text.append(" are trump\n")
            text.append(names_whole(f"The trump card was {_poss(names[view.trump_holder])}.",
                                    names, width), "dim")
            self.update(text)
            return "Trump"
        if view.phase == "deal" and view.hund < 0:
            text.append("Not dealt yet.", "dim")
        elif view.pile_size:
            text.append(f"{look.card_back} ", "bold")
            text.append(f"{view.pile_size} card{'s' * (view.pile_size != 1)}", "bold")
        else:
            text.append("Empty: no more drawing.", "bold")
        if view.trump_holder >= 0:
            text.append("\n" + names_whole(f"Trump card: {_poss(names[view.trump_holder])}, "
                                            "face down until phase 2.", names, width))
        elif view.pile_size:
            text.append("\nIts last card will be the trump card.", "dim")
        if view.aside_size:
            text.append(f"\n{view.aside_size} cards set aside, unseen.", "dim")
        self.update(text)
        return "Draw pile"


def _poss(name: str) -> str:
    return "yours" if name == "You" else f"{name}'s"


#: In the trick's grid, under a warrior who had no card for a krig and dropped out (N5).
NO_CARD = "no card"


def warriors_of(played: Sequence[tuple[int, Card, bool]],
              rounds: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """For each round of a phase-1 trick (indexes into ``played``), the seats its tie
    sent to the next krig: () once a round took the trick (N5)."""
    found: list[tuple[int, ...]] = []
    for k, indexes in enumerate(rounds):
        seats = [played[i][0] for i in indexes]
        cards = [played[i][1] for i in indexes]
        _, tied, _ = war_round(found[-1], seats, cards) if k else first_round(seats, cards)
        found.append(tied)
        if not tied:
            break
    return found


class TrickPanel(Static):
    """What the trick means now, in sentences: a krig and who must play again, the
    trick just taken and who draws, the phase-2 trick as a pile (its top card, how
    many lie under it, the first one, which an undertrekk takes), what the player at
    the screen may do and why, the order of going out. Where there is room, a phase-1
    trick's cards stand under their players' names, a row for each krig."""

    def __init__(self, look: HundLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self._shown: dict[str, Any] | None = None

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(**self._shown)

    def _grid(self, view: HundView) -> list[Text]:
        """Names on a line, each round's cards below them (a krig's rounds labelled),
        the card that took the trick marked once it is taken, an arrow where the seat
        to play next will put its card."""
        look = self.look
        names = seat_names(view, look)
        taken = None if view.trick or not view.tricks else view.tricks[-1]
        played = list(zip(taken.seats, taken.cards, taken.sjanse)) if taken is not None else \
            list(view.trick)
        upcoming = () if taken is not None else view.to_play
        seats = list(dict.fromkeys([s for s, _, _ in played] + list(upcoming)))
        if not seats:
            return []
        label = 6
        width = max(8, min(14, (self.content_size.width - label) // len(seats)))
        rows = [Text(" " * label)]
        shown = cut_names(names, width - 1, self.look.ellipsis)
        for seat in seats:
            rows[0].append(padded(shown[seat], width), "bold")
        rounds = [list(r) for r in rounds_of([s for s, _, _ in played])]
        warriors = warriors_of(played, rounds)
        if not rounds or (view.trick and view.krig and view.round_start >= len(played)) or \
                taken is not None and bool(warriors[-1:] and warriors[-1]):
            rounds.append([])  # the round about to begin (a krig's, or the first), or
            # a krig in which no warrior had a card left
        won = max((i for i, (s, _, _) in enumerate(played) if taken and s == taken.winner),
                  default=-1)
        nxt = upcoming[0] if upcoming else None
        for k, indexes in enumerate(rounds):
            row = Text("krig  " if k else " " * label, "bold")
            cells = {played[i][0]: i for i in indexes}
            for seat in seats:
                if seat in cells:
                    i = cells[seat]
                    face = look.card(played[i][1], style="reverse" if i == won else "")
                    if played[i][2]:
                        face.append(SJANSE_MARK, "italic")
                    mark = f" {look.won}" if i == won else ""
                    row.append_text(face)
                    row.append(mark.ljust(width - len(face)), "bold")
                elif 0 < k <= len(warriors) and seat in warriors[k - 1] and seat not in upcoming:
                    row.append(NO_CARD.ljust(width), "dim")  # dropped out of the krig (N5)
                else:
                    here = seat == nxt and k == len(rounds) - 1
                    row.append((look.arrow if here else "").ljust(width), "bold")
            rows.append(row)
        return rows

    def show(self, view: HundView, *, acting: bool, draws: tuple[tuple[int, int], ...] = (),
             show_last: bool = True, holding: bool = False, note: str = "",
             sequence: bool = False) -> str:
        """Draw the panel; its title is returned. ``sequence``: list a phase-1
        trick's cards in play order too (the replay, which has no players panel). While
        a taken trick is held for a key, the player's turn is not yet asked (it said
        "Your turn: any card ..." above "Any key goes on.")."""
        acting = acting and not holding
        self._shown = dict(view=view, acting=acting, draws=draws, show_last=show_last,
                           holding=holding, note=note, sequence=sequence)
        lines: list[Text] = []
        spare: list[Text] = []  # goes once the dim lines are gone, before your move
        if view.phase == "collect":
            if sequence:
                lines.append(self._sequence(view))
            title, spare, turn = self._collecting(view, lines, acting, draws, show_last)
            kept = [line for line in lines if line.style != "dim" and line not in spare]
            grid = self._grid_fitting(view, kept, note, holding)
            if not grid and turn is not None:  # your move in fewer words, and the cards
                short = Text(_your_turn_collecting(view, short=True), "bold")
                grid = self._grid_fitting(view, [short if line is turn else line
                                                 for line in kept], note, holding)
                if grid:
                    lines[lines.index(turn)] = short
            lines[:0] = grid
        elif view.phase in ("shed", "over"):
            title = self._shedding(view, lines, acting, show_last)
            spare = [line for line in lines if line.plain.startswith("Avstikk after ")]
            if view.phase == "shed" and not view.log and view.tricks:
                # Phase 1's last card came with phase 2's view: its trick stays in
                # sight until phase 2's first play, else it is never shown.
                taker = seat_names(view, self.look)[view.tricks[-1].winner]
                taken = self._taken(view, f"{taker} took phase 1's last trick")
                grid = self._grid_fitting(view, [taken, *(line for line in lines if line.style
                                                          != "dim" and line not in spare)],
                                          note, holding)
                if not grid:  # its cards in one line where their grid does not fit, and
                    taken = Text(f"{taker} took phase 1's last trick: ", "italic")
                    taken.append_text(self._sequence(view, personal=True))
                    taken.append(".")
                    spare.append(taken)  # it goes before your lead does
                lines[:0] = [*grid, taken]
        else:
            title = "Trick"
            if view.hund >= 0:  # between two games: how the last one ended
                lines += _game_end(view, self.look)
        if note:
            lines.insert(0, Text(self.look.text(note), "bold"))
        if holding:
            lines.append(Text("Any key goes on.", "bold"))
        self.update(Text("\n").join(self._fitting(lines, spare)))
        return title

    def _grid_fitting(self, view: HundView, kept: list[Text], note: str,
                      holding: bool) -> list[Text]:
        """The grid of the trick's cards, where it fits beside the lines that stay
        (``kept``); without its row of the round about to begin (an arrow alone) if
        that makes it fit; else none (the players panel lists the cards too)."""
        grid = self._grid(view)
        room = self.content_size.height - self._height(kept) - bool(note) - holding
        if len(grid) > room and grid and not grid[-1].plain.strip(" krig" + self.look.arrow):
            grid = grid[:-1]
        return grid if len(grid) <= room else []

    def _fitting(self, lines: list[Text], spare: Sequence[Text] = ()) -> list[Text]:
        """``lines`` without the dim ones (what the players panel or the log also
        says), last first, then the ``spare`` ones, while they would not fit: the
        trick's cards and what you must do stay in sight."""
        lines = list(lines)
        room = self.content_size.height
        while room and self._height(lines) > room:
            dim = [i for i, line in enumerate(lines) if line.style == "dim"]
            dim = dim or [i for i, line in enumerate(lines) if line in spare]
            if not dim:
                break
            del lines[dim[-1]]
        return lines

    def _height(self, lines: list[Text]) -> int:
        """The rows ``lines`` take at this width, wrapped."""
        width = max(self.content_size.width, 1)
        return sum(len(line.wrap(self.app.console, width)) for line in lines)

    # ------------------------------------------------------------- phase 1

    def _sequence(self, view: HundView, personal: bool = False) -> Text:
        """``Kari 5♣, Ola 5♥, Per J♠ | krig: Kari 9♦, Ola K♠``: the trick on show."""
        look = self.look
        names = seat_names(view, look, personal)
        if view.trick:
            played = [(s, c, j) for s, c, j in view.trick]
        elif view.tricks:
            last = view.tricks[-1]
            played = list(zip(last.seats, last.cards, last.sjanse))
        else:
            return Text("No card played yet.", "dim")
        text = Text()
        for k, cards in enumerate(rounds_of([s for s, _, _ in played])):
            if k:
                text.append(" | krig: ", "bold")
            for n, i in enumerate(cards):
                seat, card, sjanse = played[i]
                text.append(f"{', ' if n else ''}{names[seat]} ")
                text.append_text(look.card(card))
                if sjanse:
                    text.append(SJANSE_MARK, "italic")
        return text

    def _collecting(self, view: HundView, lines: list[Text], acting: bool,
                    draws: tuple[tuple[int, int], ...],
                    show_last: bool) -> tuple[str, list[Text], Text | None]:
        """Phase 1's lines, added to ``lines``; the title, the lines that go before the
        trick's cards do (the players panel says them: the krig's rule, who took the
        trick, its card marked in the grid, who drew), and your move's line."""
        look = self.look
        names = seat_names(view, look)
        spare: list[Text] = []
        turn = None
        if view.trick:
            if view.krig:
                who = and_list([names[s] for s in view.warriors])
                spare.append(Text(f"Krig: {who} each play one more card; the highest new "
                                  "card takes the whole trick.", "bold"))
                lines.append(spare[-1])
            if view.to_play and not acting:
                lines.append(Text(f"To play: {', '.join(names[s] for s in view.to_play)}."))
        elif view.tricks:
            spare.append(self._taken(view, f"{says(names[view.tricks[-1].winner], 'takes')} "
                                           "the trick"))
            lines.append(spare[-1])
            if draws:
                order = ", ".join(f"{says(names[s], 'drew')} {n}" for s, n in draws)
                spare.append(Text(f"From the pile: {order}.", "italic"))
                lines.append(spare[-1])
        else:
            lines.append(Text(f"{says(names[view.leader], 'leads')} the first trick.", "italic"))
        if acting:
            turn = Text(_your_turn_collecting(view), "bold")
            lines.append(turn)
        if show_last and view.trick and view.tricks:
            last = view.tricks[-1]
            lines.append(Text(f"Last trick: {names[last.winner]} took {len(last.cards)} cards "
                              f"with {look.face(winning_card(last))}.", "dim"))
        title = f"Trick {len(view.tricks) + 1}" if view.trick or not view.tricks \
            else f"Trick {len(view.tricks)}, taken"
        return title, spare, turn

    def _taken(self, view: HundView, who: str) -> Text:
        """``Kari takes the trick: 4 cards, A♥ the highest card.``, of the last trick
        taken, ``who`` saying who took which."""
        last = view.tricks[-1]
        why = "won the krig" if last.krig else "the highest card"
        return Text(f"{who}: {len(last.cards)} cards, {self.look.face(winning_card(last))} "
                    f"{why}.", "italic")

    # ------------------------------------------------------------- phase 2

    def _shedding(self, view: HundView, lines: list[Text], acting: bool, show_last: bool) -> str:
        look = self.look
        names = seat_names(view, look)
        pile = view.shed_trick
        if pile:
            seat, top = pile[-1]
            under = sum(len(cards) for _, cards in pile[:-1])
            line = Text("Top: ")
            line.append_text(look.cards(top, "-"))
            line.append(f" ({names[seat]})", "bold")
            line.append(f", {under} card{'s' * (under != 1)} under it")
            if len(pile) > 1:
                first_seat, first = pile[0]
                line.append("; the first: ")
                line.append_text(look.cards(first, "-"))
                line.append(f" ({names[first_seat]})")
            lines.append(line)
            plays = Text("Played: ", "dim")
            plays.append(", ".join(f"{look.play(c)} {names[s]}" for s, c in pile), "dim")
            lines.append(plays)
            if view.phase == "shed":  # not once the game is over (its last pile stays)
                unit = "plays" if view.series else "cards"
                back = "" if seat in view.out else \
                    f", or when the turn comes back to {names[seat]}"  # an out player's never does
                lines.append(Text(f"Avstikk after {view.began} {unit} ({len(pile)} so far)"
                                  f"{back}.", "italic"))
        elif view.phase == "shed" and view.deciding and not acting:  # else "Your lead"
            leader = names[view.deciding[0]]
            lines.append(Text(f"The trick is empty: {says(mid(leader), 'leads')}, any card.",
                              "italic"))
        if acting:
            lines.append(Text(self._your_turn_shedding(view), "bold"))
        if view.last_trick and (show_last or not pile):
            seat, top = view.last_trick[-1]
            count = sum(len(c) for _, c in view.last_trick)
            lines.append(Text(f"Last avstikk: {names[seat]} took {count} card"
                              f"{'s' * (count != 1)} out of the game, {look.play(top)} on top.",
                              "dim" if pile else "italic"))
        if view.out:
            order = ", ".join(f"{names[s]} {ORDINALS[i]}" for i, s in enumerate(view.out))
            lines.append(Text(f"Out: {order}.", "dim"))
        if pile:
            return f"Trick: a pile of {sum(len(c) for _, c in pile)}"
        return "Trick"

    def _your_turn_shedding(self, view: HundView) -> str:
        look = self.look
        kinds = {type(a).__name__ for a in view.actions}
        if kinds == {"Undertrekk"}:
            return undertrekk_reason(view, look)
        series = " m marks cards for a series, Enter plays them." if "Series" in kinds else ""
        if view.top is None:
            return f"Your lead: any card.{series}"
        return f"{beat_hint(view, look)}{series}"


def _game_end(view: HundView, look: HundLook) -> list[Text]:
    """The play that ended the game (it stays a moment before the tally), ``Out: Ola
    1st, Per 2nd.`` and ``Kari is the hund of game 1.``"""
    names = seat_names(view, look)
    order = ", ".join(f"{names[s]} {ORDINALS[i]}" for i, s in enumerate(view.out))
    return [Text(last_play_line(view, names, look), "italic"),
            Text(f"Out: {order}.") if view.out else Text(""),
            Text(f"{says(names[view.hund], 'is')} the hund of game {view.game}.", "bold")]


def _your_turn_collecting(view: HundView, short: bool = False) -> str:
    """What the player may do in phase 1; ``short``: on one line at 80 columns, where
    the trick's cards would not fit beside the whole sentence."""
    kinds = {type(a).__name__ for a in view.actions}
    sjanse = "" if "Sjanse" not in kinds else " or s: sjanse" if short else \
        " or s: sjanse, the draw pile's top card"
    if kinds == {"Sjanse"} and not view.hand:
        where = " in the krig" if view.krig else ""
        pile = "" if short else ", the draw pile's top card"
        return f"Your turn{where}: your hand is empty; s: sjanse{pile}."
    if view.krig:
        return f"Your turn in the krig: play a card{sjanse}."
    return f"Your turn: any card{sjanse}" + ("." if short else "; the highest takes the trick.")


def trump_words(view: HundView, look: HundLook) -> str:
    """``trump ♥ hearts`` once phase 2 shows it, else ""."""
    if view.trump < 0:
        return ""
    return f"trump {look.mark(view.trump)} {SUIT_WORDS[view.trump]}"
