"""Running a match of any game: whose decision it is, asking them, applying it, saving,
reporting.

The controller is the one interface between the game and whoever plays it (NetHack's
window-port idea, STYLE.md): screens, local or remote, hold a :class:`Session` bound to
one seat or to the public table, and hear every event through it. The match steps the
game: a chance step (a deal) is done by the game from the match's seed; a human seat's
decision waits for its session to submit; a bot thinks in a worker thread with a
Random seeded by where the decision falls, so a resumed game gets the same answers; a
seat nobody plays makes its one legal move. Several seats may decide
at once (a simultaneous decision): people answer in any order, bots one after another.
A seat can change hands while the game runs (a bot stands in for a player who is away,
R21) and the record notes it. The match paces nothing but the bots' answers: where a
bot's thinking takes a noticeable time, every bot decision takes at least that long,
forced or not, so the delay never tells the others whether it had a choice. Each screen
shows the stream at its own pace.

Saving never blocks the event loop: every decision is written, in order, by one writer
task that runs the disk work in a thread.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ..bots import make_bot
from ..game.errors import IllegalMove
from ..game.events import Ended
from ..game.drive import next_to_decide, only_action
from ..game.protocols import AnyBot, AnyGame, AnyState, Decision, Record, SeatInfo
from .events import Event, SaveFailed, SeatChanged, Synced, TakenBack
from .saves import SaveError, SaveSlot
from .session import NotYourTurn, Session
from .setup import MatchSetup, setup_from_record

#: Builds the bot of a level for a game.
BotFactory = Callable[[AnyGame, str], AnyBot]
#: The least time a bot decision takes, by level: the hard bot searches for up to a
#: second or two, the expert a little longer, the others answer in milliseconds (a
#: screen's own pace hides those).
BOT_PAUSES = {"hard": 1.5, "expert": 2.0}


def bot_pause_for(seats: Sequence[SeatInfo]) -> float:
    """The pause every bot decision of this game takes at least: the longest any of its
    bots' levels needs (a stand-in plays as ``normal``)."""
    return max((BOT_PAUSES.get(s.level or "normal", 0.0) for s in seats if s.kind == "bot"),
               default=0.0)


