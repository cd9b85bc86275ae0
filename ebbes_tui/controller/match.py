"""Running a match: whose decision it is, asking them, applying it, saving, reporting.

The controller is the one interface between the game and whoever plays it (NetHack's
window-port idea, STYLE.md): screens, local or remote, hold a :class:`Session` bound to
one seat or to the public table, and hear every event through it. The match steps the
game through the rules' one loop (:func:`decisions`): a human seat's decision waits
for its session to submit; a bot thinks in a worker thread with a Random seeded by
where the decision falls, so a resumed game gets the same answers; the dummy plays its
forced card. A seat can change hands while the game runs (a bot stands in for a player
who is away, R21) and the record notes it. The match paces nothing but the bots' answers:
where a bot's thinking takes a noticeable time, every bot decision takes at least that
long, forced or not, so the delay never tells the others whether it had a choice. Each
screen shows the stream at its own pace.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from ..bots import Bot, NormalBot, make_bot
from ..rules.actions import Action
from ..rules.deal import deal_next_round
from ..rules.errors import IllegalMove
from ..rules.loop import decisions
from ..rules.record import Record, hints_of, replay, to_record
from ..rules.state import GameState, Phase
from ..rules.variants import GameConfig
from .events import Event, SaveFailed, SeatChanged, TakenBack
from .saves import SaveSlot
from .session import NotYourTurn, Session
from .setup import MatchSetup, setup_from_record

BotFactory = Callable[[str], Bot]
#: The least time a bot decision takes, by level: the hard bot searches for up to a
#: second or two, the others answer in milliseconds (a screen's own pace hides those).
BOT_PAUSES = {"hard": 1.5}


def bot_pause_for(config: GameConfig) -> float:
    """The pause every bot decision of this game takes at least: the longest any of its
    bots' levels needs (a stand-in plays as ``normal``)."""
    return max((BOT_PAUSES.get(s.level or "normal", 0.0) for s in config.seats
                if s.kind == "bot"), default=0.0)


