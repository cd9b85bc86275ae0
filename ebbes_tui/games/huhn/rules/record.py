"""Game records in the ``huhn-record/1`` format (RULINGS-huhn, "Game records").

A record is the single source of truth: a save is a record, loading replays it with
every rule checked, take-back replays a shorter one. A save may stop at any decision:
in the middle of the arranging (``arranged``), before a reward card is chosen, before
a leader is named, before the last trick's option. The record ending there is what
leaves the decision open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....game.errors import RecordError, RuleBroken, RulesError, SetupError
from ....game.protocols import SeatInfo, players_entry
from .actions import PLAY, REWARD, Arrange, name_leader, parse_option
from .cards import PLAYER_COUNTS, Card, parse_card, parse_play
from .state import DEAL, NAME_LEADER, OPTION, OVER, REWARD_CHOICE, HuhnState

FORMAT = "huhn-record/1"
Record = dict[str, Any]
#: Told about every step of a replay: the state just after it, and what it caused.
StepObserver = Callable[[HuhnState, list[Any]], None]
MAX_DEALS = 20


def new_state(seats: tuple[SeatInfo, ...], options: dict[str, Any]) -> HuhnState:
    """A game before its first deal; SetupError says in one sentence what is wrong."""
    n = len(seats)
    if n not in PLAYER_COUNTS:
        raise SetupError(f"Blindes Huhn extrem is for 2 to 5 players, not {n}.")
    deals = options.get("deals")
    if deals is None:
        deals = n  # H2: one deal per player unless agreed otherwise
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise SetupError(f"The number of deals must be from 1 to {MAX_DEALS}.")
    dealer = options.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                               or not 0 <= dealer < n):
        raise SetupError(f"The dealer must be a seat from 0 to {n - 1}, or chosen at random.")
    return HuhnState(seats, deals, dealer)


def setup_of(record: Record) -> tuple[tuple[SeatInfo, ...], dict[str, Any]]:
    """The seats and options a record was set up with; RecordError if it has none."""
    players = _field(record, "players", list, "the record")
    seats = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RecordError(f"player {i} needs a name")
        kind, level = p.get("kind", "human"), p.get("level")
        seats.append(SeatInfo(p["name"], kind if isinstance(kind, str) else "human",
                              level if isinstance(level, str) else None))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object")
    deals = options.get("deals", len(seats))
    if isinstance(deals, bool) or not isinstance(deals, int):
        raise RecordError("option deals must be a whole number")
    dealer = options.get("dealer")  # chosen at setup; None: drawn with deal 1
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(seats):
        dealer = None
    return tuple(seats), {"deals": deals, "dealer": dealer}


def replay(record: Any, observe: StepObserver | None = None) -> HuhnState:
    """Replay a record with every rule checked; RecordError names the deal, the play
    and the rule of the first fault. ``observe`` sees the state after every step."""
    if not isinstance(record, dict):
        raise RecordError("not a game record: the JSON is not an object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown format {record.get('format')!r} (expected {FORMAT!r})")
    seats, options = setup_of(record)
    try:
        state = new_state(seats, options)
    except SetupError as e:
        raise RecordError(str(e).rstrip(".")) from None
    deals = _field(record, "deals", list, "the record")
    for d, deal in enumerate(deals, 1):
        if state.phase == OVER:
            raise RecordError(f"deal {d}: the game was over after {state.deals} deals (H2)")
        if state.phase == OPTION:
            raise RecordError(f"deal {d}: deal {d - 1} has no last-trick option (H11)")
        if state.phase != DEAL:
            raise RecordError(f"deal {d}: deal {d - 1} is unfinished")
        if not isinstance(deal, dict):
            raise RecordError(f"deal {d}: not an object")
        _DealReplay(state, deal, d, observe).run()
    return state


class _DealReplay:
    """One deal of a record, step by step, with the record's lists of reward kinds
    and named leaders consumed as the tricks call for them."""

    def __init__(self, state: HuhnState, deal: Record, number: int,
                 observe: StepObserver | None) -> None:
        self.state = state
        self.deal = deal
        self.where = f"deal {number}"
        self.observe = observe
        self.plays = _field(deal, "plays", list, self.where, default=[])
        self.rewards = _field(deal, "rewards", list, self.where, default=[])
        self.leaders = _field(deal, "leaders", list, self.where, default=[])
        self.option = deal.get("option")
        self.r = 0  # reward entries consumed
        self.leaders_used = 0

    def run(self) -> None:
        state, where = self.state, self.where
        hands = self._hands()
        dealer = _field(self.deal, "dealer", int, where)
        try:
            events = state.deal(hands, dealer)
        except RulesError as e:
            raise RecordError(f"{where}: {e}") from None
        self._observe(events)
        arranged = self.deal.get("arranged", [True] * state.n)
        if not (isinstance(arranged, list) and len(arranged) == state.n
                and all(isinstance(a, bool) for a in arranged)):
            raise RecordError(f"{where}: 'arranged' must list true or false for each of the "
                              f"{state.n} seats")
        for seat, done in enumerate(arranged):
            if done:
                self._observe(state.apply(Arrange(tuple(hands[seat])), seat))
        if not all(arranged):
            if self.plays or self.rewards or self.leaders or self.option is not None:
                raise RecordError(f"{where}: cards were played before every hand was "
                                  "arranged (H3)")
            return
        for k, text in enumerate(self.plays, 1):
            self._play(k, text)
        self._finish()

    def _hands(self) -> list[list[Card]]:
        hands = _field(self.deal, "hands", list, self.where)
        try:
            return [[parse_card(c) for c in _list(h)] for h in hands]
        except ValueError as e:
            raise RecordError(f"{self.where}, hands: {e}") from None

    def _observe(self, events: list[Any]) -> None:
        if self.observe is not None:
            self.observe(self.state, events)

    def _refused(self, k: int | None, error: RulesError) -> RecordError:
        ruling = f" ({error.ruling})" if isinstance(error, RuleBroken) and error.ruling else ""
        at = f", play {k}" if k else ""
        return RecordError(f"{self.where}{at}: {error}{ruling}")

    def _play(self, k: int, text: object) -> None:
        state = self.state
        try:
            card, down = parse_play(text)
        except ValueError as e:
            raise RecordError(f"{self.where}, play {k}: {e}") from None
        if state.phase == OPTION:
            raise RecordError(f"{self.where}, play {k}: every card has already been played")
        try:
            events = state.apply(PLAY[card][down])
        except RulesError as e:
            raise self._refused(k, e) from None
        self._observe(events)
        self._settle(k, more=k < len(self.plays) or self.option is not None)

    def _settle(self, k: int, more: bool) -> None:
        """After play ``k``: the reward and the leader the trick calls for, from the
        record's lists; a list that ends with the record leaves the decision open."""
        state = self.state
        while True:
            self._check_taken_rewards(k, more)
            if state.phase == REWARD_CHOICE:
                if self.r >= len(self.rewards):
                    if more:
                        raise RecordError(
                            f"{self.where}, play {k}: seat {state.taker} took a trick with one "
                            "pig card, but no reward card is listed for it (H8)")
                    return
                kind = self.rewards[self.r]
                if not isinstance(kind, str) or kind not in REWARD:
                    raise RecordError(f"{self.where}, play {k}: {kind!r} is not a reward card "
                                      "(expected 'down', 'ear' or 'hand')")
                self._apply(k, REWARD[kind])
            elif state.phase == NAME_LEADER:
                if self.leaders_used < len(self.leaders):
                    leader = self.leaders[self.leaders_used]
                    if isinstance(leader, bool) or not isinstance(leader, int):
                        raise RecordError(f"{self.where}, play {k}: the named leader must be "
                                          "a seat number (H9)")
                    self.leaders_used += 1
                    self._apply(k, name_leader(leader))
                elif more:
                    state.skip_hand()  # not used: its taker leads
                else:
                    return
            else:
                return

    def _apply(self, k: int, action: Any) -> None:
        try:
            events = self.state.apply(action)
        except RulesError as e:
            raise self._refused(k, e) from None
        self._observe(events)

    def _check_taken_rewards(self, k: int, more: bool) -> None:
        """Rewards taken so far must be the record's, also the ones taken without a
        choice (a single kind left, H8)."""
        log = self.state.reward_log
        while self.r < len(log):
            kind = log[self.r][2]
            if self.r >= len(self.rewards):
                if more:
                    raise RecordError(f"{self.where}, play {k}: the reward card {kind} taken "
                                      "here is not listed (H8)")
                return
            if self.rewards[self.r] != kind:
                raise RecordError(f"{self.where}, play {k}: the reward card must be {kind}, "
                                  f"the only one left, not {self.rewards[self.r]!r} (H8)")
            self.r += 1

    def _finish(self) -> None:
        state, where = self.state, self.where
        played = len(self.plays)
        if self.r < len(self.rewards):
            raise RecordError(f"{where}: {len(self.rewards)} reward cards are listed, but the "
                              f"tricks earned {self.r} (H8)")
        if self.leaders_used < len(self.leaders):
            raise RecordError(f"{where}: {len(self.leaders)} leaders are listed, but the hand "
                              f"reward named {self.leaders_used} (H9)")
        if self.option is None:
            return
        if state.phase != OPTION:
            raise RecordError(f"{where}: an option is given before the last trick is "
                              "complete (H11)")
        try:
            option = parse_option(self.option)
        except ValueError as e:
            raise RecordError(f"{where}, after play {played}: {e} (H11)") from None
        try:
            events = state.apply(option)
        except RulesError as e:
            raise RecordError(f"{where}, after play {played}: {e}"
                              f"{f' ({e.ruling})' if isinstance(e, RuleBroken) else ''}") from None
        self._observe(events)


