"""What the table says and draws, read as a player reads it (issue 16): the dummy's
next card, why a trick was won, the boards, the suit colours."""

from __future__ import annotations

from dataclasses import replace

from helpers import config, started

from ebbes_tui.rules.cards import card
from ebbes_tui.rules.state import Decision, Phase
from ebbes_tui.ui.dummy_stacks import next_dummy_card, stacks_text
from ebbes_tui.ui.look import Look


def test_the_dummys_next_card_is_marked_even_when_it_is_the_blue_1():
    """Card(0), the blue 1, is a false int: `not any(dummy_up)` hid the marker (R16)."""
    state = started(config(2), {}, dealer=1)
    view = state.view(1)
    dummy = view.config.dummy
    blue1 = card(0, 1)
    lone = replace(view, dummy_up=(blue1, None, None, None, None),
                   dummy_down=(False,) * 5, trick=(), trick_seats=(),
                   pending=Decision(Phase.PLAY, dummy))
    assert next_dummy_card(lone) == blue1
    lines = stacks_text(lone, Look()).plain.splitlines()
    assert lines[0].startswith(Look().card(blue1).plain) and lines[2].startswith("next")
