"""Watching a recorded match of Hund again: every position of its record, forward and
back, move by move, trick by trick or game by game. The match is over, so every hand
is on show; the rest is the table's own panels drawn from the public view of each
position (N15)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.replay import ReplayBase, replay_bindings
from ....ui.words import says
from ..rules.cards import SUIT_OF, Card
from ..rules.events import CardPlayed, Played
from ..game import GAME
from ..rules.state import HundState
from ..rules.view import HundView
from .explain import event_line
from .game_log import HundLog
from .look import HundLook, hund_look
from .panels import PilePanel, TrickPanel, seat_names

#: The widest name column of the hands.
NAME = 8


class HundReplayScreen(ReplayBase[HundState, HundView]):
    """One recorded match, position by position; Esc goes back."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    HundReplayScreen #replay-pile { width: 28; height: 100%; }
    HundReplayScreen #replay-news { max-height: 3; }
    """
    BINDINGS = replay_bindings("Move", "Game")
    BOXES = {"replay-hands": "Hands (the match is over: all shown)", "replay-trick": "Trick",
             "replay-pile": "Draw pile", "replay-log": "This game"}

    def __init__(self, record: dict[str, object], title: str) -> None:
        super().__init__(GAME, record, title)

    def compose(self) -> ComposeResult:
        look = hund_look(self.app.look)
        yield Static(id="replay-status")
        yield AllHands(look, id="replay-hands")
        with Horizontal(id="replay-middle"):
            yield TrickPanel(look, id="replay-trick")
            yield PilePanel(look, id="replay-pile")
            yield self.log_box()
        yield Static(id="replay-news")
        yield KeysFooter()

    def redraw(self) -> None:
        position, replay = self.position, self.replay
        view = self.view(position)
        look = hund_look(self.app.look)
        names = seat_names(view, look, personal=False)
        upcoming: tuple[Card, ...] = ()
        if position < replay.last:
            coming = next((e for e in replay.steps[position + 1].events
                           if isinstance(e, (CardPlayed, Played))), None)
            if isinstance(coming, CardPlayed) and not coming.sjanse:
                upcoming = (coming.card,)
            elif isinstance(coming, Played):
                upcoming = coming.cards
        self.query_one(AllHands).show(replay.steps[position].state, upcoming)
        trick = self.query_one(TrickPanel)
        trick.border_title = trick.show(view, acting=False, sequence=True)
        self.query_one("#replay-pile").border_title = self.query_one(PilePanel).show(view)
        self.query_one("#replay-status", Static).update(Text(self._status(view)))
        self.query_one("#replay-news", Static).update(Text(look.text(" ".join(
            self._news(view, names, look)))))
        self.show_log(HundLog(look, personal=False), view)

    def _status(self, view: HundView) -> str:
        dot = f" {hund_look(self.app.look).dot} "
        parts = [f"Game {view.game} of {view.games}"]
        if view.phase == "collect":
            parts.append(f"phase 1, trick {len(view.tricks) + bool(view.trick)}")
        elif view.phase == "shed":
            parts.append("phase 2")
        parts += [f"step {self.position} of {self.replay.last}",
                  hund_look(self.app.look).text(self.heading)]
        return dot.join(parts)

    def _news(self, view: HundView, names: list[str], look: HundLook) -> list[str]:
        """What the last step did, in the log's words."""
        if self.position == 0:
            return ["Before the first deal: Right (or l) steps through the match."]
        lines = []
        for update in self.updates(self.position):
            event = update.event
            if isinstance(event, CardPlayed) and not event.sjanse:
                lines.append(f"{says(names[event.seat], 'plays')} {look.face(event.card)}.")
            elif isinstance(event, Played):
                verb = "leads" if event.lead else "plays"
                lines.append(f"{says(names[event.seat], verb)} {look.play(event.cards)}.")
            else:
                lines.append(event_line(view, event, names, look) or "")
        return [line for line in lines if line]


class AllHands(Widget):
    """Every seat's hand, by suit (``♠ A K 9  ♥ Q 10``), long ones wrapped; the cards
    the next step plays are underlined."""

    DEFAULT_CSS = "AllHands { height: auto; }"

    def __init__(self, look: HundLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.state: HundState | None = None
        self.upcoming: tuple[Card, ...] = ()

    def show(self, state: HundState, upcoming: tuple[Card, ...]) -> None:
        """The hands of ``state`` (the replay's own: only read), ``upcoming`` marked."""
        self.state, self.upcoming = state, upcoming
        self.refresh(layout=True)

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text()
        look = self.look
        room = max(20, (self.size.width or 76) - NAME - 2)
        lines = []
        for seat, info in enumerate(state.seats):
            head = look.disc(seat)
            head.append(f" {look.text(info.name)[:NAME - 1]:<{NAME}}")
            hand = state.view(seat).hand
            if not hand:
                lines.append(head + Text("no cards", "dim"))
                continue
            for i, part in enumerate(_wrapped(by_suit(hand, look, self.upcoming), room)):
                lines.append((head if i == 0 else Text(" " * (NAME + 2))) + part)
        return Text("\n").join(lines)


def _wrapped(text: Text, width: int) -> list[Text]:
    """``text`` cut into lines of at most ``width`` at its spaces."""
    lines: list[Text] = []
    start = 0
    plain = text.plain
    while len(plain) - start > width:
        cut = plain.rfind(" ", start, start + width + 1)
        cut = cut if cut > start else start + width
        lines.append(text[start:cut])
        start = cut + 1
    lines.append(text[start:])
    return lines


def by_suit(hand: tuple[Card, ...], look: HundLook, marked: tuple[Card, ...] = ()) -> Text:
    """``♠ A K 9  ♥ Q 10``: a hand grouped by suit, ranks only, each suit in its colour;
    ``marked`` cards underlined."""
    text = Text()
    for suit in range(4):
        cards = [c for c in hand if SUIT_OF[c] == suit]
        if not cards:
            continue
        if len(text):
            text.append("  ")
        style = f"bold {look.colour(suit)}".strip()
        text.append(look.mark(suit), style)
        for card in cards:
            text.append(" ")
            text.append(look.face(card)[:-1], f"{style} underline" if card in marked else style)
    return text
