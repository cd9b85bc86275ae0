"""Saying what happened in Blindes Huhn extrem, in a player's words: why a trick was
won (H6), what it gave (H7, H8), what each event means. The trick area, the news
line, the game log, the hot-seat recap and the replay all use it."""

from __future__ import annotations

from collections.abc import Sequence

from ....controller import TakenBack, Update
from ....ui.words import game_over_line, match_line, says, scored_line
from ..rules.actions import CROSS_OPTION, HENS_OPTION, NO_OPTION, PENALTIES_OPTION
from ..rules.cards import PENALTY, PIGS, REWARD_POINTS
from ..rules.events import (
    DealScored, DealStarted, GameOver, HandArranged, LeaderNamed, OptionChosen, PenaltyGiven,
    PlayBegins, RewardTaken, TrickTaken,
)
from ..rules.tricks import Trick, earns_reward, hens_in
from ..rules.view import HuhnView
from .look import REWARD_WORDS, HuhnLook


def takes_line(trick: Trick, names: Sequence[str], look: HuhnLook) -> str:
    """``Bob takes it with 45, the highest card``; in the last trick ``You take it
    with the 0: the 0 beats the 49 in the last trick`` (H6)."""
    who = says(names[trick.winner], "takes")
    if trick.sau:
        return f"{who} it with the 0: the 0 beats the 49 in the last trick"
    won = trick.cards[trick.seats.index(trick.winner)]
    return f"{who} it with {look.card(won).plain}, the highest card"


def trick_gives(trick: Trick, short: bool = False) -> str:
    """What a taken trick gives its taker at once: ``3 hens: a penalty of -6`` (H7),
    ``one pig: a reward card`` (H8), or "" when it gives nothing; ``short``, in fewer
    words, for one line at 80 columns: ``2 hens: penalty -3; 1 pig: a reward card``."""
    parts = []
    hens = hens_in(trick.cards)
    if hens >= 2:
        parts.append(f"{hens} hens: {'penalty' if short else 'a penalty of'} {PENALTY[hens]}")
    elif hens == 1:
        parts.append("1 hen")
    pigs = sum(c in PIGS for c in trick.cards)
    if earns_reward(trick.cards):
        parts.append(f"{'1' if short else 'one'} pig: a reward card")
    elif pigs > 1 and not short:
        parts.append(f"{pigs} pigs: no reward")
    return ("; " if short else ", ").join(parts)


def trick_cards(trick: Trick, names: Sequence[str], look: HuhnLook) -> str:
    """``Ann 17H (left)  Bob 28D (right, face down)``: every card, whose, from which
    end."""
    return "  ".join(
        f"{names[s]} {look.card(c).plain} ({look.end_mark(e)}{', face down' if d else ''})"
        for s, c, d, e in zip(trick.seats, trick.cards, trick.downs, trick.ends))


def option_words(word: str, name: str) -> str:
    """What the last trick's option (H11) does, after ``name`` chose it."""
    own = "your" if name == "You" else "their"
    if word == HENS_OPTION:
        return f"only {own} hens of the last trick count"
    if word == PENALTIES_OPTION:
        return f"only {own} last trick's penalty counts"
    if word.startswith(CROSS_OPTION):
        return f"{own} result of deal {word.split()[1]} no longer counts"
    return "no option"


def option_line(seat: int, word: str, names: Sequence[str]) -> str:
    """``Bob took the last trick and chose the hens option: only their hens of the
    last trick count``; ``You took the last trick and crossed out deal 1: your result
    there no longer counts`` (H11)."""
    name = names[seat]
    took = f"{name} took the last trick and"
    if word == NO_OPTION:
        return f"{took} chose no option."
    if word.startswith(CROSS_OPTION):
        own = "your" if name == "You" else "their"
        return f"{took} crossed out deal {word.split()[1]}: {own} result there no longer counts."
    return f"{took} chose the {word} option: {option_words(word, name)}."


def event_line(update: Update[HuhnView], names: Sequence[str], look: HuhnLook) -> str | None:
    """One line for the game log (and the hot-seat recap), or None for events that
    need no line of their own (a card: it is part of its trick's line)."""
    event, view = update.event, update.view
    names = list(names)
    if isinstance(event, DealStarted):
        return (f"Deal {event.deal} of {view.deals}: {says(names[event.dealer], 'deals')}, "
                f"{says(names[event.leader], 'leads')} the first trick. Everyone arranges their "
                "hand.")
    if isinstance(event, HandArranged):
        return f"{says(names[event.seat], 'has')} arranged."
    if isinstance(event, PlayBegins):
        return f"Everyone has arranged: {says(names[event.leader], 'leads')}."
    if isinstance(event, TrickTaken):
        trick = event.trick
        number = next((i + 1 for i, t in enumerate(view.tricks) if t == trick), len(view.tricks))
        gives = trick_gives(trick)
        return (f"Trick {number}: {trick_cards(trick, names, look)}. "
                f"{takes_line(trick, names, look)}{f' ({gives})' if gives else ''}.")
    if isinstance(event, PenaltyGiven):
        hens = PENALTY.index(event.penalty)
        return f"{says(names[event.seat], 'gets')} a penalty card: {event.penalty} for {hens} hens."
    if isinstance(event, RewardTaken):
        last = len(view.tricks) == view.dealt
        who = "you" if names[event.seat] == "You" else names[event.seat]
        advantage = REWARD_WORDS[event.kind] if who == "you" else \
            REWARD_WORDS[event.kind].replace("your hand", "their hand")
        what = "" if last else f"; next trick {who} may {advantage}"
        return f"{says(names[event.seat], 'takes')} the reward card {event.kind} " \
               f"(+{REWARD_POINTS}){what}."
    if isinstance(event, LeaderNamed):
        named = "themselves" if event.leader == event.seat else names[event.leader]
        if names[event.seat] == "You" and event.leader == event.seat:
            named = "yourself"
        elif named == "You":
            named = "you"
        return f"{says(names[event.seat], 'names')} {named} to lead the next trick."
    if isinstance(event, OptionChosen):
        return option_line(event.seat, event.option, names)
    if isinstance(event, DealScored):
        return scored_line(f"Deal {event.deal}", names, event.score.points, event.totals)
    if isinstance(event, GameOver):
        return game_over_line(names, event.winners)
    if isinstance(event, TakenBack):
        return "Your last move was taken back."
    return match_line(event, names)
