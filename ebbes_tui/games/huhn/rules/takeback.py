"""Take-back for Blindes Huhn extrem: a record cut just before a seat's last move
that may be taken back, within the deal in progress (the next hand has been seen
once a deal ends), never the option that ends a deal."""

from __future__ import annotations

from typing import Any

from ....game.errors import RecordError
from .events import CardPlayed, HandArranged, LeaderNamed, RewardTaken
from .record import Record, replay
from .state import DEAL, OVER, HuhnState

#: The first event of each decision that may be taken back, and its kind.
_UNDOABLE = {HandArranged: "arrange", CardPlayed: "play", RewardTaken: "reward",
             LeaderNamed: "leader"}


def take_back(record: Record, seat: int) -> Record | None:
    """``record`` cut just before ``seat``'s last move of the deal in progress that may
    be taken back: a card, a reward card, a named leader, or its arrangement while no
    card is played. Never past the deal (the next hand has been seen), never the
    option that ends it. None when there is no such move."""
    try:
        deals = record["deals"]
        current = deals[-1]
    except (KeyError, IndexError, TypeError):
        return None
    if not isinstance(current, dict) or "option" in current:
        return None
    steps: list[tuple[str, int, int, int, int]] = []  # (kind, seat, plays, rewards, leaders)
    before = [0, 0, 0]
    decided = [0]
    dealt = len(deals)

    def observe(state: HuhnState, events: list[Any]) -> None:
        if state.decisions > decided[0] and len(state.scores) + 1 == dealt and events:
            kind = _UNDOABLE.get(type(events[0]))
            if kind is not None:
                steps.append((kind, events[0].seat, *before))
        decided[0] = state.decisions
        before[:] = [len(state.tricks) * state.n + len(state.trick), len(state.reward_log),
                     len(state.leader_log)]

    try:
        state = replay(record, observe)
    except RecordError:
        return None
    if state.phase in (DEAL, OVER):
        return None
    played = len(state.tricks) * state.n + len(state.trick)
    mine = [s for s in steps if s[1] == seat and (s[0] != "arrange" or played == 0)]
    if not mine:
        return None
    kind, _, plays, rewards, leaders = mine[-1]
    cut = dict(current)
    if kind == "arrange":
        cut["arranged"] = [o is not None and s != seat for s, o in enumerate(state.orders)]
    cut["plays"] = list(current.get("plays", []))[:plays]
    cut["rewards"] = list(current.get("rewards", []))[:rewards]
    cut["leaders"] = list(current.get("leaders", []))[:leaders]
    out = dict(record)
    out["deals"] = [*deals[:-1], cut]
    return out
