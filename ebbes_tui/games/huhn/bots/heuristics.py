"""The normal bot's rules for playing a card, FreeDoko style: an ordered list of small
named heuristics; the first that picks a card plays it. Each has the sentence a hint
gives, and the sentences say only what is certain, or say "likely"."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..rules.actions import PLAY
from ..rules.cards import IS_HEN, IS_PIG, LOWEST, PENALTY, REWARD_POINTS, Card
from .hints import SAMPLES, SENTENCES, sampled
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


def _beater(r: Reading) -> int:
    return r.known_max


def _why_forced(r: Reading, c: Card) -> str:
    return SENTENCES.say("only", card=c)


def _why_sau(r: Reading, c: Card) -> str:
    return SENTENCES.say("sau", card=c)


def _why_shed(r: Reading, c: Card) -> str:
    return SENTENCES.say("shed", card=c, beater=_beater(r))


def _why_dump(r: Reading, c: Card) -> str:
    return SENTENCES.say("dump", card=c, beater=_beater(r))


def _why_avoid(r: Reading, c: Card) -> str:
    if r.beaten(c):
        return SENTENCES.say("avoid_beaten", card=c, hens=r.known_hens, beater=_beater(r))
    return SENTENCES.say("avoid_lower", card=c, hens=r.known_hens)


def _why_pig(r: Reading, c: Card) -> str:
    return SENTENCES.say("pig", card=c)


def _why_ear(r: Reading, c: Card) -> str:
    return sampled(r.view, c, (), SAMPLES, ear=True)


def _why_down(r: Reading, c: Card) -> str:
    return SENTENCES.say("down", card=c)


def _why_estimate(r: Reading, c: Card) -> str:
    """The lower end led, a beaten card lost; else what the sampled deals show for this
    card and, played face up, for the other end (a hint fits three lines at 80
    columns)."""
    if not r.trick and len(r.hand) > 1 and c == min(r.hand[0], r.hand[-1]):
        return SENTENCES.say("lead_lower", card=c)
    if r.beaten(c):
        return SENTENCES.say("beaten", card=c, beater=_beater(r))
    others = tuple(e for e in dict.fromkeys((r.hand[0], r.hand[-1])) if e != c)
    if PLAY[c][1] in r.view.actions:  # the sentence goes on to say "face down": room
        others = ()
    return sampled(r.view, c, others, SAMPLES)


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



def face_down(why: str) -> str:
    """A card played face down: the sentence says so."""
    return SENTENCES.say("face_down", said=why)
