"""A save of a finished game goes to History on Continue. (That Continue puts the
pending decision back on screen, at every kind of decision of every game, is tested in
test_conformance.py.)"""

import asyncio

from ui_support import make_app, wait_until

from ebbes_tui.games.ebbes import GAME as EBBES
from ebbes_tui.controller import Match, SaveStore, players_setup


async def test_a_game_closed_at_its_final_standings_goes_to_history_not_to_an_empty_table(
        tmp_path):
    """Killed while the final standings were up: the save holds a finished game. Continue
    archives it (History and Statistics have it) and says so, instead of opening a table
    where nothing can happen."""
    from ebbes_tui.ui.menu import MenuScreen
    from ui_support import screen_text

    store = SaveStore(tmp_path / "saves")
    slot = store.open(store.new_slot())
    setup = players_setup(EBBES, [("Ann", "bot", "random"), ("Bob", "bot", "random"),
                           ("Cy", "bot", "random")], {}, seed=4)
    match = Match(setup, save=slot, bot_pause=0)
    await asyncio.wait_for(match.run(), 60)
    slot.close()
    assert [info.slot for info in store.list()]  # the finished game is still a save
    app = make_app(tmp_path, continue_game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "in History" in screen_text(app), "the menu's note")
        assert isinstance(app.screen, MenuScreen) and app.game is None
    assert store.list() == []
    assert len(list((tmp_path / "saves").rglob("*.json"))) >= 1  # kept, among finished games