class Match:
    """One game from setup to final standings, saved after every decision."""

    def __init__(
        self,
        setup: MatchSetup,
        *,
        record: Record | None = None,
        save: SaveSlot | None = None,
        bot_factory: BotFactory = make_bot,
        extras: Record | None = None,
        bot_pause: float | None = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        waits_for_people: bool = False,
    ) -> None:
        """``bot_pause``: the least time each bot decision takes (None: as its bots'
        levels need, :func:`bot_pause_for`); ``sleep`` waits it (a test's own clock).
        ``waits_for_people`` (a shared table): when a bot stands in for every person,
        the game waits for one to come back rather than letting bots play it out."""
        self.setup = setup.with_seed()
        #: What every chance step and bot decision is drawn from (with_seed drew one).
        self.seed: int = self.setup.seed or 0
        self.bot_pause = bot_pause_for(self.setup.seats) if bot_pause is None else bot_pause
        self._sleep = sleep
        self.game = setup.game
        #: Keys the record carries besides the game (a shared table's name and host).
        self.extras = dict(extras or {})
        self.state = self.game.records.replay(record) if record is not None else self.setup.new_state()
        self.save = save
        self.bot_factory = bot_factory
        seats = self.setup.seats
        self.humans = tuple(i for i, s in enumerate(seats) if s.kind == "human")
        #: The bot playing each seat now: the bot seats, and stand-ins for away players.
        self.bots: dict[int, AnyBot] = {
            i: bot_factory(self.game, s.level or "normal")
            for i, s in enumerate(seats) if s.kind == "bot"}
        self.seat_changes: list[dict[str, object]] = list(_changes_of(record))
        self.hints: dict[int, int] = hints_of(record, len(seats))
        self.seq = 0  # events so far; each session's updates carry it
        self.decision = self.state.decisions_made()  # decisions made so far
        #: For each seat that must decide: the decision number when its decision came up.
        self.asked: dict[int, int] = {}
        self._kinds: dict[int, str] = {}  # the kind of each seat's pending decision
        #: A person's answer so far to the decision asked (its number): a bot standing
        #: in for them while they are away makes it theirs, not its own.
        self._drafts: dict[int, tuple[int, object]] = {}
        self.sessions: list[Session] = []
        self._changed = asyncio.Event()
        self._generation = 0  # bumped by take-back and seat changes: answers before are stale
        self._stopped = False
        self.waits_for_people = waits_for_people
        self._ordered: set[int] = set()  # seats a bot plays by the host's order
        self._writer: _Writer | None = None
        #: The last answer of :meth:`can_take_back`: ((seq, decision, seat), answer).
        self._take_back_known: tuple[tuple[int, int, int], bool] | None = None
        self.finished = asyncio.Event()
        #: How the game ended, once it has (a session opened after shows it).
        self.ended: Ended | None = None
        self._note_asked()

    @classmethod
    def resume(cls, game: AnyGame, record: Record, **kw: Any) -> Match:
        """Continue a saved game exactly where its record stops; every seat is played
        as the setup says (stand-ins end with the process that ran them)."""
        return cls(setup_from_record(game, record), record=record, **kw)

    # ------------------------------------------------------------ sessions

    def session(self, seat: int | None) -> Session:
        """A new session for ``seat`` (None: a spectator, the public table only)."""
        if seat is not None and not 0 <= seat < len(self.setup.seats):
            raise ValueError(f"there is no seat {seat}")
        session = Session(self, seat)
        self.sessions.append(session)
        return session

    def detach(self, session: Session) -> None:
        if session in self.sessions:
            self.sessions.remove(session)

    # ------------------------------------------------------------ queries

    def human_plays(self, seat: int) -> bool:
        """A person, not a bot, answers for ``seat`` now."""
        return seat in self.humans and seat not in self.bots

    @property
    def nobody_here(self) -> bool:
        """At a shared table, bots stand in for every person because their time ran out
        or they left: the game waits (two players whose time ran out together saw bots
        finish the match in a moment). A host's order to let a bot play goes on."""
        return self.waits_for_people and bool(self.humans) and not self._ordered and all(
            seat in self.bots for seat in self.humans)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for."""
        return tuple(d.seat for d in self.state.pending() if d.seat is not None)

    def record(self) -> Record:
        extras = {**self.extras, **self.setup.extras()}
        if self.seat_changes:
            extras["seat_changes"] = self.seat_changes
        if self.hints:
            extras["hints"] = {str(seat): n for seat, n in sorted(self.hints.items())}
        return self.game.records.to_record(self.state, extras)

    # ----------------------------------------------------------- running

    async def run(self) -> None:
        """Deal, ask, apply and save until the game is over (or :meth:`stop`)."""
        self._writer = _Writer(self, asyncio.get_running_loop())
        self._save()
        try:
            while not self._stopped:
                seat = next_to_decide(self.state, self._deal, self._bot_first)
                if seat is None:
                    self.finished.set()
                    return
                if self.human_plays(seat) or self.nobody_here:  # wait for a person
                    self._changed.clear()
                    await self._changed.wait()
                    continue
                generation, asked = self._generation, self.asked.get(seat)
                action = await self._bot_answer(seat)
                if self._stopped or generation != self._generation or self.asked.get(seat) != asked:
                    continue  # taken back, a seat changed hands, or answered meanwhile
                self._apply(seat, action)
        finally:
            await self._writer.flush()

    def save_now(self) -> None:
        """From any thread, as the process ends: the last decision's record on disk."""
        if self._writer is not None:
            self._writer.write_waiting()

    def stop(self) -> None:
        """End :meth:`run` at the next step, the last decision saved: a record still
        waiting for the writer is written now, before the save can be closed."""
        self._stopped = True
        if self._writer is not None:
            self._writer.write_newest()
        self._interrupt()

    def _deal(self, state: AnyState) -> None:
        """A chance step: the game deals from the seed."""
        self._after(self.game.rules.resolve_chance(state, self.seed))

    def _bot_first(self, pending: Sequence[Decision]) -> Decision:
        """Of simultaneous decisions, one a bot answers, while the people think."""
        return next((d for d in pending if d.seat is None or not self.human_plays(d.seat)),
                    pending[0])

    def _interrupt(self) -> None:
        self._generation += 1
        self._changed.set()

    async def _bot_answer(self, seat: int) -> object:
        """The answer of the bot playing ``seat``; a seat nobody plays makes its one
        legal move."""
        legal = self.state.legal(seat)
        bot = self.bots.get(seat)
        if bot is None:
            return only_action(legal, seat)
        asked, draft = self._drafts.get(seat, (None, None))
        if asked is not None and asked == self.asked.get(seat):  # the away player's own
            thinking: Awaitable[object] = asyncio.sleep(0, draft)
        else:
            view = self.state.view(seat)
            rng = random.Random(f"{self.seed}:{self.game.rules.decision_seed(self.state, seat)}")
            thinking = asyncio.to_thread(bot.choose, view, legal, rng)
        if self.bot_pause > 0:  # the same least time, whether or not it had a choice
            action, _ = await asyncio.gather(thinking, self._sleep(self.bot_pause))
            return action
        return await thinking

    # -------------------------------------------------------- decisions

    def submit(self, seat: int, action: object, decision: int | None = None) -> None:
        """A human's decision, through their session (``decision``: the number of the
        update it answers, when known). Raises :class:`IllegalMove` (``player_text``
        says why) and changes nothing when it is not theirs to make or the rules
        forbid it."""
        asked = self.asked.get(seat)
        if asked is None:
            raise NotYourTurn(None, "it is not your turn")
        if not self.human_plays(seat):
            raise NotYourTurn(None, "a bot plays this seat while you are away")
        if decision is not None and decision < asked:
            raise NotYourTurn(None, "that decision has already been made")
        if decision is not None and decision > self.decision:
            raise NotYourTurn(None, "that decision has not come yet")
        self._apply(seat, action)

    def draft(self, seat: int, action: object) -> None:
        """A person's answer so far to their pending decision (a hand being arranged):
        not a decision, so nothing is numbered or told to anyone; it is saved, so the
        game comes back with it. Raises :class:`IllegalMove` and changes nothing when
        the game keeps no such answer now."""
        if seat not in self.asked:
            raise NotYourTurn(None, "it is not your turn")
        if not self.human_plays(seat):
            raise NotYourTurn(None, "a bot plays this seat while you are away")
        self.game.rules.draft(self.state, seat, action)
        self._drafts[seat] = (self.asked[seat], action)
        self._save()

    def _apply(self, seat: int, action: object) -> None:
        events = self.state.apply(action, seat)
        self.decision += 1
        self._after(events, answered=seat)

    def _after(self, events: Sequence[Event], answered: int | None = None) -> None:
        """A step was taken: note who must decide now, save, tell every session (a step
        that showed nothing, such as a hand arranged in secret, still with the view after
        it: a screen learns who must decide now)."""
        self._note_asked(answered)
        self._save()
        self._publish(events or [Synced()])
        self._changed.set()

    def _note_asked(self, answered: int | None = None) -> None:
        """Each seat that must decide keeps the number its decision came up at until it
        answers (``answered``): a seat deciding at once with others keeps its number
        while they answer theirs."""
        now = {d.seat: d.kind for d in self.state.pending() if d.seat is not None}
        self.asked = {seat: self.asked[seat]
                      if seat in self.asked and seat != answered and self._kinds.get(seat) == kind
                      else self.decision for seat, kind in now.items()}
        self._kinds = now

    # ----------------------------------------------------- seats changing hands

    def stand_in(self, seat: int, level: str = "normal", *, ordered: bool = False) -> None:
        """A bot of ``level`` plays ``seat`` until :meth:`give_back` (R21); ``ordered``:
        by a host's order, not because the player's time ran out or they left. Once
        the game is over nothing changes: its record keeps who played it."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a player's")
        if seat in self.bots or self.finished.is_set():
            return
        if ordered:
            self._ordered.add(seat)
        self.bots[seat] = self.bot_factory(self.game, level)
        self._note_change(seat, f"bot:{level}")
        self._interrupt()
        self._publish([SeatChanged(seat, human=False, level=level)])

    def give_back(self, seat: int) -> None:
        """The player is back: ``seat`` is theirs again (R21), unless the game is over."""
        if seat not in self.humans or seat not in self.bots or self.finished.is_set():
            return
        del self.bots[seat]
        self._ordered.discard(seat)
        self._note_change(seat, "human")
        self._interrupt()
        self._publish([SeatChanged(seat, human=True)])

    def _note_change(self, seat: int, player: str) -> None:
        """The record keeps who made which decisions: from decision number ``at``
        (counting every decision so far) ``player`` plays."""
        self.seat_changes.append({"seat": seat, "player": player,
                                  "at": self.state.decisions_made()})
        self._save()

    # ---------------------------------------------------------------- hints

    def hint(self, seat: int) -> tuple[object, str]:
        """What the game's ``normal`` bot would do for ``seat`` now and why, without
        doing it (one player against bots only). The record counts the hints each seat
        used."""
        if not self.take_back_allowed or seat not in self.humans:
            raise IllegalMove(None, "hints are for one player against bots")
        if seat not in self.asked:
            raise NotYourTurn(None, "a hint comes when it is your turn")
        action, why = self.game.players.hint(self.state.view(seat))
        self.hints[seat] = self.hints.get(seat, 0) + 1
        self._save()
        return action, why

    # ---------------------------------------------------------- take-back

    @property
    def take_back_allowed(self) -> bool:
        """Only one player against bots (R20)."""
        return len(self.humans) == 1 and len(self.bots) > 0

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` has a move to take back now. The answer replays the game, and
        a screen asks on every redraw and key: it is kept until a decision is made or
        something happens."""
        if not (self.take_back_allowed and seat in self.humans):
            return False
        now = (self.seq, self.decision, seat)
        kept = self._take_back_known
        if kept is not None and kept[0] == now:
            return kept[1]
        try:
            self.game.records.take_back(self.record(), seat)
            answer = True
        except IllegalMove:
            answer = False
        self._take_back_known = (now, answer)
        return answer

    def take_back(self, seat: int) -> None:
        """Undo ``seat``'s last move that may be undone and everything after it:
        truncate the record and replay it, so the position is exactly the one before
        that move."""
        if not self.take_back_allowed or seat not in self.humans:
            raise IllegalMove(None, "take-back works only for one player against bots")
        record = self.game.records.take_back(self.record(), seat)
        self._rewind(self.game.records.replay(record))

    def _rewind(self, state: AnyState, event: Event | None = None) -> None:
        """Go on from ``state``, an earlier position of this game: the decisions after
        it are void, every session hears so (``event``: another word for it, Synced
        for a later position of the same game)."""
        self.state = state
        self.decision = self.state.decisions_made()
        self.asked, self._drafts = {}, {}
        self._note_asked()
        self._interrupt()
        self._save()
        self._publish([TakenBack() if event is None else event])

    # ----------------------------------------------------------- plumbing

    def _save(self) -> None:
        """Queue the record as it stands for the writer (at once when the match is not
        running, e.g. a take-back before the game starts)."""
        if self.save is None:
            return
        record = self.record()
        if self._writer is not None:
            self._writer.put(record)
            return
        try:
            self.save.write(record)
        except OSError as e:
            self._publish([SaveFailed(f"The game could not be saved: {e.strerror or e}.")])

    def _publish(self, events: Sequence[Event]) -> None:
        for event in events:
            self.seq += 1
            if isinstance(event, Ended):
                self.ended = event
            for session in list(self.sessions):
                session.push(self.seq, event)


