"""Watching a recorded game again: every position of its record, forward and back,
card by card, trick by trick or round by round. The game is over, so every hand is
on show, the dummy's face-down cards too; the rest is the table's own widgets drawn
from the public view of each position (R18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static


from ....ui.footer import KeysFooter
from ..game import GAME
from ..rules.cards import Card
from ..rules.events import CardPlayed, TrickWon
from ..rules.record import Record
from ..rules.state import GameState
from ..rules.view import PlayerView
from .board import DeterminerBoard
from .dummy_stacks import STACK
from ....ui.replay import ReplayBase, replay_bindings
from ....ui.words import says
from .explain import event_line
from .game_log import GameLog
from ....ui.look import WIDE
from .look import EbbesLook, ebbes_look
from .seats import SeatsPanel
from .track import TrackBoard
from .trick import TrickArea

if TYPE_CHECKING:
    from ....ui.app import EbbesApp

NAME = 8


class ReplayScreen(ReplayBase[GameState, PlayerView]):
    """One recorded game, position by position; Esc goes back."""

    app: EbbesApp
    SCOPED_CSS = False
    DEFAULT_CSS = """
    ReplayScreen #replay-top { height: auto; }
    ReplayScreen #replay-board { width: 37; height: auto; }
    ReplayScreen.-wide #replay-board { width: 76; }
    ReplayScreen #replay-seats { width: 1fr; height: auto; padding: 0 0 0 1; }
    ReplayScreen #replay-track { display: none; }
    ReplayScreen.-tall #replay-track { display: block; }
    """
    BINDINGS = replay_bindings("Card", "Round")
    BOXES = {"replay-board": "Determiners", "replay-seats": "Players",
             "replay-hands": "Hands (the game is over: all shown)", "replay-trick": "Trick",
             "replay-track": "Scoring track", "replay-log": "This round"}

    def __init__(self, record: Record, title: str) -> None:
        """``record`` must replay (RecordError otherwise); ``title`` heads the status line."""
        super().__init__(GAME, record, title)

    def compose(self) -> ComposeResult:
        look = ebbes_look(self.app.look)
        config = self.replay.steps[0].state.config
        zeros = (0,) * config.seat_count
        yield Static(id="replay-status")
        with Horizontal(id="replay-top"):
            yield DeterminerBoard(look, id="replay-board")
            yield SeatsPanel(look, id="replay-seats")
        yield AllHands(look, id="replay-hands")
        with Horizontal(id="replay-middle"):
            yield TrickArea(look, id="replay-trick")
            yield self.log_box()
        yield TrackBoard(look, config, zeros, zeros, id="replay-track")
        yield Static(id="replay-news")
        yield KeysFooter()

    # ------------------------------------------------------------- drawing

    def redraw(self) -> None:
        """Draw the position on show."""
        position, replay = self.position, self.replay
        step = replay.steps[position]
        view = self.view(position)
        look = ebbes_look(self.app.look)
        names = [look.text(s.name) for s in view.config.seats]
        wide = self.size.width >= WIDE
        self.query_one(DeterminerBoard).show(view, wide=wide)
        self.query_one(SeatsPanel).show(view, memory_aid=True)
        upcoming = next((e for e in replay.steps[position + 1].events if isinstance(e, CardPlayed)),
                        None) if position < replay.last else None
        self.query_one(AllHands).show(step.state, upcoming.card if upcoming else None)
        self.query_one(TrickArea).show(view)
        last = view.scores[-1].points if view.scores else (0,) * len(view.totals)
        self.query_one(TrackBoard).move(tuple(t - p for t, p in zip(view.totals, last)), view.totals)
        self.query_one("#replay-status", Static).update(Text(self._status(view)))  # names: no markup
        self.query_one("#replay-news", Static).update(Text(look.text(" ".join(self._news(names)))))
        self.show_log(GameLog(look), view)

    def _status(self, view: PlayerView) -> str:
        """Which game, round, trick and step."""
        config = view.config
        dot = f" {ebbes_look(self.app.look).dot} "
        parts = [f"Round {self.replay.round_of(self.position) + 1} of {config.round_limit}"]
        trick = len(view.tricks) + bool(view.trick)
        if trick:
            parts.append(f"trick {trick} of {config.hand_size}")
        parts += [f"step {self.position} of {self.replay.last}", ebbes_look(self.app.look).text(self.heading)]
        return dot.join(parts)

    def _news(self, names: list[str]) -> list[str]:
        """What the last step did, in the log's words; a won trick is in the trick area."""
        if self.position == 0:
            return ["Before the first deal: Right (or l) steps through the game."]
        lines = []
        for update in self.updates(self.position):
            event = update.event
            if isinstance(event, CardPlayed):
                lines.append(f"{says(names[event.seat], 'plays')} "
                             f"{ebbes_look(self.app.look).card(event.card).plain}.")
            elif not isinstance(event, TrickWon):
                lines.append(event_line(update, names, ebbes_look(self.app.look)) or "")
        return lines


class AllHands(Widget):
    """Every seat's hand, sorted; the dummy's five stacks, face-up cards above the
    face-down ones (R16). The card the next step plays is underlined. Where a hand
    would not fit on its line, every hand leaves out the suit glyphs."""

    DEFAULT_CSS = "AllHands { height: auto; }"

    def __init__(self, look: EbbesLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.state: GameState | None = None
        self.upcoming: Card | None = None

    def show(self, state: GameState, upcoming: Card | None) -> None:
        """The hands of ``state`` (the replay's own: only read), ``upcoming`` marked."""
        self.state, self.upcoming = state, upcoming
        self.refresh(layout=True)

    def render(self) -> Text:
        state, upcoming = self.state, self.upcoming
        if state is None:
            return Text()
        config = state.config
        hands = {seat: state.view(seat).hand for seat in range(config.seat_count)
                 if seat != config.dummy}
        room = self.size.width - NAME - 2
        looks = (self.look, EbbesLook(True, self.look.palette))
        look = next((look for look in looks if all(
            sum(len(look.card(c)) + 1 for c in hand) <= room + 1 for hand in hands.values())),
            looks[-1])
        text = Text()
        for seat, info in enumerate(config.seats):
            if seat:
                text.append("\n")
            text.append_text(self.look.disc(seat))
            text.append(f" {self.look.text(info.name)[:NAME - 1]:<{NAME}}")
            if seat in hands:
                text.append_text(_cards(hands[seat], upcoming, look))
            else:
                text.append_text(_stacks(state, upcoming, look))
        return text


def _cards(hand: tuple[Card, ...], upcoming: Card | None, look: EbbesLook) -> Text:
    if not hand:
        return Text("no cards", "dim")
    return Text(" ").join(look.card(c, style="underline" if c == upcoming else "") for c in hand)


def _stacks(state: GameState, upcoming: Card | None, look: EbbesLook) -> Text:
    """The dummy's face-up row above its face-down row, stack by stack; ``--``: none."""
    if not state.up:
        return Text("no cards", "dim")
    rows = []
    for label, cards in (("up  ", state.up), ("down", state.down)):
        row = Text(f"{label} ", "dim")
        for c in cards:
            face = look.card(c, style="underline" if c == upcoming else "") if c is not None \
                else Text("--", "dim")
            row.append_text(face)
            row.append(" " * (STACK - len(face)))
        rows.append(row)
    return Text("\n" + " " * (NAME + 2)).join(rows)
