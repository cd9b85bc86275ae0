"""Tiny's screens (:class:`~ebbes_tui.ui.game_ui.GameScreens`): the least a game gives
the shell, so that the menu, the form, the table, hot-seat, dialogs, History, replay,
Statistics and shared tables are walked by a game that is none of the three. Every
choice the table offers is numbered; Enter takes the first (or the one a hint points
at), a digit any; taking a trick in or keeping it is asked in a dialog."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from tiny_game import GAME, Arrange, DealScored, Orders, Over, Played, Take, TrickTaken

from ebbes_tui.controller import Update
from ebbes_tui.game.events import ChatLine
from ebbes_tui.ui.decision import DecisionDialog
from ebbes_tui.ui.footer import KeysFooter
from ebbes_tui.ui.game_log import TrickLog
from ebbes_tui.ui.game_ui import TRICK_KEY, BoardScreen, Decided, Drawing, board_title
from ebbes_tui.ui.interludes import FinalStandings, Interlude
from ebbes_tui.ui.look import Look
from ebbes_tui.ui.pacing import Pacing
from ebbes_tui.ui.replay import ReplayBase, replay_bindings
from ebbes_tui.ui.words import match_line, says, seat_names, winners_line


def _card(card: int) -> str:
    return "##" if card < 0 else str(card)


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(_card, cards)) or "-"


def _line(event: object, names: Sequence[str], view: Any = None) -> str | None:
    """The log's line for one of Tiny's events (``view``: the one after it)."""
    if isinstance(event, Played):
        return f"{says(names[event.seat], 'plays')} {_cards(event.cards)}."
    if isinstance(event, TrickTaken):
        number = f"Trick {len(view.tricks)}: " if view is not None and view.tricks else ""
        return _trick(number, event.winner, event.cards, names)
    if isinstance(event, DealScored):
        return f"Deal {event.deal} scored: cards taken " + ", ".join(
            f"{names[s]} {n}" for s, n in enumerate(event.taken)) + "."
    if isinstance(event, Over):
        return "Game over."
    return match_line(event, names)


def _trick(number: str, taker: int, cards: Sequence[int], names: Sequence[str]) -> str:
    return f"{number}{says(names[taker], 'takes')} {_cards(cards)}."


def _table_text(view: Any, names: Sequence[str]) -> str:
    """Everything the view shows, a line each."""
    sizes = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.hand_sizes))
    trick = ", ".join(f"{names[s]} {_card(c)}" for s, c in view.trick)
    hand = "No hand (watching)" if view.seat is None else f"Your hand: {_cards(view.hand)}"
    return (f"{hand}\nTrick: {trick or '-'}\nCards in hands: {sizes or '-'}\n"
            f"Pile: {view.pile} cards\nTaken: " + ", ".join(
                f"{names[s]} {n}" for s, n in enumerate(view.taken)))


class TinyTable(Static, can_focus=True):
    """The whole table as text, and the player's choices numbered."""

    BINDINGS = [Binding("enter,space", "play", "Play"),
                *(Binding(str(k), f"pick({k - 1})", "Choice", show=False) for k in range(1, 10))]

    def __init__(self, look: Look, view: Any, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.look = look
        self.view = view
        self.acting = False
        self.pointed: Any = None

    def show(self, update: Update, drawing: Drawing) -> None:
        self.view, self.acting, self.pointed = update.view, drawing.acting, None
        self._draw()
        self.refresh_bindings()

    def point_at(self, action: Any) -> None:
        self.pointed = action
        self._draw()

    def choices(self) -> list[Any]:
        """What the player may do on the table now (keeping a trick is a dialog's)."""
        actions = self.view.actions if self.acting else ()
        if isinstance(actions, Orders):
            return [Arrange(actions.hand), Arrange(tuple(reversed(actions.hand)))]
        return [a for a in actions if not isinstance(a, Take)]

    def _draw(self) -> None:
        text = _table_text(self.view, seat_names(self.view, self.look))
        for k, action in enumerate(self.choices()):
            mark = " <- hint" if action == self.pointed else ""
            text += f"\n{k + 1}: {action}{mark}"
        self.update(Text(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return bool(self.choices())
        if action == "pick":
            index = parameters[0]
            return isinstance(index, int) and index < len(self.choices())
        return True

    def action_play(self) -> None:
        choices = self.choices()
        if choices:
            self.post_message(Decided(self.pointed if self.pointed in choices else choices[0]))

    def action_pick(self, index: int) -> None:
        self.post_message(Decided(self.choices()[index]))


class KeepDialog(DecisionDialog[Any, Take]):
    """Keep the trick (Enter) or take its lowest card in (t)."""

    BINDINGS = [Binding("enter", "answer_keep(True)", "Keep"),
                Binding("t", "answer_keep(False)", "Take in"),
                Binding("escape", "answer_keep(None)", "Later")]

    def compose(self) -> ComposeResult:
        yield Static(f"{self.error}\nKeep the trick (Enter) or take its lowest card in (t)?",
                     markup=False)
        yield KeysFooter()

    def action_answer_keep(self, keep: bool | None) -> None:
        self.answer(None if keep is None else Take(keep))  # type: ignore[arg-type]


class DealScreen(Interlude):
    def compose(self) -> ComposeResult:
        names = seat_names(self.view, self.app.look)
        yield Static(_line(self.event, names) or "", markup=False)
        yield KeysFooter()


class FinalScreen(FinalStandings):
    def compose(self) -> ComposeResult:
        names = seat_names(self.view, self.app.look)
        outcome_winners = tuple(s for s, v in enumerate(self.event.scores)
                                if v == max(self.event.scores))
        yield Static(f"Final standings: {winners_line(names, outcome_winners)}\n"
                     f"{self.keys_line}", markup=False)
        yield KeysFooter()


class ScoresScreen(BoardScreen):
    def __init__(self, view: Any) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        names = seat_names(self.view, self.app.look)
        yield Static(board_title(self.app.look, "cards taken: " + ", ".join(
            f"{names[s]} {n}" for s, n in enumerate(self.view.taken))), markup=False)
        yield KeysFooter()


class TinyLog(TrickLog):
    def start(self, update: Update) -> None:
        """This deal so far, from the view a (returning) player starts with."""
        view = update.view
        if view.deal:
            self.note(update.seq, f"Deal {view.deal}.", at=(view.deal, 0))
        names = self.names(view)
        for k, (taker, cards) in enumerate(view.tricks):
            self.note(update.seq, _trick(f"Trick {k + 1}: ", taker, cards, names),
                      trick=True, at=(view.deal, k + 1))

    def add(self, update: Update) -> None:
        event = update.event
        if isinstance(event, ChatLine):
            self.said(update.seq, event)
            return
        line = _line(event, self.names(update.view), update.view)
        if line:
            self.note(update.seq, line, trick=isinstance(event, TrickTaken))


class TinyPacing(Pacing):
    def hold(self, shown: Update, coming: Update, *, catching_up: bool = False) -> float:
        if catching_up:
            return 0.0
        if self.shows_finished_trick(shown):
            return self.trick_hold()
        event = coming.event
        mine = isinstance(event, Played) and event.seat == shown.view.seat
        return self.pace if isinstance(event, Played) and not mine else 0.0

    def shows_finished_trick(self, update: Update) -> bool:
        return isinstance(update.event, TrickTaken)


class TinyReplay(ReplayBase):
    BINDINGS = replay_bindings("Move", "Deal")
    BOXES = {"replay-trick": "Table"}

    def __init__(self, record: dict[str, Any], title: str) -> None:
        super().__init__(GAME, record, title)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status", markup=False)
        with Horizontal(id="replay-middle"):
            yield Static(id="replay-trick", markup=False)
            yield self.log_box()
        yield Static(id="replay-news", markup=False)
        yield KeysFooter()

    def redraw(self) -> None:
        view = self.view(self.position)
        state = self.replay.steps[self.position].state
        names = seat_names(view, self.app.look, personal=False)
        hands = "\n".join(f"{names[s]}: {_cards(h)}" for s, h in enumerate(state.hands))
        self.query_one("#replay-status", Static).update(
            f"{self.heading}: deal {view.deal}, move {view.moves}")
        self.query_one("#replay-trick", Static).update(f"{hands}\n{_table_text(view, names)}")
        lines = [_line(e, names) for e in self.replay.steps[self.position].events]
        self.query_one("#replay-news", Static).update(" ".join(line for line in lines if line))
        self.show_log(TinyLog(self.app.look, personal=False), view)


class TinyScreens:
    keys = (("Enter, Space", "do the first of your choices, or the one a hint points at"),
            ("1-9", "do that choice"))
    trick_key = TRICK_KEY

    def setup_note(self, players: int) -> str:
        return f"{2 * players} cards stay in the pile."

    def legend(self, look: Look) -> tuple[str, Any]:
        return "Cards: numbers from 0 to 12", Text("## is a card played face down.")

    def why(self, view: Any) -> str:
        return "arrange your hand" if isinstance(view.actions, Orders) else "decide"

    def in_words(self, text: str, look: Look) -> str:
        return text

    def names(self, view: Any, personal: bool, look: Look) -> list[str]:
        return seat_names(view, look, personal)

    def stale(self, kind: str, update: Update) -> bool:
        return kind in ("hint", "refusal") or kind == "event" and isinstance(update.event, Played)

    def replay(self, record: dict[str, Any], title: str) -> Screen[Any]:
        return TinyReplay(record, title)

    def table(self, look: Look, view: Any) -> Widget:
        return TinyTable(look, view, id="game-table")

    def pace(self, pace: float, trick: str) -> TinyPacing:
        return TinyPacing(pace, trick)

    def status(self, view: Any, names: Sequence[str], look: Look) -> str:
        if view.over:
            return "Game over"
        turn = ""
        if view.deciding:
            turn = " · Your turn" if view.seat in view.deciding else \
                f" · {', '.join(names[s] for s in view.deciding)} to decide"
        return f"Deal {max(view.deal, 1)} · move {view.moves}{turn}"

    def note(self, update: Update, names: Sequence[str], look: Look,
             news: str) -> tuple[str, str] | None:
        line = _line(update.event, names) if isinstance(update.event, DealScored) else None
        return (line, "event") if line else None

    def log(self, look: Look, personal: bool, memory_aid: bool) -> TinyLog:
        return TinyLog(look, personal=personal, memory_aid=memory_aid)

    def interlude(self, update: Update, closes_after: float | None) -> Screen[Any] | None:
        if not isinstance(update.event, DealScored) or update.view.over:
            return None
        return DealScreen(update.event, update.view, closes_after=closes_after)

    def final(self, update: Update, again: bool) -> Screen[str] | None:
        if not isinstance(update.event, Over):
            return None
        return FinalScreen(update.event, update.view, again=again)

    def dialog(self, view: Any, error: str) -> Screen[Any] | None:
        actions = view.actions
        if isinstance(actions, Orders) or not any(isinstance(a, Take) for a in actions):
            return None
        return KeepDialog(view, error)

    def scores(self, view: Any) -> Screen[Any]:
        return ScoresScreen(view)


SCREENS = TinyScreens()
