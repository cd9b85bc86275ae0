"""Building blocks for a game's wire codec: each kind of value knows how it goes to
JSON (``dump``) and how it is read back (``load``), checking types on the way in, so a
view or an event read from a socket is either equal to the one sent or refused.

A game describes its view and its events as fields of these kinds
(:func:`fields_codec`); the table protocol carries them without knowing the game.

A seat from the wire is a :data:`SEAT`, bounded by the table's seats: a game's
``view_from_json`` reads its view :func:`seated` at the table its seat list makes, and
the protocol reads an event at its view's table, so no seat another process names can
index past a list of names (:func:`per_seat` lists are checked the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
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


def many(kind: Kind, size: int | None = None) -> Kind:
    """A tuple of values of one kind (a JSON list), of ``size`` values when given (one
    for each seat)."""
    dump, load_one = kind.dump, kind.load

    def load(values: Any) -> tuple[Any, ...]:
        if size is not None and len(_list(values)) != size:
            raise ValueError(f"expected {size} values, got {len(values)}")
        return tuple(map(load_one, _list(values)))
    return Kind(list if dump is _same else lambda vs: list(map(dump, vs)), load)


def cards(card: Kind, deck: int) -> Kind:
    """A tuple of cards of one deck of ``deck`` cards (a hand, a trick), each at most
    once: a table's hand of 81,000 cards is refused before a card of it is read."""
    dump, load_many = many(card)

    def load(values: Any) -> tuple[Any, ...]:
        if len(_list(values)) > deck:
            raise ValueError(f"{len(values)} cards, of a deck of {deck}")
        loaded: tuple[Any, ...] = load_many(values)
        if len(set(loaded)) != len(loaded):
            raise ValueError("a card twice")
        return loaded
    return Kind(dump, load)


def row(*kinds: Kind) -> Kind:
    """A tuple of values of these kinds in this order (a JSON list of that length)."""
    def load(values: Any) -> tuple[Any, ...]:
        if len(_list(values)) != len(kinds):
            raise ValueError(f"expected {len(kinds)} values, got {len(values)}")
        return tuple(kind.load(v) for kind, v in zip(kinds, values))
    return Kind(lambda vs: [kind.dump(v) for kind, v in zip(kinds, vs)], load)


def between(low: int, high: int) -> Kind:
    """A whole number from ``low`` to ``high``."""
    def load(value: Any) -> int:
        number = whole(value)
        if not low <= number <= high:
            raise ValueError(f"expected a whole number from {low} to {high}, got {value!r}")
        return number
    return Kind(_same, load)


def one_of(*words: Any) -> Kind:
    """One value of a fixed vocabulary (a phase, an end of the hand): anything else is
    refused, so it needs no cleaning."""
    def load(value: Any) -> Any:
        if not any(type(value) is type(word) and value == word for word in words):
            raise ValueError(f"{value!r} is not one of {', '.join(map(repr, words))}")
        return value
    return Kind(_same, load)


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


INT, BOOL = Kind(_same, whole), Kind(_same, truth)
INTS = many(INT)

#: The most seats a table of any game has: the bound of a seat read outside any table
#: (an event on its own, in a test).
MAX_SEATS = 8
_SEATS: ContextVar[int | None] = ContextVar("seats", default=None)


@contextmanager
def seated(count: int, most: int = MAX_SEATS) -> Iterator[None]:
    """Read what comes inside as a table of ``count`` seats has it: each :data:`SEAT`
    below ``count``, each :func:`per_seat` list that long. ValueError for a number of
    seats no table has (``most``: a game's own bound)."""
    if not 2 <= whole(count) <= min(most, MAX_SEATS):
        raise ValueError(f"a table of {count} seats")
    token = _SEATS.set(count)
    try:
        yield
    finally:
        _SEATS.reset(token)


def _seats() -> int:
    return _SEATS.get() or MAX_SEATS


def _seat(value: Any) -> int:
    seat = whole(value)
    if not 0 <= seat < _seats():
        raise ValueError(f"there is no seat {value} at a table of {_seats()} seats")
    return seat


#: A seat: a whole number from 0, below the number of seats at the table.
SEAT = Kind(_same, _seat)
#: A seat, or -1 where a game writes that there is none yet (no dealer before the
#: first deal).
SEAT_OR_NOBODY = Kind(_same, lambda value: value if whole(value) == -1 else _seat(value))


def per_seat(kind: Kind) -> Kind:
    """A tuple of one value of ``kind`` for each seat at the table (a JSON list)."""
    values_of = many(kind)

    def load(values: Any) -> tuple[Any, ...]:
        count, got = _SEATS.get(), len(_list(values))
        if got != count if count is not None else got > MAX_SEATS:
            raise ValueError(f"expected a value for each of {_seats()} seats, got {got}")
        loaded: tuple[Any, ...] = values_of.load(values)
        return loaded
    return Kind(values_of.dump, load)


#: Some of the table's seats (who won, who is still to play ...).
SEATS = many(SEAT)
#: Text a person reads (a name, a message): cleaned of terminal sequences on the way in,
#: since it comes from another process. A string from the wire is one of these or a
#: word of a fixed vocabulary (:func:`one_of`, a game's own parser): never raw.
NAME = Kind(_same, lambda v: clean(text(v), NAME_LIMIT))
TEXT = Kind(_same, lambda v: clean(text(v), CHAT_LIMIT))
SEAT_INFO = Kind(
    lambda s: {"name": s.name, "kind": s.kind, "level": s.level},
    lambda d: SeatInfo(NAME.load(d["name"]), NAME.load(d["kind"]), optional(NAME).load(d["level"])))


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
        name = data.get("type")
        entry = self.events.get(name) if isinstance(name, str) else None
        if entry is None:
            return None
        cls, fields = entry
        return cls(**{key: kind.load(data[key]) for key, kind in fields.items()})
