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
from typing import Any, NamedTuple

from ..controller.events import Event, SaveFailed, SeatChanged, Synced, TakenBack, Update
from ..rules.actions import parse_action
from ..rules.cards import SUIT_NAMES, parse_card, parse_suit
from ..rules.categories import Category
from ..rules.events import (
    CardPlayed, CategoryFixed, GameOver, PairChosen, RoundScored, RoundStarted,
    StarterChosen, TrickWon,
)
from ..rules.scoring import RoundScore, SeatScore
from ..rules.state import Decision, Phase
from ..rules.tricks import Trick
from ..rules.variants import GameConfig, Options, SeatInfo
from ..rules.view import PlayerView
from .clean import CHAT_LIMIT, NAME_LIMIT, clean

VERSION = 1
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
_CLIENT: dict[str, dict[str, tuple[bool, str]]] = {
    "hello": {"version": (True, _INT), "role": (False, _STR), "player": (False, _INT)},
    "info": {"version": (True, _INT)},
    "start": {},
    "decide": {"decision": (True, _INT), "action": (True, _STR), "seat": (False, _INT)},
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
    if what is _LOGINS:
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


class _Kind(NamedTuple):
    """How one kind of value goes to JSON (``dump``) and back (``load``)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def _optional(kind: _Kind) -> _Kind:
    return _Kind(lambda v: None if v is None else kind.dump(v),
                 lambda v: None if v is None else kind.load(v))


def _many(kind: _Kind) -> _Kind:
    return _Kind(lambda vs: [kind.dump(v) for v in vs], lambda vs: tuple(kind.load(v) for v in vs))


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {value!r}")
    return value


INT, BOOL, STR = _Kind(_same, _int), _Kind(_same, _bool), _Kind(_same, _str)
#: Text a person reads (a name, a message): cleaned of terminal sequences on the way in.
NAME = _Kind(_same, lambda v: clean(_str(v), NAME_LIMIT))
TEXT = _Kind(_same, lambda v: clean(_str(v), CHAT_LIMIT))
CARD = _Kind(lambda c: c.code, parse_card)
SUIT = _Kind(lambda s: SUIT_NAMES[s], lambda name: int(parse_suit(name)))
CARDS, INTS = _many(CARD), _many(INT)
PHASE = _Kind(lambda p: p.value, Phase)
CATEGORY = _Kind(lambda c: c.key, lambda key: Category[_str(key).upper()])
TRICK = _Kind(
    lambda t: {"leader": t.leader, "cards": CARDS.dump(t.cards), "winner": t.winner,
               "seats": list(t.seats)},
    lambda d: Trick(_int(d["leader"]), CARDS.load(d["cards"]), _int(d["winner"]),
                    INTS.load(d["seats"])))
SCORE = _Kind(
    lambda s: {"suits": _many(SUIT).dump(s.suits), "seats": [list(x) for x in s.seats],
               "nix_holder": s.nix_holder, "points": list(s.points)},
    lambda d: RoundScore(_many(SUIT).load(d["suits"]),
                         tuple(SeatScore(*INTS.load(x)) for x in d["seats"]),
                         _int(d["nix_holder"]), INTS.load(d["points"])))
SEAT_INFO = _Kind(
    lambda s: {"name": s.name, "kind": s.kind, "level": s.level},
    lambda d: SeatInfo(NAME.load(d["name"]), _str(d["kind"]), _optional(NAME).load(d["level"])))
CONFIG = _Kind(
    lambda c: {"seats": _many(SEAT_INFO).dump(c.seats),
               "options": {"more_cards": c.options.more_cards,
                           "choose_determiners": c.options.choose_determiners,
                           "rounds": c.options.rounds}},
    lambda d: GameConfig(_many(SEAT_INFO).load(d["seats"]), Options(
        _bool(d["options"]["more_cards"]), _bool(d["options"]["choose_determiners"]),
        _int(d["options"]["rounds"]))))
DECISION = _Kind(lambda d: {"phase": d.phase.value, "seat": d.seat},
                 lambda d: Decision(Phase(d["phase"]), _optional(INT).load(d["seat"])))
PAIR = _Kind(lambda p: [SUIT_NAMES[p[0]], p[1]], lambda p: (SUIT.load(p[0]), _int(p[1])))
ACTIONS = _many(_Kind(str, lambda text: parse_action(_str(text))))

#: Every field of a PlayerView and its kind (a test checks none is missing).
VIEW_FIELDS: dict[str, _Kind] = {
    "seat": _optional(INT), "config": CONFIG, "phase": PHASE, "pending": _optional(DECISION),
    "round_no": INT, "dealer": _optional(INT), "starter": INT, "number": _optional(INT),
    "pairs": _many(PAIR), "suits": _many(SUIT), "hand": CARDS, "actions": ACTIONS,
    "order": INTS, "leader": INT, "trick": CARDS, "trick_seats": INTS,
    "tricks": _many(TRICK), "hand_sizes": INTS, "tricks_won": INTS, "taken": _many(INTS),
    "dummy_up": _many(_optional(CARD)), "dummy_down": _many(BOOL), "totals": INTS,
    "scores": _many(SCORE), "nix_holder": _optional(INT),
}

#: Every event a session hears, by its name on the wire, with its fields' kinds.
EVENTS: dict[str, tuple[type, dict[str, _Kind]]] = {
    "synced": (Synced, {}),
    "taken_back": (TakenBack, {}),
    "seat_changed": (SeatChanged, {"seat": INT, "human": BOOL, "level": _optional(NAME)}),
    "save_failed": (SaveFailed, {"message": TEXT}),
    "round_started": (RoundStarted, {"round_no": INT, "dealer": _optional(INT),
                                     "number": _optional(INT)}),
    "starter_chosen": (StarterChosen, {"chooser": _optional(INT), "starter": INT}),
    "pair_chosen": (PairChosen, {"seat": INT, "suit": SUIT, "number": INT}),
    "card_played": (CardPlayed, {"seat": INT, "card": CARD}),
    "category_fixed": (CategoryFixed, {"category": CATEGORY, "suit": SUIT, "card": CARD,
                                       "seat": INT}),
    "trick_won": (TrickWon, {"trick": TRICK}),
    "round_scored": (RoundScored, {"round_no": INT, "score": SCORE, "totals": INTS}),
    "game_over": (GameOver, {"totals": INTS, "winners": INTS}),
}
_EVENT_NAMES = {cls: (name, kinds) for name, (cls, kinds) in EVENTS.items()}


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as JSON (what R18 lets that seat see, nothing added)."""
    return {key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()}


def view_from_json(data: Any) -> PlayerView:
    """The PlayerView :func:`view_to_json` wrote, equal to the original; ProtocolError
    for anything else."""
    try:
        return PlayerView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()})
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ProtocolError("bad-view", f"The table sent a view this ebbes cannot read ({e}).") \
            from None


