"""Take-back for Blindes Huhn extrem: a record cut just before a seat's last move
that may be taken back, within the deal in progress (the next hand has been seen
once a deal ends), never the option that ends a deal, and never back before the end
of a trick in which another player's card lay face down (H14)."""

from __future__ import annotations

from typing import Any

from ....game.errors import IllegalMove, RecordError
from .events import CardPlayed, HandArranged, LeaderNamed, RewardTaken
from .record import Record, replay
from .state import DEAL, OVER, HuhnState

#: The first event of each decision that may be taken back, and its kind.
_UNDOABLE = {HandArranged: "arrange", CardPlayed: "play", RewardTaken: "reward",
             LeaderNamed: "leader"}
NOTHING = "there is nothing of yours to take back in this deal"


def take_back(record: Record, seat: int) -> Record:
    """``record`` cut just before ``seat``'s last move of the deal in progress that may
    be taken back: a card, a reward card, a named leader, or its arrangement while no
    card is played. Never past the deal (the next hand has been seen), never the
    option that ends it, never back before a face-down card the seat has seen turned
    up (H14). IllegalMove (seat None) says why there is none."""
    try:
        deals = record["deals"]
        current = deals[-1]
    except (KeyError, IndexError, TypeError):
        raise IllegalMove(None, NOTHING) from None
    if not isinstance(current, dict) or "option" in current:
        raise IllegalMove(None, NOTHING)
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
        raise IllegalMove(None, NOTHING) from None
    if state.phase in (DEAL, OVER):
        raise IllegalMove(None, NOTHING)
    played = len(state.tricks) * state.n + len(state.trick)
    mine = [s for s in steps if s[1] == seat and (s[0] != "arrange" or played == 0)]
    if not mine:
        raise IllegalMove(None, NOTHING)
    kind, _, plays, rewards, leaders = mine[-1]
    seen = seen_face_down(state, seat)
    if plays < seen * state.n:
        raise IllegalMove(None, f"you have seen the face-down card turned up at the end of "
                                f"trick {seen}, so take-back cannot go back before it")
    cut = dict(current)
    if kind == "arrange":
        cut["arranged"] = [o is not None and s != seat for s, o in enumerate(state.orders)]
    cut["plays"] = list(current.get("plays", []))[:plays]
    cut["rewards"] = list(current.get("rewards", []))[:rewards]
    cut["leaders"] = list(current.get("leaders", []))[:leaders]
    out = dict(record)
    out["deals"] = [*deals[:-1], cut]
    return out


def seen_face_down(state: HuhnState, seat: int) -> int:
    """The number (from 1) of the deal's last completed trick in which another
    player's card lay face down, turned up at its end for ``seat`` to see (H5, H14);
    0 when there is none."""
    return max((t for t, trick in enumerate(state.tricks, 1)
                if any(down and s != seat for s, down in zip(trick.seats, trick.downs))),
               default=0)
