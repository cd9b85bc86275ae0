"""Small builders for the Blindes Huhn extrem tests: hands with chosen ends, states
from records, playing by code, seeded games that stop at every decision."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ebbes_tui.game.protocols import SeatInfo, listed
from ebbes_tui.games.huhn import GAME
from ebbes_tui.games.huhn.rules.actions import LEADER, NONE, PLAY, REWARD, Arrange
from ebbes_tui.games.huhn.rules.cards import deck, hand_size, parse_play
from ebbes_tui.games.huhn.rules.state import HuhnState

RECORDS = Path(__file__).parent / "records" / "huhn"
EXAMPLES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))
NAMES = ("Bernd", "Tim", "Ulf", "Marianne", "Anna", "Sven")


def load(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / name).read_text())


def hands_with(players: int, ends: dict[int, tuple[list[int], list[int]]]) -> list[list[int]]:
    """Hands as arranged: seat ``s`` in ``ends`` holds ``left`` at its left end and
    ``right`` at its right end; the other cards of the deck fill the hands in between,
    ascending, seat by seat."""
    chosen = {c for left, right in ends.values() for c in left + right}
    rest = [c for c in deck(players) if c not in chosen]
    size = hand_size(players)
    hands = []
    for seat in range(players):
        left, right = ends.get(seat, ([], []))
        fill = size - len(left) - len(right)
        hands.append(left + rest[:fill] + right)
        del rest[:fill]
    return hands


def record(hands: list[list[int]], dealer: int, plays: str = "", deals: int = 1,
           rewards: list[str] | None = None, leaders: list[int] | None = None,
           earlier: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A one-deal record (after the deals in ``earlier``) with these arranged hands."""
    n = len(hands)
    deal = {"dealer": dealer, "hands": [list(map(str, h)) for h in hands],
            "plays": plays.split(), "rewards": rewards or [], "leaders": leaders or [], **extra}
    return {"format": "huhn-record/1",
            "players": [{"name": NAMES[i], "kind": "human"} for i in range(n)],
            "options": {"deals": deals}, "deals": [*(earlier or []), deal]}


def state_of(hands: list[list[int]], dealer: int, plays: str = "", **kw: Any) -> HuhnState:
    return GAME.records.replay(record(hands, dealer, plays, **kw))


def play(state: HuhnState, codes: str) -> list[Any]:
    """Play each code (``"19 32 28d"``) by the seat to move; the events of all."""
    events: list[Any] = []
    for text in codes.split():
        card, down = parse_play(text)
        events += state.apply(PLAY[card][down], state.to_move)
    return events


def auto(state: HuhnState, until: Callable[[HuhnState], bool] = lambda s: False) -> None:
    """Play on simply (leftmost card face up, the first reward left, the taker leads)
    until ``until`` holds or no card, reward or leader is awaited."""
    while not until(state):
        if state.phase == "play":
            state.apply(PLAY[state.hands[state.to_move][0]][False], state.to_move)
        elif state.phase == "reward":
            state.apply(REWARD[state.supply[0]], state.taker)
        elif state.phase == "leader":
            state.apply(LEADER[state.taker], state.taker)
        else:
            return


def new_game(players: int, **options: Any) -> HuhnState:
    return GAME.rules.new_state([SeatInfo(NAMES[i]) for i in range(players)], options)


def random_choice(state: HuhnState, seat: int, rng: random.Random) -> Any:
    legal = state.legal(seat)
    choices = listed(legal)
    return rng.choice(choices) if choices is not None else legal.sample(rng)


def decisions_of(players: int, seed: int, deals: int | None = None,
                 choose: Callable[[HuhnState, int, random.Random], Any] = random_choice,
                 ) -> Iterator[HuhnState]:
    """A seeded game, yielded at every pending decision and at every deal (the state
    is the game's own: copy it to keep it), and once more at the end."""
    state = new_game(players, deals=deals)
    rng = random.Random(f"huhn-test:{players}:{seed}")
    while pending := state.pending():
        yield state
        decision = rng.choice(pending)
        if decision.seat is None:
            GAME.rules.resolve_chance(state, seed)
        else:
            state.apply(choose(state, decision.seat, rng), decision.seat)
    yield state


def finished(players: int, seed: int, deals: int | None = None) -> HuhnState:
    """The seeded game of :func:`decisions_of` played to its end."""
    *_, last = decisions_of(players, seed, deals)
    return last


def play_deal_as_dealt(state: HuhnState, seed: int) -> None:
    """Deal the next deal from ``seed``, keep every hand as dealt, play it out simply
    (:func:`auto`) and choose no option."""
    GAME.rules.resolve_chance(state, seed)
    for seat in range(state.n):
        state.apply(Arrange(tuple(state.hands[seat])), seat)
    auto(state)
    state.apply(NONE, state.taker)


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value, as a path of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, (*prefix, index))
