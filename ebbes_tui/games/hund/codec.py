"""The wire codec: a seat's view and the game's events as JSON, cards as their record
codes, in the seam's kinds (:mod:`ebbes_tui.game.codec`). Reading is strict (anything
malformed raises ValueError, TypeError or KeyError) and names are cleaned, since the
bytes come from another process."""

from __future__ import annotations

from typing import Any

from ...game.codec import (
    BOOL, INT, SEAT, SEAT_INFO, SEAT_OR_NOBODY, SEATS, EventCodec, Kind, cards, fields_codec,
    many, one_of, optional, per_seat, row, seated, text, whole,
)
from .rules.actions import parse_action
from .rules.cards import CODES, DECK_SIZE, MAX_PLAYERS, parse_card
from .rules.events import (
    Avstikk, CardPlayed, DroppedOut, Drew, GameDealt, HundFound, Krig, MatchOver, Played,
    SatOut, ShedBegan, TrickTaken, TrumpCardLaidAside, UndertrekkTaken, WentOut,
)
from .rules.tricks import Move, Trick
from .rules.view import HundView

CARD = Kind(CODES.__getitem__, parse_card)
CARDS = cards(CARD, DECK_SIZE)
#: The trump card, -1 (null on the wire) until phase 2 shows it.
TRUMP_CARD = Kind(lambda c: CODES[c] if c >= 0 else None,
                  lambda v: -1 if v is None else parse_card(v))
LYING = row(SEAT, CARDS)
#: Who still held cards when phase 1 ended, and how many.
SEATS_CARDS = row(SEAT, INT)
TRICK = fields_codec(Trick, {"leader": SEAT, "cards": CARDS, "seats": SEATS,
                             "sjanse": many(BOOL), "winner": SEAT, "krig": BOOL})
_MOVE = row(SEAT, CARDS, BOOL, optional(CARD))
#: A number for each seat (hand sizes, the tally).
COUNTS = per_seat(INT)
#: A place in going out (N12): 1st, 2nd ... one for each seat at most.
PLACE = Kind(lambda place: place, lambda place: SEAT.load(whole(place) - 1) + 1)


def _warriors(value: Any) -> tuple[int, ...]:
    seats = SEATS.load(value)
    if len(seats) < 2:
        raise ValueError("a krig is between two players or more (N5)")
    return seats


WARRIORS = Kind(SEATS.dump, _warriors)


def _move(value: Any) -> Move:
    seat, cards, took, top = _MOVE.load(value)
    if took != (top is not None):
        raise ValueError("an undertrekk, and only an undertrekk, names the card it could not beat")
    return Move(seat, cards, True, top) if took else Move(seat, cards, False)


MOVE = Kind(lambda m: _MOVE.dump((m.seat, m.cards, m.took, m.top if m.took else None)), _move)

#: Every field of a HundView and its kind (a test checks none is missing).
VIEW_FIELDS: dict[str, Kind] = {
    "seat": optional(SEAT), "seats": many(SEAT_INFO), "series": BOOL, "games": INT,
    "phase": one_of("deal", "collect", "shed", "over"), "game": INT, "moves": INT,
    "dealer": SEAT_OR_NOBODY, "kind": one_of("play", "krig", "lead", "beat", "deal", ""),
    "deciding": SEATS, "actions": many(Kind(str, lambda v: parse_action(text(v)))),
    "hand": CARDS, "hand_sizes": COUNTS, "taken_sizes": COUNTS, "pile_size": INT,
    "aside_size": INT, "leader": SEAT_OR_NOBODY, "trick": many(row(SEAT, CARD, BOOL)),
    "krig": INT, "warriors": SEATS, "round_start": INT, "to_play": SEATS,
    "tricks": many(TRICK), "trump_holder": SEAT_OR_NOBODY, "trump_card": TRUMP_CARD,
    "leftover": optional(SEATS_CARDS), "shed_trick": many(LYING), "began": INT,
    "repeats": INT,
    "log": many(MOVE), "last_trick": many(LYING), "out": SEATS, "gone": INT,
    "hund": SEAT_OR_NOBODY, "tally": COUNTS, "hunds": SEATS, "outs": many(SEATS),
    "shared": many(SEATS),
}

#: The events by their names on the wire (each class's name).
EVENTS = EventCodec({cls.__name__: (cls, fields) for cls, fields in (
    (GameDealt, {"game": INT, "dealer": SEAT, "aside": INT, "pile": INT}),
    (CardPlayed, {"seat": SEAT, "card": CARD, "sjanse": BOOL, "krig": INT}),
    (Krig, {"seats": WARRIORS, "rank": INT, "level": INT}),
    (DroppedOut, {"seat": SEAT}),
    (TrickTaken, {"seat": SEAT, "cards": CARDS, "won_in_krig": BOOL}),
    (Drew, {"seat": SEAT, "count": INT}),
    (TrumpCardLaidAside, {"seat": SEAT}),
    (SatOut, {"seat": SEAT}),
    (ShedBegan, {"trump_card": CARD, "holder": SEAT, "leftover": optional(SEATS_CARDS),
                 "hands": COUNTS}),
    (Played, {"seat": SEAT, "cards": CARDS, "lead": BOOL}),
    (UndertrekkTaken, {"seat": SEAT, "cards": CARDS, "top": CARDS}),
    (Avstikk, {"seat": SEAT, "cards": CARDS}),
    (WentOut, {"seat": SEAT, "place": PLACE}),
    (HundFound, {"game": INT, "seat": SEAT, "out": SEATS, "tally": COUNTS, "shared": SEATS}),
    (MatchOver, {"tally": COUNTS, "winners": SEATS}),
)})


def view_to_json(view: HundView) -> dict[str, Any]:
    return {key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()}


def view_from_json(data: Any) -> HundView:
    """The view :func:`view_to_json` wrote, equal to the original; KeyError,
    TypeError or ValueError for anything else. Seats are read at the table its seat
    list makes."""
    with seated(len(data["seats"]), MAX_PLAYERS):
        return HundView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()})


event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
