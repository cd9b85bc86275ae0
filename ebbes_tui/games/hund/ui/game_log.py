"""The game log (``g``, and beside the table on wide screens): every trick of phase 1
with its krig and sjanse and who took it why, every move of phase 2 trick by trick
with each undertrekk and avstikk and why, who went out, each game's hund. The
hot-seat cover reads its latest lines as the recap. Every card in it was played face
up, so every player may read all of it (N15)."""

from __future__ import annotations

from collections.abc import Sequence

from ....controller import TakenBack, Update
from ....game.events import ChatLine
from ....ui.game_log import END, LATER, Moment, TrickLog
from ....ui.words import match_line, says, verb_for
from ..rules.events import (
    Avstikk, DroppedOut, GameDealt, HundFound, Krig, MatchOver, Played,
    SatOut, ShedBegan, TrickTaken, TrumpCardLaidAside, UndertrekkTaken, WentOut,
)
from ..rules.tricks import Move, Trick
from ..rules.view import HundView
from .explain import ORDINALS, and_list, event_line, rank_plural, rounds_of, winning_card
from .look import HundLook


class HundLog(TrickLog[HundView]):
    """Lines of what happened, each tagged with the update's sequence number; every one
    stays (every card was played face up, N15)."""

    look: HundLook

    def __init__(self, look: HundLook, *, personal: bool = True) -> None:
        """``personal``: one player reads it, so their own seat is "You" (not in
        hot-seat, where the log is everyone's)."""
        super().__init__(look, personal=personal)
        self._krigs: list[str] = []  # this phase-1 trick's krig lines, in order
        self._dropped: dict[int, list[str]] = {}  # its warriors out of a krig, by krig
        self._moves: list[str] = []  # this phase-2 trick's moves so far
        self._after: list[str] = []  # who went out during it: said after its moves
        self._began = 0  # the plays that complete this phase-2 trick (N11)

    # ------------------------------------------------------------- reading updates

    def start(self, update: Update[HundView]) -> None:
        """Begin from a full view (a new, resumed or joined game): this game so far."""
        view = update.view
        names = self.names(view)
        deal = view.position()[0]
        if view.hunds:
            self._add(update.seq, "Games so far: " + "; ".join(
                f"game {i}: {names[h]} the hund" for i, h in enumerate(view.hunds, 1)) + ".",
                at=(deal - 1, END))
        if view.tricks or view.log:
            self._add(update.seq, f"Game {view.game}, as it stands:", at=(deal, 0))
        for number, trick in enumerate(view.tricks, 1):
            self._add(update.seq, self._trick_line(number, trick, names, live=False),
                      at=(deal, number))
        now = _this_trick(view) if view.phase == "shed" else len(view.log)
        if now:  # the trick in progress is said once, as the "Now:" line
            moves = ", ".join(self._move(m, names) for m in view.log[:now])
            self._add(update.seq, f"Phase 2 so far: {moves}.", at=(deal, END))
        if view.phase == "shed" and view.shed_trick:
            self._began = view.began
            self._moves = [self._move(m, names) for m in view.log[now:]]

    def add(self, update: Update[HundView]) -> None:
        """Note what ``update`` says."""
        event, view, seq = update.event, update.view, update.seq
        names = self.names(view)
        look = self.look
        if isinstance(event, ChatLine):
            self.said(seq, event)
        elif isinstance(event, TakenBack):
            self._add(seq, "Your last move was taken back.")
            self._krigs, self._dropped, self._moves, self._after = [], {}, [], []
        elif isinstance(event, GameDealt):
            self._krigs, self._dropped, self._moves, self._after = [], {}, [], []
            self._add(seq, event_line(view, event, names, look) or "")
        elif isinstance(event, Krig):
            self._krigs.append(f"krig over {rank_plural(_tied(view, event))}: "
                               f"{and_list([names[s] for s in event.seats])}"
                               if view.krig else "krig")
        elif isinstance(event, DroppedOut):
            self._dropped.setdefault(len(self._krigs), []).append(  # the krig going on
                f"{names[event.seat]} had no card and dropped out")
        elif isinstance(event, TrickTaken):
            trick = next((t for t in reversed(view.tricks) if t.cards == event.cards), None)
            if trick is not None:
                number = view.tricks.index(trick) + 1
                self._add(seq, self._trick_line(number, trick, names))
            self._krigs, self._dropped = [], {}
        elif isinstance(event, Played):
            if event.lead:
                self._moves = []
                self._began = view.began
            self._moves.append(self._play(event.seat, event.cards, names))
        elif isinstance(event, UndertrekkTaken):
            name = names[event.seat]
            self._moves.append(f"{name} cannot beat {look.play(event.top)}: undertrekk, "
                               f"{verb_for(name, 'takes')} {look.play(event.cards)} in")
            if not view.shed_trick and view.kind == "lead":
                leader = names[view.deciding[0]] if view.deciding else ""
                self._end_trick(seq, f"the trick is empty; {says(leader, 'leads')} anew"
                                if leader else "the trick is empty")
        elif isinstance(event, Avstikk):
            name = names[event.seat]
            count = len(event.cards)
            lying = len(view.last_trick)
            unit = "plays" if view.series else "cards"
            why = f"{lying} {unit} lay in it, as many as the players in play when it began" \
                if lying >= self._began else f"the turn came back to {name}"
            self._end_trick(seq, f"avstikk: {says(name, 'takes')} {count} card"
                                 f"{'s' * (count != 1)} out of the game ({why})")
        elif isinstance(event, WentOut) and self._moves:  # after the play that did it
            self._after.append(event_line(view, event, names, look) or "")
        elif isinstance(event, HundFound):
            if self._moves:  # the game's last moves end no trick
                self._end_trick(seq, "the game is over")
            self._add(seq, event_line(view, event, names, look) or "")
            self._add(seq, _out_line(event.out, event.seat, names))
        elif isinstance(event, (TrumpCardLaidAside, SatOut, ShedBegan, WentOut)):
            self._add(seq, event_line(view, event, names, look) or "")
        elif isinstance(event, MatchOver):
            who = and_list([names[s] for s in event.winners])
            won = says(who, "wins") if len(event.winners) == 1 else f"{who} share the win"
            self._add(seq, f"The match is over: {won} (the hund least often).")
        else:
            line = match_line(event, names)
            if line:
                self._add(seq, line)

    def _move(self, move: Move, names: Sequence[str]) -> str:
        """``Ola 9♦``, or ``Per took 3♣ in``."""
        if move.took:
            return f"{names[move.seat]} took {self.look.play(move.cards)} in"
        return self._play(move.seat, move.cards, names)

    def _play(self, seat: int, cards: tuple[int, ...], names: Sequence[str]) -> str:
        """``Ola 9♦``; a series ``Ola 8♦-9♦-10♦``."""
        return f"{names[seat]} {self.look.play(cards)}"

    def _end_trick(self, seq: int, how: str) -> None:
        self._add(seq, f"{'; '.join(self._moves)}; {how}.")
        for line in self._after:
            self._add(seq, line)
        self._moves, self._after = [], []

    def _trick_line(self, number: int, trick: Trick, names: Sequence[str], *,
                    live: bool = True) -> str:
        """``Trick 4: Kari 5♣, Ola 5♥, Per J♠; krig over 5s: Kari and Ola: Kari 9♦
        (sjanse), Ola K♠. Ola takes 5 cards with K♠, winning the krig.`` (``live``: just
        taken, its krigs and drop-outs read as they came; else from the view alone)."""
        look = self.look
        parts = self._rounds(trick.seats, trick.cards, trick.sjanse, names, live=live)
        name = names[trick.winner]
        why = "winning the krig" if trick.krig else "the highest card"
        return (f"Trick {number}: {'; '.join(parts)}. {says(name, 'takes')} "
                f"{len(trick.cards)} cards with {look.face(winning_card(trick))}, {why}.")

    def _rounds(self, seats: Sequence[int], cards: Sequence[int], sjanse: Sequence[bool],
                names: Sequence[str], *, live: bool = True) -> list[str]:
        """A phase-1 trick's rounds: ``Kari 5♣, Ola 5♥``, then each krig's, headed by its
        line (``krig over 5s: Kari and Ola: Kari 9♦ (sjanse), Ola K♠``), a warrior who
        had no card for it said in it; a krig nobody had a card for, last."""
        parts = []
        rounds = rounds_of(seats)
        krigs, dropped = (self._krigs, self._dropped) if live else ((), {})
        for k in range(max(len(rounds), 1 + max(dropped, default=0))):
            played = [f"{names[seats[i]]} {self.look.face(cards[i])}"
                      + (" (sjanse)" if sjanse[i] else "") for i in rounds[k]] \
                if k < len(rounds) else []
            played += dropped.get(k, [])
            if k:
                war = krigs[k - 1] if k - 1 < len(krigs) else "krig"
                parts.append(f"{war}: {', '.join(played)}")
            else:
                parts.append(", ".join(played))
        return parts

    # ------------------------------------------------------------- reading the log

    def _add(self, seq: int, line: str, at: Moment = LATER) -> None:
        if line:
            self.note(seq, line, at=at)

    def current(self, view: HundView) -> str | None:
        """The trick in progress, if any cards are down."""
        names = self.names(view)
        if view.phase == "collect" and view.trick:
            seats, cards, sjanse = zip(*view.trick)
            parts = self._rounds(seats, cards, sjanse, names)
            if view.krig and view.round_start >= len(view.trick) and \
                    len(parts) - 1 not in self._dropped:  # a krig, no card in it yet
                krigs = self._krigs
                war = krigs[len(parts) - 1] if len(parts) - 1 < len(krigs) else \
                    f"krig: {and_list([names[s] for s in view.warriors])}"
                parts.append(f"{war} to play")
            return f"Now: {'; '.join(parts)}."
        if view.phase == "shed" and view.shed_trick:
            return f"Now: {'; '.join(self._moves) or 'a trick'}."
        return None


def _this_trick(view: HundView) -> int:
    """Where the phase-2 trick in progress begins in ``view.log``: its plays are read
    back off the pile, each undertrekk putting back the play it took (N10)."""
    pile = [cards for _, cards in view.shed_trick]
    for i in range(len(view.log) - 1, -1, -1):
        if not pile:
            return i + 1
        move = view.log[i]
        if move.took:
            pile.insert(0, move.cards)
        else:
            pile.pop()
    return 0


def _tied(view: HundView, event: Krig) -> int:
    """A card of the rank that tied (the first warrior's last card)."""
    return next(c for s, c, _ in reversed(view.trick) if s == event.seats[0])


def _out_line(out: Sequence[int], hund: int, names: Sequence[str]) -> str:
    """``Out: Ola 1st, Kari 2nd; Per is the hund.``"""
    order = ", ".join(f"{names[s]} {ORDINALS[i]}" for i, s in enumerate(out))
    return f"Out: {order or 'nobody'}; {says(names[hund], 'is')} the hund."
