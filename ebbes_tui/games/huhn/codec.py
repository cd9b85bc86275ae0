"""The wire codec: a :class:`HuhnView` and the game's events as JSON and back, in the
seam's kinds (:mod:`ebbes_tui.game.codec`).

What comes back from the wire is hostile until read: every field is checked for its
type and range (seats, cards, the words of phases, ends, reward kinds and options),
names are cleaned, and anything else raises ValueError, TypeError or KeyError. A view
read back equals the view written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...game.codec import (
    BOOL, INT, SEAT_INFO, EventCodec, Kind, between, fields_codec, many, one_of, optional,
    row, text,
)
from .actions import ArrangeChoices, parse_action, parse_option
from .cards import HIGHEST, LOWEST, PENALTY, REWARD_KINDS
from .events import (
    CardPlayed, DealScored, DealStarted, GameOver, HandArranged, LeaderNamed, OptionChosen,
    PenaltyGiven, PlayBegins, RewardTaken, TrickTaken,
)
from .scoring import DealScore
from .tricks import ENDS, Trick, TrickCard
from .view import HuhnView, Table

PHASES = ("deal", "arrange", "play", "reward", "leader", "option", "over")
MAX_SEATS = 8

CARD = between(LOWEST, HIGHEST)
CARDS = many(CARD)
END = one_of(*ENDS)
REWARD = one_of(*REWARD_KINDS)
PENALTIES = many(one_of(*PENALTY[2:]))
#: The last trick's option as the record writes it (``hens``, ``cross 2``), H11.
OPTION = Kind(lambda word: word, lambda word: parse_option(text(word)).word)
TRICK_NO = between(1, 50)
DEAL_NO = between(1, 100)
#: A seat named by an event (an event does not say how many seats there are).
SEAT = between(0, MAX_SEATS - 1)
#: The legal actions: the orders of a hand while arranging (never listed, H3), else
#: each action's text.
ACTIONS = Kind(
    lambda a: {"arrange": list(a.hand)} if isinstance(a, ArrangeChoices) else [str(x) for x in a],
    lambda v: ArrangeChoices(CARDS.load(v["arrange"])) if isinstance(v, dict)
    else many(Kind(str, lambda x: parse_action(text(x)))).load(v))


def _trick(n: int) -> Kind:
    """A completed trick at a table of ``n`` seats: a card from every seat (H6)."""
    seat = between(0, n - 1)
    return fields_codec(Trick, {
        "leader": seat, "cards": many(CARD, n), "seats": many(seat, n), "downs": many(BOOL, n),
        "ends": many(END, n), "winner": seat, "sau": BOOL, "advantage": optional(REWARD)})


def _score(n: int) -> Kind:
    """A scored deal at a table of ``n`` seats (H10, H11)."""
    return fields_codec(DealScore, {
        "hens": many(between(0, 10), n), "hen_points": many(between(-10, 0), n),
        "penalties": many(PENALTIES, n), "penalty_points": many(INT, n),
        "rewards": many(many(REWARD), n), "bonus": many(between(0, 3), n),
        "points": many(INT, n), "taker": between(0, n - 1), "option": OPTION})


def _view(n: int) -> tuple[dict[str, Kind], Kind]:
    """The kinds of a view's own fields and of its public table, at ``n`` seats."""
    seat, each = between(0, n - 1), (lambda kind: many(kind, n))
    table = fields_codec(Table, {
        "seats": many(SEAT_INFO, n), "phase": one_of(*PHASES), "deal": between(0, 100),
        "deals": DEAL_NO, "dealt": between(1, 50), "dealer": between(-1, n - 1),
        "arranged": each(BOOL), "leader": between(-1, n - 1), "named_by": optional(seat),
        "advantage": optional(REWARD), "tricks": many(TRICKS[n]),
        "taken": each(between(0, 50)), "hens": each(between(0, 10)), "penalties": each(PENALTIES),
        "rewards": each(many(REWARD)), "supply": many(REWARD),
        "reward_log": many(row(TRICK_NO, seat, REWARD)),
        "leader_log": many(row(TRICK_NO, seat, seat)), "scores": many(SCORES[n]),
        "crossed": each(many(DEAL_NO)), "totals": each(INT)})
    trick_card = row(seat, optional(CARD), BOOL, END)
    fields = {
        "seat": optional(seat), "deciding": many(seat), "actions": ACTIONS, "hand": CARDS,
        "trick": many(Kind(trick_card.dump, lambda v: TrickCard(*trick_card.load(v)))),
        "hand_sizes": each(between(0, 50)), "moves": between(0, 10**4)}
    return fields, table


#: Each kind by the number of seats at the table, 2 to MAX_SEATS.
TRICKS = {n: _trick(n) for n in range(2, MAX_SEATS + 1)}
SCORES = {n: _score(n) for n in range(2, MAX_SEATS + 1)}
VIEWS = {n: _view(n) for n in range(2, MAX_SEATS + 1)}


def _at(kinds: Mapping[int, Any], n: int) -> Any:
    """The kind for a table of ``n`` seats; ValueError for a number no table has."""
    if n not in kinds:
        raise ValueError(f"a table of {n} seats")
    return kinds[n]


def _sized(key: str, kinds: Mapping[int, Kind]) -> Kind:
    """The kind in ``kinds`` for a value of an event (which does not say how many seats
    there are) by the length of its ``key``."""
    return Kind(lambda v: kinds[len(getattr(v, key))].dump(v),
                lambda d: _at(kinds, len(d[key])).load(d))


def view_to_json(view: HuhnView) -> dict[str, Any]:
    fields, table = VIEWS[len(view.seats)]
    return {**{key: kind.dump(getattr(view, key)) for key, kind in fields.items()},
            **table.dump(view.table), "over": view.over}


def view_from_json(data: Any) -> HuhnView:
    """The view :func:`view_to_json` wrote; ValueError, TypeError or KeyError for
    anything else."""
    fields, table = _at(VIEWS, len(data["seats"]))
    return HuhnView(**{key: kind.load(data[key]) for key, kind in fields.items()},
                    table=table.load(data))


EVENTS = EventCodec({
    "deal_started": (DealStarted, {"deal": DEAL_NO, "dealer": SEAT, "leader": SEAT,
                                   "hand_size": between(1, 50)}),
    "hand_arranged": (HandArranged, {"seat": SEAT}),
    "play_begins": (PlayBegins, {"leader": SEAT}),
    "card_played": (CardPlayed, {"seat": SEAT, "card": optional(CARD), "down": BOOL, "end": END}),
    "trick_taken": (TrickTaken, {"trick": _sized("cards", TRICKS)}),
    "penalty_given": (PenaltyGiven, {"seat": SEAT, "penalty": one_of(*PENALTY[2:])}),
    "reward_taken": (RewardTaken, {"seat": SEAT, "kind": REWARD}),
    "leader_named": (LeaderNamed, {"seat": SEAT, "leader": SEAT}),
    "option_chosen": (OptionChosen, {"seat": SEAT, "option": OPTION}),
    "deal_scored": (DealScored, {"deal": DEAL_NO, "score": _sized("points", SCORES),
                                 "totals": many(INT), "crossed": many(many(DEAL_NO))}),
    "game_over": (GameOver, {"totals": many(INT), "winners": many(SEAT)}),
})

event_to_json = EVENTS.to_json
event_from_json = EVENTS.from_json
