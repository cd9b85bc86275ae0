"""Issue 25, played through again: what the hot-seat cover says a player must do is
true of the rules, and tells nobody at the keyboard anything of that player's hand."""

from __future__ import annotations

import random

from ebbes_tui.games.ebbes.rules import GameState, Phase
from ebbes_tui.games.ebbes.ui.screens import EbbesScreens
from ebbes_tui.games.hund.ui.screens import HundScreens

from helpers import config, play_random
from hund_support import play, shedding


def test_the_ebbes_cover_calls_the_nix_holder_for_the_nix_cards_taken():
    """R8: the player who *took* the most nix cards in the round chooses who starts
    the next; in the new round they hold other cards ("you hold nix" read as false)."""
    state = GameState(config(3))
    play_random(state, random.Random(3), until=lambda s: s.phase is Phase.CHOOSE_STARTER)
    view = state.view(state.decision.seat)
    assert view.phase is Phase.CHOOSE_STARTER
    assert EbbesScreens().why(view) == "you took the most nix cards: choose who starts"


def test_a_nix_holder_who_won_a_tie_is_not_said_to_have_taken_the_most():
    """R8, the play-through: tied on two nix cards with Ann and Bea, Cid took the highest
    of them; the cover, the dialog and the log said "Cid took the most nix cards"."""
    from ebbes_tui.controller import Update
    from ebbes_tui.games.ebbes.rules.actions import NameStarter
    from ebbes_tui.games.ebbes.ui.explain import event_line
    from ebbes_tui.games.ebbes.ui.look import EbbesLook

    seen = set()
    for seed in range(60):
        state = GameState(config(4))
        play_random(state, random.Random(seed), until=lambda s: s.phase is Phase.CHOOSE_STARTER)
        view = state.view(state.decision.seat)
        counts = [s.nix_cards for s in view.scores[-1].seats]
        most = max(counts)
        tied = counts.count(most) > 1
        seen.add(tied)
        words = f"took the highest nix card of those tied on {most} nix cards" if tied \
            else "took the most nix cards"
        assert EbbesScreens().why(view) == f"you {words}: choose who starts"
        chooser = state.decision.seat
        events = state.apply(NameStarter(chooser), chooser)
        names = ["Ann", "Bea", "Cid", "Dan"]
        line = event_line(Update(1, events[0], state.view(0), 0), names, EbbesLook())
        assert line == f"{names[chooser]} {words} and chose to start.", line
    assert seen == {True, False}


def test_the_hund_cover_never_offers_taking_in_to_a_player_who_must_beat():
    """N10: who can beat must beat; the cover reads the same for a player who can beat
    and one who cannot (it shows before the hand, to everyone at the keyboard)."""
    state = shedding(["2C AH", "3C 9D", "4D 5D"], trump="2S", holder=0)
    play(state, "2C")
    can_beat = state.view(1)
    play(state, "3C")
    cannot = state.view(2)
    assert can_beat.kind == cannot.kind == "beat"
    words = {HundScreens().why(view) for view in (can_beat, cannot)}
    assert words == {"beat the top card if you can, else take one in"}
