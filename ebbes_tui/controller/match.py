"""Running a match: whose decision it is, asking them, applying it, saving, reporting.

The controller is the one interface between the game and whoever plays it: the
Textual UI, a test, or a script (NetHack's window-port idea, STYLE.md). Humans answer
through :meth:`Match.submit`; bots think in a worker thread so the event loop never
blocks; the dummy plays its one forced card. Every rules event, and the controller's
own (:mod:`.events`), goes to one listener.
"""

from __future__ import annotations

import asyncio
import random
from typing import Callable

from ..bots import Answer, Bot, decide, make_bot
from ..rules.deal import deal_next_round
from ..rules.errors import IllegalMove
from ..rules.events import Event as RulesEvent
from ..rules.record import Record, replay, to_record
from ..rules.state import GameState, Phase
from ..rules.view import PlayerView, player_view
from .events import DecisionNeeded, HandOff, MatchEvent, SaveFailed, TakenBack
from .saves import SaveSlot
from .setup import MatchSetup, setup_from_record

Listener = Callable[[RulesEvent | MatchEvent], None]
BotFactory = Callable[[str], Bot]


class NotYourTurn(IllegalMove):
    """A human tried to decide when it was not theirs to decide."""


class Match:
    """One game from setup to final standings, saved after every decision."""

    def __init__(
        self,
        setup: MatchSetup,
        *,
        record: Record | None = None,
        save: SaveSlot | None = None,
        listener: Listener | None = None,
        pace: float = 0.5,
        bot_factory: BotFactory = make_bot,
    ) -> None:
        self.setup = setup.with_seed()
        self.config = self.setup.config()
        self.state = replay(record) if record is not None else GameState(self.config)
        self.save = save
        self.listener = listener
        self.pace = pace
        self.bots: dict[int, Bot] = {
            i: bot_factory(s.level or "normal")
            for i, s in enumerate(self.config.seats) if s.kind == "bot"
        }
        self.humans = [i for i, s in enumerate(self.config.seats) if s.kind == "human"]
        #: The human whose hand may be on screen now (hot-seat: after their hand-off).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._answered = asyncio.Event()
        self._skip = asyncio.Event()
        self._go = asyncio.Event()  # cleared while the UI holds the bots back
        self._go.set()
        self._generation = 0  # bumped by take-back: answers from before are stale
        self._stopped = False
        self._covered_for: int | None = None  # the HandOff already announced

    @classmethod
    def resume(cls, record: Record, **kw: object) -> Match:
        """Continue a saved game exactly where its record stops."""
        config = replay(record).config
        return cls(setup_from_record(record, config), record=record, **kw)  # type: ignore[arg-type]

    # ------------------------------------------------------------ queries

    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen: hands are hidden between their turns."""
        return len(self.humans) > 1

    @property
    def awaiting_human(self) -> int | None:
        """The human seat whose decision the match waits for, if any."""
        pending = self.state.pending
        if pending is None or pending.seat is None or pending.seat not in self.humans:
            return None
        return pending.seat

    def view(self, seat: int | None) -> PlayerView:
        return player_view(self.state, seat)

    def screen_view(self) -> PlayerView:
        """What the screen may show now: the viewer's view, or no hand at all."""
        return player_view(self.state, self.viewer)

    def record(self) -> Record:
        return to_record(self.state, self.setup.extras())

    # ----------------------------------------------------------- running

    async def run(self) -> None:
        """Deal, ask, apply and save until the game is over (or :meth:`stop`)."""
        self._save()
        while not self._stopped:
            pending = self.state.pending
            if pending is None:
                return
            if pending.phase is Phase.DEAL:
                self._deal()
                continue
            seat = pending.seat
            assert seat is not None
            generation = self._generation
            if seat in self.humans:
                await self._await_human(seat)
                continue
            self._emit(DecisionNeeded(seat, pending.phase, human=False))
            answer = await self._machine_answer(seat)
            if generation == self._generation and not self._stopped:
                self._apply(seat, answer)

    def stop(self) -> None:
        """End :meth:`run` at the next step; the last decision is already saved."""
        self._stopped = True
        self._answered.set()
        self._skip.set()
        self._go.set()

    def skip(self) -> None:
        """Cut short the pause before a bot's or the dummy's move."""
        self._skip.set()

    def hold(self) -> None:
        """Bots and the dummy wait (e.g. while players read a round summary)."""
        self._go.clear()

    def release(self) -> None:
        """Let bots and the dummy go on, without the pause: the players were reading."""
        self._go.set()
        self._skip.set()

    async def _await_human(self, seat: int) -> None:
        self._cover_if_needed()
        self._answered.clear()
        self._emit(DecisionNeeded(seat, self.state.pending.phase, human=True))  # type: ignore[union-attr]
        await self._answered.wait()

    async def _machine_answer(self, seat: int) -> Answer:
        if not self._go.is_set():
            await self._go.wait()
        elif self.pace > 0:
            self._skip.clear()
            try:
                await asyncio.wait_for(self._skip.wait(), self.pace)
            except asyncio.TimeoutError:
                pass
        if seat == self.state.dummy:
            return self.state.legal_moves()[0]  # R16: its one card
        view = player_view(self.state, seat)
        rng = random.Random(self._decision_key(seat))
        return await asyncio.to_thread(decide, self.bots[seat], view, rng)

    def _decision_key(self, seat: int) -> str:
        """Seeds each bot decision by where it falls in the game, so a resumed or
        replayed game gets the same answers."""
        s = self.state
        played = len(s.tricks) * s.n + len(s.trick)
        return f"{self.setup.seed}:{s.round_no}:{s.phase.value}:{len(s.pairs)}:{played}:{seat}"

    def _deal(self) -> None:
        state = self.state
        rng = random.Random(f"{self.setup.seed}:deal:{state.round_no}")
        first = not state.results
        if self.hot_seat:  # new hands: nobody's is on screen until they take it (R18)
            self.viewer = None
            self._covered_for = None
        events = deal_next_round(
            state, rng,
            starter=self.setup.first_starter if first else None,
            dealer=self.setup.first_dealer if first else None,
        )
        self._emit_all(events)
        self._save()

    # -------------------------------------------------------- decisions

    def submit(self, seat: int, answer: Answer) -> None:
        """A human's decision. Raises :class:`IllegalMove` (``player_text`` says why)
        and changes nothing when the rules or the turn forbid it."""
        if self.awaiting_human != seat:
            raise NotYourTurn(None, "it is not your turn")
        if self.hot_seat and self.viewer != seat:
            raise NotYourTurn(None, "the hand-off screen must be dismissed first")
        self._apply(seat, answer)
        self._answered.set()

    def hand_over(self, seat: int) -> None:
        """Hot-seat: ``seat``'s player dismissed the cover and is at the screen now."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a human player")
        self.viewer = seat
        self._covered_for = None

    def _apply(self, seat: int, answer: Answer) -> None:
        state = self.state
        phase = state.phase
        if phase is Phase.PLAY:
            events = state.play(answer, seat)  # type: ignore[arg-type]
        elif phase is Phase.CHOOSE_STARTER:
            events = state.choose_starter(seat, answer)  # type: ignore[arg-type]
        elif phase is Phase.CHOOSE_PAIR:
            suit, number = answer  # type: ignore[misc]
            events = state.choose_pair(seat, suit, number)
        else:
            raise IllegalMove(None, "there is nothing to decide now")
        self._emit_all(events)
        self._save()
        self._cover_if_needed()

    def _cover_if_needed(self) -> None:
        """Hot-seat: the moment another human must decide, the hand on screen goes
        and the table is covered until that human takes over (R18)."""
        seat = self.awaiting_human
        if self.hot_seat and seat is not None and self.viewer != seat \
                and self._covered_for != seat:
            self.viewer = None
            self._covered_for = seat
            self._emit(HandOff(seat))

    # ---------------------------------------------------------- take-back

    @property
    def can_take_back(self) -> bool:
        """Only one human against bots, and that human has played a card."""
        return (len(self.humans) == 1 and bool(self.bots)
                and self._last_human_play() is not None)

    def take_back(self) -> None:
        """Undo the human's last card and everything after it: truncate the record
        and replay it, so the position is exactly the one before that card."""
        if len(self.humans) != 1 or not self.bots:
            raise IllegalMove(None, "take-back works only for one player against bots")
        spot = self._last_human_play()
        if spot is None:
            raise IllegalMove(None, "there is no card of yours to take back in this round")
        round_index, play_index = spot
        record = self.record()
        rounds = record["rounds"][: round_index + 1]
        rounds[-1]["plays"] = rounds[-1]["plays"][:play_index]
        record["rounds"] = rounds
        self.state = replay(record)
        self._generation += 1
        self._answered.set()  # wake the loop: it re-reads the pending decision
        self._skip.set()
        self._save()
        self._emit(TakenBack())

    def _last_human_play(self) -> tuple[int, int] | None:
        """(round index, play index) of the human's latest card in the round being
        played, or None: take-back never reaches back past a deal (R20)."""
        human = self.humans[0]
        state = self.state
        if state.phase is not Phase.PLAY:
            return None
        seats = state.play_seats(state.current_round())
        for k in range(len(seats) - 1, -1, -1):
            if seats[k] == human:
                return len(state.results), k
        return None

    # ----------------------------------------------------------- plumbing

    def _save(self) -> None:
        if self.save is None:
            return
        try:
            self.save.write(self.record())
        except OSError as e:
            self._emit(SaveFailed(f"The game could not be saved: {e.strerror or e}."))

    def _emit(self, event: RulesEvent | MatchEvent) -> None:
        if self.listener is not None:
            self.listener(event)

    def _emit_all(self, events: list[RulesEvent]) -> None:
        for event in events:
            self._emit(event)

