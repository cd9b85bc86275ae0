"""The protocols of the seam: a :class:`Game`, its :class:`State` and a seat's
:class:`View`, the :class:`Decision` a state waits for, and the :class:`Outcome` it ends
with (OpenSpiel's Game/State split; boardgame.io's ``playerView`` as the only channel
to a seat, STYLE.md).

What the three rulebooks force on the seam, and where it is met:

- chance at any point (a deal; Hund's draws): a pending :class:`Decision` with seat
  None, resolved by :meth:`Rules.resolve_chance` from the match's seed;
- simultaneous hidden decisions (Blindes Huhn's arranging): :meth:`State.pending`
  holds several decisions at once, answered in any order, each seat seeing only its own;
- a move of several cards, a card taken in, a sub-trick of some seats, face-down cards:
  actions, views and events are each game's own types, the seam never looks inside;
  it is generic over a game's state, view and action types (:class:`Game`), so every
  facet of one game is checked to take and give that game's own;
- decisions whose answers cannot be listed (the n! orders of a hand):
  :meth:`State.legal` returns an :class:`Unlisted` that can check and sample answers;
- results that are totals (some crossed out) or places with a loser: :class:`Outcome`;
- up to 6 seats and hands of about 40 cards: nothing here limits either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

#: A game record: the JSON object of the game's record format.
Record = dict[str, Any]

# A game's own types, which the seam never looks inside. An action is a small immutable
# value; ``str(action)`` is its text on the wire and in logs, and
# :meth:`Rules.parse_action` reads it back. A game's events are its own values too (a
# dataclass each), possibly with a marker of :mod:`.events`: the seam hands them on as
# ``object``.
ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)
ViewT = TypeVar("ViewT", bound="View[Any]")
ViewT_co = TypeVar("ViewT_co", bound="View[Any]", covariant=True)
ViewT_contra = TypeVar("ViewT_contra", bound="View[Any]", contravariant=True)
StateT = TypeVar("StateT", bound="State[Any, Any]")
StateT_contra = TypeVar("StateT_contra", bound="State[Any, Any]", contravariant=True)
_Copy = TypeVar("_Copy")  # a state's own type (typing.Self is Python 3.11's)


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat. ``kind`` is ``human``, ``bot``, or a game's own kind that
    nobody plays (ebbes has one with two players); ``level`` names a bot's level."""

    name: str
    kind: str = "human"
    level: str | None = None


def players_entry(seats: Sequence[SeatInfo]) -> list[Record]:
    """A record's ``players``: each seat's name and kind, and a bot's level."""
    return [{"name": s.name, "kind": s.kind, **({"level": s.level} if s.level else {})}
            for s in seats]


class Decision(NamedTuple):
    """A pending decision: its kind (the game's word: ``play``, ``arrange``, ``deal``
    ...) and the seat that makes it (None: chance, see :meth:`Rules.resolve_chance`)."""

    kind: str
    seat: int | None


class Unlisted(Generic[ActionT_co]):
    """The answers to a decision that are too many to list (the orders of a hand): a
    game subclasses it. A search bot must not enumerate them; it asks the game's
    heuristics instead. (A base class, not a Protocol: telling one apart from a list
    is on every bot's path, and a plain isinstance is cheap.)"""

    __slots__ = ()

    def sample(self, rng: random.Random) -> ActionT_co:
        """One legal answer, uniformly at random."""
        raise NotImplementedError

    def __contains__(self, action: object) -> bool:
        raise NotImplementedError

    def __bool__(self) -> bool:
        """There are answers, only too many to list: asking whether a seat has any
        (``if view.actions``) never counts them out."""
        return True


#: What a seat may answer: every legal action listed, or an :class:`Unlisted`.
Choices = Sequence[ActionT] | Unlisted[ActionT]


def listed(choices: Choices[ActionT]) -> Sequence[ActionT] | None:
    """The legal actions when they are listed, None for an :class:`Unlisted`."""
    return None if isinstance(choices, Unlisted) else choices


