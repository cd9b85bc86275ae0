"""The wire codec: a :class:`HuhnView` and the game's events as JSON and back.

What comes back from the wire is hostile until read: every field is checked for its
type and range (seats, cards, the words of phases, ends and reward kinds), and
anything else raises ValueError, TypeError or KeyError. A view read back equals the
view written.
"""

from __future__ import annotations

from typing import Any

from ...game.protocols import SeatInfo
from .actions import ArrangeChoices, parse_action
from .cards import HIGHEST, LOWEST, PENALTY, REWARD_KINDS, Card
from .events import (
    CardPlayed, DealScored, DealStarted, GameOver, HandArranged, LeaderNamed, OptionChosen,
    PenaltyGiven, PlayBegins, RewardTaken, TrickTaken,
)
from .scoring import DealScore
from .tricks import ENDS, Trick, TrickCard
from .view import HuhnView, Table

PHASES = ("deal", "arrange", "play", "reward", "leader", "option", "over")
MAX_SEATS = 8


# ------------------------------------------------------------------ readers


def _int(value: Any, low: int = -10**6, high: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _opt_int(value: Any, low: int, high: int) -> int | None:
    return None if value is None else _int(value, low, high)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def _word(value: Any, words: tuple[str, ...]) -> str:
    if value not in words or not isinstance(value, str):
        raise ValueError(f"{value!r} is not one of {', '.join(words)}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{type(value).__name__} is not a list")
    return value


def _card(value: Any) -> Card:
    return _int(value, LOWEST, HIGHEST)


def _cards(value: Any) -> tuple[Card, ...]:
    return tuple(_card(c) for c in _list(value))


def _seat_info(value: Any) -> SeatInfo:
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) \
            or not isinstance(value.get("kind"), str):
        raise TypeError("a seat needs a name and a kind")
    level = value.get("level")
    if level is not None and not isinstance(level, str):
        raise TypeError("a seat's level is a word")
    return SeatInfo(value["name"], value["kind"], level)


# ----------------------------------------------------------------- pieces


def trick_to_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": list(trick.cards), "seats": list(trick.seats),
            "downs": list(trick.downs), "ends": list(trick.ends), "winner": trick.winner,
            "sau": trick.sau, "advantage": trick.advantage}


def trick_from_json(data: Any, n: int) -> Trick:
    cards = _cards(data["cards"])
    seats = tuple(_int(s, 0, n - 1) for s in _list(data["seats"]))
    downs = tuple(_bool(d) for d in _list(data["downs"]))
    ends = tuple(_word(e, ENDS) for e in _list(data["ends"]))
    if not len(cards) == len(seats) == len(downs) == len(ends) == n:
        raise ValueError("a trick has one card from every seat")
    advantage = data["advantage"]
    return Trick(_int(data["leader"], 0, n - 1), cards, seats, downs, ends,
                 _int(data["winner"], 0, n - 1), _bool(data["sau"]),
                 None if advantage is None else _word(advantage, REWARD_KINDS))


def score_to_json(score: DealScore) -> dict[str, Any]:
    return {"hens": list(score.hens), "hen_points": list(score.hen_points),
            "penalties": [list(p) for p in score.penalties],
            "penalty_points": list(score.penalty_points),
            "rewards": [list(r) for r in score.rewards], "bonus": list(score.bonus),
            "points": list(score.points), "taker": score.taker, "option": score.option}


def _per_seat(value: Any, n: int, read: Any) -> tuple[Any, ...]:
    items = _list(value)
    if len(items) != n:
        raise ValueError(f"expected one entry for each of the {n} seats")
    return tuple(read(v) for v in items)


