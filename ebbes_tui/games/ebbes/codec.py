"""ebbes' views and events on the wire (the table protocol, ``assets/protocol.md``):
cards as in records (``blue10``), every field checked on the way in."""

from __future__ import annotations

from typing import Any

from ...game.codec import (
    BOOL, INT, INTS, SEAT_INFO, EventCodec, Kind, many, optional, text, truth, whole,
)
from .rules.actions import parse_action
from .rules.cards import SUIT_NAMES, parse_card, parse_suit
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
CARDS = many(CARD)
PHASE = Kind(lambda p: p.value, Phase)
CATEGORY = Kind(lambda c: c.key, lambda key: Category[text(key).upper()])
TRICK = Kind(
    lambda t: {"leader": t.leader, "cards": CARDS.dump(t.cards), "winner": t.winner,
               "seats": list(t.seats)},
    lambda d: Trick(whole(d["leader"]), CARDS.load(d["cards"]), whole(d["winner"]),
                    INTS.load(d["seats"])))
SCORE = Kind(
    lambda s: {"suits": many(SUIT).dump(s.suits), "seats": [list(x) for x in s.seats],
               "nix_holder": s.nix_holder, "points": list(s.points)},
    lambda d: RoundScore(many(SUIT).load(d["suits"]),
                         tuple(SeatScore(*INTS.load(x)) for x in d["seats"]),
                         whole(d["nix_holder"]), INTS.load(d["points"])))
CONFIG = Kind(
    lambda c: {"seats": many(SEAT_INFO).dump(c.seats),
               "options": {"more_cards": c.options.more_cards,
                           "choose_determiners": c.options.choose_determiners,
                           "rounds": c.options.rounds},
               "first_starter": c.first_starter, "first_dealer": c.first_dealer},
    lambda d: GameConfig(many(SEAT_INFO).load(d["seats"]), Options(
        truth(d["options"]["more_cards"]), truth(d["options"]["choose_determiners"]),
        whole(d["options"]["rounds"])), first_starter=optional(INT).load(d["first_starter"]),
        first_dealer=optional(INT).load(d["first_dealer"])))
DECISION = Kind(lambda d: {"phase": d.phase.value, "seat": d.seat},
                lambda d: Decision(Phase(d["phase"]), optional(INT).load(d["seat"])))
PAIR = Kind(lambda p: [SUIT_NAMES[p[0]], p[1]], lambda p: (SUIT.load(p[0]), whole(p[1])))
ACTIONS = many(Kind(str, lambda value: parse_action(text(value))))

#: Every field of a PlayerView and its kind (a test checks none is missing).
VIEW_FIELDS: dict[str, Kind] = {
    "seat": optional(INT), "config": CONFIG, "phase": PHASE, "pending": optional(DECISION),
    "round_no": INT, "dealer": optional(INT), "starter": INT, "number": optional(INT),
    "pairs": many(PAIR), "suits": many(SUIT), "hand": CARDS, "actions": ACTIONS,
    "order": INTS, "leader": INT, "trick": CARDS, "trick_seats": INTS,
    "tricks": many(TRICK), "hand_sizes": INTS, "tricks_won": INTS, "taken": many(INTS),
    "dummy_up": many(optional(CARD)), "dummy_down": many(BOOL), "totals": INTS,
    "scores": many(SCORE), "nix_holder": optional(INT),
}

EVENTS = EventCodec({
    "round_started": (RoundStarted, {"round_no": INT, "dealer": optional(INT),
                                     "number": optional(INT)}),
    "starter_chosen": (StarterChosen, {"chooser": optional(INT), "starter": INT}),
    "pair_chosen": (PairChosen, {"seat": INT, "suit": SUIT, "number": INT}),
    "card_played": (CardPlayed, {"seat": INT, "card": CARD}),
    "category_fixed": (CategoryFixed, {"category": CATEGORY, "suit": SUIT, "card": CARD,
                                       "seat": INT}),
    "trick_won": (TrickWon, {"trick": TRICK}),
    "round_scored": (RoundScored, {"round_no": INT, "score": SCORE, "totals": INTS}),
    "game_over": (GameOver, {"totals": INTS, "winners": INTS}),
})


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as JSON (what R18 lets that seat see, nothing added)."""
    return {key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()}


def view_from_json(data: Any) -> PlayerView:
    """The PlayerView :func:`view_to_json` wrote, equal to the original; KeyError,
    TypeError or ValueError for anything else."""
    return PlayerView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()})


event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