class Match:
    """One game from setup to final standings, saved after every decision."""

    def __init__(
        self,
        setup: MatchSetup,
        *,
        record: Record | None = None,
        save: SaveSlot | None = None,
        bot_factory: BotFactory = make_bot,
        bot_pause: float | None = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        """``bot_pause``: the least time each bot decision takes (None: as its bots'
        levels need, :func:`bot_pause_for`); ``sleep`` waits it (a test's own clock)."""
        self.setup = setup.with_seed()
        self.config = self.setup.config()
        self.bot_pause = bot_pause_for(self.config) if bot_pause is None else bot_pause
        self._sleep = sleep
        self.state = replay(record) if record is not None else GameState(self.config)
        self.save = save
        self.bot_factory = bot_factory
        seats = self.config.seats
        self.humans = tuple(i for i, s in enumerate(seats) if s.kind == "human")
        #: The bot playing each seat now: the bot seats, and stand-ins for away players.
        self.bots: dict[int, Bot] = {
            i: bot_factory(s.level or "normal") for i, s in enumerate(seats) if s.kind == "bot"}
        self.seat_changes: list[dict[str, object]] = list(_changes_of(record))
        self.hints: dict[int, int] = hints_of(record, self.config.seat_count)
        self.seq = 0  # events so far; each session's updates carry it
        self.decision = decisions_made(self.state)  # the number of the pending decision
        self.sessions: list[Session] = []
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._generation = 0  # bumped by take-back and seat changes: answers before are stale
        self._stopped = False
        self.finished = asyncio.Event()

    @classmethod
    def resume(cls, record: Record, **kw: object) -> Match:
        """Continue a saved game exactly where its record stops; every seat is played
        as the setup says (stand-ins end with the process that ran them)."""
        config = replay(record).config
        return cls(setup_from_record(record, config), record=record, **kw)  # type: ignore[arg-type]

    # ------------------------------------------------------------ sessions

    def session(self, seat: int | None) -> Session:
        """A new session for ``seat`` (None: a spectator, the public table only)."""
        if seat is not None and not 0 <= seat < self.config.seat_count:
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
    def awaiting(self) -> int | None:
        """The seat whose decision the game waits for, if any."""
        return self.state.current_player

    def record(self) -> Record:
        extras = self.setup.extras()
        if self.seat_changes:
            extras["seat_changes"] = self.seat_changes
        if self.hints:
            extras["hints"] = {str(seat): n for seat, n in sorted(self.hints.items())}
        return to_record(self.state, extras)

    # ----------------------------------------------------------- running

    async def run(self) -> None:
        """Deal, ask, apply and save until the game is over (or :meth:`stop`)."""
        self._save()
        while not self._stopped:
            state, generation = self.state, self._generation
            for decision in decisions(state, self._deal, observe=self._publish):
                seat = decision.seat
                assert seat is not None
                action = await self._answer(seat, generation)
                if self._stopped or generation != self._generation:
                    break  # taken back or a seat changed hands: ask again
                if action is not None:  # a human's answer is applied by submit()
                    self._apply(seat, action)
            else:
                if state is self.state:
                    self.finished.set()
                    return

    def stop(self) -> None:
        """End :meth:`run` at the next step; the last decision is already saved."""
        self._stopped = True
        self._interrupt()

    def _interrupt(self) -> None:
        self._generation += 1
        for future in self._waiting.values():
            if not future.done():
                future.set_result(None)
        self._waiting.clear()

    async def _answer(self, seat: int, generation: int) -> Action | None:
        """A bot's or the dummy's action; for a human, None once submit() applied it."""
        if seat == self.state.dummy:
            return self.state.legal_actions()[0]  # R16: its one card
        bot = self.bots.get(seat)
        if bot is None:
            future = asyncio.get_running_loop().create_future()
            self._waiting[seat] = future
            await future
            return None
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        rng = random.Random(self._decision_key(seat))
        thinking = asyncio.to_thread(bot.choose, view, legal, rng)
        if self.bot_pause > 0:  # the same least time, whether or not it had a choice
            action, _ = await asyncio.gather(thinking, self._sleep(self.bot_pause))
        else:
            action = await thinking
        return action if generation == self._generation else None

    def _decision_key(self, seat: int) -> str:
        """Seeds each bot decision by where it falls in the game, so a resumed or
        replayed game gets the same answers."""
        s = self.state
        played = len(s.tricks) * s.n + len(s.trick)
        return f"{self.setup.seed}:{s.round_no}:{s.phase.value}:{len(s.pairs)}:{played}:{seat}"

    def _deal(self, state: GameState) -> list[Event]:
        rng = random.Random(f"{self.setup.seed}:deal:{state.round_no}")
        first = not state.results
        events = deal_next_round(
            state, rng,
            starter=self.setup.first_starter if first else None,
            dealer=self.setup.first_dealer if first else None,
        )
        self._save()
        return events  # type: ignore[return-value]

    # -------------------------------------------------------- decisions

    def submit(self, seat: int, action: Action) -> None:
        """A human's decision, through their session. Raises :class:`IllegalMove`
        (``player_text`` says why) and changes nothing when it is not theirs to make
        or the rules forbid it."""
        if self.awaiting != seat:
            raise NotYourTurn(None, "it is not your turn")
        if not self.human_plays(seat):
            raise NotYourTurn(None, "a bot plays this seat while you are away")
        future = self._waiting.get(seat)
        if future is None or future.done():
            raise NotYourTurn(None, "the game is not waiting for you yet")
        self._apply(seat, action)
        del self._waiting[seat]
        future.set_result(None)

    def _apply(self, seat: int, action: Action) -> None:
        events = self.state.apply(action, seat)
        self.decision += 1
        self._save()
        self._publish(events)

    # ----------------------------------------------------- seats changing hands

    def stand_in(self, seat: int, level: str = "normal") -> None:
        """A bot of ``level`` plays ``seat`` until :meth:`give_back` (R21)."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a player's")
        if seat in self.bots:
            return
        self.bots[seat] = self.bot_factory(level)
        self._note_change(seat, f"bot:{level}")
        self._interrupt()
        self._publish([SeatChanged(seat, human=False, level=level)])

    def give_back(self, seat: int) -> None:
        """The player is back: ``seat`` is theirs again (R21)."""
        if seat not in self.humans or seat not in self.bots:
            return
        del self.bots[seat]
        self._note_change(seat, "human")
        self._interrupt()
        self._publish([SeatChanged(seat, human=True)])

    def _note_change(self, seat: int, player: str) -> None:
        """The record keeps who made which decisions: from decision number ``at``
        (counting every starter choice, pair and card so far) ``player`` plays."""
        self.seat_changes.append({"seat": seat, "player": player,
                                  "at": decisions_made(self.state)})
        self._save()

    # ---------------------------------------------------------------- hints

    def hint(self, seat: int) -> tuple[Action, str]:
        """What the ``normal`` bot would do for ``seat`` now and why, without doing it
        (one player against bots only). The record counts the hints each seat used."""
        if not self.take_back_allowed or seat not in self.humans:
            raise IllegalMove(None, "hints are for one player against bots")
        if self.awaiting != seat:
            raise NotYourTurn(None, "a hint comes when it is your turn")
        action, why = NormalBot().explain(self.state.view(seat))
        self.hints[seat] = self.hints.get(seat, 0) + 1
        self._save()
        return action, why

    # ---------------------------------------------------------- take-back

    @property
    def take_back_allowed(self) -> bool:
        """Only one player against bots (R20)."""
        return len(self.humans) == 1 and len(self.bots) > 0

    def can_take_back(self, seat: int) -> bool:
        return self.take_back_allowed and seat in self.humans and \
            self._last_play_of(seat) is not None

    def take_back(self, seat: int) -> None:
        """Undo ``seat``'s last card of this round and everything after it: truncate the
        record and replay it, so the position is exactly the one before that card."""
        if not self.take_back_allowed or seat not in self.humans:
            raise IllegalMove(None, "take-back works only for one player against bots")
        index = self._last_play_of(seat)
        if index is None:
            raise IllegalMove(None, "there is no card of yours to take back in this round")
        record = self.record()
        record["rounds"][-1]["plays"] = record["rounds"][-1]["plays"][:index]
        self.state = replay(record)
        self.decision = decisions_made(self.state)
        self._interrupt()
        self._save()
        self._publish([TakenBack()])

    def _last_play_of(self, seat: int) -> int | None:
        """Index in this round's plays of ``seat``'s latest card, or None: take-back
        never reaches back past a deal (R20)."""
        state = self.state
        if state.phase is not Phase.PLAY:
            return None
        seats = state.current_round().play_seats
        return next((k for k in range(len(seats) - 1, -1, -1) if seats[k] == seat), None)

    # ----------------------------------------------------------- plumbing

    def _save(self) -> None:
        if self.save is None:
            return
        try:
            self.save.write(self.record())
        except OSError as e:
            self._publish([SaveFailed(f"The game could not be saved: {e.strerror or e}.")])

    def _publish(self, events: list[Event]) -> None:
        for event in events:
            self.seq += 1
            for session in list(self.sessions):
                session.push(self.seq, event)


def decisions_made(state: GameState) -> int:
    """How many decisions the game has had: every starter named, pair taken and card
    played, in record order."""
    rounds = list(state.results)
    if state.phase in (Phase.PLAY, Phase.CHOOSE_PAIR):
        rounds.append(state.current_round())
    named = sum(1 for i in range(1, len(rounds))
                if rounds[i - 1].score.nix_holder != state.dummy)  # type: ignore[union-attr]
    return named + sum(len(r.pairs) + len(r.plays) for r in rounds)


def _changes_of(record: Record | None) -> list[dict[str, object]]:
    changes = (record or {}).get("seat_changes")
    if not isinstance(changes, list):
        return []
    return [c for c in changes if isinstance(c, dict)]
