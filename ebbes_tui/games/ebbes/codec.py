"""ebbes' views and events on the wire (the table protocol, ``assets/protocol.md``):
cards as in records (``blue10``), every field checked on the way in."""

from __future__ import annotations

from typing import Any

from ...game.codec import (
    BOOL, INT, INTS, SEAT, SEAT_INFO, SEAT_OR_NOBODY, SEATS, EventCodec, Kind, between, cards,
    many, optional, per_seat, seated, text, truth, whole,
)
from .rules.actions import parse_action
from .rules.cards import ALL_CARDS, MAX_VALUE, SUIT_NAMES, parse_card, parse_suit
from .rules.categories import Category
from .rules.events import (
    CardPlayed, CategoryFixed, GameOver, PairChosen, RoundScored, RoundStarted,
    StarterChosen, TrickWon,
)
from .rules.scoring import RoundScore, SeatScore
from .rules.state import Decision, Phase
from .rules.tricks import Trick
from .rules.variants import GameConfig, Options
from .rules.view import PlayerView

CARD = Kind(lambda c: c.code, parse_card)
SUIT = Kind(lambda s: SUIT_NAMES[s], lambda name: int(parse_suit(name)))
CARDS = cards(CARD, len(ALL_CARDS))
PHASE = Kind(lambda p: p.value, Phase)
CATEGORY = Kind(lambda c: c.key, lambda key: Category[text(key).upper()])
#: A Number Determiner's value, or a Variant 2 pair's number.
NUMBER = between(1, MAX_VALUE)


def _trick(d: Any) -> Trick:
    """A completed trick: a card from every seat, won by one of them (R2)."""
    trick = Trick(SEAT.load(d["leader"]), per_seat(CARD).load(d["cards"]),
                  SEAT.load(d["winner"]), per_seat(SEAT).load(d["seats"]))
    if trick.winner not in trick.seats:
        raise ValueError("a trick's winner played in it")
    return trick


TRICK = Kind(
    lambda t: {"leader": t.leader, "cards": CARDS.dump(t.cards), "winner": t.winner,
               "seats": list(t.seats)}, _trick)
SCORE = Kind(
    lambda s: {"suits": many(SUIT).dump(s.suits), "seats": [list(x) for x in s.seats],
               "nix_holder": s.nix_holder, "points": list(s.points)},
    lambda d: RoundScore(many(SUIT).load(d["suits"]),
                         tuple(SeatScore(*x) for x in per_seat(INTS).load(d["seats"])),
                         SEAT.load(d["nix_holder"]), per_seat(INT).load(d["points"])))
CONFIG = Kind(
    lambda c: {"seats": many(SEAT_INFO).dump(c.seats),
               "options": {"more_cards": c.options.more_cards,
                           "choose_determiners": c.options.choose_determiners,
                           "rounds": c.options.rounds},
               "first_starter": c.first_starter, "first_dealer": c.first_dealer},
    lambda d: GameConfig(many(SEAT_INFO).load(d["seats"]), Options(
        truth(d["options"]["more_cards"]), truth(d["options"]["choose_determiners"]),
        whole(d["options"]["rounds"])), first_starter=optional(SEAT).load(d["first_starter"]),
        first_dealer=optional(SEAT).load(d["first_dealer"])))
DECISION = Kind(lambda d: {"phase": d.phase.value, "seat": d.seat},
                lambda d: Decision(Phase(d["phase"]), optional(SEAT).load(d["seat"])))
PAIR = Kind(lambda p: [SUIT_NAMES[p[0]], p[1]], lambda p: (SUIT.load(p[0]), NUMBER.load(p[1])))
ACTIONS = many(Kind(str, lambda value: parse_action(text(value))))
#: Who plays after each seat this round (R3, R15); nobody before the first deal.
ORDER = Kind(list, lambda order: () if order == [] else per_seat(SEAT).load(order))

#: Every field of a PlayerView and its kind (a test checks none is missing).
VIEW_FIELDS: dict[str, Kind] = {
    "seat": optional(SEAT), "config": CONFIG, "phase": PHASE, "pending": optional(DECISION),
    "round_no": INT, "dealer": optional(SEAT), "starter": SEAT_OR_NOBODY,
    "number": optional(NUMBER), "pairs": many(PAIR), "suits": many(SUIT), "hand": CARDS,
    "actions": ACTIONS, "order": ORDER, "leader": SEAT_OR_NOBODY, "trick": CARDS,
    "trick_seats": SEATS, "tricks": many(TRICK), "hand_sizes": per_seat(INT),
    "tricks_won": per_seat(INT), "taken": per_seat(INTS), "dummy_up": many(optional(CARD)),
    "dummy_down": many(BOOL), "totals": per_seat(INT), "scores": many(SCORE),
    "nix_holder": optional(SEAT),
}

EVENTS = EventCodec({
    "round_started": (RoundStarted, {"round_no": INT, "dealer": optional(SEAT),
                                     "number": optional(NUMBER)}),
    "starter_chosen": (StarterChosen, {"chooser": optional(SEAT), "starter": SEAT}),
    "pair_chosen": (PairChosen, {"seat": SEAT, "suit": SUIT, "number": NUMBER}),
    "card_played": (CardPlayed, {"seat": SEAT, "card": CARD}),
    "category_fixed": (CategoryFixed, {"category": CATEGORY, "suit": SUIT, "card": CARD,
                                       "seat": SEAT}),
    "trick_won": (TrickWon, {"trick": TRICK}),
    "round_scored": (RoundScored, {"round_no": INT, "score": SCORE,
                                   "totals": per_seat(INT)}),
    "game_over": (GameOver, {"totals": per_seat(INT), "winners": SEATS}),
})


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as JSON (what R18 lets that seat see, nothing added)."""
    return {key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()}


def view_from_json(data: Any) -> PlayerView:
    """The PlayerView :func:`view_to_json` wrote, equal to the original; KeyError,
    TypeError or ValueError for anything else. Seats are read at the table its
    config's seats make (the dummy's among them)."""
    with seated(len(data["config"]["seats"])):
        return PlayerView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()})


event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