def event_to_json(event: Event | object) -> dict[str, Any]:
    name, kinds = _EVENT_NAMES[type(event)]
    return {"type": name, **{key: kind.dump(getattr(event, key)) for key, kind in kinds.items()}}


def event_from_json(data: Any) -> Event:
    try:
        cls, kinds = EVENTS[data["type"]]
        return cls(**{key: kind.load(data[key]) for key, kind in kinds.items()})
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ProtocolError("bad-event", f"The table sent an event this ebbes cannot read ({e}).") \
            from None


# ---------------------------------------------------------- what servers send

_IN_ROUND = (Phase.PLAY, Phase.CHOOSE_PAIR, Phase.CHOOSE_STARTER)


def position(view: PlayerView) -> dict[str, int]:
    """Where the game stands in ``view``: ``round`` (from 1) and cards ``played`` in it.
    Between rounds and at the end the view still shows the round just scored."""
    active = view.phase in _IN_ROUND
    return {"round": view.round_no + 1 if active else max(view.round_no, 1),
            "played": view.played}


def state_message(update: Update) -> dict[str, Any]:
    """A session's update for its client: the event and the seat's view after it."""
    view = update.view
    return {"type": "state", "seq": update.seq, "decision": update.decision, **position(view),
            "event": event_to_json(update.event), "view": view_to_json(view)}


def recap_from_message(message: dict[str, Any]) -> list[Update]:
    """The public updates a ``recap`` message carries (what a player who comes back
    missed); ProtocolError if one is malformed."""
    updates = message.get("updates")
    if not isinstance(updates, list):
        raise ProtocolError("bad-recap", "The table sent a broken recap.")
    return [update_from_message(m) for m in updates if isinstance(m, dict)]


def update_from_message(message: dict[str, Any]) -> Update:
    """The Update a ``state`` message carries; ProtocolError if it is malformed."""
    try:
        seq, decision = _int(message["seq"]), _int(message["decision"])
    except (KeyError, TypeError) as e:
        raise ProtocolError("bad-state", f"The table sent a broken state ({e}).") from None
    return Update(seq, event_from_json(message.get("event")), view_from_json(message.get("view")),
                  decision)


def error_message(code: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "text": text, **extra}
