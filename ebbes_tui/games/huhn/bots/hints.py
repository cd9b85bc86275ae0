"""Every sentence a Blindes Huhn extrem hint says, as templates (issue 27), and what a
hint samples when the normal bot's rules have no sharper reason than their estimate:
the deals consistent with the seat's view, the trick played on by the hard bot's
playouts, counting how often the seat takes it."""

from __future__ import annotations

import random

from ....game.sentences import Sentences, about
from ..rules.actions import PLAY
from ..rules.arrange import STRATEGIES
from ..rules.cards import IS_HEN, Card
from ..rules.view import HuhnView
from .rollout import play_tricks
from .sampler import sample_state

#: The hard bot's samples per decision, its usual budget: a hint samples as many deals.
SAMPLES = 40

SENTENCES = Sentences({
    # cards, by the normal bot's named heuristics
    "only": "Play {card}: it is the only card you may play.",
    "sau": "Play {card} and keep the 0: the 49 is still out, and in the last trick the 0 "
           "takes the trick that holds the 49.",
    "shed": "Shed the {card}: the {beater} in the trick beats it, so someone else takes this "
            "hen.",
    "dump": "Play {card}: the {beater} in the trick beats both your end cards, so giving up "
            "the higher one costs nothing.",
    "avoid_beaten": "Play {card}: the trick already holds {hens} hens, and the {beater} in the "
                    "trick beats your card.",
    "avoid_lower": "Play {card}: the trick already holds {hens} hens, and your lower card is "
                   "the easier one to beat.",
    "pig": "Take the trick with {card}: it holds exactly one pig card, so it earns a reward "
           "card worth more than the hens that come with it.",
    "down": "Use the down reward: lead {card}, and nobody sees it before the trick is "
            "complete.",
    "lead_lower": "Lead {card}: your lower end card is the easier one to beat.",
    "beaten": "Play {card}: the {beater} in the trick beats it, and it is the card you most "
              "want to lose.",
    # cards, by the estimate: what the sampled deals showed
    "take": "Play {card}: you take this trick in {share} consistent with what you have "
            "seen, with a hen in {hens}{tail}.",
    "give": "Play {card}: someone else takes this trick in {share} consistent with what you "
            "have seen{tail}.",
    "ear_take": "Use the ear: lead {card} from anywhere in your hand; you take this trick in "
                "{share} consistent with what you have seen.",
    "ear_give": "Use the ear: lead {card} from anywhere in your hand; someone else takes this "
                "trick in {share} consistent with what you have seen.",
    "other": "; your {card} would take it in {share}",
    "face_down": "{said} Face down: nobody after you sees it before the trick is complete.",
    # the dialogs: a reward, a leader, the last trick's option
    "reward_last": "Take {kind}: after the last trick no advantage is used, and every reward "
                   "card counts +3.",
    "reward_hand": "Take {kind}: you can name the player to your left to lead, so you play "
                   "last in the next trick.",
    "reward_ear": "Take {kind}: you may lead any card of your hand in the next trick.",
    "reward_ear_ends": "Take {kind}: it counts +3 like any reward card (H9); its advantage "
                       "gives nothing now, as your cards are all ends.",
    "reward_down": "Take {kind}: you may lead the next trick face down, whatever the card.",
    "leader": "Name {name} to lead: you then play last in the next trick.",
    "option_none": "Choose {option}: no option improves your total.",
    "option_best": "Choose {option}: it adds {gain} to your total, and no other option adds "
                   "more.",
    # arranging the hand (the strategies' own sentences)
    **{f"arrange_{name}": why.replace("{", "{{").replace("}", "}}")
       for name, (_, why) in STRATEGIES.items()},
})


def takes(view: HuhnView, card: Card, samples: int) -> tuple[int, int]:
    """In how many of ``samples`` deals consistent with ``view`` the seat takes this
    trick after leading or playing ``card`` face up, and in how many the trick holds a
    hen, the trick played on as the hard bot's playouts play. Seeded by the position,
    so a hint asked twice says the same."""
    rng = random.Random(f"hint:{view.moves}:{view.seat}:{view.hand}:{card}")
    index = len(view.tricks)
    seat = view.seat
    if seat is None:
        raise ValueError("a hint is for a seat, not the public table")
    taken = hens = 0
    for _ in range(samples):
        state = sample_state(view, rng)
        state.apply_fast(PLAY[card][0], seat)
        if len(state.tricks) == index:
            play_tricks(state, rng.random, one=True)
        trick = state.tricks[index]
        taken += trick.winner == seat
        hens += any(IS_HEN[c] for c in trick.cards)
    return taken, hens


def sampled(view: HuhnView, card: Card, others: tuple[Card, ...], samples: int,
            ear: bool = False) -> str:
    """The hint for a card the estimate chose, with what the sampled deals showed for
    it, and for the one other end card when there is one."""
    won, hens = takes(view, card, samples)
    mine = won * 2 >= samples
    share = about(won if mine else samples - won, samples)
    if ear:
        return SENTENCES.say("ear_take" if mine else "ear_give", card=card, share=share)
    tail = ""
    if len(others) == 1:
        tail = SENTENCES.say("other", card=others[0],
                             share=about(takes(view, others[0], samples)[0], samples))
    if mine:
        return SENTENCES.say("take", card=card, share=share, hens=about(hens, samples),
                             tail=tail)
    return SENTENCES.say("give", card=card, share=share, tail=tail)


__all__ = ["SAMPLES", "SENTENCES", "sampled", "takes"]
