"""The match tally (N16): each game's order of going out and its hund, and how often
each player was the hund; whoever was hund least often wins. Shown on demand (``b``),
after each game, and as the final standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.game_ui import BoardScreen, board_title
from ....ui.interludes import FinalStandings, Interlude
from ....ui.words import says
from ..rules.events import HundFound, MatchOver
from ..rules.view import HundView
from .explain import ORDINALS, REPEATED, and_list, hund_line, last_play_line
from .look import hund_look
from .panels import seat_names

if TYPE_CHECKING:
    from ....ui.app import EbbesApp


def tally_table(view: HundView, names: list[str], *, current: bool = True,
                tally: bool = True) -> Table:
    """Players down, games across (each cell the place: ``1st``, ``2nd`` ... or
    ``HUND``), then the times each was the hund (``tally``: not in a lesson, which
    plays one game); ``current`` adds the game in play (who is out so far)."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Player")
    games = list(zip(view.outs, view.hunds))
    playing = current and view.phase in ("collect", "shed")
    for number in range(1, len(games) + 1):
        table.add_column(f"Game {number}", justify="right")
    if playing:
        table.add_column(f"Game {view.game} now", justify="right")
    if tally:
        table.add_column("Times hund", justify="right")
    fewest = min(view.tally) if view.tally else 0
    for seat, name in enumerate(names):
        cells = [_place(out, hund, seat) for out, hund in games]
        if playing:
            cells.append(Text(f"out {ORDINALS[view.out.index(seat)]}" if seat in view.out
                              else "", "dim"))
        style = "bold" if games and view.tally[seat] == fewest else ""
        times = [Text(str(view.tally[seat]), style)] if tally else []
        table.add_row(Text(name, style), *cells, *times)
    return table


def _place(out: tuple[int, ...], hund: int, seat: int) -> Text:
    if seat == hund:
        return Text("HUND", "bold reverse")
    return Text(ORDINALS[out.index(seat)] if seat in out else "-")


def no_place(view: HundView) -> list[str]:
    """What the tally's "-" means, where it shows: a player still in play when a
    repeated position ended the game (N17) has no place of their own."""
    if not any(view.shared):
        return []
    return ["-: still holding cards when a repeated position ended the game; those players "
            "share the places after the ones out."]


def repetitions(view: HundView, names: list[str]) -> list[str]:
    """A line for each game that ended when a position came round a third time (N17)."""
    return [f"Game {game}: {REPEATED}, which ended it. {says(names[hund], 'held')} the most "
            "cards." for game, (hund, shared) in enumerate(zip(view.hunds, view.shared), 1)
            if shared]


def leaders_line(view: HundView, names: list[str], winners: tuple[int, ...] | None = None) -> str:
    """Who wins (the match over) or leads: the hund least often (N16)."""
    if not view.hunds:
        return "No game is over yet: whoever is the hund least often wins the match."
    fewest = min(view.tally)
    who = [names[s] for s in (winners if winners is not None else
                              [s for s, t in enumerate(view.tally) if t == fewest])]
    times = f"the hund only {fewest} time{'s' * (fewest != 1)}" if fewest else "never the hund"
    if winners is not None:
        if len(who) == 1:
            return f"{says(who[0], 'wins')} the match: {times}."
        return f"{and_list(who)} share the win: each {times}."
    left = view.games - len(view.hunds)
    games = f"{left} game{'s' * (left != 1)} to go"
    return f"Fewest times hund ({fewest}): {and_list(who)}; {games}."


class TallyScreen(BoardScreen):
    """The board (``b``): the match tally so far."""

    app: EbbesApp
    def __init__(self, view: HundView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        names = seat_names(self.view, hund_look(self.app.look))
        games = self.view.games
        yield Static(board_title(self.app.look, "the lesson's one game" if self.lesson else
                                 f"the match: {games} game{'s' * (games != 1)}, whoever is the "
                                 "hund least often wins"), classes="screen-title")
        with VerticalScroll(classes="score-body"):
            yield Static(tally_table(self.view, names, tally=not self.lesson))
            for line in no_place(self.view):
                yield Static(Text(line))
            if not self.lesson:
                yield Static(Text(leaders_line(self.view, names), "italic"))
        yield KeysFooter()



class GameEndScreen(Interlude):
    """After a game that is not the match's last: the hund, the order of going out,
    the tally (:class:`~ebbes_tui.ui.interludes.Interlude`)."""

    event: HundFound
    view: HundView

    def compose(self) -> ComposeResult:
        event, view = self.event, self.view
        names = seat_names(view, hund_look(self.app.look))
        hund = names[event.seat]
        of = "" if self.lesson else f" of {view.games}"
        yield Static(f"Game {event.game}{of}: {says(hund, 'is')} the hund", classes="screen-title")
        with VerticalScroll(classes="score-body"):
            yield Static(Text(last_play_line(view, names, hund_look(self.app.look))))
            order = ", ".join(f"{ORDINALS[i]} {names[s]}" for i, s in enumerate(event.out))
            if event.shared:  # N17
                yield Static(Text(hund_line(event, names)
                                  + (f" Out before: {order}." if order else "")))
            else:
                yield Static(Text(f"Out in this order: {order}. {says(hund, 'holds')} the last "
                                  "cards: the hund (the dog) has lost this game."))
            yield Static(tally_table(view, names, current=False, tally=not self.lesson))
            for line in no_place(view):
                yield Static(Text(line))
            note = "" if self.lesson else leaders_line(view, names)
            if self.closes_after is not None:
                note += f" The table goes on: this closes by itself in {self.closes_after:.0f} s."
            if note:
                yield Static(Text(note.strip(), "italic"))
        yield KeysFooter()


class FinalScreen(FinalStandings):
    """The match is over: who wins, every game's places, the tally."""

    event: MatchOver
    view: HundView

    def compose(self) -> ComposeResult:
        view = self.view
        names = seat_names(view, hund_look(self.app.look))
        title = Static(f"Final standings {hund_look(self.app.look).dot} "
                       f"{leaders_line(view, names, self.event.winners)}",
                       classes="screen-title", id="winners", markup=False)
        title.styles.height = "auto"  # five sharing the win are longer than 80 columns
        yield title
        with VerticalScroll(classes="score-body"):
            yield Static(Text(last_play_line(view, names, hund_look(self.app.look))))
            yield Static(tally_table(view, names, current=False))
            for line in [*no_place(view), *repetitions(view, names)]:
                yield Static(Text(line))
            lost = "the last one holding cards (where a repeated position ended the game, " \
                "the one holding the most)" if any(view.shared) else "the last one holding cards"
            yield Static(Text(f"HUND: {lost}, who lost that game. Whoever was the hund least "
                              "often wins; a tie shares the win.", "italic"))
        yield Static(self.keys_line, id="final-help")
        yield KeysFooter()