class _Writer:
    """Writes a match's records in order, off the event loop: only the newest record
    waiting matters, so a slow disk never holds the game up. Each record is numbered,
    and an older one is never written over a newer one (a write that was under way when
    the match stopped waits for the lock, then finds itself stale)."""

    def __init__(self, match: Match, loop: asyncio.AbstractEventLoop) -> None:
        self.match = match
        self.loop = loop
        self.waiting: tuple[int, Record] | None = None
        self.latest: tuple[int, Record] | None = None  # the newest put, written or not
        self.task: asyncio.Task[None] | None = None
        self.count = 0  # records put so far
        self.written = 0  # the number of the newest record on disk
        self.lock = threading.Lock()

    def put(self, record: Record) -> None:
        self.count += 1
        self.latest = self.waiting = (self.count, record)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while self.waiting is not None:
            (number, record), self.waiting = self.waiting, None
            await asyncio.to_thread(self._write, number, record)

    def write_newest(self) -> None:
        """Write the match's record now, in this thread, unless the newest is on disk
        already (the match stops, and its save may be closed next)."""
        self.waiting = None
        if self.count > self.written:
            self._write(self.count, self.match.record())

    def write_waiting(self) -> None:
        """From any thread (the process is ending): the newest record put on disk, if a
        write has not done it yet (one under way is waited for). Unlike
        :meth:`write_newest` it never builds a record, so it never reads a state the
        loop may be changing."""
        if self.latest is not None:
            self._write(*self.latest)

    def _write(self, number: int, record: Record) -> None:
        with self.lock:
            save = self.match.save  # there is one: a match without one puts no record
            if number <= self.written or save is None:
                return
            try:
                save.write(record)
            except (OSError, SaveError) as e:
                text = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
                self._failed(f"The game could not be saved: {text}.")
                return
            self.written = number

    def _failed(self, text: str) -> None:
        """Tell every session, on the loop's own thread: a write runs in a worker thread,
        and the sessions' queues (and the views they build) are not thread-safe."""
        events: list[Event] = [SaveFailed(text)]
        if _running_loop() is self.loop:
            self.match._publish(events)
        elif not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.match._publish, events)

    async def flush(self) -> None:
        """Wait until everything queued is written (when the match ends)."""
        while self.task is not None and not self.task.done():
            await asyncio.shield(self.task)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def hints_of(record: Record | None, seats: int) -> dict[int, int]:
    """The hints each seat used, as a record keeps them (``"hints": {"0": 2}``); odd
    entries are left out."""
    kept = (record or {}).get("hints")
    if not isinstance(kept, dict):
        return {}
    return {int(k): n for k, n in kept.items()
            if isinstance(k, str) and k.isascii() and k.isdecimal() and int(k) < seats
            and str(int(k)) == k and isinstance(n, int) and not isinstance(n, bool) and n > 0}


def _changes_of(record: Record | None) -> list[dict[str, object]]:
    changes = (record or {}).get("seat_changes")
    if not isinstance(changes, list):
        return []
    return [c for c in changes if isinstance(c, dict)]