def _field(obj: Record, key: str, kind: type, where: str, default: Any = None) -> Any:
    value = obj.get(key, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        article = {list: "a list", dict: "an object", int: "a whole number"}[kind]
        raise RecordError(f"{where}: {key!r} must be {article}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("each hand must be a list of cards")
    return value


# ------------------------------------------------------------------ writing


def to_record(state: HuhnState, extras: Record | None = None) -> Record:
    """The record of ``state``: every deal dealt so far, the current one as far as it
    went (a save at any decision replays to that decision)."""
    players = players_entry(state.seats)
    options: Record = {"deals": state.deals}
    if state.first_dealer is not None:
        options["dealer"] = state.first_dealer
    record: Record = {"format": FORMAT, "players": players, "options": options}
    record.update(extras or {})
    deals = [{"dealer": p.dealer, "hands": [list(map(str, h)) for h in p.hands],
              "plays": p.plays, "rewards": list(p.rewards), "leaders": list(p.leaders),
              "option": p.option} for p in state.played]
    if state.phase not in (DEAL, OVER):
        deals.append(_current_deal(state))
    record["deals"] = deals
    return record


def _current_deal(state: HuhnState) -> Record:
    entry: Record = {"dealer": state.dealer,
                     "hands": [list(map(str, o if o is not None else h))
                               for o, h in zip(state.orders, state.hands)]}
    if None in state.orders:
        entry["arranged"] = [o is not None for o in state.orders]
    plays = [p for t in state.tricks for p in zip(t.cards, t.downs)]
    plays += zip(state.trick, state.trick_downs)
    entry["plays"] = [f"{c}d" if d else str(c) for c, d in plays]
    entry["rewards"] = [k for _, _, k in state.reward_log]
    entry["leaders"] = [s for _, _, s in state.leader_log]
    return entry
