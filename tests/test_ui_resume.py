"""Resuming a save puts the pending decision back on screen: a trick half played, the
nix holder's starter dialog, a Variant 2 pair dialog (issue: hang-ups, mid-dialog)."""

import asyncio
import random

import pytest
from ui_support import make_app, wait_until

from ebbes_tui.controller import Match, SaveStore, players_setup
from ebbes_tui.rules import Options, Phase
from ebbes_tui.ui.pair_dialog import PairDialog
from ebbes_tui.ui.starter_dialog import StarterDialog
from ebbes_tui.ui.table import TableScreen


async def saved_at(tmp_path, options, phase):
    """Play Ann's cards at random until Ann must decide ``phase``; save there."""
    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    setup = players_setup([("Ann", "human", None), ("Bob", "bot", "random"),
                           ("Cy", "bot", "random")], options, seed=2, first_starter=1)
    match = Match(setup, save=slot, pace=0)
    task = asyncio.create_task(match.run())
    rng = random.Random(0)
    for _ in range(100000):
        if match.awaiting_human == 0:
            if match.state.phase is phase and (phase is not Phase.PLAY or match.state.trick):
                break
            view = match.view(0)
            if view.phase is Phase.PLAY:
                match.submit(0, rng.choice(view.legal))
            elif view.phase is Phase.CHOOSE_STARTER:
                match.submit(0, 0)
            else:
                suits = [s for s in range(5) if s not in {p for p, _ in view.pairs}]
                numbers = [v for v in range(1, 7) if v not in {n for _, n in view.pairs}]
                match.submit(0, (suits[0], numbers[0]))
        await asyncio.sleep(0)
    assert match.awaiting_human == 0 and match.state.phase is phase
    view = match.view(0)
    match.stop()
    await task
    slot.close()
    return view


@pytest.mark.parametrize("options, phase, screen", [
    (Options(), Phase.PLAY, TableScreen),
    (Options(), Phase.CHOOSE_STARTER, StarterDialog),
    (Options(choose_determiners=True), Phase.CHOOSE_PAIR, PairDialog),
], ids=["mid-trick", "starter-dialog", "pair-dialog"])
async def test_continue_puts_the_pending_decision_back_on_screen(tmp_path, options, phase, screen):
    before = await saved_at(tmp_path, options, phase)
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, screen), screen.__name__)
        assert app.match.view(0) == before
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.view.hand == before.hand and table.view.trick == before.trick
