"""Building blocks for a game's wire codec: each kind of value knows how it goes to
JSON (``dump``) and how it is read back (``load``), checking types on the way in, so a
view or an event read from a socket is either equal to the one sent or refused.

A game describes its view and its events as fields of these kinds
(:func:`fields_codec`); the table protocol carries them without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .clean import CHAT_LIMIT, NAME_LIMIT, clean
from .protocols import SeatInfo


class Kind(NamedTuple):
    """How one kind of value goes to JSON (``dump``) and back (``load``)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def optional(kind: Kind) -> Kind:
    return Kind(lambda v: None if v is None else kind.dump(v),
                lambda v: None if v is None else kind.load(v))


def many(kind: Kind) -> Kind:
    """A tuple of values of one kind (a JSON list)."""
    return Kind(lambda vs: [kind.dump(v) for v in vs], lambda vs: tuple(kind.load(v) for v in _list(vs)))


def whole(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def truth(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


INT, BOOL, STR = Kind(_same, whole), Kind(_same, truth), Kind(_same, text)
INTS = many(INT)
#: Text a person reads (a name, a message): cleaned of terminal sequences on the way in,
#: since it comes from another process.
NAME = Kind(_same, lambda v: clean(text(v), NAME_LIMIT))
TEXT = Kind(_same, lambda v: clean(text(v), CHAT_LIMIT))
SEAT_INFO = Kind(
    lambda s: {"name": s.name, "kind": s.kind, "level": s.level},
    lambda d: SeatInfo(NAME.load(d["name"]), text(d["kind"]), optional(NAME).load(d["level"])))


def fields_codec(cls: type, fields: dict[str, Kind]) -> Kind:
    """The kind of a dataclass (or NamedTuple) written as a JSON object of ``fields``."""
    return Kind(lambda value: {key: kind.dump(getattr(value, key)) for key, kind in fields.items()},
                lambda data: cls(**{key: kind.load(data[key]) for key, kind in fields.items()}))


class EventCodec:
    """A game's events by their names on the wire, each a dataclass of fields."""

    def __init__(self, events: dict[str, tuple[type, dict[str, Kind]]]) -> None:
        self.events = events
        self._names = {cls: (name, fields) for name, (cls, fields) in events.items()}

    def to_json(self, event: Any) -> dict[str, Any] | None:
        entry = self._names.get(type(event))
        if entry is None:
            return None
        name, fields = entry
        return {"type": name, **{key: kind.dump(getattr(event, key)) for key, kind in fields.items()}}

    def from_json(self, data: dict[str, Any]) -> Any:
        entry = self.events.get(data.get("type"))  # type: ignore[arg-type]
        if entry is None:
            return None
        cls, fields = entry
        return cls(**{key: kind.load(data[key]) for key, kind in fields.items()})
