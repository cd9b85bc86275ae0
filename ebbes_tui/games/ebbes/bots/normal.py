"""The ``normal`` level: a readable heuristic bot in the FreeDoko style.

A card is chosen by walking :data:`RULES`, an ordered list of small named rules; each
returns a card or None and the first that fires wins. ``NormalBot.fired`` counts how
often each rule decided, so a tuner can see which rules carry the bot. The rules share
one estimate (:class:`Judge`): what a card is worth to whoever takes it (Plus +1,
Minus -1, ebbes by where the seat stands, R6-R7), the chance a card wins the trick,
and how fixing a category with a determiner card (R4, R5) changes the seat's outlook.
Everything is read from the seat's PlayerView (R18).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from collections.abc import Callable

from ....game.protocols import Choices
from ..rules.cards import SUIT_NAMES, SUIT_OF, SUITS, VALUE_OF, Card
from ..rules.categories import CATEGORY_LABELS, Category
from ..rules.actions import Action, choose_pair, name_starter, play
from ..rules.determiners import categories_after, open_pairs
from ..rules.scoring import CARD_POINTS, ebbes_points
from ..rules.state import Phase
from ..rules.tricks import trick_winner, trump_of
from ..rules.view import PlayerView
from .hints import SAMPLES, SENTENCES, card_name, kept, sampled
from .table import Table, seat_of

#: What one taken card of a category is worth to its taker (R6), with nix, which only
#: names the next starter (R8), worth a little.
TAKEN_VALUE = {**{category: float(points) for category, points in CARD_POINTS.items()},
               Category.NIX: 0.05}


#: :data:`TAKEN_VALUE` by category number, and an open suit's card by how many
#: categories are fixed: the mean of those still open.
_CATEGORY_VALUE = tuple(TAKEN_VALUE[category] for category in Category)
_OPEN_VALUE = tuple(sum(TAKEN_VALUE[Category(c)] for c in range(fixed, len(Category)))
                    / (len(Category) - fixed) for fixed in range(len(Category)))


#: A seat that holds a card to beat the trick still need not play it (R1: neither a
#: higher card nor a trump is obligatory), so the estimate never says it surely will.
BEAT_AT_MOST = 0.95


@dataclass(frozen=True)
class Weights:
    """The knobs a tuner turns (A/B tournaments between two NormalBots)."""

    #: Holding a trump: worth this much per card, more for high ones.
    trump_hold: float = 0.6
    #: Holding a card of a good (bad) suit: worth (costs) this per unit of strength.
    hold: float = 0.25
    #: A void player's card: they throw what hurts the winner most.
    discard: float = -0.3
    #: Weight of the ebbes standing: my R7 points minus the others' average.
    ebbes: float = 1.0
    #: Chance that a later seat holding the led suit's determiner card plays it.
    force_play: float = 0.5
    #: How much better a determiner card must look to be played for its category.
    fix_margin: float = 0.5


class Judge:
    """Shared estimates for one decision: card values, trick outcomes, outlook.

    A decision weighs every legal card against the same few category outcomes, so what
    depends only on the categories (the suits' values, the standing before the hand,
    each held card's value) is worked out once per outcome and kept; the sums are the
    same sums in the same order, so the estimates are exactly those of working each
    out afresh."""

    __slots__ = ("table", "w", "opp_share", "cache", "values", "standings", "holds",
                 "strengths", "swings", "now")

    def __init__(self, table: Table, weights: Weights = Weights()) -> None:
        self.table = table
        self.w = weights
        self.opp_share = 1.0 / max(1, len(table.players) - 1)
        self.cache: dict[Card, float] = {}
        self.values: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.standings: dict[tuple[int, ...], float] = {}
        self.holds: dict[tuple[int, ...], dict[Card, float]] = {}
        self.strengths: dict[Card, float] = {}
        self.swings: dict[tuple[int, tuple[int, ...]], tuple[float, float]] = {}
        self.now: float | None = None

    # --------------------------------------------------------- card values

    def taken_value(self, suit: int, suits: tuple[int, ...]) -> float:
        """What one card of ``suit`` is worth to the seat that takes it."""
        values = self.values.get(suits)
        if values is None:
            values = self.values[suits] = tuple(
                _CATEGORY_VALUE[suits.index(s)] if s in suits else _OPEN_VALUE[len(suits)]
                for s in SUITS)
        return values[suit]

    # ---------------------------------------------------------------- ebbes

    def ebbes_counts(self, suits: tuple[int, ...]) -> list[int] | None:
        """Everyone's ebbes cards taken so far, once the ebbes suit is fixed."""
        if len(suits) <= Category.EBBES:
            return None
        suit = suits[Category.EBBES]
        return [self.table.taken(s, suit) for s in range(self.table.n)]

    def ebbes_standing(self, counts: list[int]) -> float:
        """My ebbes points minus the other players' average, were the round over (R7):
        the middle scores, the highest and lowest counts do not."""
        t = self.table
        points = ebbes_points(counts)
        opponents = t.opponents()
        return points[t.me] - sum(points[s] for s in opponents) / max(1, len(opponents))

    def ebbes_swing(self, cards: int, counts: list[int] | None) -> tuple[float, float]:
        """Change of my ebbes standing if I take ``cards`` ebbes cards, and if an
        opponent (on average) takes them."""
        if counts is None or not cards:
            return 0.0, 0.0
        key = (cards, tuple(counts))
        swing = self.swings.get(key)
        if swing is None:
            swing = self.swings[key] = self._ebbes_swing(cards, counts)
        return swing

    def _ebbes_swing(self, cards: int, counts: list[int]) -> tuple[float, float]:
        now = self.ebbes_standing(counts)
        mine = counts[:]
        mine[self.table.me] += cards
        opponents = self.table.opponents()
        theirs = 0.0
        for s in opponents:
            other = counts[:]
            other[s] += cards
            theirs += self.ebbes_standing(other)
        theirs /= max(1, len(opponents))
        return self.w.ebbes * (self.ebbes_standing(mine) - now), self.w.ebbes * (theirs - now)

    # --------------------------------------------------------------- tricks

    def trick_value(self, cards: tuple[Card, ...], suits: tuple[int, ...]) -> float:
        """Value of the finished trick to its taker: the cards down, plus a guess for
        the cards still to come (followers follow, void players discard)."""
        t = self.table
        total = sum(self.taken_value(SUIT_OF[c], suits) for c in cards)
        led = SUIT_OF[cards[0]]
        follow = self.taken_value(led, suits)
        for seat in t.later:
            if seat == t.dummy:
                known = t.dummy_plays(led)
                total += self.taken_value(SUIT_OF[known], suits) if known is not None else 0.0
            elif led in t.voids[seat]:
                total += self.w.discard
            else:
                total += follow
        return total

    def win_chance(self, c: Card, suits: tuple[int, ...]) -> float:
        """Chance that ``c`` takes the trick: 0 or 1 only where that is certain, else
        0 if it is beaten already (its suit could still become Trump), or the chance
        that no later seat beats it."""
        t = self.table
        cards = t.trick + (c,)
        index = len(cards) - 1
        if not t.may_win(cards, index, suits):
            return 0.0
        if not t.may_be_beaten(cards, index, suits):
            return 1.0
        if trick_winner(cards, trump_of(suits)) != index:
            return 0.0
        chance = 1.0
        for seat in t.later:
            chance *= 1.0 - self._beat_chance(seat, c, cards, suits)
        return chance

    def _beat_chance(self, seat: int, c: Card, cards: tuple[Card, ...],
                     suits: tuple[int, ...]) -> float:
        t = self.table
        led = SUIT_OF[cards[0]]
        if seat == t.dummy:
            known = t.dummy_plays(led)
            if known is None:
                return 0.0
            return float(trick_winner(cards + (known,), trump_of(suits)) == len(cards))
        trump = trump_of(suits)
        mine = SUIT_OF[c]
        void = (1.0 if led in t.voids[seat]
                else 1.0 - t.holds_any(seat, led, len(t.unseen_of[led])))
        higher = t.holds_any(seat, mine, t.higher_unseen(c))
        if mine == led:
            chance = (1.0 - void) * higher
            if trump >= 0 and trump != led:
                chance += void * t.holds_any(seat, trump, len(t.unseen_of[trump]))
        else:
            chance = void * higher  # I trumped: an overtrump needs a void
        return min(BEAT_AT_MOST, chance)

    # -------------------------------------------------------------- outlook

    def outlook(self, suits: tuple[int, ...], hand: tuple[Card, ...]) -> float:
        """How good the seat's taken cards and hand look with these categories fixed:
        taken Plus/Minus cards against the others' average, the ebbes standing, and
        the hand's strength."""
        total = self.standings.get(suits)
        if total is None:
            total = self.standings[suits] = self._standing(suits)
        holds = self.holds.get(suits)
        if holds is None:
            holds = self.holds[suits] = {}
        for c in hand:
            value = holds.get(c)
            if value is None:
                value = holds[c] = self.hold_value(c, suits)
            total += value
        return total

    def _standing(self, suits: tuple[int, ...]) -> float:
        """The outlook before the hand: taken Plus/Minus cards against the others'
        average, and the ebbes standing."""
        t = self.table
        opponents = t.opponents()
        total = 0.0
        for suit in SUITS:
            cat = suits.index(suit) if suit in suits else -1
            if cat in (Category.PLUS, Category.MINUS) or cat < 0:
                value = self.taken_value(suit, suits)
                mine = t.taken(t.me, suit)
                theirs = sum(t.taken(s, suit) for s in opponents) / max(1, len(opponents))
                total += value * (mine - theirs)
        counts = self.ebbes_counts(suits)
        if counts is not None:
            total += self.w.ebbes * self.ebbes_standing(counts)
        return total

    def hold_value(self, c: Card, suits: tuple[int, ...]) -> float:
        """Holding ``c``: high cards of good suits and trumps win good tricks later."""
        suit = SUIT_OF[c]
        strength = self.strengths.get(c)
        if strength is None:
            strength = self.strengths[c] = self.table.strength(c)
        if suits and suits[0] == suit:
            return self.w.trump_hold * (0.5 + strength)
        return self.w.hold * self.taken_value(suit, suits) * (strength - 0.5)

    def ebbes_in_trick(self, cards: tuple[Card, ...], suits: tuple[int, ...]) -> int:
        """Ebbes cards the finished trick will likely hold: those down, and one from
        each later seat that must follow when ebbes was led."""
        if len(suits) <= Category.EBBES:
            return 0
        suit = suits[Category.EBBES]
        count = sum(1 for c in cards if SUIT_OF[c] == suit)
        if SUIT_OF[cards[0]] == suit:
            t = self.table
            count += sum(1 for seat in t.later if seat != t.dummy and suit not in t.voids[seat])
        return count

    def score(self, c: Card) -> float:
        """Expected gain of playing ``c`` against the others (cached per card). When
        ``c`` leads or follows an open suit whose determiner card lies with a later
        seat, that card may be forced out and fix the suit in this very trick."""
        cached = self.cache.get(c)
        if cached is not None:
            return cached
        t = self.table
        after = categories_after((c,), t.suits, t.determiners)
        value = self.score_with(c, after)
        suit = SUIT_OF[(t.trick + (c,))[0]]
        chance = self.forced_fix_chance(suit, after)
        if chance:
            forced = categories_after((t.determiner_of[suit],), after, t.determiners)
            value = (1.0 - chance) * value + chance * self.score_with(c, forced)
        self.cache[c] = value
        return value

    def forced_fix_chance(self, suit: int, suits: tuple[int, ...]) -> float:
        """Chance that a later seat plays the determiner card of the led ``suit``."""
        t = self.table
        det = t.determiner_of.get(suit)
        if det is None or suit in suits or len(suits) >= Category.NIX or det not in t.unseen:
            return 0.0
        total = sum(t.hidden_count)
        chance = 0.0
        for seat in t.later:
            if seat != t.dummy and suit not in t.voids[seat] and total:
                chance += t.hidden_count[seat] / total * self.w.force_play
        return min(1.0, chance)

    def score_with(self, c: Card, after: tuple[int, ...]) -> float:
        """Expected gain of ``c`` if the categories stand as ``after`` once it is down:
        this trick's value and ebbes cards won or lost, and the change of outlook
        (categories fixed, the card gone from hand)."""
        t = self.table
        cards = t.trick + (c,)
        value = self.trick_value(cards, after)
        chance = self.win_chance(c, after)
        won, lost = self.ebbes_swing(self.ebbes_in_trick(cards, after), self.ebbes_counts(after))
        gain = chance * (value + won) + (1.0 - chance) * (lost - value * self.opp_share)
        hand = t.view.hand
        rest = tuple(h for h in hand if h != c)
        if self.now is None:
            self.now = self.outlook(t.suits, hand)
        return gain + self.outlook(after, rest) - self.now


# ------------------------------------------------------------------- the rules

Rule = Callable[[Table, Judge, tuple[Card, ...]], Card | None]


def forced_card(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """Only one card may be played."""
    return legal[0] if len(legal) == 1 else None


def dump_minus_on_opponent(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """Void in the led suit and an opponent surely takes the trick: give them my
    highest Minus card (it costs them, and it would be a liability in my hand)."""
    if not table.trick or len(table.suits) <= Category.MINUS:
        return None
    led = SUIT_OF[table.trick[0]]
    minus = table.suits[Category.MINUS]
    if led == minus or any(SUIT_OF[c] == led for c in legal):
        return None
    mine = [c for c in legal if SUIT_OF[c] == minus]
    if not mine:
        return None
    c = max(mine)
    after = categories_after((c,), table.suits, table.determiners)
    cards = table.trick + (c,)
    winner = trick_winner(cards, trump_of(after))
    if winner == len(table.trick) or table.trick_seats[winner] == table.dummy:
        return None
    return None if table.may_be_beaten(cards, winner, after) else c


def cash_sure_plus_winner(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """Leading: a Plus card nobody can beat pulls the others' Plus cards to me."""
    if table.trick or len(table.suits) <= Category.PLUS:
        return None
    plus = table.suits[Category.PLUS]
    mine = [c for c in legal if SUIT_OF[c] == plus]
    if not mine or not table.outside[plus]:
        return None
    c = max(mine)
    if judge.win_chance(c, categories_after((c,), table.suits, table.determiners)) < 0.95:
        return None
    return c


def fix_category_my_way(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """A determiner card that fixes the next category to my advantage (e.g. Plus on a
    suit I took or will take, Minus on one the others took): play it now."""
    if table.next_category < 0:
        return None
    options = [c for c in legal if c in table.determiners]
    if not options:
        return None
    best = max(options, key=judge.score)
    others = [c for c in legal if c not in table.determiners]
    if others and judge.score(best) < max(map(judge.score, others)) + judge.w.fix_margin:
        return None
    return best


def duck_minus_trick(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """Following a trick that already holds Minus cards: the highest card that loses."""
    if not table.trick or len(table.suits) <= Category.MINUS:
        return None
    minus = table.suits[Category.MINUS]
    if not any(SUIT_OF[c] == minus for c in table.trick):
        return None
    losing = [c for c in legal if c not in table.determiners and not _may_win(table, c)]
    if not losing:
        return None
    return max(losing, key=lambda c: (judge.score(c), VALUE_OF[c]))


def best_estimate(table: Table, judge: Judge, legal: tuple[Card, ...]) -> Card | None:
    """Otherwise: the card with the best expected gain (trick, categories, hand)."""
    return max(legal, key=judge.score)


RULES: tuple[Rule, ...] = (
    forced_card,
    dump_minus_on_opponent,
    cash_sure_plus_winner,
    fix_category_my_way,
    duck_minus_trick,
    best_estimate,
)


class NormalBot:
    """Heuristic bot: named rules in order, the first that fires plays (FreeDoko)."""

    level = "normal"

    def __init__(self, rules: tuple[Rule, ...] = RULES, weights: Weights = Weights(),
                 samples: int = SAMPLES) -> None:
        self.rules = rules
        self.weights = weights
        #: Deals a hint samples where only the estimate decided (the hard bot's budget).
        self.samples = samples
        self.fired: Counter[str] = Counter()

    def choose(self, view: PlayerView, legal: Choices[Action], rng: random.Random) -> Action:
        """A card by the rules in order; the starter and pairs as below."""
        if view.phase is Phase.CHOOSE_STARTER:
            return name_starter(self.choose_starter(view))
        if view.phase is Phase.CHOOSE_PAIR:
            return choose_pair(*self.choose_pair(view))
        return play(self.choose_card(view))

    def choose_card(self, view: PlayerView) -> Card:
        return self._decide_card(view)[0]

    def _decide_card(self, view: PlayerView) -> tuple[Card, Rule, Table, Judge]:
        legal = view.legal
        table = Table(view)
        judge = Judge(table, self.weights)
        for rule in self.rules:
            chosen = rule(table, judge, legal)
            if chosen is not None:
                self.fired[rule.__name__] += 1
                return chosen, rule, table, judge
        raise AssertionError("best_estimate always fires")

    def explain(self, view: PlayerView) -> tuple[Action, str]:
        """What this bot would do for ``view``'s seat now, and why, in the words of its
        named rule; where only its estimate decided, what the hard bot's sampling of
        the deals shows (a hint for a player; nothing is played)."""
        if view.phase is Phase.CHOOSE_STARTER:
            return name_starter(self.choose_starter(view)), _why_starter(view)
        if view.phase is Phase.CHOOSE_PAIR:
            suit, number = self.choose_pair(view)
            held = any(SUIT_OF[c] == suit and VALUE_OF[c] == number for c in view.hand)
            return choose_pair(suit, number), SENTENCES.say(
                "pair_held" if held else "pair_weakest", suit=SUIT_NAMES[suit], number=number)
        card, rule, table, judge = self._decide_card(view)
        return play(card), _why(rule, card, table, self.samples)

    def choose_starter(self, view: PlayerView) -> int:
        """The nix holder starts the round itself: leading first lets it play the
        determiner cards it holds before anyone else (R8)."""
        return seat_of(view)

    def choose_pair(self, view: PlayerView) -> tuple[int, int]:
        """Pair my strongest open suit with a number whose card of that suit I hold, so
        I decide when that suit is fixed (R5): my highest such card, which can take the
        trick it fixes."""
        suits, numbers = open_pairs(view.pairs, view.config.number_choices)
        free = set(numbers)
        hand = view.hand
        ranked = sorted(suits, key=lambda s: -_suit_power(hand, s, view.config.max_value))
        for suit in ranked:
            mine = [VALUE_OF[c] for c in hand if SUIT_OF[c] == suit and VALUE_OF[c] in free]
            if mine:
                return suit, max(mine)
        # No card of mine can be a determiner: take my weakest suit with a number whose
        # card lies elsewhere, leaving my strong suits out of others' control.
        weakest = ranked[-1]
        held = {VALUE_OF[c] for c in hand if SUIT_OF[c] == weakest}
        spare = [v for v in numbers if v not in held] or numbers
        return weakest, spare[0]


def _why(rule: Rule, card: Card, table: Table, samples: int) -> str:
    """The sentence for the rule that chose ``card``: what it says is certain is
    certain in every deal that fits the view; what is only probable says "likely"; the
    estimate's choice says what ``samples`` sampled deals showed."""
    name = card_name(card)
    suits = table.suits
    job = (lambda cat: SUIT_NAMES[suits[cat]] if len(suits) > cat else "")  # noqa: E731
    if rule is forced_card:
        return SENTENCES.say("only", card=name)
    if rule is dump_minus_on_opponent:
        return SENTENCES.say("dump_minus", card=name, minus=job(Category.MINUS))
    after = categories_after((card,), suits, table.determiners)
    if rule is cash_sure_plus_winner:
        sure = not table.may_be_beaten(table.trick + (card,), len(table.trick), after)
        return SENTENCES.say("cash_sure" if sure else "cash_likely", card=name,
                             plus=job(Category.PLUS))
    if rule is fix_category_my_way:
        label = CATEGORY_LABELS[min(len(after), 4) - 1]  # Minus brings nix along (R4)
        return SENTENCES.say("fix", card=name, suit=SUIT_NAMES[SUIT_OF[card]], category=label)
    if rule is duck_minus_trick:
        return SENTENCES.say("duck_minus", card=name, minus=job(Category.MINUS))
    if not any(_may_win(table, c) for c in table.view.legal):
        # said only of a Minus card given away: another card's "and red is Minus" (no
        # red in hand) read as a reason that had nothing to do with it
        minus = SENTENCES.say("none_wins_minus", minus=job(Category.MINUS)) \
            if len(suits) > Category.MINUS and SUIT_OF[card] == suits[Category.MINUS] else ""
        return SENTENCES.say("none_wins", card=name, tail=minus)
    view = table.view
    if not _may_win(table, card):
        return SENTENCES.say("beaten", card=name, tail=kept(view, card))
    if not table.may_be_beaten(table.trick + (card,), len(table.trick), after):
        return SENTENCES.say("sure", card=name, tail=kept(view, card))
    return sampled(view, card, samples)


def _why_starter(view: PlayerView) -> str:
    """Leading first lets the seat choose the first suit; in the basic game it lets
    the seat play a determiner card first, if it holds one (R4); in Variant 2 the pairs
    come only after the starter (R5)."""
    if view.config.options.choose_determiners:
        return SENTENCES.say("starter_pairs")
    held = [c for c in view.hand if VALUE_OF[c] == view.number]
    if not held:
        return SENTENCES.say("starter_no_determiner", number=view.number)
    if len(held) == 1:
        return SENTENCES.say("starter_determiner", card=card_name(held[0]))
    return SENTENCES.say("starter_determiners", cards=", ".join(map(card_name, held)))


def _may_win(table: Table, c: Card) -> bool:
    """Whether ``c``, played now, can still take the trick in some fitting deal."""
    cards = table.trick + (c,)
    return table.may_win(cards, len(cards) - 1,
                         categories_after((c,), table.suits, table.determiners))


def _suit_power(hand: tuple[Card, ...], suit: int, max_value: int) -> float:
    """How well a hand controls a suit: its cards there, weighted by height."""
    return sum(VALUE_OF[c] / max_value for c in hand if SUIT_OF[c] == suit)


__all__ = ["Judge", "NormalBot", "RULES", "Weights"]
