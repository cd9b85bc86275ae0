"""ebbes' screens on the seam: its table, its words, its dialogs and its score screens
(:class:`~ebbes_tui.ui.game_ui.GameScreens`). Loaded by the generic shell by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from ....controller import Synced, Update
from ....ui.game_ui import TRICK_KEY, GameScreens
from ....ui.look import Look
from ..rules.categories import Category
from ..rules.cards import SUIT_NAMES, card
from ..rules.events import CardPlayed, CategoryFixed, GameOver, RoundScored, TrickWon
from ..rules.record import Record
from ..rules.state import Phase, track_enders
from ..rules.view import PlayerView
from ....ui.words import dealer_words, seat_names, took_the_trick
from .explain import event_line, nix_won
from .game_log import GameLog
from .look import SUIT_LETTERS, ebbes_look
from .pacing import EbbesPacing
from .table_view import EbbesTable

_YOUR_TURN = {Phase.PLAY: "play a card", Phase.CHOOSE_STARTER: "choose who starts",
              Phase.CHOOSE_PAIR: "choose a determiner pair"}
_THEIR_TURN = {Phase.PLAY: "plays", Phase.CHOOSE_STARTER: "chooses who starts",
               Phase.CHOOSE_PAIR: "chooses a determiner pair"}
_WHY = {Phase.PLAY: "play a card", Phase.CHOOSE_PAIR: "choose a determiner pair"}


class EbbesScreens:
    """Everything of ebbes the table screen, the History and the help need."""

    trick_key = TRICK_KEY  # ebbes' tables have always set the trick display with t
    keys = (
        ("Left/Right, h/l", "move along your hand"),
        ("Enter, Space", "play the marked card"),
        ("1-9, 0, a s d f x", "play that card directly (its key is shown above it; only "
                              "cards you may play have one, and they are underlined)"),
        ("mouse click", "play the clicked card"),
        ("p", "hide or show the last trick"),
        ("u", "take back your last card: alone against bots, this round only (you also "
              "see how the bots answered it); in a lesson, any move back to its start"),
        ("i", "a hint: what the normal bot would play now, and why (alone against bots; "
              "counted in the statistics)"),
    )

    def legend(self, look: Look) -> tuple[str, RenderableType]:
        """How to read a card without colour (each suit's letter and shape), and the
        table's short words that 80 columns leave no room to spell out."""
        look = ebbes_look(look)
        rows = Table(box=None, show_header=False, pad_edge=False)
        rows.add_column(no_wrap=True)
        rows.add_column()
        for suit in range(5):
            rows.add_row(look.suit(suit), SUIT_NAMES[suit] + (
                " (N: B is blue's)" if SUIT_LETTERS[suit] == "N" else ""))
        for short, words in _WORDS:
            rows.add_row(Text(short, "bold"), words)
        rows.add_row(Text(f"2:{look.card(card(0, 5)).plain}", "bold"),
                     "Variant 2: player 2 took the pair blue 5 (struck once played)")
        rows.add_row(Text(f"{look.won}  led", "bold"), "Trick: the card that takes it; "
                                                       "the card led")
        return "Reading the table: suits (a letter and a shape each) and short words", rows

    def setup_note(self, players: int) -> str:
        """Two players get the dummy: the form says what it is."""
        if players != 2:
            return ""
        return ("With two players a dummy joins as the third seat: it plays the face-up "
                "cards of its five stacks by fixed rules, scores like a player, and cannot "
                "win.")

    def table(self, look: Look, view: PlayerView) -> Widget:
        return EbbesTable(look, view, id="game-table")

    def pace(self, pace: float, trick: str) -> EbbesPacing:
        return EbbesPacing(pace, trick)

    def status(self, view: PlayerView, names: Sequence[str], look: Look, *,
               trick_over: bool = False) -> str:
        """``Round 2 of 5 · dealer Ann · Your turn: play a card`` (``you deal``: the
        player reading it deals); while a finished trick stays, ``Bot 1 took the trick
        and leads next``."""
        config = view.config
        dot = f" {look.dot} "
        over = view.scored is not None
        # A scored round's last trick stays on show: it is still that round's.
        shown = len(view.scores) if over else view.round_no + 1
        parts = [f"Round {shown} of {config.round_limit}"]
        if view.dealer is not None:
            parts.append(dealer_words(names, view.dealer))
        seat = view.to_move
        if view.phase is Phase.GAME_OVER:
            parts.append(f"game over{_why_over(view, names)}")
        elif over:
            parts.append("last trick of the round")
        elif trick_over and view.last_trick is not None and not view.trick:
            parts.append(took_the_trick(names, view.last_trick.winner, seat))
        elif seat is not None:
            if seat == view.seat:
                parts.append(f"Your turn: {_YOUR_TURN.get(view.phase, '')}")
            else:
                parts.append(f"{names[seat]} {_THEIR_TURN.get(view.phase, '')}")
        return dot.join(parts)

    def in_words(self, text: str, look: Look) -> str:
        return text  # its rules and bots name cards as the table does

    def why(self, view: PlayerView) -> str:
        """Why the hot-seat cover calls a player to the screen."""
        if view.phase is Phase.CHOOSE_STARTER:
            return f"you {nix_won(view)}: choose who starts"
        return _WHY.get(view.phase, "decide")

    def note(self, update: Update[PlayerView], names: Sequence[str], look: Look,
             news: str) -> tuple[str, str] | None:
        """The news line for ``update`` and how long it lasts: a suit that got its job
        stays until the next trick's lead (``fixed``), other news until the next card.
        ``news`` is the line on show (nix completes the sentence of Minus)."""
        event = update.event
        look = ebbes_look(look)
        if isinstance(event, CategoryFixed):
            suit = look.suit(event.suit, name=True).plain
            if event.category is Category.NIX:
                return f"{news.rstrip('.')}, so {suit} is nix.", "fixed"
            return (f"{look.card_name(event.card)} ({names[event.seat]}): {suit} is "
                    f"{event.category.label}.", "fixed")
        if isinstance(event, (CardPlayed, TrickWon, RoundScored, GameOver, Synced)):
            return None
        line = event_line(update, list(names), look)
        return (line, "event") if line else None

    def stale(self, kind: str, update: Update[PlayerView]) -> bool:
        """Whether news of ``kind`` is stale once ``update`` is shown: a card makes the
        news of the last move stale; a trick's first card, a fixed job too."""
        if not isinstance(update.event, CardPlayed):
            return kind == "refusal" and isinstance(update.event, (TrickWon, RoundScored,
                                                                   GameOver, Synced))
        return kind in ("event", "hint", "refusal") or (kind == "fixed"
                                                        and len(update.view.trick) == 1)

    def names(self, view: PlayerView, personal: bool, look: Look) -> list[str]:
        """The seats' names as news reads them (one player's screen: their own is
        "You")."""
        return seat_names(view, look, personal)

    def log(self, look: Look, personal: bool, memory_aid: bool) -> GameLog:
        return GameLog(ebbes_look(look), personal=personal, memory_aid=memory_aid)

    def interlude(self, update: Update[PlayerView], closes_after: float | None) -> Screen[Any] | None:
        """A round's summary after it is scored (at a shared table it closes itself)."""
        if not isinstance(update.event, RoundScored):
            return None
        from .summary import RoundSummaryScreen

        return RoundSummaryScreen(update.event, update.view, closes_after=closes_after)

    def final(self, update: Update[PlayerView], again: bool) -> Screen[str] | None:
        if not isinstance(update.event, GameOver):
            return None
        from .final import FinalScreen

        return FinalScreen(update.event, update.view, again=again)

    def dialog(self, view: PlayerView, error: str) -> Screen[Any] | None:
        """Who starts (the nix holder) and the Variant 2 pairs are dialogs; a card is
        played on the table itself."""
        if view.phase is Phase.CHOOSE_STARTER:
            from .starter_dialog import StarterDialog

            return StarterDialog(view, error)
        if view.phase is Phase.CHOOSE_PAIR:
            from .pair_dialog import PairDialog

            return PairDialog(view, error)
        return None

    def scores(self, view: PlayerView) -> Screen[Any]:
        from .scores import ScoreBoardScreen

        return ScoreBoardScreen(view)

    def replay(self, record: Record, title: str) -> Screen[Any]:
        """A recorded game to watch again, step by step, every hand shown."""
        from .replay_screen import ReplayScreen

        return ReplayScreen(record, title)


#: The table's short words, in the order the table shows them (Help, "?").
_WORDS = (
    ("Tks", "Players: tricks taken this round"),
    ("Rnd", "Players: the points this round has brought so far for sure (Plus cards "
            "taken, +1 each; Minus cards, -1 each); ebbes' +3 comes at the round's end"),
    ("Tr +1 eb -1 nx", "Players, under each suit: its job (Trump, Plus, ebbes, Minus, nix); "
                       "below, how many of its cards each player took"),
    ("beats all", "Determiners: Trump beats every other suit"),
    ("+1 each, -1 each", "Determiners: each Plus card taken is worth +1, each Minus card -1"),
    ("+3 between", "Determiners: whoever took more ebbes cards than the fewest and fewer "
                   "than the most gets +3 (the most and the fewest get nothing)"),
    ("picks starter", "Determiners: whoever took the most nix cards names who starts "
                      "the next round"),
    ("1 2 3", "the players' seat numbers: their discs on the scoring track"),
)


def _why_over(view: PlayerView, names: Sequence[str]) -> str:
    """Why a game ended before its last round: whose disc reached an end (R13)."""
    enders = track_enders(view.config, view.totals)
    if not enders or len(view.scores) >= view.config.round_limit:
        return ""
    track = view.config.track
    reached = [f"{names[s]} reached "
               f"{track.landmarks[-1 if view.totals[s] >= track.high else 0].name}"
               for s in enders]
    return ": " + ", ".join(reached)


SCREENS: GameScreens[PlayerView] = EbbesScreens()
