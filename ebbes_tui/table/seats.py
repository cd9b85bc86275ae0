"""Who sits where at a shared table: the seats the host asked for (``--seats``), and
which user holds each, from their uid (the kernel's word, never the client's).

A ``player`` seat goes to whoever takes it first; a ``user:LOGIN`` seat is kept for
that login; a ``bot:LEVEL`` seat is a bot's. A user who comes back gets the seat they
hold (R21); ``--seat K`` asks for the K-th seat of ``--seats`` (from 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import LEVELS
from ..game.errors import SetupError
from ..game.protocols import AnyGame, SeatInfo
from .rendezvous import TableError, uid_of
from .system import SYSTEM, System

#: The level of the bot that plays an empty ``player`` seat when the host starts early.
EMPTY_SEAT_LEVEL = "normal"
#: The bot that plays for a player who is away or whose time ran out (R21).
STAND_IN_LEVEL = "normal"


#: The code of a refusal because the user holds the seat in another terminal.
ELSEWHERE = "elsewhere"


class Refusal(Exception):
    """A seat that cannot be given; the message is one sentence for the player, and
    ``code`` the kind of refusal on the wire (``elsewhere``: the user holds the seat in
    another terminal, which a join may take over)."""

    def __init__(self, text: str, code: str = "refused") -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class SeatSpec:
    """One word of ``--seats``: ``player``, ``user:LOGIN`` or ``bot:LEVEL``."""

    kind: str
    login: str | None = None
    level: str | None = None


def parse_seats(text: str, system: System = SYSTEM) -> tuple[SeatSpec, ...]:
    """The seats of ``--seats`` ("player,user:alice,bot:normal"); SetupError names the
    first word that is wrong."""
    specs = []
    for word in (w.strip() for w in text.split(",")):
        kind, colon, value = word.partition(":")
        if word == "player":
            specs.append(SeatSpec("player"))
        elif kind == "user" and colon and value:
            try:
                uid_of(value, system)
            except TableError as e:
                raise SetupError(str(e)) from None
            specs.append(SeatSpec("user", login=value))
        elif kind == "bot" and value in LEVELS:
            specs.append(SeatSpec("bot", level=value))
        else:
            raise SetupError(f"{word!r} is not a seat: say 'player', 'user:LOGIN' or 'bot:LEVEL' "
                             f"(LEVEL one of {', '.join(LEVELS)}).")
    if not 2 <= len(specs) <= 6:
        raise SetupError(f"A table has 2 to 6 seats, not {len(specs)}.")
    logins = [s.login for s in specs if s.kind == "user"]
    if len(set(logins)) != len(logins):
        raise SetupError("A user can be named for one seat only.")
    if all(s.kind == "bot" for s in specs):
        raise SetupError("A table needs at least one seat for a person.")
    return tuple(specs)


@dataclass
class Seat:
    """A seat at the table and who holds it (``uid`` None: free)."""

    player: int  # from 1, in the order of --seats
    seat: int  # the game's seat number (a seat nobody plays may come first)
    kind: str  # player, user or bot
    login: str | None = None
    uid: int | None = None
    level: str | None = None

    @property
    def human(self) -> bool:
        return self.kind != "bot"


class Seating:
    """The seats of one table, in the order of ``--seats``."""

    def __init__(self, seats: list[Seat]) -> None:
        self.seats = seats

    @classmethod
    def from_specs(cls, game: AnyGame, specs: tuple[SeatSpec, ...],
                   system: System = SYSTEM) -> Seating:
        """A new table's seats, numbered as the game seats its players (ebbes' two
        players sit in seats 1 and 2: seat 0 is nobody's)."""
        placed = game.rules.seats_for([SeatInfo(str(i), "player") for i in range(len(specs))])
        numbers = [seat for seat, info in enumerate(placed) if info.kind == "player"]
        return cls([Seat(i + 1, numbers[i], s.kind, s.login,
                         uid_of(s.login, system) if s.login else None, s.level)
                    for i, s in enumerate(specs)])

    @classmethod
    def from_game(cls, seats_info: tuple[SeatInfo, ...],
                  holders: dict[int, tuple[str, int | None]], system: System = SYSTEM) -> Seating:
        """A saved game's seats: every person's seat is kept for whoever held it
        (``holders``: their login and uid, the uid unknown in an older save; else the
        seat's name), bots stay bots; a seat nobody plays is no seat of the table. A
        uid kept with the save is believed before a login: the user may have been
        renamed since."""
        seats: list[Seat] = []
        for seat, info in enumerate(seats_info):
            if info.kind not in ("human", "bot"):
                continue
            if info.kind == "bot":
                seats.append(Seat(len(seats) + 1, seat, "bot", level=info.level))
                continue
            login, uid = holders.get(seat, (info.name, None))
            if uid is None:
                try:
                    uid = uid_of(login, system)
                except TableError:
                    uid = None  # nobody can take it back: a bot stands in once the game runs
            seats.append(Seat(len(seats) + 1, seat, "user", login, uid))
        return cls(seats)

    def uids(self) -> set[int]:
        """The uids a seat is kept for or held by: they may always sit down."""
        return {s.uid for s in self.seats if s.uid is not None}

    def take(self, uid: int, login: str, player: int | None, connected: set[int]) -> Seat:
        """The seat for ``uid``: the one asked for (``player``), else one it holds (an
        empty one first: coming back), else a free one. Refusal says why not."""
        if player is not None:
            if not 1 <= player <= len(self.seats):
                raise Refusal(f"There is no seat {player}: this table has {len(self.seats)}.")
            seat = self.seats[player - 1]
            if seat.kind == "bot":
                raise Refusal(f"Seat {player} is played by a bot.")
            if seat.uid is None and seat.kind == "player":
                seat.uid, seat.login = uid, login
            if seat.uid != uid:
                kept = "kept for" if seat.kind == "user" else "taken by"
                raise Refusal(f"Seat {player} is {kept} {seat.login}.")
            if seat.seat in connected:
                raise Refusal(f"You are already at seat {player}, in another terminal.",
                              ELSEWHERE)
            return seat
        mine = [s for s in self.seats if s.uid == uid]
        for seat in mine:  # coming back to a seat held before
            if seat.seat not in connected:
                return seat
        for seat in self.seats:
            if seat.kind == "player" and seat.uid is None:
                seat.uid, seat.login = uid, login
                return seat
        if mine:
            raise Refusal(f"You are already at seat {mine[0].player}, in another terminal; "
                          "every other seat is taken.", ELSEWHERE)
        raise Refusal("Every seat at this table is taken.")

    def release(self, seat_no: int) -> None:
        """Before the game: the holder of a ``player`` seat left, so it is free again."""
        for seat in self.seats:
            if seat.seat == seat_no and seat.kind == "player":
                seat.uid = seat.login = None

    def people(self) -> list[Seat]:
        return [s for s in self.seats if s.human]

    def free(self) -> list[Seat]:
        """Seats anyone may take: ``player`` seats nobody holds (a seat kept for a login
        is not free)."""
        return [s for s in self.seats if s.kind == "player" and s.uid is None]

    def kept_for(self, uid: int, connected: set[int]) -> list[Seat]:
        """Seats ``uid`` holds or is named for and is not sitting in."""
        return [s for s in self.people() if s.uid == uid and s.seat not in connected]

    def by_seat(self, seat_no: int) -> Seat:
        return next(s for s in self.seats if s.seat == seat_no)

    def players(self) -> list[tuple[str, str, str | None]]:
        """(name, kind, level) per seat for the game's setup, once the game starts: a
        person is named by their login (a second seat of one login gets "(2)"), an
        empty ``player`` seat becomes a bot (the host started early)."""
        players: list[tuple[str, str, str | None]] = []
        bots = 0
        seen: dict[str, int] = {}
        for seat in self.seats:
            if seat.kind == "player" and seat.uid is None:
                seat.kind, seat.level = "bot", EMPTY_SEAT_LEVEL
            if seat.kind == "bot":
                bots += 1
                players.append((f"Bot {bots}", "bot", seat.level))
                continue
            login = seat.login or "?"
            seen[login] = seen.get(login, 0) + 1
            players.append((login if seen[login] == 1 else f"{login} ({seen[login]})",
                            "human", None))
        return players

    def holders(self) -> dict[int, tuple[str, int | None]]:
        """The login and uid holding each person's seat, by game seat number (kept
        beside the save, so a reopened table knows whose seat is whose)."""
        return {s.seat: (s.login, s.uid) for s in self.seats if s.human and s.login}
