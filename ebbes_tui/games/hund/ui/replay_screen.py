"""Watching a recorded match of Hund again: every position of its record, forward and
back, move by move, trick by trick or game by game. The match is over, so every hand
is on show; the rest is the table's own panels drawn from the public view of each
position (N15)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.replay import AllHands, ReplayBase, replay_bindings
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
        state = replay.steps[position].state
        self.query_one(AllHands).show([look.text(info.name) for info in state.seats],
                                      lambda room: hands(state, upcoming, look))
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


def hands(state: HundState, upcoming: tuple[Card, ...], look: HundLook) -> list[Text]:
    """Every seat's hand by suit (``♠ A K 9  ♥ Q 10``); ``upcoming`` (the cards the next
    step plays) underlined."""
    return [by_suit(state.view(seat).hand, look, upcoming) for seat in range(len(state.seats))]


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
