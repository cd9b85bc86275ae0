"""The game at a table, once it starts: each connection gets a session of the match and
is sent only what that session may see (R18; a spectator, the public table, R21); the
players' decisions go to the match; who is here and whose turn it is goes to
everyone; a player who comes back reads what they missed; and the finished game goes,
whole, to each player, and to the archive."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from typing import TYPE_CHECKING, Any

from ..controller.events import SeatChanged
from ..controller.match import Match
from ..controller.session import NotYourTurn, Session
from ..game.errors import IllegalMove
from ..game.protocols import Choices, Unlisted
from .moments import BEFORE_THE_GAME, Moment, moment_of_record, moment_of_updates
from .protocol import ProtocolError, position, state_message

if TYPE_CHECKING:
    from .connections import Client
    from .server import TableServer

log = logging.getLogger("ebbes.table")

#: Public updates kept for the recap of a player who comes back (the latest, after a
#: long absence).
RECAP_KEPT = 64


def not_an_action(choices: Choices[object], text: str, error: ValueError) -> str:
    """Why ``text`` is no action, in the table's game: with examples from the seat's own
    answers now (``choices``), else in the game's words (its parser's ``error``, which
    names the text first)."""
    if not choices:
        said = str(error).rstrip(".")
        return (f"That{said.removeprefix(repr(text))}." if said.startswith(repr(text))
                else f"That is not an action: {said}.")
    answers = [choices.sample(random.Random(text))] if isinstance(choices, Unlisted) else choices
    examples = list(dict.fromkeys(repr(str(a)) for a in answers))[:3]
    return f"That is not an action (e.g. {', '.join(examples)})."


class Play:
    """``table``'s match, from its start to its archive, and what each connection at
    the table sees of it."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        self.match: Match | None = None
        self.over = False
        resumed = table.save.resumed
        #: Where the game stands as far as the public news was read (chat says when).
        self._moment = BEFORE_THE_GAME if resumed is None else \
            moment_of_record(table.game, resumed)
        self._public: Session | None = None
        self._recent: deque[tuple[int, dict[str, Any]]] = deque(maxlen=RECAP_KEPT)
        self._left_at: dict[int, int] = {}  # seat -> the event its player saw last
        #: seat -> the news that a bot took it, while one plays it (for the recap).
        self._stood_in: dict[int, tuple[int, dict[str, Any]]] = {}
        self._turn = (-1, table.clock.now())  # (decision, since when it is pending)

    def begin(self, match: Match) -> None:
        """The game begins: every connection gets its session; people not here yet are
        away from the start (R21)."""
        table = self.table
        self.match = match
        self._turn = (match.decision, table.clock.now())  # not since the table opened
        log.info("game started: %s", ", ".join(s.name for s in match.setup.seats))
        for client in list(table.connections.clients):
            if client.role is not None:
                self.attach(client)
        connected = table.connections.connected_seats()
        for seat in match.humans:
            if seat not in connected:
                table.away.set_away(seat)
        self._public = match.session(None)
        table.spawn(self._follow(self._public))
        table.spawn(self._run(match))
        self.broadcast_presence()

    def stop(self) -> None:
        if self.match is not None:
            self.match.stop()

    def moment(self) -> Moment:
        """Where the game stands now: the news read so far and what waits to be read."""
        waiting = self._public.waiting() if self._public is not None else ()
        return moment_of_updates(self._moment, waiting)

    # ------------------------------------------------------ who is at it

    def join(self, client: Client) -> None:
        """``client``, just admitted to the running game, takes part: a player coming
        back reads what they missed and has their seat again."""
        self.attach(client)
        if client.player and client.seat is not None:
            self._send_recap(client, client.seat)
            self.table.away.back(client.seat)
        self.table.chat.send_kept(client)
        self.table.away.arm_turn()
        self.broadcast_presence()
        if self.over and client.player and self.match is not None:
            # Back only after the end: the record is theirs to keep too (it went to
            # the players there when the game ended).
            client.send({"type": "record", "record": self.match.record()})

    def attach(self, client: Client) -> None:
        """Give ``client`` its session: the full view now, then every update in order."""
        assert self.match is not None
        client.session = self.match.session(client.seat if client.player else None)
        client.send(state_message(self.table.game, client.session.snapshot()))
        client.pump = self.table.spawn(self._pump(client, client.session))

    async def _pump(self, client: Client, session: Session) -> None:
        while not client.closed:
            client.send(state_message(self.table.game, await session.next()))

    def _send_recap(self, client: Client, seat: int) -> None:
        """A player who comes back is told what happened while they were away: the
        public news since their last connection closed."""
        since = self._left_at.pop(seat, None)
        if since is None:
            return
        kept = [(seq, message) for seq, message in self._recent if seq > since]
        stood_in = self._stood_in.get(seat)
        if stood_in is not None and stood_in not in kept:
            # A bot plays the seat, since before the player left (their turn's time ran
            # out) or before the recap's window (a long absence): they learn that first.
            kept.insert(0, stood_in)
        missed = [message for _, message in kept]
        if missed:
            client.send({"type": "recap", "updates": missed})

    def left(self, seat: int) -> None:
        """``seat``'s player has no connection left: away, and what they saw noted for
        their recap."""
        assert self.match is not None
        self._left_at[seat] = self.match.seq
        self.table.away.set_away(seat)

    def presence(self) -> dict[str, Any]:
        """Who is connected, who is away since when, whose turn for how long, and
        whether the game waits because a bot stands in for every person (it goes on
        when one of them is back)."""
        match = self.match
        assert match is not None
        table = self.table
        now = table.clock.now()
        connected = table.connections.connected_seats()
        seats = []
        for seat, info in enumerate(match.setup.seats):
            away = table.away.since(seat)
            bot = match.bots.get(seat) if seat in match.humans else None
            seats.append({"seat": seat, "name": info.name, "kind": info.kind,
                          "connected": seat in connected,
                          "away": round(now - away, 3) if away is not None else None,
                          "bot": bot.level if bot is not None else None})
        deciding = list(match.awaiting) if not self.over else []
        turn = deciding[0] if deciding else None
        # A player back on their turn has a whole turn_time again: shown from then.
        started = table.away.turn_started(turn) if turn is not None else None
        since = self._turn[1] if started is None else max(started, self._turn[1])
        thinking = round(now - since, 3) if turn is not None else None
        watching = table.connections.watching()
        return {"type": "presence", **position(match.state.view(None)), "turn": turn,
                "deciding": deciding,
                "thinking": thinking, "turn_time": table.spec.turn_time, "seats": seats,
                "away_after": table.spec.away_after,
                "waiting": match.nobody_here and not self.over,
                "watchers": len(watching), "watching": watching}

    def broadcast_presence(self) -> None:
        if self.match is not None:
            self.table.connections.broadcast(self.presence())

    # ------------------------------------------------------- its moves

    def decide(self, client: Client, message: dict[str, Any]) -> None:
        """``client``'s answer to a decision goes to its session; ProtocolError, or an
        error to the player saying why the game did not take it."""
        if self.match is None:
            raise ProtocolError("not-now", "The game has not started yet.")
        if client.session is None or client.seat is None:
            raise ProtocolError("not-seated", "A spectator cannot play.")
        if message.get("seat", client.seat) != client.seat:
            raise ProtocolError("not-your-seat",
                                f"You sit in seat {client.seat}, not seat {message['seat']}.")
        try:
            action = self.table.game.rules.parse_action(message["action"])
        except ValueError as e:
            raise ProtocolError("bad-field", not_an_action(client.session.view().actions,
                                                           message["action"], e)) from None
        decision = message["decision"]
        try:
            client.session.submit(action, decision)
            client.messages.refund()  # a decision the game takes is never too many
        except NotYourTurn as e:
            client.error("not-your-turn", e.player_text, decision=decision)
        except IllegalMove as e:
            client.error("illegal", e.player_text, decision=decision)

    def draft(self, client: Client, message: dict[str, Any]) -> None:
        """``client``'s answer so far to its own seat's decision (a hand being
        arranged): kept and saved for that seat alone, sent to nobody; ProtocolError,
        or an error to the player saying why it was not kept (nothing changes)."""
        if self.match is None:
            raise ProtocolError("not-now", "The game has not started yet.")
        if client.session is None or client.seat is None:
            raise ProtocolError("not-seated", "A spectator has no hand to arrange.")
        try:
            action = self.table.game.rules.parse_action(message["action"])
        except ValueError as e:
            raise ProtocolError("bad-field", not_an_action(client.session.view().actions,
                                                           message["action"], e)) from None
        try:
            client.session.draft(action)
        except IllegalMove as e:
            client.error("not-kept", e.player_text)

    async def _follow(self, public: Session) -> None:
        """Note when each decision became pending (how long the player has been
        thinking, and their turn clock), where the game stands, and keep the latest
        public news for the recap of a player who comes back."""
        while True:
            update = await public.next()
            self._moment = moment_of_updates(self._moment, (update,))
            if update.decision != self._turn[0]:
                self._turn = (update.decision, self.table.clock.now())
            message = state_message(self.table.game, update)
            self._recent.append((update.seq, message))
            event = update.event
            if isinstance(event, SeatChanged) and event.human:
                self._stood_in.pop(event.seat, None)
            elif isinstance(event, SeatChanged):
                self._stood_in[event.seat] = (update.seq, message)
            self.table.away.arm_turn()

    async def _run(self, match: Match) -> None:
        table = self.table
        try:
            await match.run()
        except Exception:
            log.exception("the game failed")
            table.shutdown("The table broke down; the game is saved up to the last decision.")
            return
        if match.finished.is_set():
            self.over = True
            table.away.arm_turn()
            # The game is over, so every hand may be seen (as in a replay): each player
            # gets the whole record to keep in their own History and Statistics.
            table.connections.broadcast({"type": "record", "record": match.record()},
                                        players_only=True)
            await asyncio.shield(table.save.archive())
            log.info("game over, archived")
            table.check_end()
