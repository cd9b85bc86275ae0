"""What must hold after every step of every game, one sentence per fault: the cards
are conserved and none is held twice (H1), hands keep their order and lose only end
cards (H3, H4, H9), face-down cards are allowed ones (H5), tricks go to the right
seat (H6), hens, penalties and rewards follow the tricks (H7, H8), the scores are the
sum of their parts (H10-H12), no view holds a hidden card (H13), and the game ends.
Checked by :mod:`ebbes_tui.game.simulate` and the tests.

Who takes a trick, its hens and whether it earns a reward are computed here a second
time, plainly from the rulings and the card table, never by the engine's own
functions (``winning_index``, ``hens_in``, ``earns_reward``): a fault in those would
otherwise be repeated here and pass unseen."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from .actions import HENS_OPTION, PENALTIES_OPTION
from .cards import (
    HEN, HIGHEST, IS_DOWN, LOWEST, NO_HEN_BONUS, PENALTY, PIG, REWARD_DOWN, REWARD_EAR,
    REWARD_POINTS, SYMBOLS, Card,
)
from .scoring import DealScore, totals_of
from .state import OVER, HuhnState
from .tricks import LEFT, MIDDLE, RIGHT, Trick
from .view import HuhnView, Table, public_table


#: The cards showing a hen, and those showing a pig (the Sau's symbol is its own).
_HEN_CARDS = frozenset(c for c, symbol in SYMBOLS.items() if symbol == HEN)
_PIG_CARDS = frozenset(c for c, symbol in SYMBOLS.items() if symbol == PIG)


def _sau(cards: Sequence[Card], last: bool) -> bool:
    """H6: in a deal's last trick the 0 takes the trick if the 49 is in it."""
    return last and LOWEST in cards and HIGHEST in cards


def _taker(t: Trick, last: bool) -> int:
    """H6: the seat that played the highest card, or the 0 by :func:`_sau`."""
    return t.seats[t.cards.index(LOWEST if _sau(t.cards, last) else max(t.cards))]


def _hens(cards: Sequence[Card]) -> int:
    """H7: how many hen cards."""
    return len(_HEN_CARDS.intersection(cards))


def _one_pig(cards: Sequence[Card]) -> bool:
    """H8: exactly one pig card."""
    return len(_PIG_CARDS.intersection(cards)) == 1


def faults(state: HuhnState) -> list[str]:
    """Every invariant ``state`` breaks, one sentence each (none: all is well)."""
    found: list[str] = []
    if state.dealer >= 0:
        found += _cards_conserved(state)
        found += _tricks_follow_the_rules(state)
        found += _stacks_follow_the_tricks(state)
    found += _scores_add_up(state)
    found += _views_hide_what_they_must(state)
    over = state.phase == OVER
    if over != (len(state.scores) >= state.deals) or over != (not state.pending()) \
            or over != (state.outcome() is not None):
        found.append("the game is over exactly when the agreed deals are scored (H12)")
    return found


def _cards_conserved(state: HuhnState) -> list[str]:
    found = []
    places = sorted(chain(chain.from_iterable(state.hands), state.trick,
                          chain.from_iterable(t.cards for t in state.tricks)))
    if places != list(state.deck):
        found.append("the cards in hands, the trick and the stacks are not the cards in "
                      "play, each once (H1)")
    for seat, hand in enumerate(state.hands):
        if len(set(hand)) != len(hand):
            found.append(f"seat {seat} holds a card twice")
    sizes = {len(h) + state.trick_seats.count(s) for s, h in enumerate(state.hands)}
    if len(sizes) != 1:
        found.append("hands differ in size by more than the trick in progress (H4)")
    if state.phase == "play" and state.to_move != (state.leader + len(state.trick)) % state.n:
        found.append("the seat to play is not the next clockwise from the trick's leader (H4)")
    return found


