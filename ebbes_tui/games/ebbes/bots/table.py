"""What a bot can work out from its PlayerView alone: the suits' categories, the
determiner cards, the cards it has not seen, the voids shown, and how a trick ends.

Everything here reads only the view (R18); nothing peeks at another hand.
"""

from __future__ import annotations

from bisect import bisect_right

from ..rules.cards import SUIT_OF, SUITS, VALUE_OF, Card
from ..rules.categories import FIXED_BY_CARDS, Category
from ..rules.determiners import categories_after, determiner_cards
from ..rules.determinize import known_voids, unseen_cards
from ..rules.dummy import dummy_card
from ..rules.tricks import trick_winner, trump_of
from ..rules.view import PlayerView


def seat_of(view: PlayerView) -> int:
    """The seat a bot decides for: a view of the public table has none."""
    if view.seat is None:
        raise ValueError("a bot decides from a seat's view, not the public table")
    return view.seat

class Table:
    """One decision's reading of the view, computed once and shared by the heuristics."""

    __slots__ = (
        "view", "me", "n", "dummy", "players", "suits", "determiners", "determiner_of", "unseen",
        "voids", "trick", "trick_seats", "later", "hidden_count", "hidden_total", "outside",
        "unseen_of",
    )

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = seat_of(view)
        config = view.config
        self.n = config.seat_count
        self.dummy = config.dummy
        self.players = [s for s in range(self.n) if s != self.dummy]
        self.suits = view.suits
        self.determiners = determiner_cards(view.number, view.pairs)
        self.determiner_of = {SUIT_OF[c]: c for c in self.determiners}
        self.unseen = frozenset(unseen_cards(view))
        self.voids = known_voids(view)
        self.trick = view.trick
        self.trick_seats = view.trick_seats
        self.later = self._later_seats()
        self.hidden_count = self._hidden_counts()
        self.hidden_total = sum(self.hidden_count)
        self.unseen_of: list[list[Card]] = [[] for _ in SUITS]
        for c in sorted(self.unseen):
            self.unseen_of[SUIT_OF[c]].append(c)
        self.outside = self._outside_cards()

    def _later_seats(self) -> list[int]:
        """Seats that still play to the current trick after this seat."""
        seats, seat = [], self.me
        for _ in range(self.n - len(self.trick) - 1):
            seat = self.view.next_seat(seat)
            seats.append(seat)
        return seats

    def _hidden_counts(self) -> list[int]:
        """Unseen cards each seat holds (the dummy: its face-down cards)."""
        view = self.view
        counts = list(view.hand_sizes)
        counts[self.me] = 0
        if self.dummy is not None and self.dummy != self.me:
            counts[self.dummy] = sum(view.dummy_down)
        return counts

    def _outside_cards(self) -> list[list[Card]]:
        """Per suit, the cards still in play that this seat does not hold."""
        outside: list[list[Card]] = [[] for _ in SUITS]
        for c in self.unseen:
            outside[SUIT_OF[c]].append(c)
        for up in self.view.dummy_up:
            if up is not None and self.dummy != self.me:
                outside[SUIT_OF[up]].append(up)
        return outside

    # ------------------------------------------------------------- categories

    def category(self, suit: int, suits: tuple[int, ...] | None = None) -> int:
        """Category of ``suit`` (-1 while open)."""
        fixed = self.suits if suits is None else suits
        return fixed.index(suit) if suit in fixed else -1

    @property
    def next_category(self) -> int:
        """The category the next determiner card fixes, or -1 when all are fixed."""
        return len(self.suits) if len(self.suits) < FIXED_BY_CARDS else -1

    def taken(self, seat: int, suit: int) -> int:
        return self.view.taken[seat][suit]

    def opponents(self) -> list[int]:
        return [s for s in self.players if s != self.me]

    # ------------------------------------------------------------------ tricks

    def dummy_plays(self, led: int) -> Card | None:
        """The dummy's forced card when it follows ``led`` and all its cards are seen."""
        view = self.view
        if self.dummy is None or not any(c is not None for c in view.dummy_up):
            return None
        return dummy_card(list(view.dummy_up), led)

    def holds_any(self, seat: int, suit: int, count: int) -> float:
        """Chance that ``seat`` holds at least one of ``count`` unseen cards of ``suit``,
        assuming the unseen cards lie at random among the hidden hands, except in
        the suits the seat has shown void in."""
        mine = self.hidden_count[seat]
        total = self.hidden_total
        if suit in self.voids[seat] or not count or not mine or not total:
            return 0.0
        return 1.0 - (1.0 - mine / total) ** count

    def higher_unseen(self, c: Card) -> int:
        """How many unseen cards of ``c``'s suit are higher than ``c``."""
        hidden = self.unseen_of[SUIT_OF[c]]
        return len(hidden) - bisect_right(hidden, c)

    # -------------------------------------------------------- what is certain

    def may_lack(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may hold no card of ``suit``: it showed a void, or the
        other hidden hands have room for every unseen card of it."""
        if suit in self.voids[seat]:
            return True
        unseen = len(self.unseen_of[suit])
        room = sum(n for s, n in enumerate(self.hidden_count)
                   if s != seat and (s == self.dummy or suit not in self.voids[s]))
        return unseen <= room

    def may_be_beaten(self, cards: tuple[Card, ...], index: int, suits: tuple[int, ...]) -> bool:
        """Whether, in some deal that fits the view, the seats still to play can take
        the trick ``cards`` (played so far, categories ``suits``) from its card at
        ``index``; False is a certainty (R1, R2). A card not winning now counts as
        beaten."""
        trump = trump_of(suits)
        if trick_winner(cards, trump) != index:
            return True
        best, led = cards[index], SUIT_OF[cards[0]]
        suit = SUIT_OF[best]
        for seat in self.later:
            if seat == self.dummy:
                known = self.dummy_plays(led)
                if known is not None and trick_winner(
                        cards + (known,), trump_of(categories_after(
                            (known,), suits, self.determiners))) != index:
                    return True
                continue
            voids = self.voids[seat]
            discards = self.may_lack(seat, led)  # may play off the led suit (R1)
            for other in SUITS:
                hidden = self.unseen_of[other]
                if not hidden or other in voids or (other != led and not discards):
                    continue
                if other == suit and hidden[-1] > best:
                    return True  # higher in its own suit
                if trump >= 0 and other == trump != suit:
                    return True  # a trump over a card that is none
                if trump < 0 and other != suit and any(u in self.determiners for u in hidden):
                    return True  # fixes Trump now, so it wins (R2, R4)
        return False

    def may_win(self, cards: tuple[Card, ...], index: int, suits: tuple[int, ...]) -> bool:
        """Whether, in some deal that fits the view, the card at ``index`` of the trick
        ``cards`` (categories ``suits``) can still take it; False is a certainty. A card
        beaten now wins only if its suit becomes Trump in this trick (R2): its
        determiner card, lower than it, still to come from a later seat."""
        best, led = cards[index], SUIT_OF[cards[0]]
        suit = SUIT_OF[best]
        trump = trump_of(suits)
        known = self.dummy_plays(led) if self.dummy in self.later else None
        if trick_winner(cards, trump) == index:
            # Only a forced card can take it for sure: the dummy's, with Trump fixed.
            return not (trump >= 0 and known is not None
                        and trick_winner(cards + (known,), trump) != index)
        fixer = self.determiner_of.get(suit)
        if suits or fixer is None or fixer > best or any(
                SUIT_OF[c] == suit and c > best for c in cards):
            return False
        if fixer == known:
            return True
        return fixer in self.unseen and any(
            seat != self.dummy and suit not in self.voids[seat]
            and (suit == led or self.may_lack(seat, led)) for seat in self.later)

    def strength(self, c: Card) -> float:
        """Share of the other cards of its suit still in play that ``c`` beats."""
        others = self.outside[SUIT_OF[c]]
        if not others:
            return 1.0
        return sum(1 for o in others if o < c) / len(others)


def value_rank(c: Card) -> int:
    """The card's value, 1 (low) to 15 (high)."""
    return VALUE_OF[c]


__all__ = ["Category", "Table", "value_rank"]
