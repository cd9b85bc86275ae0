"""The table protocol (``assets/protocol.md``): newline-delimited JSON objects, each with
a ``type``; cards written as in game records (``blue10``), actions as their text
(``play blue10``).

Everything a client sends is hostile until checked here: one line of at most
:data:`CLIENT_LINE_LIMIT` bytes, a JSON object of a known type with known fields of the
right types (:func:`parse_client_message`). The server only sends: views and events go
out with :func:`state_message` and come back, equal, with :func:`update_from_message`
(a client trusts them only after checking the server's peer credentials).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any, NoReturn

from ..controller.events import AnyUpdate, Event, SaveFailed, SeatChanged, Synced, TakenBack, Update
from ..game.clean import clean
from ..bots import LEVELS
from ..game.codec import BOOL, SEAT, TEXT, EventCodec, one_of, optional, seated, whole
from ..game.protocols import AnyGame, AnyView

VERSION = 2
#: The longest line a client may send, in bytes (its newline not counted).
CLIENT_LINE_LIMIT = 4096
#: The longest line a client accepts from its server (a view is a few KiB).
SERVER_LINE_LIMIT = 1 << 20
_ROLES = ("player", "spectator")


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` for programs, ``text`` one sentence
    for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text

    def about(self, table: str) -> str:
        """The sentence, naming the table it is about (``carol/fri``): what a table
        sent is refused as "The table sent ..." before anyone knows which table."""
        return self.text.replace("The table ", f"The table {table} ", 1)


# ------------------------------------------------------------------- framing


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of ASCII JSON (no raw control characters ever leave)."""
    return json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n"