def _tricks_follow_the_rules(state: HuhnState) -> list[str]:
    """Every play came from an end of its hand as arranged (or the middle with *ear*),
    face down only where allowed, and each trick went to its taker. Only the latest
    completed trick and the one in progress are checked trick by trick (the earlier
    ones are immutable and were checked when they were the latest)."""
    n = state.n
    found = []
    current = Trick(state.leader, tuple(state.trick), tuple(state.trick_seats),
                    tuple(state.trick_downs), tuple(state.trick_ends), -1, False, state.advantage)
    tricks = [*state.tricks, current]
    for k in range(max(1, len(tricks) - 1), len(tricks) + 1):
        found += _trick_faults(k, tricks[k - 1], n, last=k == state.size)
    plays: list[list[tuple[Card, str]]] = [[] for _ in range(n)]
    for t in tricks:
        for seat, card, end in zip(t.seats, t.cards, t.ends):
            plays[seat].append((card, end))
    for seat, order in enumerate(state.orders):
        if order is None:
            if plays[seat]:
                found.append(f"seat {seat} played before arranging (H3)")
            continue
        hand = list(order)
        for card, end in plays[seat]:
            at = hand.index(card) if card in hand else -1
            expected = LEFT if at == 0 else RIGHT if at == len(hand) - 1 else MIDDLE
            if at < 0 or end != expected:
                found.append(f"seat {seat} played {card} from the {end}, but it lay "
                              f"elsewhere in the hand as arranged (H3, H4)")
                break
            del hand[at]
        else:
            if hand != state.hands[seat]:
                found.append(f"seat {seat}'s hand is not its arrangement less its plays (H3)")
    return found


def _trick_faults(k: int, t: Trick, n: int, last: bool) -> list[str]:
    found = []
    if t.seats != tuple((t.leader + i) % n for i in range(len(t.cards))):
        found.append(f"trick {k} was not played clockwise from its leader (H4)")
    for i, (card, down, end) in enumerate(zip(t.cards, t.downs, t.ends)):
        if end == MIDDLE and not (i == 0 and t.advantage == REWARD_EAR):
            found.append(f"trick {k}: {card} came from the middle without ear (H4)")
        if down and (i == n - 1 or not (IS_DOWN[card] or (i == 0 and t.advantage == REWARD_DOWN))):
            found.append(f"trick {k}: {card} went face down where it may not (H5)")
    if t.winner >= 0 and t.winner != _taker(t, last):
        found.append(f"trick {k} went to the wrong seat (H6)")
    if t.winner >= 0 and t.sau != _sau(t.cards, last):
        found.append(f"trick {k} is marked wrongly as taken or not by the 0 from the 49 (H6)")
    return found


def _stacks_follow_the_tricks(state: HuhnState) -> list[str]:
    found = []
    n = state.n
    hens = [0] * n
    penalties: list[list[int]] = [[] for _ in range(n)]
    earned = 0
    for t in state.tricks:
        in_trick = _hens(t.cards)
        hens[t.winner] += in_trick
        if in_trick >= 2:
            penalties[t.winner].append(PENALTY[in_trick])
        earned += _one_pig(t.cards)
    if tuple(hens) != state.hens or tuple(map(tuple, penalties)) != state.penalties:
        found.append("the hen cards or penalties taken do not follow the tricks (H7)")
    taken = sum(map(len, state.rewards))
    if taken + (state.phase == "reward") != min(earned, 3) or len(state.supply) != 3 - taken:
        found.append("the reward cards taken do not follow the tricks with one pig (H8)")
    return found


def _scores_add_up(state: HuhnState) -> list[str]:
    """The latest deal's score (the earlier ones are immutable and were checked when
    they were the latest), and the totals."""
    found = []
    if state.scores:
        k = len(state.scores)
        found += _score_parts(k, state.scores[-1])
    if state.played and len(state.played) == len(state.scores):
        found += _option_applied(len(state.scores), state.played[-1].tricks, state.scores[-1])
    if state.totals != totals_of(state.scores, state.crossed, state.n):
        found.append("the totals are not the sum of the results not crossed out (H11, H12)")
    for seat, crossed in enumerate(state.crossed):
        if len(set(crossed)) != len(crossed) or any(not 1 <= k <= len(state.scores) for k in crossed):
            found.append(f"seat {seat} crossed out a deal twice or one not yet played (H11)")
    return found


