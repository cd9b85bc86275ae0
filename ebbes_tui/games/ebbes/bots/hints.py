"""Every sentence an ebbes hint says, as templates (issue 27), and what a hint samples
when the normal bot's rules have no sharper reason than their estimate: the deals
consistent with the seat's view, this trick played on by the hard bot's playout
followers, counting how often the card takes it."""

from __future__ import annotations

import random

from ....game.sentences import Sentences, about
from ..rules.cards import SUIT_NAMES, SUIT_OF, VALUE_OF, Card
from ..rules.categories import CATEGORY_LABELS, FIXED_BY_CARDS
from ..rules.determiners import categories_after, determiner_cards
from ..rules.determinize import HiddenDeals, determinized_state
from ..rules.view import PlayerView
from .playout import greedy_card

#: The deals a hint samples (a trick each, quick): its shares ("in about 4 of 5") hold still.
SAMPLES = 600

SENTENCES = Sentences({
    # cards, by the normal bot's named rules
    "only": "Play {card}: it is the only card you may play.",
    "dump_minus": "Throw {card}: an opponent surely takes this trick, and {minus} is Minus.",
    "cash_sure": "Lead {card}: nobody can beat it, and {plus} is Plus.",
    "cash_likely": "Lead {card}: it will likely win, and {plus} is Plus.",
    "fix": "Play {card}: it makes {suit} {category}, which suits you.",
    "duck_minus": "Play {card}: the trick already holds Minus cards ({minus} is Minus) and "
                  "this card cannot win it.",
    "none_wins": "Play {card}: no card of yours can win this trick{tail}.",
    "none_wins_minus": ", and {minus} is Minus: its taker loses a point",
    # cards, by the estimate: a certainty, else what the sampled deals showed
    "sure": "Play {card}: nobody can beat it{tail}.",
    "beaten": "Play {card}: this card cannot win the trick{tail}.",
    "wins": "Play {card}: it wins this trick in {share} consistent with what you have "
            "seen{tail}.",
    "loses": "Play {card}: it loses this trick in {share} consistent with what you have "
             "seen{tail}.",
    "makes": ", and makes {suit} {category}",
    "keeps": ", and keeps {card} for later",
    "keeps_trumps": ", and keeps your Trump cards for later",
    # the dialogs
    "starter_determiner": "Start yourself: leading the first trick lets you play your "
                          "determiner card, the {card}, before anyone else can play one.",
    "starter_determiners": "Start yourself: leading the first trick lets you play your "
                           "determiner cards ({cards}) before anyone else can play one.",
    "starter_no_determiner": "Start yourself: leading the first trick lets you choose the "
                             "suit the others must follow (you hold no {number}, so no "
                             "determiner card).",
    "starter_pairs": "Start yourself: leading the first trick lets you choose the suit the "
                     "others must follow; the pairs are chosen after that, from the player "
                     "on your left.",
    "pair_held": "Pair {suit} with {number}: you hold the {suit} {number}, so you decide when "
                 "{suit} gets its job.",
    "pair_weakest": "Pair {suit} with {number}: no card of yours fits a free number in a suit "
                    "still unpaired, and of those suits you are weakest in {suit}, so your "
                    "strong suits stay out of others' control.",
})


def card_name(c: Card) -> str:
    """A card as a hint names it: ``blue 7``."""
    return f"{SUIT_NAMES[SUIT_OF[c]]} {VALUE_OF[c]}"


def trick_wins(view: PlayerView, c: Card, samples: int) -> int:
    """In how many of ``samples`` deals consistent with ``view`` the seat takes this
    trick after playing ``c``, the later seats playing as the hard bot's playouts do
    (followers take a trick worth something, else duck). Seeded by the position, so a
    hint asked twice says the same."""
    rng = random.Random(f"hint:{view.round_no}:{view.seat}:{view.hand}:{view.trick}:"
                        f"{len(view.tricks)}")
    deals = HiddenDeals(view)
    done = len(view.tricks)
    wins = 0
    for _ in range(samples):
        state = determinized_state(view, deals.sample(rng), rng)
        state.play_fast(c)
        while len(state.tricks) == done:
            legal = list(state.legal_moves())
            state.play_fast(legal[0] if len(legal) == 1 else greedy_card(state, legal))
        wins += state.tricks[-1].winner == view.seat
    return wins


def kept(view: PlayerView, c: Card) -> str:
    """The job ``c`` gives its suit when it is a determiner card that fixes one (R4,
    R5); else what playing it keeps in hand: the highest card of its suit above it, or
    the Trump cards when ``c`` is none; else nothing."""
    suit = SUIT_OF[c]
    after = categories_after((c,), view.suits, determiner_cards(view.number, view.pairs))
    if len(after) > len(view.suits):
        label = CATEGORY_LABELS[min(len(after), FIXED_BY_CARDS) - 1]  # Minus brings nix
        return SENTENCES.say("makes", suit=SUIT_NAMES[suit], category=label)
    higher = [h for h in view.hand if SUIT_OF[h] == suit and h > c]
    if higher:
        return SENTENCES.say("keeps", card=card_name(max(higher)))
    trump = view.suits[0] if view.suits else -1
    if trump >= 0 and suit != trump and any(SUIT_OF[h] == trump for h in view.hand):
        return SENTENCES.say("keeps_trumps")
    return ""


def sampled(view: PlayerView, c: Card, samples: int) -> str:
    """The hint for a card the estimate chose, with what the sampled deals showed."""
    wins = trick_wins(view, c, samples)
    tail = kept(view, c)
    if wins * 2 >= samples:
        return SENTENCES.say("wins", card=card_name(c), share=about(wins, samples), tail=tail)
    return SENTENCES.say("loses", card=card_name(c), share=about(samples - wins, samples),
                         tail=tail)


__all__ = ["SAMPLES", "SENTENCES", "card_name", "kept", "sampled", "trick_wins"]
