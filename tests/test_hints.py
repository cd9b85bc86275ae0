"""Hints say only what is true (issue 16, item 1): a sentence that states a certainty
("nobody can beat it", "no card of yours can win this trick") holds for every way the
trick can end, over every deal that fits what the player saw; what is only probable
says "likely". Trumping and playing higher are never obligatory (R1)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from helpers import cards_played, config, play_random

from ebbes_tui.games.ebbes.bots.normal import NormalBot
from ebbes_tui.games.ebbes.rules import GameState, Phase, player_view
from ebbes_tui.games.ebbes.rules.cards import SUIT_OF, VALUE_OF, Card
from ebbes_tui.games.ebbes.rules.determiners import categories_after, determiner_cards
from ebbes_tui.games.ebbes.rules.determinize import hidden_holders, known_voids, unseen_cards
from ebbes_tui.games.ebbes.rules.dummy import dummy_card
from ebbes_tui.games.ebbes.rules.tricks import trick_winner, trump_of
from ebbes_tui.games.ebbes.rules.view import PlayerView


def fits(cards: frozenset[Card], rooms: tuple[tuple[int, int], ...],
         voids: tuple[tuple[int, frozenset[int]], ...]) -> bool:
    """Whether ``cards`` can be placed into holders with these rooms, none getting a
    suit it is void in (a max flow from suits to holders, independent of the bots'
    sampler)."""
    need = Counter(SUIT_OF[c] for c in cards)
    return _flows(tuple(sorted(need.items())), rooms, voids)


@cache
def _flows(need: tuple[tuple[int, int], ...], rooms: tuple[tuple[int, int], ...],
           voids: tuple[tuple[int, frozenset[int]], ...]) -> bool:
    banned = dict(voids)
    free = dict(rooms)
    flow: Counter = Counter()  # (suit, holder) -> cards

    def augment(suit: int, seen: set[int]) -> bool:
        for h in free:
            if suit in banned[h] or h in seen:
                continue
            seen.add(h)
            if free[h] > 0:
                free[h] -= 1
                flow[suit, h] += 1
                return True
            for other, _ in need:  # move one of ``other``'s cards away from ``h``
                if flow[other, h] and augment(other, seen):
                    flow[other, h] -= 1
                    flow[suit, h] += 1
                    return True
        return False

    return all(augment(suit, set()) for suit, count in need for _ in range(count)) \
        and not any(free.values())


def endings(view: PlayerView, mine: Card) -> list[tuple[tuple[Card, ...], tuple[int, ...], int]]:
    """Every way the current trick can end after this seat plays ``mine``: the cards,
    their seats and the winning seat, for each legal card each later seat could play
    in some deal that fits the view (the dummy plays its one face-up card, R16)."""
    dets = determiner_cards(view.number, view.pairs)
    dummy = view.config.dummy
    holders = hidden_holders(view)
    voids = {h: frozenset(v) for h, v in enumerate(known_voids(view))}
    later, seat = [], view.seat
    for _ in range(view.config.seat_count - len(view.trick) - 1):
        seat = view.next_seat(seat)
        later.append(seat)
    unseen = frozenset(unseen_cards(view))
    out = []

    def walk(i, cards, seats, left, rooms, voids):
        if i == len(later):
            suits = categories_after(cards[len(view.trick):], view.suits, dets)
            out.append((cards, seats, seats[trick_winner(cards, trump_of(suits))]))
            return
        seat, led = later[i], SUIT_OF[cards[0]]
        if seat == dummy:
            up = [c for c in view.dummy_up if c not in cards]
            walk(i + 1, cards + (dummy_card(up, led),), seats + (seat,), left, rooms, voids)
            return
        for u in sorted(left):
            if SUIT_OF[u] in voids[seat]:
                continue
            now = dict(voids)
            if SUIT_OF[u] != led:
                now[seat] = voids[seat] | {led}  # a discard: no led card left (R1)
            free = dict(rooms)
            free[seat] -= 1
            if fits(left - {u}, tuple(sorted(free.items())),
                    tuple(sorted((h, now[h] if h != dummy else frozenset()) for h in free))):
                walk(i + 1, cards + (u,), seats + (seat,), left - {u}, free, now)

    walk(0, view.trick + (mine,), view.trick_seats + (view.seat,), unseen, holders, voids)
    return out


def hint_positions(players: int, count: int, most_endings: int = 4000):
    """Seeded positions with the seat to move a player, small enough to list every
    ending of the trick."""
    found = 0
    for seed in range(10_000):
        rng = random.Random(seed)
        state = GameState(config(players))
        stop = rng.randrange(0, state.config.hand_size * state.n - 1)
        play_random(state, rng, first_starter=None,
                    until=lambda s, stop=stop: s.phase is Phase.PLAY and cards_played(s) >= stop)
        if state.phase is not Phase.PLAY or state.to_move == state.dummy:
            continue
        view = player_view(state, state.to_move)
        unseen = len(unseen_cards(view))
        later = state.n - len(state.trick) - 1
        if unseen ** later > most_endings * 4:
            continue
        yield view
        found += 1
        if found == count:
            return


def check_hint(view: PlayerView, seen: Counter) -> None:
    action, why = NormalBot().explain(view)
    c = action.card
    name = f"{('blue', 'brown', 'yellow', 'green', 'red')[SUIT_OF[c]]} {VALUE_OF[c]}"
    assert name in why, why
    mine = view.seat
    if "only card you may play" in why:
        assert view.legal == (c,), why
        seen["only card"] += 1
        return
    ends = endings(view, c)
    assert ends, "the trick must be able to end"
    wins = [winner == mine for _, _, winner in ends]
    if "nobody can beat it" in why:
        assert all(wins), why
        seen["nobody can beat it"] += 1
    elif "it will likely win" in why:
        assert any(wins), why
        seen["likely win"] += 1
    elif "an opponent surely takes this trick" in why:
        winners = {winner for _, _, winner in ends}
        assert len(winners) == 1 and not winners & {mine, view.config.dummy}, why
        seen["opponent surely takes"] += 1
    elif "this card cannot win it" in why or "this card loses it" in why:
        assert not any(wins), why
        seen["card cannot win"] += 1
    elif "no card of yours can win this trick" in why or "the trick is already lost" in why:
        for other in view.legal:
            assert all(winner != mine for _, _, winner in endings(view, other)), (why, other)
        seen["no card can win"] += 1
    elif "already lost" in why or "cannot" in why or "surely" in why:
        raise AssertionError(f"an unchecked claim: {why}")
    else:
        seen["no claim"] += 1


def test_every_certain_hint_holds_for_every_way_the_trick_can_end():
    """The hint was "the trick is already lost" for a player holding the trump that
    won it, and in two-player games for a leader before any card was down."""
    seen: Counter = Counter()
    for players in (2, 3, 4, 5):
        for view in hint_positions(players, 100):
            check_hint(view, seen)
    # The certainties were really put to the test.
    least = {"nobody can beat it": 1, "no card can win": 50, "card cannot win": 10,
             "opponent surely takes": 5, "only card": 50}
    assert all(seen[claim] >= n for claim, n in least.items()), seen


def test_what_a_bot_calls_certain_about_a_card_holds_for_every_ending():
    """The bots' certainties behind the hints, card by card: a card that "cannot win"
    wins in no ending, one that "cannot be beaten" wins in every ending, and both are
    found often enough to matter."""
    from ebbes_tui.games.ebbes.bots.table import Table

    found: Counter = Counter()
    for players in (2, 3, 4, 5):
        for view in hint_positions(players, 15):
            table = Table(view)
            for c in view.legal:
                cards = view.trick + (c,)
                suits = categories_after((c,), view.suits, table.determiners)
                wins = [winner == view.seat for _, _, winner in endings(view, c)]
                if not table.may_win(cards, len(cards) - 1, suits):
                    assert not any(wins), (view, c)
                    found["cannot win"] += 1
                if not table.may_be_beaten(cards, len(cards) - 1, suits):
                    assert all(wins), (view, c)
                    found["cannot be beaten"] += 1
                found["cards"] += 1
    assert found["cannot win"] > 30 and found["cannot be beaten"] > 15, found
