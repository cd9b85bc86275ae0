"""Hund in a player's words: the game's own terms (krig, sjanse, undertrekk, avstikk,
hund), each explained the first time it happens in a game and in the help; what
every event means, for the news line, the game log and the hot-seat recap.

"The first time" is read from the view (every card played in this game is in it,
N15), so a resumed game or a player who joins a shared table late is told the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....ui.words import says, verb_for
from ..rules.cards import RANK_OF, SUIT_OF, SUIT_WORDS, Card, rank_word
from ..rules.checks import beat_with, lacking
from ..rules.events import (
    Avstikk, CardPlayed, DroppedOut, GameDealt, HundFound, Krig, SatOut, ShedBegan,
    TrickTaken, TrumpCardLaidAside, UndertrekkTaken, WentOut,
)
from ..rules.tricks import Trick
from ..rules.view import HundView
from .look import HundLook

#: The game's own words, as the help explains them (and the first time each happens).
TERMS = (
    ("krig", "war. When two or more cards of one rank lie in a phase-1 trick (the "
             "highest such rank, even when a higher single card lies there), those "
             "players each play one more card; the highest takes the whole trick, and a "
             "tie for it wars again."),
    ("sjanse", "chance. Instead of a card from your hand you turn the draw pile's top "
               "card and play it (s), also in a krig, while the pile holds two or more."),
    ("undertrekk", "taking in. In phase 2, a player who cannot beat the top card takes "
                   "the trick's first card into their hand (t); the next player must "
                   "beat the top card, or leads anew when the trick is now empty."),
    ("avstikk", "the trick taken in phase 2: once as many cards lie in it as there "
                "were players in play when it began (plays, with series), or the turn comes "
                "back to the player on top, that player takes it, its cards leave the game, "
                "and they lead next."),
    ("hund", "the dog: the last player still holding cards in phase 2 has lost the "
             "game. Whoever is hund least often wins the match."),
)

#: What each word means, said the first time it happens in a game (and held on the
#: news line for a while: the news after it wait their turn).
FIRST_TIME = {
    "krig": "equal ranks go to war, even when a higher card lies there.",
    "sjanse": "A sjanse plays the pile's top card instead of one from the hand.",
    "undertrekk": "the next player must beat the top card.",
    "undertrekk, emptied": "the trick is empty now, so the next player leads anew.",
    "avstikk": "its cards leave the game, and the taker leads next.",
    "phase 2": ("The cards each took are now their hand; beat the top card if you can, "
                "else take one in."),
}

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def and_list(words: Sequence[str]) -> str:
    """``Kari``, ``Kari and Ola``, ``Kari, Ola and Per`` (``Ola and you``)."""
    words = [w if i == 0 or w != "You" else "you" for i, w in enumerate(words)]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def mid(name: str) -> str:
    """A name inside a sentence: "you", not "You"."""
    return "you" if name == "You" else name


def possessive(name: str) -> str:
    return "your" if name == "You" else "their"


def rank_plural(card: Card) -> str:
    """``aces``, ``10s``: the rank a krig was over."""
    return f"{rank_word(RANK_OF[card])}s"


def rounds_of(seats: Sequence[int]) -> list[range]:
    """A phase-1 trick's rounds: the first, then each krig's (N5). A round ends where
    a seat would play a second time (a warrior who dropped out plays none)."""
    rounds: list[range] = []
    start = 0
    for i, seat in enumerate(seats):
        if seat in seats[start:i]:
            rounds.append(range(start, i))
            start = i
    if start < len(seats):
        rounds.append(range(start, len(seats)))
    return rounds


def winning_card(trick: Trick) -> Card:
    """The card that took a phase-1 trick: its taker's last card in it."""
    return next(c for s, c in zip(reversed(trick.seats), reversed(trick.cards))
                if s == trick.winner)


# ------------------------------------------------------------- first times


def first_krig(view: HundView, event: Krig) -> bool:
    """The game's first krig (its first level: a krig inside it is never the first)."""
    wars = sum(t.krig for t in view.tricks) + (view.krig > 0)
    return event.level == 1 and wars <= 1


def first_sjanse(view: HundView) -> bool:
    return sum(sum(t.sjanse) for t in view.tricks) + sum(j for _, _, j in view.trick) <= 1


def first_undertrekk(view: HundView) -> bool:
    return sum(m.took for m in view.log) <= 1


def first_avstikk(view: HundView, event: Avstikk) -> bool:
    return view.gone <= len(event.cards)


# ------------------------------------------------------------- sentences


def _faces(cards: Sequence[Card], look: HundLook) -> str:
    return and_list([look.face(c) for c in cards])


