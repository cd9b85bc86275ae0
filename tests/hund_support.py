"""Builders for Hund's tests: deals with chosen cards, positions late in phase 1 or
inside phase 2, playing by record text, and seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ebbes_tui.game.protocols import SeatInfo
from ebbes_tui.games.hund import GAME
from ebbes_tui.games.hund.rules import collect, shed
from ebbes_tui.games.hund.rules.actions import parse_action
from ebbes_tui.games.hund.rules.cards import ASIDE_TWO_PLAYERS, DECK, HAND_SIZE, parse_card
from ebbes_tui.games.hund.rules.phases import Deal, Phase
from ebbes_tui.games.hund.rules.state import HundState
from ebbes_tui.games.hund.rules.tricks import Trick

NAMES = ("Kari", "Ola", "Per", "Siri", "Nils", "Ingrid")


def seats(n: int) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(name) for name in NAMES[:n])


def cards(codes: str) -> list[int]:
    return [parse_card(c) for c in codes.split()]


def deal(n: int, dealer: int, hands: dict[int, str], pile: str = "") -> Deal:
    """A full deal of the 52 cards: the chosen hands (filled up from the rest), the
    chosen top of the pile, then the rest in deck order (aside first with two)."""
    fixed = {seat: cards(codes) for seat, codes in hands.items()}
    top = cards(pile)
    used = {c for h in fixed.values() for c in h} | set(top)
    rest = [c for c in DECK if c not in used]
    aside = tuple(rest[:ASIDE_TWO_PLAYERS]) if n == 2 else ()
    rest = rest[len(aside):]
    full = []
    for seat in range(n):
        hand = list(fixed.get(seat, []))
        while len(hand) < HAND_SIZE:
            hand.append(rest.pop())
        full.append(tuple(hand))
    return Deal(dealer, aside, tuple(full), tuple(top + rest))


def started(n: int, dealer: int, hands: dict[int, str], pile: str = "", *,
            series: bool = False, games: int = 1) -> HundState:
    state = GAME.rules.new_state(seats(n), {"series": series, "games": games})
    state.start_game(deal(n, dealer, hands, pile))
    return state


def late(hands: list[str], leader: int, pile: str = "", trump: str = "2D", holder: int = 0) -> HundState:
    """A phase-1 position late in the game: these hands, this pile (top first), the
    trump card already laid aside by ``holder``, a new trick led by ``leader``. The
    other cards are nowhere: for rules, not for conservation."""
    state = HundState(seats(len(hands)), series=False, games=1, dealer=None)
    state.deal = Deal(0, (), ((),) * len(hands), ())
    state.phase = Phase.COLLECT
    state.hands = [sorted(cards(h)) for h in hands]
    state.pile = list(reversed(cards(pile)))
    state.trump_card = parse_card(trump)
    state.trump_holder = holder
    collect.start_trick(state, leader, None)
    return state


def shedding(hands: list[str], trump: str, holder: int, *, leader: int | None = None,
             series: bool = False) -> HundState:
    """A position at the start of phase 2: these hands (the trump card in its holder's),
    trump's suit from ``trump``; the holder leads unless ``leader`` is given."""
    state = HundState(seats(len(hands)), series=series, games=1, dealer=None)
    state.deal = Deal(0, (), ((),) * len(hands), ())
    state.phase = Phase.SHED
    state.hands = [sorted(cards(h)) for h in hands]
    state.phase2_hands = tuple(tuple(h) for h in state.hands)
    state.trump_card = parse_card(trump)
    # phase 1 as the views remember it: each seat took its hand in one trick
    for seat, hand in enumerate(state.hands):
        won = tuple(c for c in hand if c != state.trump_card)
        if won:
            state.tricks.append(Trick(seat, won, (seat,) * len(won), (False,) * len(won), seat,
                                      False))
    state.trump_holder = holder
    shed.open_phase(state, holder if leader is None else leader)
    return state


def play(state: HundState, moves: str) -> list[object]:
    """Make the moves (record text, space-separated), each by the seat whose turn it is;
    the events of all of them."""
    events: list[object] = []
    for text in moves.split():
        events += state.apply(parse_action(text), state.turn)
    return events


def of_type(events: list[object], kind: type) -> list[object]:
    return [e for e in events if type(e) is kind]


def random_match(players: int, seed: int, *, series: bool = False, games: int = 1) -> HundState:
    """A new match, dealt from ``seed``."""
    state = GAME.rules.new_state(seats(players), {"series": series, "games": games})
    GAME.rules.resolve_chance(state, seed)
    return state


def decisions(players: int, seed: int, *, series: bool = False, games: int = 1,
              chooser: object = None) -> Iterator[HundState]:
    """Every decision of a seeded match of random moves (the state itself, before the
    move; do not keep it), dealing each game as it comes."""
    state = random_match(players, seed, series=series, games=games)
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.DEAL:
            GAME.rules.resolve_chance(state, seed)
            continue
        yield state
        seat = state.turn
        legal = state.legal(seat)
        action = rng.choice(legal) if chooser is None else chooser(state, rng)  # type: ignore[operator]
        state.apply(action, seat)


def CODES_OF(cards_: object) -> list[str]:  # noqa: N802 - reads like the table it uses
    from ebbes_tui.games.hund.rules.cards import CODES

    return [CODES[c] for c in cards_]  # type: ignore[attr-defined]
