"""The table at 80x24: what is on screen, the dummy's stacks, Variant 2 pairs, illegal
cards, take-back, the mouse, small windows (a fresh app per test, pace 0)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from ebbes_tui.games.ebbes.ui.look import ebbes_look
from ebbes_tui.games.ebbes.rules import ChoosePair
from ebbes_tui.games.ebbes.rules.cards import SUIT_NAMES, card
from ebbes_tui.games.ebbes.rules.state import Phase
from ebbes_tui.games.ebbes.ui.dummy_stacks import DummyStacks
from ebbes_tui.games.ebbes.ui.hand import CARD_KEYS, Hand
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog
from ebbes_tui.ui.too_small import TooSmallScreen

from ui_support import (
    ONE_HUMAN, make_app, my_turn, next_turn, screen_text, seats, start, wait_until,
)

async def test_the_table_at_80x24_shows_every_important_fact(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        view = table.view
        assert "Round 1 of 5" in lines[0] and "Your turn: play a card" in lines[0]
        assert f"Number Determiner  {view.number}" in text
        for label in ("Trump", "Plus", "ebbes", "Minus", "nix", "Determiners", "Players",
                      "Trick", "Your hand", "You", "Bea", "Cyd", "Hand Tks Rnd Total",
                      "+1 each", "-1 each", "+3 between", "picks starter",
                      f"The next {view.number} played fixes Trump."):
            assert label in text, label
        look = Look()
        for card in view.hand:  # the whole hand, sorted by suit then value
            assert look.card(card).plain in text
        assert list(view.hand) == sorted(view.hand)
        assert "Play" in lines[-1] and "Help" in lines[-1]
        assert "No trick taken yet this round." in screen_text(app)
        await pilot.press("p")  # p hides the last trick line, and shows it again
        assert "No trick taken" not in screen_text(app)


async def test_an_illegal_card_is_explained_and_changes_nothing(tmp_path):
    settings = dict(ONE_HUMAN, starter=1)  # Bea leads, so Ann must follow
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        view = table.view
        illegal = [i for i, c in enumerate(view.hand) if c not in view.legal]
        while not illegal:  # Ann can follow with every card: play on until she cannot
            await pilot.press("enter")
            await next_turn(app, pilot)
            view = table.view
            illegal = [i for i, c in enumerate(view.hand) if c not in view.legal]
        before = app.game.match.record()
        hand = table.query_one(Hand)
        marked = str(hand.render()).splitlines()[2]  # the cursor under a playable card
        await pilot.press(CARD_KEYS[illegal[0]])
        led = SUIT_NAMES[view.trick[0].suit]
        assert f"You must follow {led}." in screen_text(app)
        assert app.game.match.record() == before and table.view.hand == view.hand
        await pilot.click(Hand, offset=(illegal[0] * hand.cell + 1, 1))  # clicked: the same
        assert app.game.match.record() == before
        # The cursor stayed where it was drawn, on a card that may be played: Enter plays it.
        assert str(hand.render()).splitlines()[2] == marked
        assert hand.cards[hand.cursor] in view.legal
        played = hand.cards[hand.cursor]
        await pilot.press("enter")
        await pilot.pause()
        assert "You must follow" not in screen_text(app)  # the refusal is no longer news
        assert played not in app.game.match.state.view(0).hand


async def test_a_click_plays_the_card_and_take_back_undoes_it(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        view = table.view
        hand = table.query_one(Hand)
        index = view.hand.index(view.legal[-1])
        await pilot.click(Hand, offset=(index * hand.cell + 1, 1))
        assert view.legal[-1] not in app.game.match.state.view(0).hand
        await wait_until(pilot, lambda: my_turn(app), "Ann's next turn")
        await pilot.press("u")
        await wait_until(pilot, lambda: my_turn(app), "Ann's turn again")
        assert table.view.hand == view.hand
        assert "taken back" in screen_text(app)


async def test_two_players_see_the_dummys_face_up_cards_and_only_backs_of_the_rest(tmp_path):
    settings = {"players": 2, "seats": seats(("Ann", "human"), ("Bea", "random"))}
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        look = Look()
        for _ in range(3):
            view = table.view
            assert view.config.seats[0].kind == "dummy" and len(view.dummy_up) == 5
            stacks = table.query_one(DummyStacks)
            text = str(stacks.render())
            ups = [c for c in view.dummy_up if c is not None]
            assert ups and all(look.card(c).plain in text for c in ups)
            assert text.count(look.card_back) == sum(view.dummy_down)
            assert "Dummy's stacks" in screen_text(app)
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app), "Ann's turn")


async def test_a_human_chooses_a_variant_2_pair_and_a_wrong_pair_is_refused(tmp_path):
    settings = dict(ONE_HUMAN, starter=2, choose_determiners=True)  # Ann chooses first
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "the pair dialog")
        await pilot.pause()
        assert "Pair for round 1 (Cyd starts)" in screen_text(app)
        await pilot.press("right", "enter", "right", "right", "enter")  # brown, number 3
        assert app.table.view.pairs[0] == (1, 3)
        await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "Ann's second pair")
        table = app.table
        before = app.game.match.record()
        assert table.submit(ChoosePair(1, 4)) == "You cannot take brown: it is already paired."
        assert app.game.match.record() == before
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: my_turn(app) or app.table.view.phase
                         is Phase.PLAY, "play")
        view = app.table.view
        assert len(view.pairs) == 5
        # One line at 80 columns, each pair after its taker's seat number and a colon:
        # "1:●B3 ..." (issue 16: "1▲Y8 2♥R7" read as one code).
        expected = " ".join(f"{seat + 1}:{ebbes_look(app.look).card(card(suit, number)).plain}"
                            for seat, (suit, number) in zip(view.pair_choosers(), view.pairs))
        await wait_until(pilot, lambda: any(f"│ {expected} " in row
                                            for row in screen_text(app).splitlines()),
                         "the pairs on the board")  # drawn once the screen catches up


async def test_a_small_window_shows_one_message_and_growing_it_restores_the_table(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(app), "Ann's second card, mid-trick")
        before, view = app.game.match.record(), table.view
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        said = " ".join(screen_text(app).split())  # wrapped at 60
        assert "make the window at least 80x24 to play (it is 60x20 now)." in said
        await pilot.press("enter", "1")  # nothing is played behind the message
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert "(it is 79x30 now)" in screen_text(app)  # as the player makes it bigger
        assert app.game.match.record() == before
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is table and table.view == view
        assert Look().card(view.hand[0]).plain in screen_text(app)


async def test_the_app_starts_too_small_and_says_so(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(70, 30)) as pilot:
        await pilot.pause()
        # the menu of every game: no game named (it said "to play ebbes" in every one)
        assert "make the window at least 80x24 to play (it is 70x30 now)." in screen_text(app)


async def test_the_players_panel_shows_long_names_whole_where_there_is_room(tmp_path):
    """Play-testing: "Bernhard" read "Bernh" whatever the room."""
    names = ("You", "Bernhard", "Rosemarie")
    whole, cut = list(names), ["You", "Bernhard", "Rosemar…"]  # a cut name says so
    for size, memory_aid, shown in (((160, 40), True, whole), ((80, 24), False, whole),
                                    ((80, 24), True, cut)):
        settings = {"players": 3, "starter": 0, "memory_aid": memory_aid, "seats": seats(
            (names[0], "human"), (names[1], "random"), (names[2], "random"))}
        app = make_app(tmp_path / f"{size[0]}-{memory_aid}", settings)
        async with app.run_test(size=size) as pilot:
            table = await start(app, pilot)
            await pilot.pause()
            panel = table.query_one("#seats")
            rows = str(panel.render()).splitlines()
            body = rows[2:] if memory_aid else rows[1:]  # the aid's jobs line under its head
            assert [row[2:].split()[0] for row in body] == shown
            assert max(len(row) for row in rows) <= panel.content_size.width  # no wrapping


def test_a_name_cut_to_fit_ends_in_a_mark_and_alike_names_keep_their_ends():
    """Play-through: "Bartho" and "Christ" in a panel passed for whole names."""
    from ebbes_tui.ui.words import cut_names, padded

    assert cut_names(["Bartholomaeus", "Ann", "Christa"], 7, "…") == ["Bartho…", "Ann", "Christa"]
    assert cut_names(["Player 1", "Player 2", "Bot"], 6, ".") == ["Pla. 1", "Pla. 2", "Bot"]
    # too narrow for the mark (a trick's names at 3): the ends still tell them apart
    assert cut_names(["Player 1", "Player 2"], 3, "…") == ["P 1", "P 2"]
    # cut in cells of the terminal: a wide letter takes two, and is never halved
    assert cut_names(["山田太郎さん", "山田"], 7, "…") == ["山田太…", "山田"]
    assert cut_names(["山田太郎さん"], 6, "…") == ["山田…"]
    assert padded("山田", 6) == "山田  " and padded("Ann", 6) == "Ann   "  # in cells


def test_a_line_with_a_name_in_wide_letters_wraps_in_the_terminals_cells():
    """Review: Hund's trump line ran two cells past its box with a name in wide
    letters (the wrap counted letters, each of them two cells)."""
    from rich.cells import cell_len

    from ebbes_tui.ui.words import names_whole

    text = names_whole("The trump card was 山田太郎's and then some more words here.",
                       ["山田太郎"], 20)
    assert max(cell_len(line) for line in text.splitlines()) <= 20
    assert text.splitlines()[1].startswith("山田太郎's")
    # and a name is never cut across two lines
    assert names_whole("The trump card was Bot 2's.", ["Bot 2"], 22) == \
        "The trump card was\nBot 2's."


async def test_names_fit_the_players_panel_or_are_cut_to_stay_apart(tmp_path):
    """Play-testing in hot-seat at 80x24: "Player 1" and "Player 2" read "Playe", then
    "Pla 1" and "Pla 2": they fit whole at 80 columns with the memory aid; longer names
    cut to fit keep their ends, so they stay apart."""
    settings = {"players": 3, "starter": 0, "memory_aid": True, "seats": seats(
        ("Player 1", "human"), ("Player 2", "human"), ("Bot 1", "random"))}
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")

        def rows() -> list[str]:
            table = app.table
            if table is None or not table.is_mounted:
                return []
            return str(table.query_one("#seats").render()).splitlines()[2:]

        await wait_until(pilot, lambda: len(rows()) == 3, "the players panel")
        assert [row[2:10] for row in rows()] == ["Player 1", "Player 2", "Bot 1   "]


async def test_the_scoring_track_beside_the_table_fits_its_panel(tmp_path):
    """Play-testing at 120x40: the track's right column wrapped a dot onto a line of its own."""
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start(app, pilot)
        await pilot.pause()
        board = table.query_one("#table-track")
        assert board.display and 0 < board.content_size.width <= 116  # across the table
        lines = board.render_lines_for(board.content_size.width).plain.splitlines()
        assert any(line.rstrip().endswith("Rhoi") for line in lines)
        assert max(len(line.rstrip()) for line in lines) <= board.content_size.width


@pytest.mark.parametrize("ascii", [True, False])
async def test_each_key_and_the_cursor_stand_over_their_own_card(ascii):
    """Played through under TERM=vt100 (ASCII): the keys and the ^^^ cursor stood 3
    columns right of their card, over the gap before the next one."""
    look = Look(ascii)

    class HandApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Hand(look)

    app = HandApp()
    async with app.run_test(size=(80, 3)) as pilot:
        hand = app.query_one(Hand)
        cards = tuple(card(i % 5, 1 + i) for i in range(10))
        hand.show(cards, cards[:5])
        hand.move(2)
        await pilot.pause()
        keys, faces, marks = hand.render().plain.splitlines()
        for i, held in enumerate(cards):
            face = look.card(held).plain
            start = faces.index(face, i * hand.cell)
            over = keys[start:start + len(face)].strip()
            assert over == (CARD_KEYS[i] if i < 5 else ""), (keys, faces)
        start = faces.index(look.card(cards[2]).plain)
        assert marks[start:start + len(look.card(cards[2]).plain)] == \
            look.cursor * len(look.card(cards[2]).plain) and marks.strip() == marks[start:].strip()