def krig_line(view: HundView, event: Krig, names: Sequence[str], look: HundLook) -> str:
    """``Krig! Kari and Ola played 5♣ and 5♥: ...`` the first time; shorter after."""
    who = and_list([names[s] for s in event.seats])
    tied = [next(c for s, c, _ in reversed(view.trick) if s == w) for w in event.seats] \
        if view.krig else []
    if not tied:  # settled in the same move (nobody could play): the log tells the rest
        return f"Krig: {who} tied."
    cards = _faces(tied, look)
    if event.level > 1:
        return f"Krig again! {who} tied with {cards}: they play once more."
    if not first_krig(view, event):
        return f"Krig! {who} played {cards}: one more card each, the higher takes all."
    total = len(view.trick) + len(event.seats)
    return (f"Krig! {who} played {cards}: {FIRST_TIME['krig']} They play again; the winner "
            f"takes all {total} cards.")


def sjanse_line(view: HundView, event: CardPlayed, names: Sequence[str], look: HundLook) -> str:
    name = names[event.seat]
    face = look.face(event.card)
    if first_sjanse(view):
        return (f"Sjanse! {says(name, 'turns')} the draw pile's top card and "
                f"{verb_for(name, 'plays')} it: {face}. {FIRST_TIME['sjanse']}")
    return f"{name}: sjanse, {face} from the pile."


def taken_line(view: HundView, event: TrickTaken, names: Sequence[str], look: HundLook) -> str:
    """``Ola takes the trick (3 cards) with K♥, the highest card.``"""
    name = names[event.seat]
    trick = next((t for t in reversed(view.tricks) if t.cards == event.cards), None)
    won = look.face(winning_card(trick)) if trick is not None else ""
    count = len(event.cards)
    with_card = f" with {won}" if won else ""
    if event.won_in_krig:
        return f"{says(name, 'wins')} the krig{with_card} and {verb_for(name, 'takes')} all " \
               f"{count} cards."
    return f"{says(name, 'takes')} the trick ({count} cards){with_card}" + \
        (", the highest card." if won else ".")


def undertrekk_line(view: HundView, event: UndertrekkTaken, names: Sequence[str],
                    look: HundLook) -> str:
    name = names[event.seat]
    took, top = look.play(event.cards), look.play(event.top)
    if first_undertrekk(view):
        then = FIRST_TIME["undertrekk" if view.shed_trick else "undertrekk, emptied"]
        return (f"Undertrekk! {name} could not beat {top} and {verb_for(name, 'takes')} "
                f"{first_play(event.cards, look)}, into {possessive(name)} hand; {then}")
    return f"{name} cannot beat {top}: undertrekk, {verb_for(name, 'takes')} {took} in."


def avstikk_line(view: HundView, event: Avstikk, names: Sequence[str], look: HundLook) -> str:
    name = names[event.seat]
    count = len(event.cards)
    cards = f"{count} card{'s' * (count != 1)}"
    if first_avstikk(view, event):
        top = f" with {look.play(view.last_trick[-1][1])} on top" if view.last_trick else ""
        return (f"Avstikk! {says(name, 'takes')} the trick{top}, {count} card"
                f"{'s' * (count != 1)}: {FIRST_TIME['avstikk']}")
    return f"Avstikk: {says(name, 'takes')} {cards} out of the game."


def dealt_line(view: HundView, event: GameDealt, names: Sequence[str]) -> str:
    n = len(names)
    leader = names[(event.dealer + 1) % n]
    aside = f" {event.aside} cards are set aside unseen." if event.aside else ""
    return (f"Game {event.game} of {view.games}: {says(names[event.dealer], 'deals')}; "
            f"{says(mid(leader), 'leads')} the first trick.{aside}")


def shed_line(event: ShedBegan, names: Sequence[str], look: HundLook) -> str:
    """Phase 2 begins: the trump card shown, what the hands are now."""
    holder = names[event.holder]
    suit = SUIT_OF[event.trump_card]
    left = ""
    if event.leftover is not None:
        seat, count = event.leftover
        left = f" ({says(names[seat], 'adds')} the {count} card{'s' * (count != 1)} still held.)"
    return (f"Phase 2! {says(holder, 'shows')} the trump card, {look.face(event.trump_card)}: "
            f"{SUIT_WORDS[suit]} are trump. {FIRST_TIME['phase 2']} {holder} "
            f"{verb_for(holder, 'leads')}.{left}")


