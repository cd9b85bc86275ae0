"""Small builders for rules tests: seats, deals with chosen cards, playing by code."""

from __future__ import annotations

from ebbes_tui.rules import GameConfig, GameState, Options, SeatInfo, parse_card
from ebbes_tui.rules.cards import Card


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
        events += state.play(c)
    return events


def play_game(state: GameState, rng, *, first_starter: int = 0, next_starter: int = 0) -> list:
    """Play a basic game to its end with random cards; the nix holder always names
    ``next_starter``. Returns every event."""
    from ebbes_tui.rules import Phase
    from ebbes_tui.rules.deal import deal_next_round

    events = []
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            events += deal_next_round(state, rng, starter=first_starter)
        elif state.phase is Phase.CHOOSE_STARTER:
            events += state.choose_starter(state.pending.seat, next_starter)
        else:
            events += state.play(rng.choice(state.legal_moves()))
    return events
