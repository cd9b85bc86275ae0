"""A finished game of Blindes Huhn extrem watched again from History: every hand in the
order its player arranged it (the game is over, so none is secret any more), the
players' tricks, hens, penalties and rewards, the trick with the ends its cards came
from, and, on wide screens, the deal's log beside it. The keys are every replay's
(:mod:`ebbes_tui.ui.replay`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ....ui.footer import KeysFooter
from ....ui.replay import AllHands, ReplayBase, replay_bindings
from ....ui.words import says
from ..rules.cards import Card
from ..rules.events import CardPlayed, TrickTaken
from ..game import GAME
from ..rules.state import HuhnState
from ..rules.view import HuhnView
from .explain import event_line
from .game_log import HuhnLog
from .look import HuhnLook, huhn_look
from .seats import PlayersPanel, supply_line
from .trick import TrickArea

#: The widest name column of the hands.
NAME = 12


class HuhnReplayScreen(ReplayBase[HuhnState, HuhnView]):
    """One recorded game, position by position; Esc goes back."""

    SCOPED_CSS = False
    DEFAULT_CSS = "HuhnReplayScreen #replay-seats { height: auto; }"
    BINDINGS = replay_bindings("Move", "Deal")
    BOXES = {"replay-seats": "", "replay-hands": "Hands as arranged (the game is over: all shown)",
             "replay-trick": "Trick", "replay-log": "This deal"}

    def __init__(self, record: dict[str, object], title: str) -> None:
        super().__init__(GAME, record, title)

    def compose(self) -> ComposeResult:
        look = huhn_look(self.app.look)
        yield Static(id="replay-status")
        yield PlayersPanel(look, id="replay-seats")
        yield AllHands(look, name_width=NAME, fit_names=True, id="replay-hands")
        with Horizontal(id="replay-middle"):
            yield TrickArea(look, id="replay-trick")
            yield self.log_box()
        yield Static(id="replay-news")
        yield KeysFooter()

    def redraw(self) -> None:
        position, replay = self.position, self.replay
        state: HuhnState = replay.steps[position].state
        view = self.view(position)
        look = huhn_look(self.app.look)
        names = [look.text(s.name) for s in view.seats]
        seats = self.query_one(PlayersPanel)
        seats.show(view)
        seats.border_title = f"Players {look.dot} {supply_line(view)}"
        upcoming = next((e for e in replay.steps[position + 1].events if isinstance(e, CardPlayed)),
                        None) if position < replay.last else None
        card = None if upcoming is None else _card_of(replay.steps[position + 1].state, upcoming)
        self.query_one(AllHands).show(names, lambda room: hands(state, card, look))
        self.query_one(TrickArea).show(view)
        self.query_one("#replay-status", Static).update(Text(self._status(view)))
        self.query_one("#replay-news", Static).update(Text(look.text(" ".join(self._news(names)))))
        self.show_log(HuhnLog(look, personal=False), view)

    def _status(self, view: HuhnView) -> str:
        look = huhn_look(self.app.look)
        parts = [f"Deal {self.replay.round_of(self.position) + 1} of {view.deals}"]
        trick = len(view.tricks) + bool(view.trick)
        if trick and view.phase != "arrange":
            parts.append(f"trick {trick} of {view.dealt}")
        parts += [f"step {self.position} of {self.replay.last}", look.text(self.heading)]
        return f" {look.dot} ".join(parts)

    def _news(self, names: list[str]) -> list[str]:
        """What the last step did, in the log's words; a taken trick is in the trick area."""
        if self.position == 0:
            return ["Before the first deal: Right (or l) steps through the game."]
        look = huhn_look(self.app.look)
        lines = []
        state: HuhnState = self.replay.steps[self.position].state
        for update in self.updates(self.position):
            event = update.event
            if isinstance(event, CardPlayed):
                card = event.card if event.card is not None else _card_of(state, event)
                down = " face down" if event.down else ""
                lines.append(f"{says(names[event.seat], 'plays')} {look.card(card).plain}{down} "
                             f"from the {look.end_mark(event.end)}.")
            elif not isinstance(event, TrickTaken):
                lines.append(event_line(update, names, look) or "")
        return lines


def hands(state: HuhnState, upcoming: Card | None, look: HuhnLook) -> list[Text]:
    """Every seat's hand as arranged, left to right; ``upcoming`` (the card the next
    step plays) underlined."""
    return [Text(" ").join(look.card(c, style="underline" if c == upcoming else "") for c in hand)
            for hand in state.hands]


def _card_of(state: HuhnState, event: CardPlayed) -> Card:
    """The card ``event`` played, face down or not: the game is over, all are known.
    It is the last of the trick in ``state`` (or of its last completed trick)."""
    if event.card is not None:
        return event.card
    if state.trick:
        return state.trick[-1]
    return state.tricks[-1].cards[-1]
