"""R18: a seat's PlayerView lists only what that seat may see."""

import random

from helpers import cards_played, config, play_random

from ebbes_tui.games.ebbes.rules import GameState, Phase, PlayCard, player_view


def random_position(players: int, seed: int) -> GameState:
    """A seeded first round stopped after a random number of cards."""
    rng = random.Random(seed)
    state = GameState(config(players))
    stop = rng.randrange(0, state.config.hand_size * state.n - 1)
    play_random(state, rng, first_starter=None,
                until=lambda s: s.phase is Phase.PLAY and cards_played(s) >= stop)
    return state


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see shuffled among the other
    hands and the dummy's face-down cards (which no seat sees), each keeping its size."""
    other = state.clone()
    hidden_owners = [s for s in range(state.n) if s not in (seat, state.dummy)]
    pool = [c for s in hidden_owners for c in state.hands[s]]
    down_slots = [i for i, c in enumerate(state.down) if c is not None] if state.dummy >= 0 else []
    pool += [state.down[i] for i in down_slots]  # hidden from every seat, the dummy's too
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
    assert view.tricks_won == tuple(sum(t.winner == s for t in state.tricks)
                                    for s in range(state.n))
    assert view.phase is Phase.PLAY
    others = {c for s in range(state.n) if s != 1 for c in state.hands[s]}
    assert not others & set(view.hand)
    assert player_view(state, None).hand == () and player_view(state, None).actions == ()


def test_the_dummys_face_down_cards_are_never_in_a_view_not_even_the_dummys_own():
    state = random_position(2, 5)
    down = {c for c in state.down if c is not None}
    assert down  # early in the round some cards still lie face down
    for seat in (*range(state.n), None):  # the dummy's seat too (it has no hand, R16)
        view = player_view(state, seat)
        visible = set(view.hand) | {c for c in view.dummy_up if c is not None} | set(view.trick)
        visible |= {a.card for a in view.actions if isinstance(a, PlayCard)}
        assert not (down & visible), seat
        assert view.dummy_down == tuple(c is not None for c in state.down)
    assert player_view(state, state.dummy).hand == ()


def test_a_view_explains_a_refusal_exactly_as_the_game_would():
    """A screen that sees only its seat's view gives the same reasons (R1, R18)."""
    from ebbes_tui.games.ebbes.rules import IllegalMove
    from ebbes_tui.games.ebbes.rules.checks import check_from_view

    refused = 0
    for seed in range(60):
        state = random_position(2 + seed % 4, seed)
        seat = state.to_move
        if seat == state.dummy:
            continue
        view = player_view(state, seat)
        for card in view.hand:
            answers = []
            for check in (state.check, check_from_view):
                try:
                    if check is check_from_view:
                        check(view, PlayCard(card))
                    else:
                        check(PlayCard(card), seat)
                    answers.append(None)
                except IllegalMove as e:
                    answers.append(str(e))
            assert answers[0] == answers[1]
            refused += answers[0] is not None
    assert refused > 20


def test_a_views_answers_and_counts_are_the_games_for_every_seat_and_decision():
    """The fields a view works out when first read (its answers, the memory aid, the
    tricks won) say what the game says, for every seat and kind of decision, and a
    view stays frozen (R1, R5, R8, R16, R18)."""
    import dataclasses

    import pytest

    from ebbes_tui.games.ebbes.rules.scoring import cards_taken

    phases = set()
    for seed in range(120):
        players = 2 + seed % 4
        state = GameState(config(players, more_cards=players > 2 and seed % 3 == 0,
                                 choose=seed % 2 == 0))
        rng = random.Random(seed)
        stop = rng.randrange(0, 3 * state.config.hand_size * state.n)
        wanted = (Phase.PLAY, Phase.CHOOSE_PAIR, Phase.CHOOSE_STARTER)[seed % 3]
        play_random(state, rng, first_starter=None,
                    until=lambda s, stop=stop, wanted=wanted:
                    s.phase is wanted and s.decisions_made() >= stop)
        phases.add(state.phase)
        for seat in (*range(state.n), None):
            view = player_view(state, seat)
            legal = state.legal(seat) if seat is not None else []
            assert view.actions == tuple(legal), (seed, seat)
            assert view.taken == tuple(map(tuple, cards_taken(state.tricks, state.n)))
            assert view.tricks_won == tuple(sum(t.winner == s for t in state.tricks)
                                            for s in range(state.n))
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.actions = ()  # type: ignore[misc]
    assert {Phase.PLAY, Phase.CHOOSE_PAIR, Phase.CHOOSE_STARTER} <= phases
