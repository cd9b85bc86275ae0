"""Take-back never hides a face-down card again once the player has seen it turned up
(issue 25, point 2): Blindes Huhn extrem's H14 (another player's face-down card,
turned up at the end of its trick) and ebbes' R20 with two players (the dummy's
face-down cards, turned up after each trick). Seeded random games try take-back at
every decision of the player and check what the position after it shows."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ebbes_tui.game.errors import IllegalMove
from ebbes_tui.game.protocols import SeatInfo, any_answer
from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.games.huhn import GAME as HUHN

from huhn_support import hands_with, record as huhn_record

SEEDS = range(8)


def huhn_seen(view) -> set[int]:
    """The cards a Blindes Huhn view shows its seat: its hand, the face-up cards of
    the trick (its own face-down one too) and the deal's completed tricks."""
    return ({*view.hand, *(tc.card for tc in view.trick if tc.card is not None),
             *(c for t in view.tricks for c in t.cards)})


def huhn_backs(state, seat) -> set[int]:
    """The cards lying on the table as backs in ``seat``'s view (H5, H13)."""
    return {state.trick[i] for i, tc in enumerate(state.view(seat).trick) if tc.card is None}


def ebbes_seen(view) -> set[int]:
    """The cards an ebbes view shows its seat: its hand, the trick, the round's
    tricks and the dummy's face-up cards (R18)."""
    return {*view.hand, *view.trick, *(c for t in view.tricks for c in t.cards),
            *(c for c in view.dummy_up if c is not None)}


def ebbes_backs(state, seat) -> set[int]:
    """The dummy's face-down cards, backs in every view (R16, R18)."""
    return {c for c in state.down if c is not None}


def take_backs(game, players: int, seed: int, seat: int, seen: Callable, backs: Callable,
               options: dict) -> tuple[int, int]:
    """Play a seeded random game; at each of ``seat``'s decisions take back its last
    move (on a copy) and check that no back on the table then hides a card ``seat``
    has seen in this deal. Returns (take-backs allowed, refused for a seen card)."""
    rng = random.Random(f"take-back:{game.id}:{seed}")
    seats = game.rules.seats_for([SeatInfo(f"P{i}", "human" if i == 0 else "bot", "random")
                                  for i in range(players)])
    state = game.rules.new_state(seats, options)
    known: dict[int, set[int]] = {}  # deal or round -> the cards seat has seen in it
    allowed = refused = 0
    while pending := state.pending():
        view = state.view(seat)
        deal = view.position()[0]
        known.setdefault(deal, set()).update(seen(view))
        decision = rng.choice(pending)
        if decision.seat == seat:
            try:
                cut = game.records.replay(game.records.take_back(
                    game.records.to_record(state), seat))
            except IllegalMove as e:
                refused += "you have seen" in e.player_text.lower()
            else:
                allowed += 1
                hidden = backs(cut, seat) & known[cut.view(seat).position()[0]]
                assert not hidden, f"seed {seed}: take-back hides {sorted(hidden)}, seen"
        if decision.seat is None:
            game.rules.resolve_chance(state, seed)
        else:
            state.apply(any_answer(state.legal(decision.seat), rng), decision.seat)
    return allowed, refused


def test_huhn_take_back_never_turns_a_seen_face_down_card_back_h14():
    """H14: over seeded 3-player games, no take-back shows a back the player has seen
    turned up; some are refused for it, and many are allowed."""
    counts = [take_backs(HUHN, 3, seed, 0, huhn_seen, huhn_backs, {"deals": 1})
              for seed in SEEDS]
    assert sum(a for a, _ in counts) > 50 and sum(r for _, r in counts) > 0


def test_ebbes_take_back_never_turns_a_seen_dummy_card_back_r20():
    """R20: over seeded two-player games, no take-back shows one of the dummy's
    face-down cards the player has seen turned up; some are refused for it."""
    counts = [take_backs(EBBES, 2, seed, 1, ebbes_seen, ebbes_backs, {}) for seed in SEEDS]
    assert sum(a for a, _ in counts) > 20 and sum(r for _, r in counts) > 0


# ------------------------------------------------------------- H14 case by case

#: Three players, dealer 2: seat 0 leads its 46 (a pig), seat 1 may play its 16 face
#: down, seat 2 ends the trick with its 15; seat 0 takes it and chooses a reward.
HANDS = hands_with(3, {0: ([46], []), 1: ([16], []), 2: ([15], [])})


def _cut(plays: str, seat: int = 0, rewards: list[str] | None = None) -> dict:
    rec = huhn_record(HANDS, 2, plays, rewards=rewards)
    return HUHN.records.take_back(rec, seat)["deals"][-1]


def test_the_card_that_completes_a_trick_with_anothers_face_down_card_stays_h14():
    """H14: seat 1's 16 lay face down in trick 1; once the trick is complete no
    take-back goes back before its end, whoever's card it would be."""
    for seat in (0, 2):  # seat 2's own card ended the trick: it stays too
        with pytest.raises(IllegalMove, match="seen the face-down card turned up at the "
                                              "end of trick 1"):
            _cut("46 16d 15", seat)
    assert _cut("46 16d", 0)["plays"] == []  # inside the trick: allowed


def test_a_reward_chosen_after_such_a_trick_may_be_taken_back_h14():
    """H14: the reward seat 0 chose after the trick came after its end."""
    cut = _cut("46 16d 15", 0, rewards=["down"])
    assert cut["plays"] == ["46", "16d", "15"] and cut["rewards"] == []
    state = HUHN.records.replay({**huhn_record(HANDS, 2), "deals": [cut]})
    assert state.pending() == (("reward", 0),)


def test_the_players_own_face_down_card_does_not_stop_take_back_h14():
    """H14 is about another player's card: seat 1 knew its own 16."""
    assert _cut("46 16d 15", 1)["plays"] == ["46"]


# ------------------------------------------------------------- at the screen

async def test_undo_says_why_it_refuses_and_changes_nothing_h14(tmp_path):
    """H14 at the table: Ann led trick 1, Bob's 16 lay face down in it, and Ann took
    it. Her u is dimmed; pressing it says why, and nothing changes."""
    from test_huhn_screens import at, huhn_app, playing, scene
    from ui_support import screen_text, wait_until

    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, scene("45 16d 15", {0: ([45], []), 1: ([16], []), 2: ([15], [])}))
        await wait_until(pilot, lambda: playing(app), "Ann's lead in trick 2")
        screen = app.screen
        assert screen.check_action("take_back", ()) is None  # shown, dimmed
        before = screen.feed.match.record()
        await pilot.press("u")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert ("You have seen the face-down card turned up at the end of trick 1, so "
                "take-back cannot go back before it.") in text
        assert screen.feed.match.record() == before and playing(app)
