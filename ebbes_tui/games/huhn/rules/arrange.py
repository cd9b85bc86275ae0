"""Ways to arrange a hand (H3), from the rulebook's Tactics section, each a small
named function with the sentence a hint gives. :func:`arrangement` is the normal
bot's choice among them; search asks it too (the n! orders are never listed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import IS_HEN, LOWEST, Card

Strategy = Callable[[Sequence[Card], bool], tuple[Card, ...]]


def ascending(hand: Sequence[Card], last_in_first: bool) -> tuple[Card, ...]:
    """Tactics: "sort in ascending order"."""
    return tuple(sorted(hand))


def bad_cards_in_the_middle(hand: Sequence[Card], last_in_first: bool) -> tuple[Card, ...]:
    """Tactics: "put bad cards in the middle, so that they only fall at the end":
    the hens in the middle, the other cards ascending around them (low left, high
    right)."""
    hens = sorted(c for c in hand if IS_HEN[c])
    others = sorted(c for c in hand if not IS_HEN[c])
    half = (len(others) + 1) // 2
    return tuple(others[:half] + hens + others[half:])


def bad_left_good_right(hand: Sequence[Card], last_in_first: bool) -> tuple[Card, ...]:
    """Tactics: "sort all bad cards to the left and all good ones to the right": the
    hens on the left (lowest outermost, to be shed first), the other cards ascending
    on the right."""
    hens = sorted(c for c in hand if IS_HEN[c])
    others = sorted(c for c in hand if not IS_HEN[c])
    return tuple(hens + others)


def shed_early_as_last(hand: Sequence[Card], last_in_first: bool) -> tuple[Card, ...]:
    """Tactics: "if you are the last player in a round, you can often get rid of a bad
    card in the first trick": ascending, with the lowest hen moved to the right end
    for the first trick."""
    order = sorted(hand)
    hens = [c for c in order if IS_HEN[c]]
    if hens:
        order.remove(hens[0])
        order.append(hens[0])
    return tuple(order)


def sau_kept_inside(hand: Sequence[Card], last_in_first: bool) -> tuple[Card, ...]:
    """Ascending, but the 0 just inside the left end: ducking with the low end then
    plays the next low card first, and the 0 is kept for the last trick while the 49
    is out (H6)."""
    order = sorted(hand)
    if order and order[0] == LOWEST and len(order) > 2:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


#: Every strategy, with the sentence a hint gives for it. Each says only what the order
#: itself makes sure of, whatever is played later (issue 25: "keep the 0 for the last
#: trick" was a promise the play did not keep): tests/test_huhn_reading.py checks them.
STRATEGIES: dict[str, tuple[Strategy, str]] = {
    "ascending": (ascending, "Arrange in ascending order: your end cards are always your "
                             "lowest and your highest card left, so in every trick you "
                             "choose between them."),
    "bad_cards_in_the_middle": (bad_cards_in_the_middle,
                                "Put your hens in the middle: a hen becomes an end card only "
                                "once every card on one side of it is played; your other "
                                "cards go around them, the lowest left, the highest right."),
    "bad_left_good_right": (bad_left_good_right,
                            "Put your hens on the left, lowest first, and your other cards "
                            "ascending to the right: your left end is a hen while you hold "
                            "one, your right end your highest other card."),
    "shed_early_as_last": (shed_early_as_last,
                           "Arrange in ascending order with your lowest hen at the right end, "
                           "ready to be shed in the first trick if someone else's card beats "
                           "it."),
    "sau_kept_inside": (sau_kept_inside,
                        "Arrange in ascending order with the 0 second from the left: it becomes "
                        "an end card only once the card left of it, or every card right of it, "
                        "is played."),
}


def last_in_first_trick(seat: int | None, dealer: int) -> bool:
    """The dealer plays last in the first trick (H2: the seat to their left leads)."""
    return seat == dealer


def choose_strategy(hand: Sequence[Card], last_in_first: bool) -> str:
    """The normal bot's strategy: ascending, with the 0 kept inside when it holds it.
    In seeded games between normal bots (4 players, 1,500 deals each) every other
    strategy of this module did worse for its player with the bot's card play; a
    search weighs them all (:func:`arrangements`)."""
    return "sau_kept_inside" if LOWEST in hand else "ascending"


def arrangement(hand: Sequence[Card], last_in_first: bool) -> tuple[str, tuple[Card, ...]]:
    """The normal bot's strategy and order for ``hand``."""
    name = choose_strategy(hand, last_in_first)
    return name, STRATEGIES[name][0](hand, last_in_first)


def arrangements(hand: Sequence[Card], last_in_first: bool) -> list[tuple[str, tuple[Card, ...]]]:
    """Every strategy's order (distinct orders only), the normal bot's choice first:
    the candidates a search weighs instead of the n! orders."""
    chosen = choose_strategy(hand, last_in_first)
    names = [chosen] + [n for n in STRATEGIES if n != chosen]
    seen: set[tuple[Card, ...]] = set()
    out = []
    for name in names:
        order = STRATEGIES[name][0](hand, last_in_first)
        if order not in seen:
            seen.add(order)
            out.append((name, order))
    return out
