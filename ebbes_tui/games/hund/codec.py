"""The wire codec: a seat's view and the game's events as JSON, cards as their record
codes. Reading is strict (anything malformed raises ValueError, TypeError or
KeyError), since the bytes come from another process."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...game.protocols import SeatInfo
from .actions import parse_action
from .cards import CODES, parse_card
from .events import EVENT_TYPES, Event
from .tricks import Move, Trick
from .view import HundView

_EVENTS = {cls.__name__: cls for cls in EVENT_TYPES}
_PHASES = ("deal", "collect", "shed", "over")
_KINDS = ("play", "krig", "lead", "beat", "deal", "")


def view_to_json(view: HundView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in view.seats],
        "series": view.series, "games": view.games, "phase": view.phase, "game": view.game,
        "moves": view.moves, "dealer": view.dealer, "kind": view.kind,
        "deciding": list(view.deciding),
        "actions": [str(a) for a in view.actions],
        "hand": _codes(view.hand),
        "hand_sizes": list(view.hand_sizes), "taken_sizes": list(view.taken_sizes),
        "pile_size": view.pile_size, "aside_size": view.aside_size,
        "leader": view.leader,
        "trick": [[s, CODES[c], j] for s, c, j in view.trick],
        "krig": view.krig, "warriors": list(view.warriors), "round_start": view.round_start,
        "to_play": list(view.to_play),
        "tricks": [{"leader": t.leader, "cards": _codes(t.cards), "seats": list(t.seats),
                    "sjanse": list(t.sjanse), "winner": t.winner, "krig": t.krig}
                   for t in view.tricks],
        "trump_holder": view.trump_holder,
        "trump_card": CODES[view.trump_card] if view.trump_card >= 0 else None,
        "leftover": list(view.leftover) if view.leftover is not None else None,
        "shed_trick": [[s, _codes(cs)] for s, cs in view.shed_trick],
        "began": view.began,
        "log": [[m.seat, _codes(m.cards), m.took, CODES[m.top] if m.took else None]
                for m in view.log],
        "last_trick": [[s, _codes(cs)] for s, cs in view.last_trick],
        "out": list(view.out), "gone": view.gone, "hund": view.hund,
        "tally": list(view.tally), "hunds": list(view.hunds),
        "outs": [list(out) for out in view.outs],
    }


def view_from_json(data: Any) -> HundView:
    if not isinstance(data, dict):
        raise TypeError("a view must be an object")
    seat = data["seat"]
    return HundView(
        seat=None if seat is None else _int(seat),
        seats=tuple(_seat(s) for s in _list(data["seats"])),
        series=_bool(data["series"]), games=_int(data["games"]),
        phase=_one_of(data["phase"], _PHASES), game=_int(data["game"]),
        moves=_int(data["moves"]), dealer=_int(data["dealer"]),
        kind=_one_of(data["kind"], _KINDS),
        deciding=_ints(data["deciding"]),
        actions=tuple(parse_action(a) for a in _list(data["actions"])),
        hand=_cards(data["hand"]),
        hand_sizes=_ints(data["hand_sizes"]), taken_sizes=_ints(data["taken_sizes"]),
        pile_size=_int(data["pile_size"]), aside_size=_int(data["aside_size"]),
        leader=_int(data["leader"]),
        trick=tuple(_played(p) for p in _list(data["trick"])),
        krig=_int(data["krig"]), warriors=_ints(data["warriors"]),
        round_start=_int(data["round_start"]), to_play=_ints(data["to_play"]),
        tricks=tuple(_trick(t) for t in _list(data["tricks"])),
        trump_holder=_int(data["trump_holder"]),
        trump_card=-1 if data["trump_card"] is None else parse_card(data["trump_card"]),
        leftover=None if data["leftover"] is None else _pair(data["leftover"]),
        shed_trick=tuple(_lying(p) for p in _list(data["shed_trick"])),
        began=_int(data["began"]),
        log=tuple(_move(m) for m in _list(data["log"])),
        last_trick=tuple(_lying(p) for p in _list(data["last_trick"])),
        out=_ints(data["out"]), gone=_int(data["gone"]), hund=_int(data["hund"]),
        tally=_ints(data["tally"]), hunds=_ints(data["hunds"]),
        outs=tuple(_ints(out) for out in _list(data["outs"])),
    )


def event_to_json(event: Event) -> dict[str, Any] | None:
    if type(event) not in _EVENTS.values():
        return None
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in dataclasses.fields(event):
        out[f.name] = _out(f.name, getattr(event, f.name))
    return out


def event_from_json(data: dict[str, Any]) -> Event | None:
    cls = _EVENTS.get(data.get("type")) if isinstance(data, dict) else None
    if cls is None:
        return None
    return cls(**{f.name: _in(f.name, data[f.name]) for f in dataclasses.fields(cls)})


# Event fields by name: cards as codes, sequences as lists.
_CARD_FIELDS = {"card", "trump_card"}
_CARDS_FIELDS = {"cards", "top"}
_BOOL_FIELDS = {"sjanse", "won_in_krig", "lead"}


def _out(name: str, value: Any) -> Any:
    if name in _CARD_FIELDS:
        return CODES[value]
    if name in _CARDS_FIELDS:
        return _codes(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _in(name: str, value: Any) -> Any:
    if name in _CARD_FIELDS:
        return parse_card(value)
    if name in _CARDS_FIELDS:
        return _cards(value)
    if name == "leftover":
        return None if value is None else _pair(value)
    if name in _BOOL_FIELDS:
        return _bool(value)
    if name in ("seats", "hands", "out", "tally", "winners"):
        return _ints(value)
    return _int(value)


# ------------------------------------------------------------------ strict readers


def _codes(cards: Any) -> list[str]:
    return [CODES[c] for c in cards]


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(_int(v) for v in _list(value))


def _cards(value: Any) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in _list(value))


def _pair(value: Any) -> tuple[int, int]:
    a, b = _list(value)
    return _int(a), _int(b)


def _one_of(value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ValueError(f"unexpected {value!r}")
    return value


def _seat(value: Any) -> SeatInfo:
    if not isinstance(value, dict) or not isinstance(value["name"], str) \
            or not isinstance(value["kind"], str):
        raise TypeError("a seat needs a name and a kind")
    level = value["level"]
    if level is not None and not isinstance(level, str):
        raise TypeError("a seat's level must be text")
    return SeatInfo(value["name"], value["kind"], level)


def _played(value: Any) -> tuple[int, int, bool]:
    seat, card, sjanse = _list(value)
    return _int(seat), parse_card(card), _bool(sjanse)


def _lying(value: Any) -> tuple[int, tuple[int, ...]]:
    seat, cards = _list(value)
    return _int(seat), _cards(cards)


def _move(value: Any) -> Move:
    seat, cards, took, top = _list(value)
    if _bool(took):
        return Move(_int(seat), _cards(cards), True, parse_card(top))
    if top is not None:
        raise ValueError("only an undertrekk names the card it could not beat")
    return Move(_int(seat), _cards(cards), False)


def _trick(value: Any) -> Trick:
    if not isinstance(value, dict):
        raise TypeError("a trick must be an object")
    return Trick(_int(value["leader"]), _cards(value["cards"]), _ints(value["seats"]),
                 tuple(_bool(b) for b in _list(value["sjanse"])), _int(value["winner"]),
                 _bool(value["krig"]))