def event_line(view: HundView, event: object, names: Sequence[str],
               look: HundLook) -> str | None:
    """One sentence for what ``event`` means, or None when the table shows it well
    enough (a card played, a draw)."""
    if isinstance(event, GameDealt):
        return dealt_line(view, event, names)
    if isinstance(event, CardPlayed):
        return sjanse_line(view, event, names, look) if event.sjanse else None
    if isinstance(event, Krig):
        return krig_line(view, event, names, look)
    if isinstance(event, DroppedOut):
        name = names[event.seat]
        return f"{says(name, 'has')} no card for the krig and {verb_for(name, 'drops')} out."
    if isinstance(event, TrickTaken):
        return taken_line(view, event, names, look)
    if isinstance(event, TrumpCardLaidAside):
        name = names[event.seat]
        return (f"{says(name, 'lays')} the last card aside face down: its suit will be "
                "trump. Nobody sees it before phase 2.")
    if isinstance(event, SatOut):
        name = names[event.seat]
        return f"{says(name, 'has')} no cards and {verb_for(name, 'sits')} out this trick."
    if isinstance(event, ShedBegan):
        return shed_line(event, names, look)
    if isinstance(event, UndertrekkTaken):
        return undertrekk_line(view, event, names, look)
    if isinstance(event, Avstikk):
        return avstikk_line(view, event, names, look)
    if isinstance(event, WentOut):
        name = names[event.seat]
        return f"{says(name, 'is')} out: {ORDINALS[event.place - 1]}."
    if isinstance(event, HundFound):
        return hund_line(event, names)
    return None


#: Why a game ended without its last player holding cards (N17).
REPEATED = "the same position came round a third time"


def hund_line(event: HundFound, names: Sequence[str]) -> str:
    name = names[event.seat]
    if event.shared:  # N17
        return (f"{says(name, 'is')} the hund of game {event.game}: {REPEATED}, which ends "
                f"the game. {says(name, 'holds')} the most cards.")
    return (f"{says(name, 'is')} the hund of game {event.game}: the last one holding cards, "
            "who has lost it.")


def last_play_line(view: HundView, names: Sequence[str], look: HundLook) -> str:
    """The move that ended the game, for whoever did not see it land: ``Game 1 ended
    with Bot 1's play of 7♣: Bot 1 went out 2nd; Ola still held 3 cards.``"""
    if not view.log:
        return ""
    move = view.log[-1]
    name = names[move.seat]
    what = (f"{says(name, 'took')} {look.play(move.cards)} in by undertrekk" if move.took
            else f"{says(name, 'played')} {look.play(move.cards)}")
    if move.seat in view.out and not move.took:
        what += f" and went out {ORDINALS[view.out.index(move.seat)]}"
    line = f"The last play of game {view.game}: {what}."
    if view.hund >= 0:
        held = view.hand_sizes[view.hund]
        line += f" {names[view.hund]} still held {held} card{'s' * (held != 1)}."
    return line


def first_play(cards: Sequence[Card], look: HundLook) -> str:
    """What an undertrekk takes in (N10, N14): ``the trick's first card, 5♣``, or
    ``the trick's first play, the series 7♦-8♦-9♦``."""
    if len(cards) == 1:
        return f"the trick's first card, {look.play(tuple(cards))}"
    return f"the trick's first play, the series {look.play(tuple(cards))}"


def undertrekk_reason(view: HundView, look: HundLook) -> str:
    """Why the player at the screen may only take a card in, and what they take."""
    first = first_play(view.shed_trick[0][1], look)
    if not view.hand:
        return f"You hold no card: t takes {first}, into your hand."
    top = view.top
    assert top is not None
    return (f"You cannot beat {look.face(top)}: you have {lacking(top, view.trump)}. t takes "
            f"{first_play(view.shed_trick[0][1], look)}, into your hand (undertrekk).")


def beat_hint(view: HundView, look: HundLook) -> str:
    """``Beat J♦: a higher diamond or a trump (hearts are trump).``"""
    top = view.top
    assert top is not None
    trump = SUIT_WORDS[view.trump]
    what = beat_with(top, view.trump).removeprefix("with ")
    return f"Beat {look.face(top)}: {what} ({trump} are trump)."


def why_not(view: HundView, key: str, look: HundLook) -> str:
    """Why ``s`` (sjanse), ``t`` (undertrekk) or ``m`` (marking a series) does nothing
    now (N4, N10, N14)."""
    if key == "m":
        if not view.series:
            return "No series in this game: one card at a time (the Series option is off)."
        if view.phase == "collect":
            return "No series in phase 1: series are played in phase 2."
        if view.seat not in view.deciding:
            return "No series now: it is not your turn."
        return "No series now: none of your cards make one that may be played."
    if key == "s" and view.phase == "shed":
        return "No sjanse in phase 2: sjanse turns the draw pile's top card in phase 1."
    if key == "t" and view.phase == "collect":
        return "No undertrekk in phase 1: it takes a card in when you cannot beat in phase 2."
    if not view.deciding or view.seat not in view.deciding:
        word = "sjanse" if key == "s" else "undertrekk"
        return f"No {word} now: it is not your turn."
    if key == "s":
        if view.pile_size == 1:
            return "No sjanse: the draw pile's last card is the trump card, never played."
        return "No sjanse: the draw pile is empty."
    if view.top is None:
        return "No undertrekk: the trick is empty, so you lead any card."
    return (f"No undertrekk: you can beat {look.face(view.top)} "
            f"{beat_with(view.top, view.trump)}, so you must.")