def _option_applied(k: int, tricks: Sequence[Trick], s: DealScore) -> list[str]:
    """The deal's hens are those its tricks hold (H10), and the last trick's taker
    chose the option, whose *hens* or *penalties* keep only the last trick's (H11)."""
    found = []
    hens = [0] * len(s.points)
    for t in tricks:
        hens[t.winner] += _hens(t.cards)
    if tuple(hens) != s.hens:
        found.append(f"deal {k}: the hens scored are not the hens taken (H10)")
    last = tricks[-1]
    if s.taker != last.winner:
        found.append(f"deal {k}: seat {s.taker} chose the option, not the last trick's "
                      "taker (H11)")
    in_last = _hens(last.cards)
    if (s.option == HENS_OPTION and s.hen_points[s.taker] != -in_last
            or s.option == PENALTIES_OPTION and s.penalty_points[s.taker] != PENALTY[in_last]):
        found.append(f"deal {k}: the option {s.option} does not keep the last trick's "
                      "alone (H11)")
    return found


def _score_parts(k: int, s: DealScore) -> list[str]:
    found = []
    for seat in range(len(s.points)):
        parts = (s.hen_points[seat] + s.penalty_points[seat]
                 + REWARD_POINTS * len(s.rewards[seat]) + s.bonus[seat])
        if parts != s.points[seat]:
            found.append(f"deal {k}: seat {seat}'s result is not the sum of its parts (H10)")
        if s.bonus[seat] != (NO_HEN_BONUS if s.hens[seat] == 0 else 0):
            found.append(f"deal {k}: seat {seat}'s no-hen bonus is wrong (H10)")
        kept = seat == s.taker and s.option in ("hens", "penalties")
        if not kept and (s.hen_points[seat] != -s.hens[seat]
                         or s.penalty_points[seat] != sum(s.penalties[seat])):
            found.append(f"deal {k}: seat {seat}'s hens or penalties count wrongly (H10, H11)")
    return found


def cards_shown(view: HuhnView, table_cards: set[Card] | None = None) -> set[Card]:
    """Every card a view holds anywhere (tests pin the view's fields, so a new field
    with cards must be added here). ``table_cards``: those of its public table, when
    already known (every view of a moment shares the table)."""
    shown = set(view.hand)
    shown.update(t.card for t in view.trick if t.card is not None)
    shown |= table_cards if table_cards is not None else public_cards(view.table)
    hand = getattr(view.actions, "hand", None)
    if hand is not None:
        shown.update(hand)
    else:
        shown.update(a.card for a in view.actions if hasattr(a, "card"))
    return shown


def public_cards(table: Table) -> set[Card]:
    return {c for t in table.tricks for c in t.cards}


def hidden_from(state: HuhnState, seat: int | None) -> set[Card]:
    """The cards ``seat`` may not see (H13): other hands, others' face-down cards in the
    trick in progress, the cards set aside."""
    hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    hidden.update(c for s, c, d in zip(state.trick_seats, state.trick, state.trick_downs)
                  if d and s != seat)
    return hidden


def _views_hide_what_they_must(state: HuhnState) -> list[str]:
    found = []
    kept = state.public
    if kept is not None:
        state.public = None
        if public_table(state) != kept:
            found.append("the public table kept for the views is out of date")
    trick = state.view(None).trick
    state.public_trick = ()
    if state.view(None).trick != trick:
        found.append("the trick kept for the views is out of date")
    table_cards = public_cards(public_table(state))
    seats: Sequence[int | None] = [*range(state.n), None]
    for seat in seats:
        view = state.view(seat)
        leak = cards_shown(view, table_cards if view.table is state.public else None) \
            & hidden_from(state, seat)
        if leak:
            who = "the public view" if seat is None else f"seat {seat}'s view"
            found.append(f"{who} shows hidden cards {sorted(leak)} (H13)")
        own = tuple(state.hands[seat]) if seat is not None else ()
        if view.hand != own:
            found.append(f"seat {seat}'s view does not hold exactly its own hand (H13)")
    return found
