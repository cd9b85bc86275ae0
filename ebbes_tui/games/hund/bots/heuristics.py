"""The normal bot's named heuristics (FreeDoko style): small functions, each of which
either picks a move with the sentence that explains it, or passes. The bot walks the
list for the pending decision and the first that fires wins. Sentences are hints for
players, so they say only what is true: "likely" where the bot is guessing.

Phase 1 (collecting): take high cards and trumps-to-be, give away low cards, start a
war when it pays, sjanse when the hand is all keepers. Phase 2 (shedding): beat with
the cheapest card that beats, keep trumps for late, lead low singletons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..rules.actions import PLAY, SJANSE, UNDERTREKK, Action, PlayCard, Series, play_of
from ..rules.cards import CODES, RANK_OF, SUIT_OF, SUIT_WORD, Card
from ..rules.checks import lacking
from .hints import SENTENCES
from .judge import Judge
from ..rules.tricks import can_beat
from ..rules.view import HundView


class Choice(NamedTuple):
    action: Action
    why: str


Heuristic = Callable[[Judge], "Choice | None"]


def _name(j: Judge, seat: int) -> str:
    return j.view.seats[seat].name


def _codes(cards: Iterable[Card]) -> str:
    return ", ".join(CODES[c] for c in cards)


def _series(cards: Iterable[Card]) -> str:
    """A series as the table writes it: ``3D-4D-5D``."""
    return "-".join(CODES[c] for c in cards)


def _your(view: HundView, what: str) -> str:
    """``your lowest card``; ``your last card`` when it is the only one in hand."""
    return "your last card" if len(view.hand) == 1 else f"your {what}"


# ------------------------------------------------------------------ both phases


def only_move(j: Judge) -> Choice | None:
    """One legal move: say why it is the only one."""
    actions = j.view.actions
    if len(actions) != 1:
        return None
    action = actions[0]
    if action is SJANSE:
        return Choice(action, SENTENCES.say("sjanse_empty"))
    if action is UNDERTREKK:
        return must_take(j)
    if j.view.phase == "collect":
        return Choice(action, SENTENCES.say("only_card", play=action))
    return Choice(action, SENTENCES.say("only_play", play=action))


# ---------------------------------------------------------------- phase 1 (N3-N8)


def start_krig_when_it_pays(j: Judge) -> Choice | None:
    """Match a card in the trick to start a war (the highest pair wars even below a
    higher single card, N5) when the trick is worth having and a strong card is left
    to win the war with."""
    view = j.view
    if view.krig or not view.trick:
        return None
    seats, cards = j.round_cards()
    for c in sorted(view.hand, key=j.worth):
        taker, warriors = j.outcome_with(c)
        if view.seat not in warriors or j.trick_worth(c) <= j.w.take:
            continue
        rest = [h for h in view.hand if h != c]
        follow = max(rest, key=RANK_OF.__getitem__, default=None)
        if follow is None or RANK_OF[follow] < 12:
            continue
        rival = next(s for s, m in zip(seats, cards) if RANK_OF[m] == RANK_OF[c])
        match = next(m for m in cards if RANK_OF[m] == RANK_OF[c])
        return Choice(PLAY[c], SENTENCES.say("start_krig", card=CODES[c], rival=_name(j, rival),
                                             match=CODES[match], follow=CODES[follow]))
    return None


def take_high_cards(j: Judge) -> Choice | None:
    """Take a trick of good cards (high ones, or of a suit likely to be trump) with a
    card that beats everything in it: the cheapest when nobody plays after, else the
    highest."""
    view = j.view
    if view.krig or not view.trick:
        return None
    winners = [c for c in view.hand if j.outcome_with(c)[0] == view.seat]
    if not winners:
        return None
    last = not j.later()
    c = min(winners, key=RANK_OF.__getitem__) if last else max(winners, key=RANK_OF.__getitem__)
    if j.trick_worth(c) <= j.w.take:
        return None
    if last:
        return Choice(PLAY[c], SENTENCES.say("take_last", card=CODES[c]))
    return Choice(PLAY[c], SENTENCES.say("take", card=CODES[c]))


def sjanse_with_keepers(j: Judge) -> Choice | None:
    """Every hand card is worth keeping for phase 2: play the pile's top card instead
    of giving one away (N4)."""
    view = j.view
    if SJANSE not in view.actions or view.krig or not view.hand:
        return None
    if any(j.worth(c) < j.w.keeper for c in view.hand):
        return None
    return Choice(SJANSE, SENTENCES.say("sjanse_keepers", cards=_codes(view.hand)))


def give_low_cards(j: Judge) -> Choice | None:
    """Give away the card least worth holding in phase 2, one that does not take the
    trick where there is one."""
    view = j.view
    if view.krig or not view.hand:
        return None
    c = min(view.hand, key=j.worth)
    least = _your(view, "card least worth holding in phase 2")
    if not view.trick:
        return Choice(PLAY[c], SENTENCES.say("lead_least", card=CODES[c], least=least))
    losers = [h for h in view.hand if not j.could_take(h)]
    if not losers:
        each = "it" if len(view.hand) == 1 else "each of your cards"
        return Choice(PLAY[c], SENTENCES.say("give_all_take", card=CODES[c], least=least,
                                             each=each))
    c = min(losers, key=j.worth)
    if len(losers) == len(view.hand):
        none = "it does not take" if len(view.hand) == 1 else "none of your cards takes"
        return Choice(PLAY[c], SENTENCES.say("give_none_takes", card=CODES[c], least=least,
                                             none=none))
    return Choice(PLAY[c], SENTENCES.say("give", card=CODES[c]))


def krig_to_win(j: Judge) -> Choice | None:
    """In a war for a trick worth having, play the highest card; sjanse when the best
    card is low (the pile's top card may be higher, N4)."""
    view = j.view
    if not view.krig or not view.hand or j.trick_worth(None) - j.expected <= j.w.take:
        return None
    best = max(view.hand, key=lambda c: (RANK_OF[c], -j.worth(c)))
    so_far = len(view.trick)
    if RANK_OF[best] < 10 and SJANSE in view.actions:
        return Choice(SJANSE, SENTENCES.say("krig_sjanse", best=_your(view, "best card"),
                                            card=CODES[best]))
    return Choice(PLAY[best], SENTENCES.say("krig_win", card=CODES[best],
                                                highest=_your(view, "highest card"),
                                                so_far=so_far))


def krig_to_lose(j: Judge) -> Choice | None:
    """In a war for a trick not worth having, play the lowest card."""
    view = j.view
    if not view.krig or not view.hand:
        return None
    def lowest(cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (RANK_OF[c], j.worth(c)))

    so_far = len(view.trick)
    losers = [c for c in view.hand if not j.could_take(c)]
    if losers:
        c = lowest(losers)
        return Choice(PLAY[c], SENTENCES.say("krig_lose", card=CODES[c], so_far=so_far))
    low = lowest(list(view.hand))
    if j.round_cards()[0] and len(view.hand) > 1:  # each card takes the trick or wars on
        return Choice(PLAY[low], SENTENCES.say("krig_lowest_all", card=CODES[low]))
    return Choice(PLAY[low], SENTENCES.say("krig_lowest", card=CODES[low],
                                              lowest=_your(view, "lowest card"), so_far=so_far))


# -------------------------------------------------------------- phase 2 (N9-N14)


def must_take(j: Judge) -> Choice | None:
    """Nothing beats the top card: undertrekk is the only move (N10)."""
    view = j.view
    if view.actions != (UNDERTREKK,):
        return None
    top = view.top
    assert top is not None
    first = view.shed_trick[0][1]
    what = f"the trick's first card, {CODES[first[0]]}" if len(first) == 1 else \
        f"the trick's first play, the series {_series(first)}"
    why = "you hold no card" if not view.hand else f"you hold {lacking(top, view.trump)}"
    return Choice(UNDERTREKK, SENTENCES.say("must_take", top=CODES[top], why=why, what=what))


def beat_cheapest(j: Judge) -> Choice | None:
    """Beat with the cheapest play that beats: a non-trump before a trump (keep trumps
    for late), the lowest top card, a longer series before a shorter one (N10, N14)."""
    view = j.view
    top = view.top
    if top is None or UNDERTREKK in view.actions:
        return None
    trump = view.trump
    plays = [a for a in view.actions if type(a) is PlayCard or type(a) is Series]  # N10: all
    play = min(plays, key=lambda a: _beat_cost(a, trump))
    high = play.cards[-1]
    keeping = SUIT_OF[high] != trump and any(SUIT_OF[c] == trump for c in view.hand)
    keep = SENTENCES.say("keeping_trumps") if keeping else ""
    if type(play) is Series:
        return Choice(play, SENTENCES.say("beat_series", top=CODES[top], play=play, tail=keep,
                                          count=len(play.cards)))
    return Choice(play, SENTENCES.say("beat", top=CODES[top], play=play, tail=keep))


def _beat_cost(action: PlayCard | Series, trump: int) -> tuple[int, int, int]:
    cards: tuple[Card, ...] = action.cards
    high = cards[-1]
    return (SUIT_OF[high] == trump, RANK_OF[high], -len(cards))


def leave_the_round(j: Judge) -> Choice | None:
    """The position has come round twice: once more and phase 2 ends, the player in
    play holding the most cards the hund (N17). When that is this seat, lead another
    card than it led from here last time, one the next player can beat if there is
    one, chosen at random so that equal bots do not repeat. Any other seat gains by
    letting the round end, and does."""
    view = j.view
    if view.top is not None or view.phase != "shed" or view.repeats < 2 \
            or _hund_if_it_ends(view) != view.seat:
        return None
    last = _led_from_here(view)
    others = [a for a in view.actions if getattr(a, "cards", None) != last]
    if last is None or not others:
        return None
    following = _next_in_play(view)
    hold = j.known_hands()[following]
    beatable = [a for a in others if (type(a) is PlayCard or type(a) is Series)
                and can_beat(hold, a.cards[-1], view.trump)]
    before = play_of(last)
    if beatable:
        lead = j.rng.choice(beatable)
        return Choice(lead, SENTENCES.say("leave_beatable", play=lead, before=before,
                                          name=_name(j, following)))
    other = j.rng.choice(others)
    return Choice(other, SENTENCES.say("leave", play=other, before=before))


def _led_from_here(view: HundView) -> tuple[Card, ...] | None:
    """What this seat played the last time every hand was as it is now (the moves
    since then, taken back, change no hand), or None."""
    changed: set[tuple[int, Card]] = set()
    for m in reversed(view.log):
        changed.symmetric_difference_update((m.seat, c) for c in m.cards)
        if not changed and m.seat == view.seat and not m.took:
            return m.cards
    return None


def _hund_if_it_ends(view: HundView) -> int:
    """Who is the hund if phase 2 ends now by N17: the player in play holding the most
    cards, on a tie the first clockwise from the player to move."""
    n = len(view.seats)
    mover = view.deciding[0]
    playing = [s for s in ((mover + i) % n for i in range(n)) if s not in view.out]
    return max(playing, key=view.hand_sizes.__getitem__)


def _next_in_play(view: HundView) -> int:
    n, me = len(view.seats), view.seat
    if me is None:
        raise ValueError("a bot decides from a seat's view, not the public table")
    seat = (me + 1) % n
    while seat in view.out:
        seat = (seat + 1) % n
    return seat


def lead_low_singleton(j: Judge) -> Choice | None:
    """Lead a low card that is alone in its suit: low cards are hard to shed except by
    leading them."""
    view = j.view
    if view.top is not None or view.phase != "shed":
        return None
    trump = view.trump
    counts = [0, 0, 0, 0]
    for c in view.hand:
        counts[SUIT_OF[c]] += 1
    single = [c for c in view.hand
              if counts[SUIT_OF[c]] == 1 and SUIT_OF[c] != trump and RANK_OF[c] <= 10]
    if not single:
        return None
    c = min(single, key=RANK_OF.__getitem__)
    return Choice(PLAY[c], SENTENCES.say("lead_singleton", card=CODES[c],
                                         suit=SUIT_WORD[SUIT_OF[c]]))


def lead_low_series(j: Judge) -> Choice | None:
    """With series allowed, lead the longest run topped by a low card: several low
    cards shed in one play (N14)."""
    view = j.view
    if view.top is not None or view.phase != "shed" or not view.series:
        return None
    runs = [a for a in view.actions if type(a) is Series and RANK_OF[a.top] <= 10
            and SUIT_OF[a.top] != view.trump]
    if not runs:
        return None
    run = max(runs, key=lambda a: (len(a.cards), -RANK_OF[a.top]))
    return Choice(run, SENTENCES.say("lead_series", play=run, count=len(run.cards)))


def lead_low(j: Judge) -> Choice | None:
    """Lead the lowest card, a trump only when holding nothing else (keep trumps for
    late)."""
    view = j.view
    if view.top is not None or view.phase != "shed" or not view.hand:
        return None
    if len(view.hand) == 1:
        c = view.hand[0]
        return Choice(PLAY[c], SENTENCES.say("lead_last", card=CODES[c]))
    trump = view.trump
    plain = [c for c in view.hand if SUIT_OF[c] != trump]
    if not plain:
        c = min(view.hand, key=RANK_OF.__getitem__)
        return Choice(PLAY[c], SENTENCES.say("lead_trump", card=CODES[c]))
    c = min(plain, key=RANK_OF.__getitem__)
    keep = SENTENCES.say("trumps_stay") if len(plain) < len(view.hand) else ""
    lower = any(RANK_OF[t] < RANK_OF[c] for t in view.hand if SUIT_OF[t] == trump)
    what = "lowest card outside trumps" if lower else "lowest card"
    return Choice(PLAY[c], SENTENCES.say("lead_low", card=CODES[c], what=what, tail=keep))


#: The heuristics for each kind of decision, in the order they are tried.
RULES: dict[str, tuple[Heuristic, ...]] = {
    "play": (only_move, start_krig_when_it_pays, take_high_cards, sjanse_with_keepers,
             give_low_cards),
    "krig": (only_move, krig_to_win, krig_to_lose),
    "beat": (must_take, only_move, beat_cheapest),
    "lead": (only_move, leave_the_round, lead_low_series, lead_low_singleton, lead_low),
}