def _penalty(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in PENALTY[2:]:
        raise ValueError(f"{value!r} is not a penalty (-3, -6, -10 or -15)")
    return value


def _penalties(value: Any) -> tuple[int, ...]:
    return tuple(_penalty(p) for p in _list(value))


def _rewards(value: Any) -> tuple[str, ...]:
    return tuple(_word(k, REWARD_KINDS) for k in _list(value))


def score_from_json(data: Any, n: int) -> DealScore:
    option = data["option"]
    if not isinstance(option, str) or len(option) > 12:
        raise TypeError("an option is a short word")
    return DealScore(
        _per_seat(data["hens"], n, lambda v: _int(v, 0, 10)),
        _per_seat(data["hen_points"], n, lambda v: _int(v, -10, 0)),
        _per_seat(data["penalties"], n, _penalties),
        _per_seat(data["penalty_points"], n, _int),
        _per_seat(data["rewards"], n, _rewards),
        _per_seat(data["bonus"], n, lambda v: _int(v, 0, 3)),
        _per_seat(data["points"], n, _int),
        _int(data["taker"], 0, n - 1), option)


# ------------------------------------------------------------------- views


def view_to_json(view: HuhnView) -> dict[str, Any]:
    actions = view.actions
    return {
        "seat": view.seat,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in view.seats],
        "deciding": list(view.deciding),
        "actions": ({"arrange": list(actions.hand)} if isinstance(actions, ArrangeChoices)
                    else [str(a) for a in actions]),
        "over": view.over, "phase": view.phase, "deal": view.deal, "deals": view.deals,
        "dealt": view.dealt, "dealer": view.dealer, "hand": list(view.hand),
        "arranged": list(view.arranged), "leader": view.leader, "named_by": view.named_by,
        "advantage": view.advantage,
        "trick": [[t.seat, t.card, t.down, t.end] for t in view.trick],
        "tricks": [trick_to_json(t) for t in view.tricks],
        "hand_sizes": list(view.hand_sizes), "taken": list(view.taken),
        "hens": list(view.hens), "penalties": [list(p) for p in view.penalties],
        "rewards": [list(r) for r in view.rewards], "supply": list(view.supply),
        "reward_log": [list(e) for e in view.reward_log],
        "leader_log": [list(e) for e in view.leader_log],
        "scores": [score_to_json(s) for s in view.scores],
        "crossed": [list(c) for c in view.crossed], "totals": list(view.totals),
        "moves": view.moves,
    }


def view_from_json(data: Any) -> HuhnView:
    """The view :func:`view_to_json` wrote; ValueError, TypeError or KeyError for
    anything else."""
    if not isinstance(data, dict):
        raise TypeError("a view is an object")
    seats = tuple(_seat_info(s) for s in _list(data["seats"]))
    n = len(seats)
    if not 2 <= n <= MAX_SEATS:
        raise ValueError(f"{n} seats")
    seat = _opt_int(data["seat"], 0, n - 1)
    raw = data["actions"]
    actions: Any
    if isinstance(raw, dict):
        actions = ArrangeChoices(_cards(raw["arrange"]))
    else:
        actions = tuple(parse_action(_word_text(a)) for a in _list(raw))
    trick = tuple(TrickCard(_int(s, 0, n - 1), None if c is None else _card(c), _bool(d),
                            _word(e, ENDS))
                  for s, c, d, e in (_four(t) for t in _list(data["trick"])))
    advantage = data["advantage"]
    table = Table(
        seats=seats,
        phase=_word(data["phase"], PHASES),
        deal=_int(data["deal"], 0, 100),
        deals=_int(data["deals"], 1, 100),
        dealt=_int(data["dealt"], 1, 50),
        dealer=_int(data["dealer"], -1, n - 1),
        arranged=_per_seat(data["arranged"], n, _bool),
        leader=_int(data["leader"], -1, n - 1),
        named_by=_opt_int(data["named_by"], 0, n - 1),
        advantage=None if advantage is None else _word(advantage, REWARD_KINDS),
        tricks=tuple(trick_from_json(t, n) for t in _list(data["tricks"])),
        taken=_per_seat(data["taken"], n, lambda v: _int(v, 0, 50)),
        hens=_per_seat(data["hens"], n, lambda v: _int(v, 0, 10)),
        penalties=_per_seat(data["penalties"], n, _penalties),
        rewards=_per_seat(data["rewards"], n, _rewards),
        supply=_rewards(data["supply"]),
        reward_log=tuple((_int(t, 1, 50), _int(s, 0, n - 1), _word(k, REWARD_KINDS))
                         for t, s, k in map(_three, _list(data["reward_log"]))),
        leader_log=tuple((_int(t, 1, 50), _int(b, 0, n - 1), _int(s, 0, n - 1))
                         for t, b, s in map(_three, _list(data["leader_log"]))),
        scores=tuple(score_from_json(s, n) for s in _list(data["scores"])),
        crossed=_per_seat(data["crossed"], n,
                          lambda v: tuple(_int(k, 1, 100) for k in _list(v))),
        totals=_per_seat(data["totals"], n, _int),
    )
    return HuhnView(
        seat=seat,
        deciding=tuple(_int(s, 0, n - 1) for s in _list(data["deciding"])),
        actions=actions,
        hand=_cards(data["hand"]),
        trick=trick,
        hand_sizes=_per_seat(data["hand_sizes"], n, lambda v: _int(v, 0, 50)),
        moves=_int(data["moves"], 0, 10**4),
        table=table,
    )


