"""Hund's screens on the seam: its table, its words, the tally and the replay
(:class:`~ebbes_tui.ui.game_ui.GameScreens`). Loaded by the generic shell by name."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from ....controller import Synced, TakenBack, Update
from ..rules.actions import Action
from ....game.events import TrickEnded
from ....ui.game_ui import GameScreens
from ....ui.look import Look
from ....ui.table_news import EXPLAIN
from ....ui.words import as_seen_by, dealer_words, match_line, says, took_the_trick
from ..rules.cards import parse_card
from ..rules.events import (
    Avstikk, CardPlayed, DroppedOut, GameDealt, HundFound, Krig, MatchOver, Played, ShedBegan,
    UndertrekkTaken,
)
from ..rules.view import HundView
from .explain import (
    TERMS, event_line, first_avstikk, first_krig, first_sjanse, first_undertrekk,
)
from .game_log import HundLog
from .look import SUIT_GLYPHS, hund_look
from .pacing import HundPacing
from .panels import KRIG_MARK, SJANSE_MARK, trump_words
from .table_view import CARD_KEYS, TRICK_KEY, HundTable

#: The moves of a seat: what makes the news of the last move stale.
_MOVES = (CardPlayed, Played, UndertrekkTaken)
#: The kind of news of the first krig's explanation, which counts the cards at stake.
KRIG_EXPLAINED = f"{EXPLAIN} krig"


#: A card's record code in a sentence: rank then suit letter (``10H``, ``AS``).
_CODE = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


class HundScreens:
    """Everything of Hund the table screen, the History and the help need."""

    trick_key = TRICK_KEY  # t is undertrekk on this table
    keys = (
        ("Left/Right, h/l", "move along your hand (a long hand takes more lines where "
                            "there is room, else it scrolls; the numbers at either end count "
                            "the cards out of sight)"),
        ("Enter, Space", "play the card under the cursor, or the cards marked for a series"),
        ("1-9, 0, letters",
         f"play that card directly: the cards you may play now are underlined, and the "
         f"first {len(CARD_KEYS)} of them in sight have their key above them (the "
         f"digits, then {' '.join(CARD_KEYS[10:])}); a card keeps its key while it stays "
         "in sight"),
        ("mouse click", "play the clicked card"),
        ("s", "sjanse (phase 1): play the draw pile's top card instead of one from your "
              "hand; offered while the pile holds two or more cards"),
        ("t", "undertrekk (phase 2): take the trick's first card into your hand; offered "
              "only when you cannot beat the top card, and never done for you"),
        ("m", "series (phase 2, with the series option): mark or unmark the card under "
              "the cursor; Enter plays the marked cards, one suit in unbroken rank order"),
        ("p", "hide or show the last trick"),
        ("u", "take back your last move: alone against bots, never past a draw, a sjanse "
              "or the trump card shown (in phase 1: within the trick); in a lesson, any "
              "move back to its start"),
        ("i", "a hint: what the normal bot would do now, and why (alone against bots; "
              "counted in the statistics)"),
    )

    def legend(self, look: Look) -> tuple[str, RenderableType]:
        """How to read a card without colour, and the game's own words."""
        look = hund_look(look)
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for suit in range(4):
            face = Text("A")
            face.append_text(look.suit(suit, name=False))
            face.append(", 10")
            face.append_text(look.suit(suit, name=False))
            table.add_row(face, look.suit(suit).plain.split(" ", 1)[1] + (
                "" if look.ascii else f" (the letter {'SHDC'[suit]} where {SUIT_GLYPHS[suit]} "
                "cannot be drawn)"))
        table.add_row("", "")
        for word, meaning in TERMS:
            table.add_row(word, meaning)
        table.add_row("", "")
        five = f"5{look.suit(2, name=False).plain}"
        table.add_row(five + SJANSE_MARK, "a sjanse card (the trick panel, the players panel)")
        table.add_row(f"{five} krig", "in the players panel: the card tied, and a krig "
                                      "followed (the trick panel gives a krig's cards a row "
                                      "of their own)")
        table.add_row(five + KRIG_MARK, "the same, where a row has no room for the word")
        return "Cards: rank then suit; the game's own words", table

    def setup_note(self, players: int) -> str:
        if players == 2:
            return ("With two players the dealer first sets ten cards aside, unseen: they "
                    "are out of play for the game.")
        return ""

    def table(self, look: Look, view: HundView) -> Widget:
        return HundTable(look, view, id="game-table")

    def pace(self, pace: float, trick: str) -> HundPacing:
        return HundPacing(pace, trick)

    def status(self, view: HundView, names: Sequence[str], look: Look, *,
               trick_over: bool = False) -> str:
        """``Game 1 of 3 · phase 2 · trump ♥ hearts · Your turn: beat J♦``; while a
        taken trick (or avstikk) stays, who took it."""
        look = hund_look(look)
        dot = f" {look.dot} "
        if view.over:
            return f"The match is over ({view.games} game{'s' * (view.games != 1)})"
        parts = [f"Game {view.game} of {view.games}"]
        if view.phase == "collect":
            parts.append(f"phase 1 {look.dot} {dealer_words(names, view.dealer)}")
        elif view.phase == "shed":
            parts += ["phase 2", trump_words(view, look)]
        elif view.phase == "deal":  # the last game's end stays a moment before the deal
            parts.append("dealing" if view.hund < 0 else f"{says(names[view.hund], 'is')} the hund")
        taker = _taker(view) if trick_over else None
        if taker is not None:
            parts.append(took_the_trick(names, taker, view.deciding[0] if view.deciding else None))
        elif view.deciding:
            parts.append(self._turn(view, names, look))
        return dot.join(parts)

    def _turn(self, view: HundView, names: Sequence[str], look: Any) -> str:
        seat = view.deciding[0]
        if seat != view.seat:
            verb = {"play": "plays", "krig": "plays in the krig", "lead": "leads",
                    "beat": "must beat " + (look.face(view.top) if view.top is not None else "")}
            return f"{names[seat]} {verb.get(view.kind, 'plays')}"
        if view.kind == "beat" and view.actions and all(type(a).__name__ == "Undertrekk"
                                                        for a in view.actions):
            return "Your turn: undertrekk (t)"  # why is in the trick panel: the line fits 80
        if view.kind == "beat" and view.top is not None:
            return f"Your turn: beat {look.face(view.top)}"
        if view.kind in ("play", "krig") and not view.hand:  # only a sjanse is left (N5)
            return "Your turn: s, sjanse" + " in the krig" * (view.kind == "krig")
        return "Your turn: " + self.why(view)

    def in_words(self, text: str, look: Look) -> str:
        """``Beat 5C with 6C`` (the bots' and rules' record codes) as ``Beat 5♣ with 6♣``."""
        faces = hund_look(look)
        return _CODE.sub(lambda m: faces.face(parse_card(m.group(0))), text)

    def why(self, view: HundView) -> str:
        """Why the hot-seat cover calls a player to the screen."""
        if view.kind == "krig" and not view.hand:  # hand counts are on the table for all
            return "sjanse in the krig: your hand is empty"
        return {"play": "play a card", "krig": "play a card in the krig",
                "lead": "lead any card", "beat": "beat the top card if you can, else take one in"
                }.get(view.kind, "decide")  # beating is a must (N10); the cover tells nobody which

    def note(self, update: Update[HundView], names: Sequence[str], look: Look,
             news: str) -> tuple[str, str] | None:
        """The news line for ``update`` and how long it lasts: what happens inside a
        trick (a krig, a sjanse) stays until the trick is over (``trick``); the first
        explanation of each word at least :data:`~ebbes_tui.ui.table_news.HOLD` seconds
        (the news after it wait), the first krig's only while its count of cards holds
        (:data:`KRIG_EXPLAINED`); the end of a trick, a new game, someone out, until
        the next move (``event``)."""
        event, view = update.event, update.view
        if isinstance(event, (Synced, MatchOver)):
            return None
        look = hund_look(look)
        line = event_line(view, event, names, look) or match_line(event, names)
        if not line:
            return None
        if _first(view, event) or isinstance(event, ShedBegan):
            return line, KRIG_EXPLAINED if isinstance(event, Krig) else EXPLAIN
        if isinstance(event, (Krig, DroppedOut)) or isinstance(event, CardPlayed) and event.sjanse:
            return line, "trick"
        return line, "event"

    def stale(self, kind: str, update: Update[HundView]) -> bool:
        """News of the last move is stale at the next move; news about the trick once
        the trick is over (taken, or emptied by an undertrekk: N10) or a new game
        begins. A first explanation stays its time and until the next move after it
        ("Phase 2! ... Ann leads." stayed through the tricks after Ann's lead), but the
        first krig's says how many cards the winner takes: another krig in it, or a
        player out of it, makes that false at once."""
        event = update.event
        if kind == KRIG_EXPLAINED:
            return isinstance(event, (Krig, DroppedOut))
        emptied = isinstance(event, UndertrekkTaken) and not update.view.shed_trick
        if emptied or isinstance(event, (TrickEnded, GameDealt, TakenBack)):  # a trick over
            return kind in ("trick", "event", "hint", "refusal")
        if isinstance(event, _MOVES):  # a first explanation after its time (it lapses)
            return kind in ("event", "hint", "refusal", EXPLAIN)
        return False

    def names(self, view: HundView, personal: bool, look: Look) -> list[str]:
        names = [look.text(s.name) for s in view.seats]
        return as_seen_by(names, view.seat) if personal else names

    def log(self, look: Look, personal: bool, memory_aid: bool) -> HundLog:
        """The log holds every move: all of them were played face up (N15), so the
        memory aid setting leaves it whole."""
        return HundLog(hund_look(look), personal=personal)

    def interlude(self, update: Update[HundView], closes_after: float | None) -> Screen[Any] | None:
        """After a game that is not the match's last: its hund, places and the tally."""
        if not isinstance(update.event, HundFound) or update.view.over:
            return None
        from .standings import GameEndScreen

        return GameEndScreen(update.event, update.view, closes_after=closes_after)

    def final(self, update: Update[HundView], again: bool) -> Screen[str] | None:
        if not isinstance(update.event, MatchOver):
            return None
        from .standings import FinalScreen

        return FinalScreen(update.event, update.view, again=again)

    def dialog(self, view: HundView, error: str) -> Screen[Action | None] | None:
        """Every decision of Hund is made on the table itself."""
        return None

    def scores(self, view: HundView) -> Screen[Any]:
        from .standings import TallyScreen

        return TallyScreen(view)

    def replay(self, record: dict[str, Any], title: str) -> Screen[Any]:
        from .replay_screen import HundReplayScreen

        return HundReplayScreen(record, title)


def _first(view: HundView, event: object) -> bool:
    """Whether ``event`` is the first of its word in this game (explained at length)."""
    if isinstance(event, Krig):
        return first_krig(view, event)
    if isinstance(event, CardPlayed):
        return event.sjanse and first_sjanse(view)
    if isinstance(event, UndertrekkTaken):
        return first_undertrekk(view)
    if isinstance(event, Avstikk):
        return first_avstikk(view, event)
    return False


def _taker(view: HundView) -> int | None:
    """Who took the trick on show: a phase-1 trick's winner, or in phase 2 the seat
    whose play lies on top of the avstikk (N11); None while a trick is in play."""
    if view.phase == "collect":
        return view.tricks[-1].winner if view.tricks and not view.trick else None
    return view.last_trick[-1][0] if view.last_trick and not view.shed_trick else None


SCREENS: GameScreens[HundView] = HundScreens()
