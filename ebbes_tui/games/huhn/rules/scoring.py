"""Scoring a deal (H10), the last trick's option (H11) and the game's totals and
winners (H12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import CROSS_OPTION, HENS, HENS_OPTION, NONE, PENALTIES, PENALTIES_OPTION, ChooseOption, cross
from .cards import NO_HEN_BONUS, PENALTY, REWARD_POINTS
from .tricks import Trick, hens_in, penalty_for


class DealScore(NamedTuple):
    """A scored deal, per seat: the hen cards taken, what they count (after *hens*),
    the penalties received, what they count (after *penalties*), the reward cards, the
    no-hen bonus, and the result. ``taker`` took the last trick and chose ``option``
    (the record's word)."""

    hens: tuple[int, ...]
    hen_points: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    penalty_points: tuple[int, ...]
    rewards: tuple[tuple[str, ...], ...]
    bonus: tuple[int, ...]
    points: tuple[int, ...]
    taker: int
    option: str


def score_deal(hens: Sequence[int], penalties: Sequence[Sequence[int]],
               rewards: Sequence[Sequence[str]], last: Trick, option: ChooseOption) -> DealScore:
    """H10 for every seat, with the last-trick taker's H11 option applied: *hens* drops
    their hens but those of the last trick, *penalties* their penalties but one for
    the last trick. The bonus depends on the stack alone, so *hens* never earns it."""
    taker, kind = last.winner, option.kind
    hen_points, penalty_points, bonus, points = [], [], [], []
    for taken, given, kept in zip(hens, penalties, rewards):  # H10, one pass
        hen_point, penalty_point, no_hen = -taken, sum(given), 0 if taken else NO_HEN_BONUS
        hen_points.append(hen_point)
        penalty_points.append(penalty_point)
        bonus.append(no_hen)
        points.append(hen_point + penalty_point + REWARD_POINTS * len(kept) + no_hen)
    if kind == HENS_OPTION:  # H11: the taker's hens score as the last trick's alone
        change = -hens_in(last.cards) - hen_points[taker]
        hen_points[taker] += change
        points[taker] += change
    elif kind == PENALTIES_OPTION:  # their penalties as one for the last trick alone
        change = penalty_for(last.cards) - penalty_points[taker]
        penalty_points[taker] += change
        points[taker] += change
    return _new_score(DealScore, (tuple(hens), tuple(hen_points), tuple(map(tuple, penalties)),
                                  tuple(penalty_points), tuple(map(tuple, rewards)), tuple(bonus),
                                  tuple(points), taker, option.word))


#: DealScore(*fields) without the named tuple's own __new__ (a frame per deal scored).
_new_score = tuple.__new__


def options_for(deal: int, sau: bool, crossed: Sequence[int]) -> list[ChooseOption]:
    """H11: the options of the last trick's taker in deal ``deal`` (from 1), in the
    app's order: *hens*, *penalties*, then (only when the 0 took the trick) *cross K*
    for each earlier deal they have not crossed yet, and *none*."""
    options = [HENS, PENALTIES]
    if sau:
        options += [cross(k) for k in range(1, deal) if k not in crossed]
    options.append(NONE)
    return options


def option_gains(options: Sequence[ChooseOption], seat: int, hens: Sequence[int],
                 penalties: Sequence[Sequence[int]], last: Trick,
                 scores: Sequence[DealScore]) -> list[int]:
    """What each option adds to ``seat``'s game total, given this deal's hens and
    penalties per seat and the scored deals: their hens outside the last trick, their
    penalties but the last trick's, or minus their result of the crossed deal."""
    last_hens = hens_in(last.cards)  # counted once for every option
    gains = []
    for option in options:
        kind = option.kind
        if kind == HENS_OPTION:
            gains.append(hens[seat] - last_hens)
        elif kind == PENALTIES_OPTION:
            gains.append(PENALTY[last_hens] - sum(penalties[seat]))
        elif kind == CROSS_OPTION:
            gains.append(-scores[option.deal - 1].points[seat])
        else:
            gains.append(0)
    return gains


def preselected(options: Sequence[ChooseOption], gains: Sequence[int]) -> ChooseOption:
    """H11: the option worth most to the game total; on a tie the first in the order
    of :func:`options_for` (*hens*, *penalties*, the earliest cross, *none*)."""
    best = max(gains)
    return options[list(gains).index(best)]


def totals_of(scores: Sequence[DealScore], crossed: Sequence[Sequence[int]],
              n: int) -> tuple[int, ...]:
    """Each seat's total: its results of every scored deal it has not crossed out."""
    return tuple(sum(s.points[seat] for k, s in enumerate(scores, 1) if k not in crossed[seat])
                 for seat in range(n))


def winners_of(totals: Sequence[int]) -> tuple[int, ...]:
    """H12: the highest total wins; ties share the win."""
    best = max(totals)
    return tuple([s for s, t in enumerate(totals) if t == best])