def _word_text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise TypeError("an action is a short text")
    return value


def _three(value: Any) -> list[Any]:
    items = _list(value)
    if len(items) != 3:
        raise ValueError("expected three items")
    return items


def _four(value: Any) -> list[Any]:
    items = _list(value)
    if len(items) != 4:
        raise ValueError("expected four items")
    return items


# ------------------------------------------------------------------ events


def event_to_json(event: Any) -> dict[str, Any] | None:
    """A game event as JSON with its ``type``; None if it is not this game's."""
    kind = type(event)
    if kind is DealStarted:
        return {"type": "deal_started", "deal": event.deal, "dealer": event.dealer,
                "leader": event.leader, "hand_size": event.hand_size}
    if kind is HandArranged:
        return {"type": "hand_arranged", "seat": event.seat}
    if kind is PlayBegins:
        return {"type": "play_begins", "leader": event.leader}
    if kind is CardPlayed:
        return {"type": "card_played", "seat": event.seat, "card": event.card,
                "down": event.down, "end": event.end}
    if kind is TrickTaken:
        return {"type": "trick_taken", "trick": trick_to_json(event.trick)}
    if kind is PenaltyGiven:
        return {"type": "penalty_given", "seat": event.seat, "penalty": event.penalty}
    if kind is RewardTaken:
        return {"type": "reward_taken", "seat": event.seat, "kind": event.kind}
    if kind is LeaderNamed:
        return {"type": "leader_named", "seat": event.seat, "leader": event.leader}
    if kind is OptionChosen:
        return {"type": "option_chosen", "seat": event.seat, "option": event.option}
    if kind is DealScored:
        return {"type": "deal_scored", "deal": event.deal, "score": score_to_json(event.score),
                "totals": list(event.totals), "crossed": [list(c) for c in event.crossed]}
    if kind is GameOver:
        return {"type": "game_over", "totals": list(event.totals),
                "winners": list(event.winners)}
    return None


def event_from_json(data: dict[str, Any]) -> Any:
    """The event :func:`event_to_json` wrote; None for a type not this game's."""
    kind = data.get("type")
    seat = (lambda key: _int(data[key], 0, MAX_SEATS - 1))  # noqa: E731
    if kind == "deal_started":
        return DealStarted(_int(data["deal"], 1, 100), seat("dealer"), seat("leader"),
                           _int(data["hand_size"], 1, 50))
    if kind == "hand_arranged":
        return HandArranged(seat("seat"))
    if kind == "play_begins":
        return PlayBegins(seat("leader"))
    if kind == "card_played":
        card = data["card"]
        return CardPlayed(seat("seat"), None if card is None else _card(card),
                          _bool(data["down"]), _word(data["end"], ENDS))
    if kind == "trick_taken":
        cards = _list(data["trick"]["cards"])
        return TrickTaken(trick_from_json(data["trick"], len(cards)))
    if kind == "penalty_given":
        return PenaltyGiven(seat("seat"), _penalty(data["penalty"]))
    if kind == "reward_taken":
        return RewardTaken(seat("seat"), _word(data["kind"], REWARD_KINDS))
    if kind == "leader_named":
        return LeaderNamed(seat("seat"), seat("leader"))
    if kind == "option_chosen":
        option = data["option"]
        if not isinstance(option, str) or len(option) > 12:
            raise TypeError("an option is a short word")
        return OptionChosen(seat("seat"), option)
    if kind == "deal_scored":
        totals = tuple(_int(t) for t in _list(data["totals"]))
        n = len(totals)
        return DealScored(_int(data["deal"], 1, 100), score_from_json(data["score"], n), totals,
                          _per_seat(data["crossed"], n,
                                    lambda v: tuple(_int(k, 1, 100) for k in _list(v))))
    if kind == "game_over":
        return GameOver(tuple(_int(t) for t in _list(data["totals"])),
                        tuple(_int(s, 0, MAX_SEATS - 1) for s in _list(data["winners"])))
    return None
