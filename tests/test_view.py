"""R18: a seat's PlayerView lists only what that seat may see."""

import random

from helpers import config

from ebbes_tui.rules import GameState, Phase, player_view
from ebbes_tui.rules.deal import deal_next_round


def random_position(players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = GameState(config(players))
    deal_next_round(state, rng)
    for _ in range(rng.randrange(0, state.config.hand_size * state.n - 1)):
        state.play(rng.choice(state.legal_moves()))
    return state


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see shuffled among the other
    hands and the dummy's face-down cards, each keeping its size."""
    other = state.clone()
    hidden_owners = [s for s in range(state.n) if s not in (seat, state.dummy)]
    pool = [c for s in hidden_owners for c in state.hands[s]]
    down_slots = [i for i, c in enumerate(state.down) if c is not None] if state.dummy >= 0 else []
    if seat != state.dummy:
        pool += [state.down[i] for i in down_slots]
    rng.shuffle(pool)
    for s in hidden_owners:
        size = len(state.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    if state.dummy >= 0:
        for i in down_slots:
            other.down[i] = pool.pop()
        other.hands[state.dummy] = sorted(
            c for c in other.up + other.down if c is not None)
    return other


def test_changing_other_seats_hidden_cards_never_changes_a_view():
    rng = random.Random(0)
    changed_somewhere = False
    for seed in range(400):
        players = 2 + seed % 4
        state = random_position(players, seed)
        for seat in range(state.n):
            if seat == state.dummy:
                continue
            other = redeal_hidden(state, seat, rng)
            changed_somewhere |= other.hands != state.hands
            assert player_view(other, seat) == player_view(state, seat)
    assert changed_somewhere  # the re-deal really moved hidden cards


def test_a_view_shows_the_own_hand_and_public_table_only():
    state = random_position(4, 3)
    view = player_view(state, 1)
    assert list(view.hand) == state.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.trick == tuple(state.trick)
    assert view.tricks_won == tuple(state.tricks_won)
    assert not hasattr(view, "hands")
    assert view.phase is Phase.PLAY


def test_the_dummys_face_down_cards_are_never_in_a_view():
    state = random_position(2, 5)
    view = player_view(state, 1)
    down = {c for c in state.down if c is not None}
    assert down  # early in the round some cards still lie face down
    visible = set(view.hand) | {c for c in view.dummy_up if c is not None} | set(view.trick)
    assert not (down & visible)
    assert view.dummy_down == tuple(c is not None for c in state.down)
