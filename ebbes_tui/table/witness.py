"""What one player saw of a game at a shared table, and whether a record agrees with it.

A table sends each player the whole record once the game is over, to keep in their own
History and Statistics; another user's table may send anything. The player's client
notes every view it was shown (its own seat's, and the public ones of a recap), by
the number of the decision pending then; a record is kept only if, replayed with every
rule checked, it shows this seat the same views at the same decisions: the same hands,
the same public moves. Views are compared by their JSON (each game's codec writes it,
and reads it back equal), kept as digests so a long game costs little memory.

A record cannot say in which order the seats answered a simultaneous decision (Blindes
Huhn's arranging), nor how a hand lay before its player arranged it: a view shown
while several seats decide at once is not compared; everything before and after is.

A table sends a player every decision from the one they sat down (or came back) at, so
a record is kept only if none is missing from what they were shown, and only if it has
the moves they made there (one at least): the record shows them the very view they
answered, and its game goes on from it as that very move makes it go (a move of
several seats at once is not compared: the record may order them otherwise; one the
table refused is no move). So a table cannot hand a player a game they never played
(one last view and its record), nor one where it made their moves for them (their
move answered, another shown and recorded). A move made before they hung up and came
back counts as well, kept by their :class:`~.answers.AnswerBook`; one the record has
not is passed over (the table may have refused it, as too late, after they left).
What was played after they hung up, no player can check.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections import defaultdict

from ..controller.events import AnyUpdate
from ..game.errors import IllegalMove, RecordError, SetupError
from ..game.protocols import AnyGame, AnyState, AnyView, Decision, Record
from .answers import AnswerBook

#: The most views one game shows a player (a long Hund match: a few thousand); a table
#: that sends more cannot make the client note them for ever.
SEEN_LIMIT = 100_000


class Witness:
    """The views one player was shown of a table's game, in order."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        #: (whose view: a seat, or None for the public table; the decision; its digest)
        self.seen: list[tuple[int | None, int, bytes]] = []
        self.overflowed = False
        #: The moves this player made at the table in this connection: (the decision,
        #: a digest of the view answered, the move as sent), and those an earlier one
        #: kept in the book.
        self.moves: list[tuple[int, bytes, str]] = []
        self.earlier: list[tuple[int, bytes, str]] = []
        #: Where their moves are kept for a later connection.
        self.book: AnswerBook | None = None

    def keep_in(self, book: AnswerBook) -> None:
        """Keep this player's moves in ``book``, and count those it kept already."""
        self.book = book
        with contextlib.suppress(OSError):  # unreadable: only the new moves count
            self.earlier = book.read()

    def answer(self, update: AnyUpdate, move: str) -> None:
        """This player answered ``update``'s decision with ``move`` (as sent)."""
        digest = self.digest(update.view)
        self.moves.append((update.decision, digest, move))
        if self.book is not None:
            with contextlib.suppress(OSError):  # a full disk costs only this proof
                self.book.note(update.decision, digest, move)

    def withdraw(self, decision: int) -> None:
        """The table refused this player's answer to ``decision``: it is no move of
        the game. (The book keeps it: there it is passed over if the record has not
        got it.)"""
        self.moves = [m for m in self.moves if m[0] != decision]

    def forget(self) -> None:
        """The game's record was kept: the book is of no more use."""
        if self.book is not None:
            with contextlib.suppress(OSError):
                self.book.forget()

    def saw(self, update: AnyUpdate) -> None:
        """Note one update the table sent (past :data:`SEEN_LIMIT`, only that there
        were too many)."""
        if len(self.seen) < SEEN_LIMIT:
            view = update.view
            self.seen.append((view.seat, update.decision, self.digest(view)))
        else:
            self.overflowed = True

    def digest(self, view: AnyView) -> bytes:
        text = json.dumps(self.game.wire.view_to_json(view), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).digest()

    def check(self, record: Record) -> AnyState:
        """``record`` replayed with every rule checked; RecordError says in one line
        why not, or where it disagrees with what this player saw."""
        game, seen = self.game, list(self.seen)  # the table may say more meanwhile
        if record.get("format") != game.records.format:
            raise RecordError(f"it is not a record of {game.title}")
        if self.overflowed:
            raise RecordError("the table sent more updates than a game has")
        shown_own = [decision for seat, decision, _ in seen if seat is not None]  # not a recap
        if any(later < earlier for earlier, later in zip(shown_own, shown_own[1:])):
            # a view labelled with an older decision, such as one where several seats
            # decide at once, so that the move made at it would go uncompared
            raise RecordError("the table showed you its game out of order")
        seats, options = game.records.setup_of(record)
        whose = {seat for seat, _, _ in seen}
        if any(seat is not None and not 0 <= seat < len(seats) for seat in whose):
            raise RecordError("the table showed you a seat the game does not have")
        shown: dict[tuple[int | None, int], set[bytes]] = defaultdict(set)
        together: set[int] = set()  # decisions made while several seats decided at once
        before: list[set[Decision]] = [set()]
        asked: set[int] = set()  # decisions this player's seat was asked to make
        moves, earlier = list(self.moves), list(self.earlier)
        made_at = {decision for decision, _, _ in moves + earlier}
        at_move: dict[int, AnyState] = {}  # the game where a move was to be made
        public: dict[int, set[bytes]] = defaultdict(set)  # the table's, just after one

        def observe(state: AnyState, events: object) -> None:
            decision = state.decisions_made()
            if decision in made_at:
                at_move[decision] = state.clone()  # the last one: after any deal
            if decision - 1 in made_at:
                public[decision].add(self.digest(state.view(None)))
            pending = {d for d in state.pending() if d.seat is not None}
            if len(pending) > 1 or (pending and before[0] and pending < before[0]):
                together.add(decision)
                before[0] = pending if len(pending) > 1 else before[0]
            else:
                before[0] = set()
            for seat in whose:
                shown[seat, decision].add(self.digest(state.view(seat)))
            if any(d.seat in whose for d in pending):
                asked.add(decision)

        try:
            observe(game.rules.new_state(seats, options), [])  # before the first deal
        except SetupError as e:
            raise RecordError(str(e)) from None
        state = game.records.replay(record, observe)
        for seat, decision, digest in seen:
            if digest not in shown.get((seat, decision), ()) and decision not in together:
                raise RecordError(f"it does not match what the table showed you at "
                                  f"decision {decision + 1}")
        own = {decision for seat, decision, _ in seen if seat is not None}  # not a recap
        missing = [d for d in range(min(own, default=0), state.decisions_made() + 1)
                   if d not in own and d not in together]
        if missing:
            raise RecordError(f"the table did not show you all of it (decision {missing[0] + 1})")

        def in_record(decision: int, digest: bytes, move: str) -> bool | None:
            """Whether the record has this move: made at the view answered, its game
            going on as the move makes it go; None: not one to compare."""
            if decision not in asked or decision in together:
                return None
            return any(self._made(at_move.get(decision), seat, move,
                                  shown.get((seat, decision + 1), set()), public[decision + 1])
                       for seat in whose
                       if seat is not None and digest in shown.get((seat, decision), ()))

        now = [(m[0], in_record(*m)) for m in moves]
        missed = [decision for decision, had in now if had is False]
        if missed:
            raise RecordError(f"it does not have the move you made at decision {missed[0] + 1}")
        if not any(had for _, had in now) and not any(in_record(*m) for m in earlier):
            raise RecordError("you made no move in it there")
        return state

    def _made(self, before: AnyState | None, seat: int, move: str, after: set[bytes],
              public: set[bytes]) -> bool:
        """Whether ``move``, made by ``seat`` in ``before``, leads to the views of the
        seat and of the table the record shows next (``after``, ``public``): the record
        has the very move. (The seat's own view alone may not tell a card played face
        down from one played face up once the trick is over.)"""
        if before is None:
            return False
        try:
            before = before.clone()  # several moves may be tried at one decision
            before.apply(self.game.rules.parse_action(move), seat)
        except (ValueError, IllegalMove):  # not a move there: the record does not have it
            return False
        return self.digest(before.view(seat)) in after and \
            self.digest(before.view(None)) in public
