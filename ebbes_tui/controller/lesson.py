"""Learn: a short guided game on fixed cards, at the real table, by the real rules.

A lesson is data, one file per lesson in its game's package (``lessons/*.json``): a
record of the game (the deal and every move, so ``ebbes check`` replays it) with a
``lesson`` key holding the coach's texts keyed to the record's decisions, counted from 0
as :meth:`State.decisions_made` counts them::

    "lesson": {"title": "...", "next": "what to try next, without its keys", "start": 0,
               "steps": {"1": {"say": "what to do now and why", "move": "play blue1",
                               "other": "why the move asked beats another legal one"},
                         "3": {"trick": "who took the trick, by which rule", "winner": 2}}}

A step's ``move`` is the answer asked, as ``str(action)`` writes it; ``keys`` the key
that makes it where Enter does not (``f``: face down). A step at another seat's
decision may ``skip`` to a later one, the lesson going on there; its ``outcome`` says
what came of the learner's last move, on show until a key before the lesson skips. The
learner is the record's one ``human`` seat; every other seat plays the record's move.
``start`` (default 0) is the decision the lesson opens at: those before it are made as
the record has them. An answer that cannot be listed (a Blindes Huhn hand's order, H3)
is named: the learner's by its step's ``move``, another seat's in ``orders`` (decision:
answer); decisions made at once come in the record's turn. A legal move
other than the one asked is played, explained ("That works too, but: ...") and taken
back with ``u`` to the move asked; ``u`` also goes back to the learner's previous move
at any time (a lesson has no take-back limits). Nothing of a lesson is a saved game:
its progress is the step reached, kept beside the saves, so History, Statistics and
Continue never see it.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..game.errors import IllegalMove, RecordError
from ..game.protocols import AnyGame, AnyState, Decision, Record, listed
from ..game.registry import package_of
from .events import AnyUpdate, Synced
from .library import LocalGame
from .match import Match
from .private_files import private_dir, write_atomically
from .session import NotYourTurn
from .setup import setup_from_record

#: The key of a record that holds a lesson's texts.
LESSON_KEY = "lesson"
#: What a wrong move's explanation begins and ends with.
OTHER_BEGINS = "That works too, but: "
OTHER_ENDS = " Press u to take it back."
#: What a trick's explanation ends with while the table waits for a key (the table's own
#: word for it may be cut off at 80x24).
GOES_ON = " Any key goes on."
#: The status line while the others wait for a move taken back (nothing else goes on).
TAKE_IT_BACK = "The lesson waits here: press u to take your move back"
#: A hint in a lesson: the move asked, pointed at. The coach's line already says why
#: (said again as the hint, it pushed the hand off the screen at 80x24).
ASKED = "the coach asks for this move; its line says why."
PROGRESS_FILE = "progress.json"
#: A status line's count of rounds (deals, games): a lesson plays only its one.
COUNT = re.compile(r"^((?:Round|Deal|Game) \d+) of \d+")
#: The keys to what the lesson's ``next`` names: from its table, and from the menu.
NEXT_AT_TABLE = ": Esc, then n."
NEXT_AT_MENU = ": n sets one up."


class LessonError(ValueError):
    """A lesson file that does not hold together, in one sentence."""


@dataclass(frozen=True)
class Step:
    """What the coach says while one decision waits: ``trick`` explains the trick
    just finished (``winner``: the seat it claims took it), ``say`` what to do and why;
    for the learner's decision ``move`` is the answer asked and ``other`` why it is
    asked rather than another legal one."""

    say: str = ""
    trick: str = ""
    winner: int | None = None
    move: str | None = None
    other: str = ""
    keys: str = ""  # the key that makes the move asked, when not Enter ("f": face down)
    skip: int | None = None  # at another seat's decision: the lesson goes on at this one
    outcome: str = ""  # at a skip: what came of the learner's move, read before it


@dataclass(frozen=True)
class Lesson:
    """One lesson, replayed: the state at each decision and the move made there."""

    game: AnyGame
    id: str
    title: str
    next: str
    record: Record
    steps: dict[int, Step]
    seat: int  # the learner's
    start: int  # the decision the lesson opens at
    positions: tuple[AnyState, ...]  # at each decision, chance steps done; the end last
    moves: tuple[object, ...]  # the answer at each decision (None before ``start``)
    #: What happened on the way to each position (index as ``positions``: the deal
    #: first, then each decision with the chance steps after it).
    happened: tuple[tuple[object, ...], ...]

    @property
    def length(self) -> int:
        """The decisions of the lesson."""
        return len(self.moves)

    def deciding(self, step: int) -> int | None:
        """Who decides at ``step`` (None once the lesson is over)."""
        if step >= self.length:
            return None
        return next(d.seat for d in self.positions[step].pending() if d.seat is not None)

    def reached(self) -> list[int]:
        """The decisions the lesson comes to, from its start, past the stretches it
        skips (a skip says what happened meanwhile)."""
        steps, k = [], self.start
        while k < self.length:
            steps.append(k)
            skip = self.steps[k].skip if k in self.steps else None
            k = skip if skip is not None else k + 1
        return steps

    def learner_steps(self) -> list[int]:
        return [k for k in self.reached() if self.deciding(k) == self.seat]

    @property
    def closing(self) -> str:
        """The last line: what the end showed, and what to try next."""
        end = self.steps.get(self.length)
        then = self.next + NEXT_AT_TABLE
        return f"{end.say} {then}" if end is not None and end.say else then

    def _since(self, step: int) -> int:
        """Where the stretch of play ``step`` is in begins: the lesson's last skip to
        it, else the start (what was said before a skip is of another position)."""
        return max((s.skip for s in self.steps.values()
                    if s.skip is not None and s.skip <= step), default=0)

    def trick_step(self, step: int) -> int | None:
        """The step explaining the trick last finished at ``step`` (a trick held on the
        table while a decision or two is made, such as naming who leads next)."""
        since = self._since(step)
        done = [k for k in self.steps if since <= k <= step and self.steps[k].trick]
        return max(done) if done else None

    def trick_said(self, step: int) -> str:
        """The explanation of the trick last finished at ``step``."""
        k = self.trick_step(step)
        return self.steps[k].trick if k is not None else ""

    def said(self, step: int) -> str:
        """The coach's line at ``step`` once its trick is read: the latest said at or
        before it (what to do, else the last trick's explanation)."""
        for k in range(min(step, self.length), self._since(step) - 1, -1):
            said = self.steps[k].say or self.steps[k].trick if k in self.steps else ""
            if said:
                return said
        return ""


def read_lesson(game: AnyGame, lesson_id: str, text: str) -> Lesson:
    """The lesson in ``text``; LessonError (or RecordError) says why it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get(LESSON_KEY), dict):
        raise LessonError(f"lesson {lesson_id}: no {LESSON_KEY!r} object")
    if data.get("format") != game.records.format:
        raise LessonError(f"lesson {lesson_id}: not a record of {game.title}")
    coach: dict[str, Any] = data[LESSON_KEY]
    record = {k: v for k, v in data.items() if k != LESSON_KEY}
    humans = [i for i, p in enumerate(record.get("players", [])) if p.get("kind") == "human"]
    if len(humans) != 1:
        raise LessonError(f"lesson {lesson_id}: needs exactly one human seat, the learner")
    steps = {int(k): Step(**v) for k, v in coach.get("steps", {}).items()}
    start = coach.get("start", 0)
    if not isinstance(start, int) or start < 0:
        raise LessonError(f"lesson {lesson_id}: its start is not a decision")
    try:
        orders = {int(k): str(v) for k, v in coach.get("orders", {}).items()}
    except (ValueError, AttributeError):
        raise LessonError(f"lesson {lesson_id}: its orders are not answers by decision") from None
    named = {**orders, **{k: s.move for k, s in steps.items() if s.move is not None}}
    positions, moves, happened = _replayed(game, record, start, named)
    lesson = Lesson(game, lesson_id, str(coach.get("title", lesson_id)), str(coach.get("next", "")),
                    record, steps, humans[0], start, positions, moves, happened)
    for k, step in steps.items():
        if not start <= k <= lesson.length:
            raise LessonError(f"lesson {lesson_id}: step {k} is not one of its decisions")
        if step.skip is not None and (not k < step.skip <= lesson.length
                                      or lesson.deciding(k) in (None, lesson.seat)):
            raise LessonError(f"lesson {lesson_id}: step {k} skips, but not at another "
                              "seat's decision to a later one")
        if step.outcome and step.skip is None:
            raise LessonError(f"lesson {lesson_id}: step {k} has an outcome but no skip")
        if step.move is not None and (lesson.deciding(k) != lesson.seat
                                      or step.move != str(moves[k])):
            raise LessonError(f"lesson {lesson_id}: step {k} asks {step.move}, "
                              f"the record has {moves[k]}")
    missing = [k for k in lesson.learner_steps() if k not in steps or steps[k].move is None]
    if missing:
        raise LessonError(f"lesson {lesson_id}: the learner's steps {missing} ask no move")
    return lesson


def _replayed(game: AnyGame, record: Record, start: int, named: dict[int, str]
              ) -> tuple[tuple[AnyState, ...], tuple[object, ...], tuple[tuple[object, ...], ...]]:
    """The state at each decision (its chance steps done) and the state just after
    each, from the record replayed; each decision's answer is the legal one that leads
    from the one to the other. Answers that cannot be listed (Blindes Huhn's orders of
    a hand) are the ones ``named`` by decision, when they lead there."""
    at: dict[int, AnyState] = {}
    after: dict[int, AnyState] = {}
    happened: dict[int, list[object]] = {}

    def observe(state: AnyState, events: Sequence[object]) -> None:
        made = state.decisions_made()
        after.setdefault(made, state.clone())
        at[made] = state.clone()
        happened.setdefault(made, []).extend(events)

    end = game.records.replay(record, observe)
    at[end.decisions_made()] = end.clone()
    count = end.decisions_made()
    if start >= count:
        raise LessonError(f"its start, {start}, is past its last decision")
    moves: list[object] = [None] * start
    for k in range(start, count):
        state = at[k]
        seat = next(d.seat for d in state.pending() if d.seat is not None)
        wanted = game.records.to_record(after[k + 1])
        choices = listed(state.legal(seat))
        if choices is None:
            choices = [game.rules.parse_action(named[k])] if k in named else []
        found = [a for a in choices if _leads_to(game, state, seat, a, wanted)]
        if len(found) != 1:
            raise LessonError(f"decision {k}: no single move of seat {seat} leads on")
        moves.append(found[0])
    return (tuple(at[k] for k in range(count + 1)), tuple(moves),
            tuple(tuple(happened.get(k, ())) for k in range(count + 1)))


def _leads_to(game: AnyGame, state: AnyState, seat: int, action: object, wanted: Record) -> bool:
    probe = state.clone()
    probe.apply(action, seat)
    return game.records.to_record(probe) == wanted


def lesson_ids(game: AnyGame) -> list[str]:
    """The lessons ``game`` ships, in name order."""
    folder = resources.files(package_of(game.id)).joinpath("lessons")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_lesson(game: AnyGame, lesson_id: str) -> Lesson:
    """A lesson ``game`` ships (see :func:`lesson_ids`)."""
    folder = resources.files(package_of(game.id)).joinpath("lessons")
    text = folder.joinpath(f"{lesson_id}.json").read_text(encoding="utf-8")
    try:
        return read_lesson(game, lesson_id, text)
    except (RecordError, KeyError, TypeError) as e:
        raise LessonError(f"lesson {lesson_id}: {e}") from None


class LessonOver(Exception):
    """The lesson's last decision is made: the match stops before the game goes on."""


class LessonMatch(Match):
    """A match on a lesson's record: the other seats play the record's moves, the
    learner's other legal moves are played and explained, ``u`` goes back without the
    real game's limits, a hint points at the move asked. Nothing is saved as a game."""

    def __init__(self, lesson: Lesson, step: int = 0) -> None:
        self.lesson = lesson
        #: The step at which the learner played a legal move other than the one asked.
        self.off_script: int | None = None
        self._back = asyncio.Event()
        record = lesson.game.records.to_record(lesson.positions[step])
        super().__init__(setup_from_record(lesson.game, record), record=record, bot_pause=0.0)

    @property
    def over(self) -> bool:
        return self.off_script is None and self.decision >= self.lesson.length

    @property
    def step(self) -> int:
        """The lesson's step to come back to: the move asked, when off the script."""
        return self.decision if self.off_script is None else self.off_script

    async def run(self) -> None:
        try:
            await super().run()
        except LessonOver:
            self.finished.set()

    def _deal(self, state: AnyState) -> None:
        if self.decision >= self.lesson.length:
            raise LessonOver
        super()._deal(state)

    def _bot_first(self, pending: Sequence[Decision]) -> Decision:
        """Of simultaneous decisions (hands arranged), the one the lesson comes to next:
        in a real game the bots answer first, here each in the record's turn."""
        seat = self.lesson.deciding(self.decision)
        return next((d for d in pending if d.seat == seat), None) or super()._bot_first(pending)

    async def _bot_answer(self, seat: int) -> object:
        """The record's move; off the script, nothing until the learner takes theirs
        back (the answer is then stale: the match asks again)."""
        if self.decision >= self.lesson.length and self.off_script is None:
            raise LessonOver
        while self.off_script is not None:
            self._back.clear()
            await self._back.wait()
        step = self.lesson.steps.get(self.decision)
        if step is not None and step.skip is not None:  # on where the lesson goes on
            self._rewind(self.lesson.positions[step.skip].clone(), Synced())
            return None  # stale: the match asks again there
        return self.lesson.moves[self.decision]

    def submit(self, seat: int, action: object, decision: int | None = None) -> None:
        if self.decision >= self.lesson.length:
            raise NotYourTurn(None, "the lesson is over")
        asked = self.lesson.moves[self.decision]
        step = self.decision
        super().submit(seat, action, decision)
        if str(action) != str(asked):
            self.off_script = step

    def hint(self, seat: int) -> tuple[object, str]:
        """The move asked, pointed at (:data:`ASKED`)."""
        if self.off_script is not None:
            raise IllegalMove(None, "press u to take that move back first")
        if self.lesson.deciding(self.decision) != seat:
            raise NotYourTurn(None, "a hint comes when it is your turn")
        return self.lesson.moves[self.decision], ASKED

    def _earlier(self) -> int | None:
        """The step to go back to: the move asked after another one, else the
        learner's move before this one."""
        if self.off_script is not None:
            return self.off_script
        earlier = [k for k in self.lesson.learner_steps() if k < self.decision]
        return earlier[-1] if earlier else None

    def can_take_back(self, seat: int) -> bool:
        return seat == self.lesson.seat and self._earlier() is not None

    def take_back(self, seat: int) -> None:
        target = self._earlier()
        if seat != self.lesson.seat or target is None:
            raise IllegalMove(None, "this is the lesson's first move: nothing to take back")
        self.off_script = None
        self._back.set()
        self._rewind(self.lesson.positions[target].clone())


class Coach:
    """The coach's line for what a table shows now."""

    def __init__(self, match: LessonMatch) -> None:
        self.match = match
        self._explained: set[int] = set()  # steps whose trick the player has read

    def explains(self, update: AnyUpdate) -> bool:
        """Whether ``update`` shows a trick the coach explains and the player has not
        read yet: the table waits for a key before it says what to do next."""
        step = self.match.lesson.steps.get(update.decision)
        if step is None or not step.trick or update.decision in self._explained:
            return False
        self._explained.add(update.decision)
        return True

    def asked(self, update: AnyUpdate) -> object | None:
        """The move the coach asks for at ``update``, when it is the learner's to make
        (the table puts the cursor on it: Enter makes the move the coach names)."""
        lesson, k = self.match.lesson, update.decision
        if self.match.off_script is not None or lesson.deciding(k) != lesson.seat:
            return None
        return lesson.moves[k]

    def hold(self, shown: AnyUpdate, coming: AnyUpdate, hold: float) -> float:
        """How long ``shown`` stays before ``coming`` (``hold``: as the table's pace
        says): before the lesson skips ahead, until a key, so what came of the
        learner's move is seen, not jumped over."""
        step = self.match.lesson.steps.get(shown.decision)
        if step is not None and step.outcome and coming.decision == step.skip \
                and isinstance(coming.event, Synced):
            return math.inf
        if math.isinf(hold) and self.match.lesson.trick_step(shown.decision) in self._explained:
            return 0.0  # a trick whose explanation was read: no second "any key goes on"
        return hold

    def outcome(self, update: AnyUpdate) -> str:
        """What came of the learner's move, said at ``update`` before a skip."""
        step = self.match.lesson.steps.get(update.decision)
        return step.outcome if step is not None else ""

    def read(self, update: AnyUpdate) -> None:
        """A key went on from the trick on show, its explanation read."""
        k = self.match.lesson.trick_step(update.decision)
        if k is not None:
            self._explained.add(k)

    def status(self, update: AnyUpdate, status: str) -> str:
        """The game's status line as the lesson has it: without the game's count of
        rounds ("Round 1 of 5" in a one-round lesson); instead, while the others wait
        for the learner to take back a move other than the one asked, what to do
        ("Alex plays" looked frozen)."""
        off = self.match.off_script
        if off is not None and update.decision > off:
            return TAKE_IT_BACK
        return COUNT.sub(r"\1", status)

    def line(self, update: AnyUpdate, holding: bool) -> str:
        """The line for ``update``; ``holding``: its finished trick stays until a key."""
        lesson, off = self.match.lesson, self.match.off_script
        if off is not None and update.decision > off:
            return OTHER_BEGINS + lesson.steps[off].other + OTHER_ENDS
        if holding and (outcome := self.outcome(update)):
            return outcome + GOES_ON
        if holding and (trick := lesson.trick_said(update.decision)):
            return trick + GOES_ON
        if update.decision >= lesson.length:
            return lesson.closing
        return lesson.said(update.decision)


class LessonProgress:
    """How far the player got in each lesson of a game (not a saved game)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @classmethod
    def beside(cls, saves: Path) -> LessonProgress:
        """A game's lesson progress, kept beside its saves (``saves``: their folder)."""
        return cls(saves.parent / "lessons")

    @property
    def path(self) -> Path:
        return self.root / PROGRESS_FILE

    def left_midway(self) -> bool:
        """Whether a lesson was left before its end (``l`` goes on there)."""
        return bool(self.read())

    def read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(v, int) and not isinstance(v, bool)}

    def step(self, lesson: Lesson) -> int:
        """Where ``lesson`` goes on (0: from the start; a finished one starts again)."""
        step = self.read().get(lesson.id, lesson.start)
        return step if step in lesson.reached() else lesson.start

    def keep(self, lesson: Lesson, step: int) -> None:
        data = self.read()
        if lesson.start < step < lesson.length:
            data[lesson.id] = step
        else:
            data.pop(lesson.id, None)
        try:
            write_atomically(private_dir(self.root) / PROGRESS_FILE,
                             json.dumps(data, sort_keys=True).encode("utf-8"))
        except OSError:
            pass  # a lesson not kept starts again: nothing is lost that matters


class LessonGame(LocalGame):
    """A lesson at this screen: its progress kept when left, never a saved game."""

    lesson = True

    def __init__(self, match: LessonMatch, progress: LessonProgress) -> None:
        super().__init__(match, None)
        self.lesson_match = match
        self.progress = progress

    @classmethod
    def open(cls, lesson: Lesson, progress: LessonProgress) -> LessonGame:
        """The lesson where the player left it, else from its start."""
        return cls(LessonMatch(lesson, progress.step(lesson)), progress)

    def close(self, *, finished: bool = False) -> None:
        match = self.lesson_match
        self.progress.keep(match.lesson, match.lesson.length if match.over else match.step)
        super().close()

    def leave_note(self) -> str:
        """What the menu says once the lesson is left."""
        match = self.lesson_match
        if match.over:  # on the menu: no Esc before n
            return match.lesson.next + NEXT_AT_MENU
        return f"{match.lesson.title}: l goes on where you left it."
