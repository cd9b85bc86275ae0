"""Blindes Huhn extrem's screens on the seam: its table, its words, its dialogs and its
score screens (:class:`~ebbes_tui.ui.game_ui.GameScreens`). Loaded by the generic shell
by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from ....controller import Synced, Update
from ....ui.game_ui import TRICK_KEY, GameScreens
from ....ui.look import Look
from ....ui.too_small import MIN_SIZE
from ....ui.words import cells_cut, dealer_words, seat_names, took_the_trick
from ..rules.cards import SET_ASIDE, hand_size
from ..rules.events import (
    CardPlayed, DealScored, DealStarted, GameOver, HandArranged, TrickTaken,
)
from ..rules.view import HuhnView
from .explain import event_line
from .game_log import HuhnLog
from .look import SYMBOL_LETTERS, huhn_look
from .pacing import HuhnPacing
from .table_view import HuhnTable

#: The status line's room at the narrowest screen (its padding left and right).
STATUS_ROOM = MIN_SIZE[0] - 2
#: What the player at the screen is asked, by phase.
#: (Short enough for the whole line at 80 columns with a dealer's name.)
_YOUR_TURN = {"arrange": "arrange your hand", "play": "play an end card",
              "reward": "take a reward card", "leader": "name who leads next",
              "option": "choose an option"}
_THEIR_TURN = {"play": "plays", "reward": "takes a reward card",
               "leader": "names who leads", "option": "chooses an option"}


def _your_turn(view: HuhnView, phase: str) -> str:
    """What the player at the screen is asked; leading with *ear* (H9), any card."""
    if phase == "play" and view.advantage == "ear" and not view.trick:
        return "lead any card (ear)"
    return _YOUR_TURN[phase]


class HuhnScreens:
    """Everything of Blindes Huhn extrem the table screen, the History and the help
    need."""

    trick_key = TRICK_KEY  # the trick display keeps t here
    keys = (
        ("Left/Right, h/l", "arranging: choose a card; playing: mark an end card"),
        (", . (comma, period), < >, Shift+Left/Right", "arranging: move the chosen card left or right"),
        ("Home, End", "arranging: move the chosen card to the left or right end"),
        ("o", "arranging: a quick order, one after the other: ascending, descending, hens "
              "to the left, hens to the right, as dealt"),
        ("mouse click", "arranging: click a card, then click where it should go; playing: "
                        "play the clicked end card"),
        ("Enter, Space", "arranging: done; playing: play the marked card face up"),
        ("1, 2", "play your left end (1) or your right end (2); with the ear reward every "
                 "card has its key above it"),
        ("f", "play face down the marked card, or the only one that may go face down (a "
              "card with the face-down symbol, not as "
              "the trick's last player; any lead with the down reward)"),
        ("p", "hide or show the last trick"),
        ("u", "take back your last move in this deal: alone against bots (an arrangement "
              "until the first card is played); in a lesson, any move back to its start"),
        ("i", "a hint: what the normal bot would do now, and why (alone against bots; "
              "counted in the statistics); while you arrange, its order goes on your hand"),
    )

    def legend(self, look: Look) -> tuple[str, RenderableType]:
        """How to read a card without colour: the letter after its number."""
        look = huhn_look(look)
        table = Table(box=None, show_header=False, pad_edge=False)
        for card, what in ((17, "a hen: -1 at the end of the deal; 2 or more in one trick "
                                "bring its taker a penalty"),
                           (19, "a pig: a trick with exactly one pig card brings a reward card"),
                           (0, "the Sau (0): takes the last trick if the 49 is in it; never "
                               "counts as a pig"),
                           (16, "the face-down symbol: may be played face down")):
            table.add_row(look.card(card), what)
        table.add_row(look.back(), "a card played face down (turned up with the trick)")
        table.add_row(Text.assemble(look.card(28), look.marks(down=True)),
                      "in the previous trick: a card that was played face down")
        table.add_row(Text.assemble(look.card(45), look.marks(won=True)),
                      "in a taken trick: the card that took it")
        letters = ", ".join(SYMBOL_LETTERS.values())
        return f"Cards: a letter ({letters}) after the number for each symbol", table

    def setup_note(self, players: int) -> str:
        """Which cards are set aside for this many players, and the hands (H1)."""
        aside = SET_ASIDE.get(players)
        if aside is None:
            return ""
        cards = f"{hand_size(players)} cards each"
        if not aside:
            return f"All 50 cards are used: {cards}."
        variant = " (the rulebook's variant for two)" if players == 2 else ""
        span = f"{aside.start} and {aside.stop - 1}" if len(aside) == 2 else \
            f"{aside.start} to {aside.stop - 1}"
        return f"The cards {span} are set aside{variant}: {cards}."

    def table(self, look: Look, view: HuhnView) -> Widget:
        return HuhnTable(look, view, id="game-table")

    def pace(self, pace: float, trick: str) -> HuhnPacing:
        return HuhnPacing(pace, trick)

    def status(self, view: HuhnView, names: Sequence[str], look: Look, *,
               trick_over: bool = False) -> str:
        """``Deal 1 of 4 · dealer Ann · trick 3 of 12 · Your turn: play an end card``;
        while a taken trick stays before the next card, that trick's number and who took
        it, without the dealer (``Deal 1 of 4 · trick 5 of 12 · Marianne took the trick
        and leads next`` was cut at 80 columns with the dealer)."""
        phase = view.phase
        held = trick_over and phase == "play" and not view.trick and view.last_trick is not None
        parts = [f"Deal {max(view.deal, 1)} of {view.deals}"]
        dealer = view.dealer >= 0 and not held
        if dealer:
            parts.append(dealer_words(names, view.dealer))
        if phase in ("play", "reward", "leader", "option"):  # the trick in progress or taken
            parts.append(f"trick {len(view.tricks) + (phase == 'play' and not held)} "
                         f"of {view.dealt}")
        if view.over:
            parts.append("game over")
        elif phase == "deal":
            parts.append("deal scored" if view.scores else "dealing")
        elif phase == "arrange":
            mine = view.seat is not None and view.seat in view.deciding
            others = [names[s] for s in view.deciding if s != view.seat]
            if mine:
                parts.append("Your turn: arrange your hand")
            elif others:
                parts.append(f"arranging: {', '.join(others)}")
        elif held and view.last_trick is not None:
            parts.append(took_the_trick(names, view.last_trick.winner,
                                        view.deciding[0] if view.deciding else None))
        elif view.deciding:
            seat = view.deciding[0]
            parts.append(f"Your turn: {_your_turn(view, phase)}" if seat == view.seat
                         else f"{names[seat]} {_THEIR_TURN[phase]}")
        over = cell_len(f" {look.dot} ".join(parts)) - STATUS_ROOM  # in cells: 漢 takes two
        if dealer and over > 0:
            # The dealer's name gives way first: a long one cut the turn's words at 80
            # columns ("Your turn: play an end").
            room = cell_len(name := names[view.dealer]) - over
            parts[1] = f"dealer {cells_cut(name, room)}" if room >= 3 else ""
        return f" {look.dot} ".join(p for p in parts if p)

    def in_words(self, text: str, look: Look) -> str:
        return text  # its rules and bots name cards as the table does

    def why(self, view: HuhnView) -> str:
        """Why the hot-seat cover calls a player to the screen (with the ear reward,
        to lead any card)."""
        return _your_turn(view, view.phase) if view.phase in _YOUR_TURN else "decide"

    def note(self, update: Update[HuhnView], names: Sequence[str], look: Look,
             news: str) -> tuple[str, str] | None:
        """The news line for ``update``: penalties, rewards, named leaders, the start
        of play, the option; cards, tricks and scores speak for themselves."""
        event = update.event
        if isinstance(event, (CardPlayed, TrickTaken, DealScored, GameOver, Synced,
                              HandArranged, DealStarted)):
            return None
        line = event_line(update, list(names), huhn_look(look))
        return (line, "event") if line else None

    def stale(self, kind: str, update: Update[HuhnView]) -> bool:
        """Whether news of ``kind`` is stale once ``update`` is shown: the next trick's
        first card makes the news of the last one stale; any card a refusal's."""
        event = update.event
        if isinstance(event, CardPlayed):
            lead = len(update.view.trick) == 1
            return kind in ("hint", "refusal") or (kind == "event" and lead)
        return kind == "refusal" and isinstance(event, (TrickTaken, DealScored, GameOver,
                                                        Synced))

    def names(self, view: HuhnView, personal: bool, look: Look) -> list[str]:
        """The seats' names as news reads them (one player's screen: their own is
        "You")."""
        return seat_names(view, look, personal)

    def log(self, look: Look, personal: bool, memory_aid: bool) -> HuhnLog:
        return HuhnLog(huhn_look(look), personal=personal, memory_aid=memory_aid)

    def interlude(self, update: Update[HuhnView], closes_after: float | None) -> Screen[Any] | None:
        """A deal's summary after it is scored (at a shared table it closes itself)."""
        if not isinstance(update.event, DealScored):
            return None
        from .summary import DealSummaryScreen

        return DealSummaryScreen(update.event, update.view, closes_after=closes_after)

    def final(self, update: Update[HuhnView], again: bool) -> Screen[str] | None:
        if not isinstance(update.event, GameOver):
            return None
        from .final import FinalScreen

        return FinalScreen(update.event, update.view, again=again)

    def dialog(self, view: HuhnView, error: str) -> Screen[Any] | None:
        """A reward card, a named leader and the last trick's option are dialogs; the
        hand is arranged and played on the table itself."""
        from .dialogs import dialog_for

        return dialog_for(view, error)

    def scores(self, view: HuhnView) -> Screen[Any]:
        from .scores import ScoreSheetScreen

        return ScoreSheetScreen(view)

    def replay(self, record: dict[str, Any], title: str) -> Screen[Any]:
        """A recorded game to watch again, step by step, every hand shown."""
        from .replay_screen import HuhnReplayScreen

        return HuhnReplayScreen(record, title)


SCREENS: GameScreens[HuhnView] = HuhnScreens()
