"""The wire codec: a :class:`HuhnView` and the game's events as JSON and back, in the
seam's kinds (:mod:`ebbes_tui.game.codec`).

What comes back from the wire is hostile until read: every field is checked for its
type and range (seats, cards, the words of phases, ends, reward kinds and options),
names are cleaned, and anything else raises ValueError, TypeError or KeyError. A view
read back equals the view written.
"""

from __future__ import annotations

from typing import Any

from ...game.codec import (
    BOOL, INT, SEAT, SEAT_INFO, SEAT_OR_NOBODY, SEATS, EventCodec, Kind, between, cards,
    fields_codec, many, one_of, optional, per_seat, row, seated, text,
)
from .rules.actions import ArrangeChoices, parse_action, parse_option
from .rules.cards import HIGHEST, LOWEST, PENALTY, REWARD_KINDS
from .rules.events import (
    CardPlayed, DealScored, DealStarted, GameOver, HandArranged, LeaderNamed, OptionChosen,
    PenaltyGiven, PlayBegins, RewardTaken, TrickTaken,
)
from .rules.scoring import DealScore
from .rules.tricks import ENDS, Trick, TrickCard
from .rules.view import HuhnView, Table

PHASES = ("deal", "arrange", "play", "reward", "leader", "option", "over")

CARD = between(LOWEST, HIGHEST)
CARDS = cards(CARD, HIGHEST - LOWEST + 1)
END = one_of(*ENDS)
REWARD = one_of(*REWARD_KINDS)
PENALTIES = many(one_of(*PENALTY[2:]))
#: The last trick's option as the record writes it (``hens``, ``cross 2``), H11.
OPTION = Kind(lambda word: word, lambda word: parse_option(text(word)).word)
TRICK_NO = between(1, 50)
DEAL_NO = between(1, 100)
#: The legal actions: the orders of a hand while arranging (never listed, H3), else
#: each action's text.
ACTIONS = Kind(
    lambda a: {"arrange": list(a.hand)} if isinstance(a, ArrangeChoices) else [str(x) for x in a],
    lambda v: ArrangeChoices(CARDS.load(v["arrange"])) if isinstance(v, dict)
    else many(Kind(str, lambda x: parse_action(text(x)))).load(v))

#: A completed trick: a card from every seat (H6).
TRICK = fields_codec(Trick, {
    "leader": SEAT, "cards": per_seat(CARD), "seats": per_seat(SEAT),
    "downs": per_seat(BOOL), "ends": per_seat(END), "winner": SEAT, "sau": BOOL,
    "advantage": optional(REWARD)})
#: A scored deal (H10, H11).
SCORE = fields_codec(DealScore, {
    "hens": per_seat(between(0, 10)), "hen_points": per_seat(between(-10, 0)),
    "penalties": per_seat(PENALTIES), "penalty_points": per_seat(INT),
    "rewards": per_seat(many(REWARD)), "bonus": per_seat(between(0, 3)),
    "points": per_seat(INT), "taker": SEAT, "option": OPTION})
#: A view's public table.
TABLE = fields_codec(Table, {
    "seats": per_seat(SEAT_INFO), "phase": one_of(*PHASES), "deal": between(0, 100),
    "deals": DEAL_NO, "dealt": between(1, 50), "dealer": SEAT_OR_NOBODY,
    "arranged": per_seat(BOOL), "leader": SEAT_OR_NOBODY, "named_by": optional(SEAT),
    "advantage": optional(REWARD), "tricks": many(TRICK),
    "taken": per_seat(between(0, 50)), "hens": per_seat(between(0, 10)),
    "penalties": per_seat(PENALTIES), "rewards": per_seat(many(REWARD)),
    "supply": many(REWARD), "reward_log": many(row(TRICK_NO, SEAT, REWARD)),
    "leader_log": many(row(TRICK_NO, SEAT, SEAT)), "scores": many(SCORE),
    "crossed": per_seat(many(DEAL_NO)), "totals": per_seat(INT)})
_TRICK_CARD = row(SEAT, optional(CARD), BOOL, END)
#: A view's own fields (besides its table).
VIEW_FIELDS: dict[str, Kind] = {
    "seat": optional(SEAT), "deciding": SEATS, "actions": ACTIONS, "hand": CARDS,
    "trick": many(Kind(_TRICK_CARD.dump, lambda v: TrickCard(*_TRICK_CARD.load(v)))),
    "hand_sizes": per_seat(between(0, 50)), "moves": between(0, 10**4)}


def view_to_json(view: HuhnView) -> dict[str, Any]:
    return {**{key: kind.dump(getattr(view, key)) for key, kind in VIEW_FIELDS.items()},
            **TABLE.dump(view.table), "over": view.over}


def view_from_json(data: Any) -> HuhnView:
    """The view :func:`view_to_json` wrote; ValueError, TypeError or KeyError for
    anything else. Seats are read at the table its seat list makes."""
    with seated(len(data["seats"])):
        return HuhnView(**{key: kind.load(data[key]) for key, kind in VIEW_FIELDS.items()},
                        table=TABLE.load(data))


EVENTS = EventCodec({
    "deal_started": (DealStarted, {"deal": DEAL_NO, "dealer": SEAT, "leader": SEAT,
                                   "hand_size": between(1, 50)}),
    "hand_arranged": (HandArranged, {"seat": SEAT}),
    "play_begins": (PlayBegins, {"leader": SEAT}),
    "card_played": (CardPlayed, {"seat": SEAT, "card": optional(CARD), "down": BOOL, "end": END}),
    "trick_taken": (TrickTaken, {"trick": TRICK}),
    "penalty_given": (PenaltyGiven, {"seat": SEAT, "penalty": one_of(*PENALTY[2:])}),
    "reward_taken": (RewardTaken, {"seat": SEAT, "kind": REWARD}),
    "leader_named": (LeaderNamed, {"seat": SEAT, "leader": SEAT}),
    "option_chosen": (OptionChosen, {"seat": SEAT, "option": OPTION}),
    "deal_scored": (DealScored, {"deal": DEAL_NO, "score": SCORE, "totals": per_seat(INT),
                                 "crossed": per_seat(many(DEAL_NO))}),
    "game_over": (GameOver, {"totals": per_seat(INT), "winners": SEATS}),
})

event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
