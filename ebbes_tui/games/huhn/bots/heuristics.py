"""The normal bot's rules for playing a card, FreeDoko style: an ordered list of small
named heuristics; the first that picks a card plays it. Each has the sentence a hint
gives, and the sentences say only what is certain, or say "likely"."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..rules.cards import IS_HEN, IS_PIG, LOWEST, PENALTY, REWARD_POINTS, Card
from .reading import Reading


class Heuristic(NamedTuple):
    name: str
    pick: Callable[[Reading, tuple[Card, ...]], Card | None]
    why: Callable[[Reading, Card], str]


def _forced(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    return cards[0] if len(cards) == 1 else None


def _keep_the_sau(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    """Keep the 0 for the last trick while the 49 is out (H6), unless the other card
    likely takes a trick with two or more hens."""
    if r.last_trick or LOWEST not in cards or len(cards) != 2 or not r.sau_out:
        return None
    other = cards[0] if cards[1] == LOWEST else cards[1]
    if r.win_chance(other) > 0.5 and r.trick_hens(other) >= 2:
        return None
    return other


def _shed_hen(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    """A hen that a face-up card in the trick beats goes to someone else's stack."""
    hens = [c for c in cards if IS_HEN[c] and r.beaten(c)]
    return max(hens) if hens else None


def _dump_when_beaten(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    """Both end cards are beaten: lose the higher one, free."""
    return max(cards) if all(r.beaten(c) for c in cards) else None


def _avoid_hens(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    """Do not take a trick with two or more hens: a beaten card if there is one
    (the highest), else the lowest."""
    if r.known_hens < 2:
        return None
    beaten = [c for c in cards if r.beaten(c)]
    return max(beaten) if beaten else min(cards)


def _take_single_pig(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    """Playing last, take a trick with exactly one pig card when the reward is worth
    more than the hens that come with it."""
    if r.later or r.backs or not r.view.supply:
        return None
    best = None
    for c in cards:
        if r.beaten(c) or c < r.known_max or r.known_pigs + IS_PIG[c] != 1:
            continue
        hens = r.known_hens + IS_HEN[c]
        lost_bonus = 3 if hens and r.view.hens[r.me] == 0 else 0
        if REWARD_POINTS + PENALTY[hens] - hens - lost_bonus > 0 and (best is None or c > best):
            best = c
    return best


def _use_ear(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    if r.trick or r.view.advantage != "ear" or len(cards) <= 2:
        return None
    return max(cards, key=r.score)


def _use_down(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    if r.trick or r.view.advantage != "down":
        return None
    return max(cards, key=r.score)


def _best_estimate(r: Reading, cards: tuple[Card, ...]) -> Card | None:
    return max(cards, key=r.score)


# ------------------------------------------------------------------ words


def _beater(r: Reading) -> str:
    return f"the {r.known_max} in the trick"


def _why_forced(r: Reading, c: Card) -> str:
    return f"Play {c}: it is the only card you may play."


def _why_sau(r: Reading, c: Card) -> str:
    return (f"Play {c} and keep the 0: the 49 is still out, and in the last trick the 0 "
            "takes the trick that holds the 49.")


def _why_shed(r: Reading, c: Card) -> str:
    return f"Shed the {c}: {_beater(r)} beats it, so someone else takes this hen."


def _why_dump(r: Reading, c: Card) -> str:
    return (f"Play {c}: {_beater(r)} beats both your end cards, so giving up the higher "
            "one costs nothing.")


def _why_avoid(r: Reading, c: Card) -> str:
    hens = f"the trick already holds {r.known_hens} hens"
    if r.beaten(c):
        return f"Play {c}: {hens}, and {_beater(r)} beats your card."
    return f"Play {c}: {hens}, and your lower card is the easier one to beat."


def _why_pig(r: Reading, c: Card) -> str:
    return (f"Take the trick with {c}: it holds exactly one pig card, so it earns a reward "
            "card worth more than the hens that come with it.")


def _why_ear(r: Reading, c: Card) -> str:
    return (f"Use the ear: lead {c} from anywhere in your hand, the card with the best "
            "outlook for this trick.")


def _why_down(r: Reading, c: Card) -> str:
    return f"Use the down reward: lead {c}, and nobody sees it before the trick is complete."


def _why_estimate(r: Reading, c: Card) -> str:
    if not r.trick and len(r.hand) > 1 and c == min(r.hand[0], r.hand[-1]):
        return f"Lead {c}: your lower end card is the easier one to beat."
    if r.beaten(c):
        return f"Play {c}: {_beater(r)} beats it, and it is the card you most want to lose."
    return f"Play {c}: it gives the best outlook for this trick and your hand."


HEURISTICS: tuple[Heuristic, ...] = (
    Heuristic("forced_card", _forced, _why_forced),
    Heuristic("keep_the_sau", _keep_the_sau, _why_sau),
    Heuristic("shed_hen_when_beaten", _shed_hen, _why_shed),
    Heuristic("avoid_trick_with_hens", _avoid_hens, _why_avoid),
    Heuristic("dump_when_beaten", _dump_when_beaten, _why_dump),
    Heuristic("take_single_pig", _take_single_pig, _why_pig),
    Heuristic("use_ear", _use_ear, _why_ear),
    Heuristic("use_down", _use_down, _why_down),
    Heuristic("best_estimate", _best_estimate, _why_estimate),
)

FACE_DOWN_WHY = " Play it face down: the players after you see it only when the trick is complete."
