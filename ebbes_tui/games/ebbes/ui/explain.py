"""Saying what happened, in a player's words: why a trick was won (R2), what an event
means. The trick area, the news line, the game log and the hot-seat recap all use it.
"""

from __future__ import annotations

from rich.text import Text

from ....controller import TakenBack, Update
from ....ui.words import (dealer_words, game_over_line, match_line, says, scored_line,
                          verb_for)
from ..rules.cards import ALL_CARDS, SUIT_NAMES, Card, card
from ..rules.categories import Category
from ..rules.determiners import determiner_cards, fixing_plays
from ..rules.events import (
    CategoryFixed, GameOver, PairChosen, RoundScored, RoundStarted, StarterChosen,
    TrickWon,
)
from ..rules.scoring import HighestTaken
from ..rules.state import Phase
from ..rules.tricks import Trick
from ..rules.view import PlayerView
from .look import EbbesLook


def trick_reason(view: PlayerView, trick: Trick, look: EbbesLook, *,
                 short: bool = False) -> str:
    """Why ``trick`` went to its winner (R2), naming the card that won it: ``▲Y6, the
    highest trump (yellow became Trump in this trick)`` or ``●B5, the highest blue``;
    ``short``: without saying when Trump was fixed (the log still says it). ``view``
    is a view from the same round, at the trick's end or later."""
    won = trick.cards[trick.seats.index(trick.winner)]
    face = look.card(won).plain
    fixer = _trump_fixer(view, trick)
    if fixer is None or fixer.suit != won.suit:
        return f"{face}, the highest {SUIT_NAMES[trick.cards[0].suit]}"
    if fixer in trick.cards and not short:
        return f"{face}, the highest trump ({SUIT_NAMES[won.suit]} became Trump in this trick)"
    return f"{face}, the highest trump"


def _trump_fixer(view: PlayerView, trick: Trick) -> Card | None:
    """The card that had fixed Trump by the end of ``trick`` (R2: trump as it stands
    once the trick's last card is down), if one had."""
    plays = view.plays()
    cards = [c for _, c in plays]
    end = cards.index(trick.cards[-1]) + 1 if trick.cards[-1] in cards else len(plays)
    fixing = fixing_plays(plays[:end], determiner_cards(view.number, view.pairs))
    return fixing[0][1] if fixing else None


def takes_line(view: PlayerView, trick: Trick, names: list[str], look: EbbesLook, *,
               short: bool = False) -> str:
    """``Bot 1 takes it with ♥R4, the highest trump``."""
    reason = trick_reason(view, trick, look, short=short)
    return f"{says(names[trick.winner], 'takes')} it with {reason}"


def event_line(update: Update[PlayerView], names: list[str], look: EbbesLook) -> str | None:
    """One line for the game log (and the hot-seat recap), or None for events that
    need no line of their own (a card: it is part of its trick's line)."""
    event, view = update.event, update.view
    if isinstance(event, RoundStarted):
        number = f", Number Determiner {event.number}" if event.number else ""
        dealer = f", {dealer_words(names, event.dealer)}" if event.dealer is not None else ""
        return f"Round {event.round_no + 1}{number}{dealer}."
    if isinstance(event, StarterChosen):
        if event.chooser is None:
            if view.scores and event.starter == view.config.dummy:
                return f"{names[event.starter]} {nix_won(view)}, so it starts."
            return f"{says(names[event.starter], 'starts')}."
        if event.chooser == event.starter:
            return f"{names[event.chooser]} {nix_won(view)} and chose to start."
        chosen = "you" if names[event.starter] == "You" else names[event.starter]
        return f"{names[event.chooser]} {nix_won(view)} and chose {chosen} to start."
    if isinstance(event, PairChosen):
        return f"{says(names[event.seat], 'takes')} {look.card_name(card(event.suit, event.number))}."
    if isinstance(event, CategoryFixed):
        suit = SUIT_NAMES[event.suit]
        if event.category is Category.NIX:
            return f"{suit.capitalize()} is nix: the only suit left."
        return (f"{look.card_name(event.card)} ({names[event.seat]}) fixed "
                f"{event.category.label}: {suit}.")
    if isinstance(event, TrickWon):
        trick = event.trick
        cards = "  ".join(f"{names[s]} {look.card(c).plain}" for s, c in zip(trick.seats, trick.cards))
        return f"Trick {len(view.tricks)}: {cards}.  {takes_line(view, trick, names, look)}."
    if isinstance(event, RoundScored):
        line = scored_line(f"Round {event.round_no + 1}", names, event.score.points, event.totals)
        starter = next_starter_line(event, view, names, look)  # a nix tie, explained (R8)
        return f"{line} {starter}" if starter else line
    if isinstance(event, GameOver):
        return game_over_line(names, event.winners)
    if isinstance(event, TakenBack):
        return "The last card was taken back."
    return match_line(event, names)


def nix_won(view: PlayerView) -> str:
    """Why the last round's nix holder names the next starter (R8): ``took the most nix
    cards``, or, tied on the most, took the highest nix card *of those tied* (not "the
    most", which the others tied had too; nor "the highest", which a seat not tied may
    have taken). A view with no round scored (a hostile table's) has no tie to tell."""
    if not view.scores:
        return "took the most nix cards"
    score = view.scores[-1]
    counts = [s.nix_cards for s in score.seats]
    most = counts[score.nix_holder]
    if counts.count(most) == 1:
        return "took the most nix cards"
    return f"took the highest nix card of those tied on {most} nix cards"


def next_starter_line(event: RoundScored, view: PlayerView, names: list[str],
                      look: EbbesLook) -> str:
    """Who chooses the next starter and why: they took the most nix cards (R8), or that the dummy simply
    starts (R17); nothing after the game's last round."""
    holder = event.score.nix_holder
    last = event.round_no + 1 >= view.config.round_limit or view.phase is Phase.GAME_OVER
    if last:
        return ""
    why = f"{names[holder]} took the most nix cards"
    counts = [s.nix_cards for s in event.score.seats]
    tied = [names[s] for s, n in enumerate(counts) if n == counts[holder] and s != holder]
    if tied:  # R8: of the seats tied on the most, the one that took the highest nix card
        highest = HighestTaken(view.tricks, event.score.suits[Category.NIX])[holder]
        card = f" ({look.card_name(ALL_CARDS[highest])})" if highest >= 0 else ""
        why = (f"Tied on {counts[holder]} nix cards with {' and '.join(tied)}, "
               f"{names[holder]} took the highest of them{card}")
    if holder == view.config.dummy:
        return f"{why}, so it starts round {event.round_no + 2}."
    chooses = verb_for(names[holder], "chooses")
    return f"{why} and {chooses} who starts round {event.round_no + 2}."


def card_run(cards: list[tuple[int, Card]], names: list[str], look: EbbesLook) -> Text:
    """``Ann ●B5  Bea ■N2`` for (seat, card) pairs."""
    text = Text()
    for i, (seat, c) in enumerate(cards):
        if i:
            text.append("  ")
        text.append(f"{names[seat]} ")
        text.append_text(look.card(c))
    return text