class LineSplitter:
    """Cuts a byte stream into lines of at most ``limit`` bytes. A longer line is
    reported once as None and skipped up to its newline, so it cannot fill memory."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        lines: list[bytes | None] = []
        buffer = self._buffer
        buffer += data
        start = 0
        while (end := buffer.find(b"\n", start)) >= 0:
            if self._skipping:
                self._skipping = False
            elif end - start > self.limit:
                lines.append(None)
            else:
                lines.append(bytes(buffer[start:end]))
            start = end + 1
        del buffer[:start]
        if len(buffer) > self.limit:
            if not self._skipping:
                lines.append(None)
                self._skipping = True
            buffer.clear()
        return lines


def _not_json(constant: str) -> NoReturn:
    raise ProtocolError("bad-number", f"The table sent {constant}, which is not JSON.")


def read_json(line: bytes) -> Any:
    """A server's line as JSON. NaN and Infinity, which Python's reader takes and
    no JSON has, are refused with a ProtocolError: no count or clock can hold them."""
    return json.loads(line, parse_constant=_not_json)


async def read_lines(read: Callable[[int], Any], limit: int) -> AsyncIterator[bytes | None]:
    """Lines (None for one too long) from ``read`` (a StreamReader's ``read``) to EOF."""
    splitter = LineSplitter(limit)
    while data := await read(65536):
        for line in splitter.feed(data):
            yield line


# ------------------------------------------------------- what clients send

#: Each client message type: its fields, whether each is required, and its check.
_INT = "a whole number"
_STR = "text"
_BOOL = "true or false"
_LOGINS = "a list of 1 to 32 logins"
_GAMES = "a list of 1 to 32 game names"
_CLIENT: dict[str, dict[str, tuple[bool, str]]] = {
    "hello": {"version": (True, _INT), "games": (False, _GAMES), "role": (False, _STR),
              "player": (False, _INT), "take_over": (False, _BOOL)},
    "info": {"version": (True, _INT)},
    "start": {},
    "decide": {"decision": (True, _INT), "action": (True, _STR), "seat": (False, _INT)},
    "draft": {"action": (True, _STR)},
    "back": {},
    "chat": {"text": (True, _STR)},
    "sync": {},
    # The host's commands (refused to anyone else):
    "close": {},
    "invite": {"logins": (True, _LOGINS)},
    "uninvite": {"logins": (True, _LOGINS)},
    "set": {"open": (False, _BOOL), "spectators": (False, _BOOL)},
    "bot": {"player": (True, _INT)},
    "remove": {"login": (True, _STR)},
}
_MAX_TEXT = 1000  # characters of any client string (chat is cut further, to 200)
_MAX_LOGIN = 32


def _fits(value: Any, what: str) -> bool:
    """Whether a field's ``value`` is of the kind ``what`` names."""
    if what is _INT:
        return type(value) is int and abs(value) < 2**31
    if what is _BOOL:
        return type(value) is bool
    if what is _LOGINS or what is _GAMES:
        return isinstance(value, list) and 1 <= len(value) <= 32 and all(
            isinstance(v, str) and 0 < len(v) <= _MAX_LOGIN for v in value)
    return isinstance(value, str) and len(value) <= _MAX_TEXT


def parse_client_message(line: bytes) -> dict[str, Any]:
    """The message in one client line, checked against the schema; ProtocolError says
    what is wrong in one sentence."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("bad-line", "That line is not UTF-8 JSON.") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad-line", "A message must be a JSON object.")
    kind = message.get("type")
    schema = _CLIENT.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError("unknown-type", f"Unknown message type {str(kind)[:40]!r}.")
    for key, value in message.items():
        if key == "type":
            continue
        if key not in schema:
            raise ProtocolError("bad-field", f"A {kind} message has no field {key[:40]!r}.")
        _, what = schema[key]
        if not _fits(value, what):
            limit = f" of at most {_MAX_TEXT} characters" if what is _STR else ""
            raise ProtocolError("bad-field", f"Field {key!r} must be {what}{limit}.")
    missing = [key for key, (required, _) in schema.items() if required and key not in message]
    if missing:
        raise ProtocolError("bad-field", f"A {kind} message needs the field {missing[0]!r}.")
    if kind == "hello" and message.get("role", "player") not in _ROLES:
        raise ProtocolError("bad-field", "Field 'role' must be 'player' or 'spectator'.")
    return message


# ------------------------------------------------ views and events as JSON

#: The controller's own events (every game has them), by their names on the wire.
MATCH_EVENTS = EventCodec({
    "synced": (Synced, {}),
    "taken_back": (TakenBack, {}),
    # A level of this ebbes' bots only: a table's other word would be said as a level
    # ("a ]0;pwned bot played for you", a hostile table's).
    "seat_changed": (SeatChanged, {"seat": SEAT, "human": BOOL,
                                   "level": optional(one_of(*LEVELS))}),
    "save_failed": (SaveFailed, {"message": TEXT}),
})


def event_to_json(game: AnyGame, event: Event) -> dict[str, Any]:
    data = MATCH_EVENTS.to_json(event) or game.wire.event_to_json(event)
    if data is None:
        raise ValueError(f"{type(event).__name__} is not an event of {game.title}")
    return data


def event_from_json(game: AnyGame, data: Any) -> Event:
    """The event :func:`event_to_json` wrote; ProtocolError for anything else."""
    try:
        event = MATCH_EVENTS.from_json(data) or game.wire.event_from_json(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ProtocolError("bad-event", "The table sent an event this ebbes cannot read "
                                         f"({clean(e)}).") from None
    if event is None:
        raise ProtocolError("bad-event", "The table sent an event this ebbes does not know.")
    return event


def view_from_json(game: AnyGame, data: Any) -> AnyView:
    """The view the game's codec wrote, equal to the original; ProtocolError for
    anything else."""
    try:
        return game.wire.view_from_json(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ProtocolError("bad-view", "The table sent a view this ebbes cannot read "
                                        f"({clean(e)}).") from None


# ---------------------------------------------------------- what servers send

def position(view: AnyView) -> dict[str, int]:
    """Where the game stands in ``view``: ``round`` (the deal, round or game of the
    match, from 1) and the moves ``played`` in it."""
    round_no, played = view.position()
    return {"round": round_no, "played": played}


def state_message(game: AnyGame, update: AnyUpdate) -> dict[str, Any]:
    """A session's update for its client: the event and the seat's view after it."""
    view = update.view
    return {"type": "state", "seq": update.seq, "decision": update.decision, **position(view),
            "event": event_to_json(game, update.event), "view": game.wire.view_to_json(view)}


def recap_from_message(game: AnyGame, message: dict[str, Any]) -> list[AnyUpdate]:
    """The public updates a ``recap`` message carries (what a player who comes back
    missed); ProtocolError if one is malformed."""
    updates = message.get("updates")
    if not isinstance(updates, list):
        raise ProtocolError("bad-recap", "The table sent a broken recap.")
    return [update_from_message(game, m) for m in updates if isinstance(m, dict)]


def update_from_message(game: AnyGame, message: dict[str, Any]) -> AnyUpdate:
    """The Update a ``state`` message carries; ProtocolError if it is malformed. Its
    event is read at its view's table: a seat it names is one of the view's seats."""
    try:
        seq, decision = whole(message["seq"]), whole(message["decision"])
    except (KeyError, TypeError) as e:
        raise ProtocolError("bad-state", f"The table sent a broken state ({e}).") from None
    view = view_from_json(game, message.get("view"))
    with seated(len(view.seats)):
        return Update(seq, event_from_json(game, message.get("event")), view, decision)


def error_message(code: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "text": text, **extra}