def any_answer(choices: Choices[ActionT], rng: random.Random) -> ActionT:
    """A legal answer, uniformly at random: one of those listed, or a sample of an
    :class:`Unlisted`."""
    if isinstance(choices, Unlisted):
        return choices.sample(rng)
    return rng.choice(choices)


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out.

    ``scores`` rank the seats for comparisons (tournaments, statistics): the totals
    where a game has points, else the game's own ranking figure (Hund: minus the times
    a seat was the hund). ``winners`` share the win. ``places`` give each seat's place
    (1 best) where a game has places, ``loser`` the one who lost (Hund's hund), and
    ``crossed`` per seat the deals (from 1) whose results no longer count."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...] | None = None
    loser: int | None = None
    crossed: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class GameOption:
    """One option of a game's setup, as the new-game form and ``--option`` show it.

    ``kind`` is ``bool``, ``int`` (``low`` to ``high``) or ``seat`` (a player, counted
    from 0 among the players, or None for "random": who starts, who deals).
    ``explain`` is one line for players; ``applies`` says for which player counts the
    option is offered; ``needs`` names a ``bool`` option that must be on for this one
    to matter."""

    key: str
    label: str
    kind: str
    default: Any
    explain: str
    low: int | None = None
    high: int | None = None
    applies: Callable[[int], bool] = lambda players: True
    needs: str | None = None


class View(Protocol[ActionT_co]):
    """One seat's knowledge of the game at one moment (None: the public table),
    built by listing what the game's rulings let that seat see, never by deleting
    secrets from the full state. Every game's view has at least these."""

    @property
    def seat(self) -> int | None:
        """Whose view it is; None: the public table."""
        ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Who sits where: public."""
        ...

    @property
    def deciding(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for (several at once in a
        simultaneous decision); empty at chance and at the end."""
        ...

    @property
    def actions(self) -> Choices[ActionT_co]:
        """This seat's legal answers when it must decide, else ()."""
        ...

    @property
    def over(self) -> bool:
        """The game is over."""
        ...

    def position(self) -> tuple[int, int]:
        """Where the game stands: (the deal, round or game of the match, from 1; moves
        made in it), for the table protocol and the presence line."""
        ...


class State(Protocol[ActionT, ViewT_co]):
    """The whole state of one game, for the match that owns it and for search."""

    def pending(self) -> tuple[Decision, ...]:
        """Every decision the game waits for now (one, several at once, or a chance
        step); empty once the game is over."""
        ...

    def legal(self, seat: int) -> Choices[ActionT]:
        """``seat``'s legal answers to its pending decision (empty when it has none)."""
        ...

    def apply(self, action: ActionT, seat: int) -> Sequence[object]:
        """Answer ``seat``'s pending decision and return what happened; an illegal
        action raises :class:`~.errors.IllegalMove` with the reason and changes
        nothing."""
        ...

    def clone(self: _Copy) -> _Copy:
        """An independent copy, cheap: search plays on copies."""
        ...

    def view(self, seat: int | None) -> ViewT_co:
        """What ``seat`` may see; None: the public table (a spectator), no hand."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def decisions_made(self) -> int:
        """How many decisions (not chance steps) the game has had, in record order:
        numbers each pending decision, so an answer is never given twice."""
        ...


class Bot(Protocol[ViewT_contra, ActionT]):
    """A player that sees only its seat's view."""

    @property
    def level(self) -> str: ...

    def choose(self, view: ViewT_contra, legal: Choices[ActionT], rng: random.Random) -> ActionT:
        """One of ``legal``, the answers the pending decision allows."""
        ...


# ------------------------------------------------------------------ the facets
# A game is a handful of small objects, each with one job, reached by name (``game.rules``,
# ``game.records`` ...): a caller takes the facet it needs and sees nothing else.
# :mod:`.defaults` carries what games share, so a game writes only what its rulebook
# changes.


class Rules(Protocol[StateT, ViewT_contra, ActionT]):
    """The rules and their flow (OpenSpiel's Game): a new game, its chance steps, the
    actions and their checks, and the invariants the random simulations check."""

    @property
    def options(self) -> tuple[GameOption, ...]:
        """The options of a game's setup, as the new-game form shows them."""
        ...

    def new_state(self, seats: Sequence[SeatInfo], options: dict[str, Any]) -> StateT:
        """A game before its first deal; SetupError says why a setup is not allowed."""
        ...

    def seats_for(self, players: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
        """Every seat of a game of these players, clockwise: the players, plus any
        seat nobody plays (ebbes' two players get a third)."""
        ...

    def resolve_chance(self, state: StateT, seed: int | str) -> Sequence[object]:
        """Do the pending chance step (a deal) with a Random the game seeds from
        ``seed`` and where the step falls, so a game replays from its seed."""
        ...

    def duplicate_dealer(self, seed: int | str) -> Callable[[StateT], Sequence[object]]:
        """Every chance step of one tournament game from ``seed``: the same deals
        whoever plays which seat (duplicate deals)."""
        ...

    def draft(self, state: StateT, seat: int, action: ActionT) -> None:
        """Keep ``action`` as ``seat``'s answer so far to its pending decision, not yet
        decided (Blindes Huhn's hand being arranged, H3): it changes no decision and no
        other seat's view, and the record keeps it, so a save comes back with it.
        IllegalMove says why it cannot be kept; a game that keeps no such answer
        refuses every draft."""
        ...

    def decision_seed(self, state: StateT, seat: int) -> str:
        """Where a decision falls, for seeding the Random of the bot that makes it (a
        resumed game gets the same answers)."""
        ...

    def parse_action(self, text: str) -> ActionT:
        """The action ``str(action)`` wrote; ValueError says what is wrong."""
        ...

    def check(self, view: ViewT_contra, action: ActionT) -> None:
        """Raise the IllegalMove the game would raise for ``view``'s seat answering
        ``action`` now, from what that seat sees alone: a remote screen explains a
        refusal at once ("You must follow blue.")."""
        ...

    def invariants(self, state: StateT) -> list[str]:
        """What is wrong with ``state``, one sentence each (empty when all is well):
        cards conserved, none held twice, no hidden card in any seat's view, scores
        equal to the sum of their parts. Checked after every action by the random
        simulations (:mod:`.simulate`)."""
        ...


class Records(Protocol[StateT]):
    """The record (the single source of truth) and ``ebbes check``."""

    @property
    def format(self) -> str:
        """The records' ``format`` ("ebbes-record/1")."""
        ...

    @property
    def check_tag(self) -> dict[str, str]:
        """Keys every line of ``ebbes check --json`` about this game's records
        carries, an invalid record's too (``{"game": "huhn"}``; ebbes, the first game,
        has none)."""
        ...

    def replay(self, record: Record,
               observe: Callable[[StateT, Sequence[object]], None] | None = None) -> StateT:
        """Replay a record with every rule checked; RecordError names the first fault.
        ``observe`` sees the state after every step (a deal, a decision) and what it
        caused; the state is the replay's own: copy it to keep it."""
        ...

    def to_record(self, state: StateT, extras: Record | None = None) -> Record:
        ...

    def setup_of(self, record: Record) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
        """The seats and options a record was set up with (for resuming it)."""
        ...

    def take_back(self, record: Record, seat: int) -> Record:
        """``record`` cut just before ``seat``'s last move that may still be taken back
        (never past what would reveal hidden cards again); IllegalMove (seat None) says
        in the game's words why there is none."""
        ...

    def check_summary(self, state: StateT) -> dict[str, Any]:
        """The body of ``ebbes check --json`` for a replayed record."""
        ...

    def check_line(self, state: StateT) -> str:
        """The one line ``ebbes check`` prints for a valid record, after its file name."""
        ...


class Wire(Protocol[ViewT]):
    """Views and events to JSON and back (the table protocol); reading is strict and
    every string from the wire is cleaned (:mod:`.codec`)."""

    def view_to_json(self, view: ViewT) -> dict[str, Any]:
        ...

    def view_from_json(self, data: Any) -> ViewT:
        """The view :meth:`view_to_json` wrote, equal to the original; ValueError,
        TypeError, KeyError for anything else."""
        ...

    def event_to_json(self, event: object) -> dict[str, Any] | None:
        """A game event as JSON with its ``type``; None if it is not this game's."""
        ...

    def event_from_json(self, data: dict[str, Any]) -> object | None:
        """The event :meth:`event_to_json` wrote, None for a type not this game's."""
        ...


class Players(Protocol[StateT, ViewT_contra, ActionT]):
    """The game's own bot and what search needs: samples of the hidden cards, a fast
    path to play on, rollouts, candidates."""

    @property
    def levels(self) -> tuple[str, ...]:
        """The bot levels, weakest first."""
        ...

    @property
    def search_samples(self) -> int:
        """The hard bot's samples per decision (its budget)."""
        ...

    @property
    def search_keep(self) -> int:
        """How many of its :meth:`candidates` the hard bot searches."""
        ...

    @property
    def expert_samples(self) -> int:
        """The expert's samples per decision: about a second a decision, up to two."""
        ...

    @property
    def expert_keep(self) -> int:
        """How many of its :meth:`candidates` the expert searches (0: all of them)."""
        ...

    def bot(self, level: str) -> Bot[ViewT_contra, ActionT]:
        """The game's own bot of ``level`` (``normal``); ValueError for a level the
        generic bots play."""
        ...

    def hint(self, view: ViewT_contra) -> tuple[ActionT, str]:
        """What the game's ``normal`` bot would do and why, in one true sentence."""
        ...

    def sample(self, view: ViewT_contra, rng: random.Random) -> StateT:
        """A full state consistent with everything ``view`` shows (hidden hands,
        orders, the pile), at the view's decision: search plays on it."""
        ...

    def searches(self, view: ViewT_contra) -> bool:
        """Whether the search bot searches this decision (else the ``normal`` bot
        answers it: a search must never enumerate an :class:`Unlisted`)."""
        ...

    def search_share(self, view: ViewT_contra) -> float:
        """The share of its samples search spends on this decision, at most 1: less
        where playouts run much longer than the game's usual ones, so that no decision
        takes longer than a usual deal's slowest."""
        ...

    def random_playout(self, state: StateT, rng: random.Random) -> bool:
        """Play on with uniformly random legal moves through the game's unchecked fast
        path as far as it goes (ebbes: to the end of the round's cards); False when the
        pending decision has no fast path (it is then answered the validated way)."""
        ...

    def rollout(self, state: StateT, seat: int, first: ActionT, rng: random.Random) -> float:
        """In a copy of ``state``, ``seat`` does ``first``; then play on quickly to the
        end of the deal (or the game) and return how well it went for ``seat`` (higher
        is better): search's playouts. ``state`` itself is left as it was."""
        ...

    def candidates(self, view: ViewT_contra, legal: Sequence[ActionT], keep: int) -> list[ActionT]:
        """The ``keep`` most promising of ``legal`` for search, best first (search asks
        only for decisions :meth:`searches`, whose answers are listed)."""
        ...


#: What a Statistics column shows of a figure's values (:class:`Figure`).
Shown = Literal["total", "average", "percent", "best"]


@dataclass(frozen=True)
class Figure(Generic[StateT_contra]):
    """One column of a game's Statistics and how it is counted. ``value`` is one
    person's figure in one finished game (a record: an ebbes game, a Hund match);
    the column ``shown`` is the values added up (``total``), their sum per game
    counted or per the total of the figure ``per`` names (``average``, or as a
    ``percent``), or the highest of one game (``best``).

    ``heading`` is short, so that a person's row fits 80 columns; ``meaning`` says
    what it counts, for the screen's legend ("Hund: times the hund."). ``signed``:
    shown with its sign, as a score. ``by_kind``: also in each person's table by
    number of players and variant."""

    key: str
    heading: str
    meaning: str
    value: Callable[[StateT_contra, int], float]
    shown: Shown = "total"
    per: str | None = None
    signed: bool = False
    by_kind: bool = False


class Presentation(Protocol[StateT_contra]):
    """Words for people: History lines, the Statistics' columns, the rules text, and
    where its screens live (loaded by the UI only)."""

    @property
    def ui_module(self) -> str:
        """The import path of the game's screens."""
        ...

    @property
    def motto(self) -> str:
        """A line under the program's name in the menu while it is the menu's game
        ("" for its title)."""
        ...

    @property
    def statistics(self) -> Sequence[Figure[StateT_contra]]:
        """The columns of the game's Statistics, in order (:class:`Figure`): what a
        finished game counts for each person in it."""
        ...

    def describe(self, state: StateT_contra) -> dict[str, str]:
        """Lines about a game for the History list (``players``, ``variants``,
        ``result``) and the Continue list (``saved``: who plays, how far, the scores)."""
        ...

    def variant_key(self, options: dict[str, Any]) -> tuple[str, str]:
        """The kind of game for grouping statistics: (key, label)."""
        ...

    def rules_text(self) -> str:
        """The rules as Markdown (shown by the app's rules screen)."""
        ...


@dataclass(frozen=True, eq=False)
class Game(Generic[StateT, ViewT, ActionT]):
    """One game, as the generic layers are given it (listed in :mod:`.registry`): its
    names and player counts, and its facets, all of one state, view and action type
    (``Game[GameState, PlayerView, Action]``)."""

    id: str  # "ebbes", "huhn", "hund"
    title: str  # "ebbes", "Blindes Huhn extrem", "Hund (Bikkje)"
    player_counts: tuple[int, ...]
    rules: Rules[StateT, ViewT, ActionT]
    records: Records[StateT]
    wire: Wire[ViewT]
    players: Players[StateT, ViewT, ActionT]
    presentation: Presentation[StateT]


# The generic layers hold games whose types they never name: a view and a state are the
# protocols', an action any value they pass on (``str`` gives its text).
AnyView = View[object]
AnyState = State[object, AnyView]
AnyGame = Game[AnyState, AnyView, object]
AnyBot = Bot[AnyView, object]
AnyFigure = Figure[AnyState]
