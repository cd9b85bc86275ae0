"""The wire codec: a seat's view and the game's events as JSON, cards as their record
codes, in the seam's kinds (:mod:`ebbes_tui.game.codec`). Reading is strict (anything
malformed raises ValueError, TypeError or KeyError) and names are cleaned, since the
bytes come from another process."""

from __future__ import annotations

from typing import Any

from ...game.codec import (
    BOOL, INT, INTS, SEAT_INFO, EventCodec, Kind, fields_codec, many, one_of, optional, row,
    text,
)
from .actions import parse_action
from .cards import CODES, parse_card
from .events import (
    Avstikk, CardPlayed, DroppedOut, Drew, GameDealt, HundFound, Krig, MatchOver, Played,
    SatOut, ShedBegan, TrickTaken, TrumpCardLaidAside, UndertrekkTaken, WentOut,
)
from .tricks import Move, Trick
from .view import HundView

CARD = Kind(CODES.__getitem__, parse_card)
CARDS = many(CARD)
#: The trump card, -1 (null on the wire) until phase 2 shows it.
TRUMP_CARD = Kind(lambda c: CODES[c] if c >= 0 else None,
                  lambda v: -1 if v is None else parse_card(v))
LYING = row(INT, CARDS)
SEATS_CARDS = row(INT, INT)
TRICK = fields_codec(Trick, {"leader": INT, "cards": CARDS, "seats": INTS,
                             "sjanse": many(BOOL), "winner": INT, "krig": BOOL})
_MOVE = row(INT, CARDS, BOOL, optional(CARD))


def _move(value: Any) -> Move:
    seat, cards, took, top = _MOVE.load(value)
    if took != (top is not None):
        raise ValueError("an undertrekk, and only an undertrekk, names the card it could not beat")
    return Move(seat, cards, True, top) if took else Move(seat, cards, False)


MOVE = Kind(lambda m: _MOVE.dump((m.seat, m.cards, m.took, m.top if m.took else None)), _move)

#: Every field of a HundView and its kind (a test checks none is missing).
VIEW_FIELDS: dict[str, Kind] = {
    "seat": optional(INT), "seats": many(SEAT_INFO), "series": BOOL, "games": INT,
    "phase": one_of("deal", "collect", "shed", "over"), "game": INT, "moves": INT,
    "dealer": INT, "kind": one_of("play", "krig", "lead", "beat", "deal", ""),
    "deciding": INTS, "actions": many(Kind(str, lambda v: parse_action(text(v)))),
    "hand": CARDS, "hand_sizes": INTS, "taken_sizes": INTS, "pile_size": INT,
    "aside_size": INT, "leader": INT, "trick": many(row(INT, CARD, BOOL)), "krig": INT,
    "warriors": INTS, "round_start": INT, "to_play": INTS, "tricks": many(TRICK),
    "trump_holder": INT, "trump_card": TRUMP_CARD, "leftover": optional(SEATS_CARDS),
    "shed_trick": many(LYING), "began": INT, "log": many(MOVE), "last_trick": many(LYING),
    "out": INTS, "gone": INT, "hund": INT, "tally": INTS, "hunds": INTS, "outs": many(INTS),
}

#: The events by their names on the wire (each class's name).
EVENTS = EventCodec({cls.__name__: (cls, fields) for cls, fields in (
    (GameDealt, {"game": INT, "dealer": INT, "aside": INT, "pile": INT}),
    (CardPlayed, {"seat": INT, "card": CARD, "sjanse": BOOL, "krig": INT}),
    (Krig, {"seats": INTS, "rank": INT, "level": INT}),
    (DroppedOut, {"seat": INT}),
    (TrickTaken, {"seat": INT, "cards": CARDS, "won_in_krig": BOOL}),
    (Drew, {"seat": INT, "count": INT}),
    (TrumpCardLaidAside, {"seat": INT}),
    (SatOut, {"seat": INT}),
    (ShedBegan, {"trump_card": CARD, "holder": INT, "leftover": optional(SEATS_CARDS),
                 "hands": INTS}),
    (Played, {"seat": INT, "cards": CARDS, "lead": BOOL}),
    (UndertrekkTaken, {"seat": INT, "cards": CARDS, "top": CARDS}),
    (Avstikk, {"seat": INT, "cards": CARDS}),
    (WentOut, {"seat": INT, "place": INT}),
    (HundFound, {"game": INT, "seat": INT, "out": INTS, "tally": INTS}),
    (MatchOver, {"tally": INTS, "winners": INTS}),
)})


def view_to_json(view: HundView) -> dict[str, Any]:
    return {key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()}


def view_from_json(data: Any) -> HundView:
    """The view :func:`view_to_json` wrote, equal to the original; KeyError,
    TypeError or ValueError for anything else."""
    return HundView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()})


event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
