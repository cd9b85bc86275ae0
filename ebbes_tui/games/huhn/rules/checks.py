"""Whether a decision is allowed, and why not, worded for the player who made it
(the rule follows "You"); each refusal the rulings decide names its ruling for records
(H2-H12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Arrange, ChooseOption, NameLeader, Play, TakeReward
from .cards import IS_DOWN, REWARD_EAR
from ....game.errors import IllegalMove, RuleBroken

if TYPE_CHECKING:
    from .state import HuhnState

#: What each phase waits for: the kind of action, and in words.
WAITS_FOR: dict[str, tuple[type, str]] = {
    "play": (Play, "a card"),
    "arrange": (Arrange, "every player to arrange their hand"),
    "reward": (TakeReward, "a reward card to be chosen"),
    "leader": (NameLeader, "the next leader to be named"),
    "option": (ChooseOption, "the last trick's option"),
}


def check_decision(state: HuhnState, action: Action, seat: int | None) -> int:
    """Raise :class:`IllegalMove` unless ``action`` answers a decision pending for
    ``seat`` (any pending one when None); return the seat that decides. A refusal the
    rulings decide is a :class:`RuleBroken` naming its ruling; the wrong kind of answer,
    or one out of turn, breaks no ruling."""
    phase = state.phase
    if phase == "deal":
        raise RuleBroken(None, "the next deal must be dealt first", ruling="H2")
    if phase == "over":
        raise RuleBroken(None, "the game is over", ruling="H12")
    kind, words = WAITS_FOR[phase]
    if phase == "arrange":
        return _check_arrange(state, action, seat)
    mover = state.to_move if phase == "play" else state.taker
    if type(action) is not kind:
        raise IllegalMove(None, f"the game waits for {words}")
    if seat is not None and seat != mover:
        raise IllegalMove(seat, f"must wait: the game waits for seat {mover}")
    if action in state.legal(mover):
        return mover
    if type(action) is Play:
        _refuse_play(state, mover, action)
    elif type(action) is TakeReward:
        left = " and ".join(state.supply)
        raise RuleBroken(mover, f"cannot take the {action.kind} reward card: only {left} "
                         "left in the supply", ruling="H8")
    elif type(action) is NameLeader:
        raise RuleBroken(mover, f"cannot name seat {action.seat}: seats run 0 to {state.n - 1}",
                         ruling="H9")
    elif type(action) is ChooseOption:
        _refuse_option(state, mover, action)
    raise AssertionError("unreachable")


def _check_arrange(state: HuhnState, action: Action, seat: int | None) -> int:
    if type(action) is not Arrange:
        raise IllegalMove(None, "the game waits for every player to arrange their hand")
    if seat is None or not 0 <= seat < state.n:
        raise IllegalMove(None, "an arrangement must name its seat")
    if state.orders[seat] is not None:
        raise RuleBroken(seat, "may not arrange the hand again", ruling="H3")
    hand = state.hands[seat]
    if len(action.order) != len(hand) or sorted(action.order) != sorted(hand):
        raise RuleBroken(seat, "must arrange exactly the cards of the hand", ruling="H3")
    return seat


def _refuse_play(state: HuhnState, seat: int, play: Play) -> None:
    hand = state.hands[seat]
    card = play.card
    leading = not state.trick
    if card not in hand:
        raise RuleBroken(seat, f"cannot play {card}: it is not in the hand", card, ruling="H4")
    if card not in (hand[0], hand[-1]) and not (leading and state.advantage == REWARD_EAR):
        raise RuleBroken(seat, "must play the leftmost or the rightmost card of the hand "
                               f"({hand[0]} or {hand[-1]})", card, ruling="H4")
    if len(state.trick) == state.n - 1:
        raise RuleBroken(seat, "cannot play face down as the last player of a trick",
                         f"{card}d", ruling="H5")
    assert play.down and not IS_DOWN[card]
    raise RuleBroken(seat, f"cannot play {card} face down: it has no face-down symbol",
                     f"{card}d", ruling="H5")


def _refuse_option(state: HuhnState, seat: int, option: ChooseOption) -> None:
    last = state.tricks[-1]
    deal = state.deal_no
    if not last.sau:
        raise RuleBroken(seat, "can cross out a deal only after taking the last trick with "
                               "the 0", option.word, ruling="H11")
    if not 1 <= option.deal < deal:
        span = f"deal 1 to {deal - 1}" if deal > 2 else "deal 1" if deal == 2 else "no deal"
        raise RuleBroken(seat, f"can cross out only an earlier deal ({span})", option.word,
                         ruling="H11")
    raise RuleBroken(seat, f"may not cross out deal {option.deal} again", option.word, ruling="H11")
