"""Small builders for rules tests: seats, deals with chosen cards, playing by code."""

from __future__ import annotations

from ebbes_tui.games.ebbes.rules import (
    GameConfig, GameState, NameStarter, Options, Phase, PlayCard, SeatInfo, dealer_from,
    parse_card, play_game,
)
from ebbes_tui.games.ebbes.rules.cards import Card


def config(players: int, *, more_cards: bool = False, choose: bool = False,
           rounds: int = 5, dummy_seat: int = 0) -> GameConfig:
    """A setup for ``players``; two players get the dummy in ``dummy_seat``."""
    if players == 2:
        seats = [SeatInfo("A"), SeatInfo("B")]
        seats.insert(dummy_seat, SeatInfo("Dummy", "dummy"))
    else:
        seats = [SeatInfo(name) for name in ("Alex", "Haui", "Jesko", "Bernhard", "Paul")[:players]]
    return GameConfig(tuple(seats), Options(more_cards, choose, rounds))


def cards(codes: str) -> list[Card]:
    return [parse_card(c) for c in codes.split()]


def deal_with(cfg: GameConfig, chosen: dict[int, str]) -> list[list[Card]]:
    """Hands where each seat in ``chosen`` holds those cards first (in that order) and
    the rest of the deck fills the hands in deck order."""
    fixed = {seat: cards(codes) for seat, codes in chosen.items()}
    taken = {c for hand in fixed.values() for c in hand}
    rest = [c for c in cfg.deck() if c not in taken]
    hands = []
    for seat in range(cfg.seat_count):
        hand = list(fixed.get(seat, []))
        while len(hand) < cfg.hand_size:
            hand.append(rest.pop(0))
        hands.append(hand)
    return hands


def started(cfg: GameConfig, chosen: dict[int, str], *, number: int = 1,
            starter: int = 0, dealer: int | None = None) -> GameState:
    """A game whose first round is dealt from :func:`deal_with` and ready to play."""
    state = GameState(cfg)
    state.start_round(deal_with(cfg, chosen), number=None if cfg.options.choose_determiners
                      else number, starter=starter, dealer=dealer)
    return state


def play(state: GameState, codes: str) -> list:
    """Play cards by code in turn order; returns all events."""
    events = []
    for c in cards(codes):
        events += state.apply(PlayCard(c))
    return events


def random_choice(rng, *, next_starter: int | None = None):
    """A chooser for the game loop: any legal action at random; the nix holder names
    ``next_starter`` when given."""
    def choose(state: GameState, decision):
        if next_starter is not None and decision.phase is Phase.CHOOSE_STARTER:
            return NameStarter(next_starter)
        return rng.choice(state.legal_actions())
    return choose


def play_random(state: GameState, rng, *, first_starter: int | None = 0,
                next_starter: int | None = None, until=None) -> list:
    """Play ``state`` through the game loop with random legal decisions (to the end,
    or until ``until(state)``), dealing from ``rng``. Returns every event."""
    events = []
    play_game(state, dealer_from(rng, starter=first_starter),
              random_choice(rng, next_starter=next_starter), observe=events.extend,
              until=until)
    return events


def finish_round(state: GameState, rng, until=None) -> list:
    """Play the round in progress to its end (or until ``until(state)``) with random
    cards, dealing no further round."""
    return play_random(state, rng, until=lambda s: s.phase is not Phase.PLAY or bool(
        until and until(s)))


def cards_played(state: GameState) -> int:
    """Cards played so far in the round being played."""
    return sum(len(t.cards) for t in state.tricks) + len(state.trick)
