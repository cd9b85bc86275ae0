"""A table that explains itself (issue 9, points 4-13): why a trick was won, the game
log, what each suit is worth, a round summary that reads on its own, keys that never
surprise, colours that work everywhere, seat badges, a pleasant hot-seat, the two-
player form and the dummy's next card, Variant 2 pairs."""

from __future__ import annotations

import random

import pytest

from helpers import config, play, started
from test_rulings import THREE

from ebbes_tui.controller import SaveStore
from ebbes_tui.games.ebbes.rules import GameState, Options, player_view
from ebbes_tui.games.ebbes.rules.cards import card
from ebbes_tui.games.ebbes.rules.deal import deal_next_round
from ebbes_tui.games.ebbes.rules.events import RoundScored
from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
from ebbes_tui.games.ebbes.ui.board import DeterminerBoard
from ebbes_tui.games.ebbes.ui.dummy_stacks import next_dummy_card, stacks_text
from ebbes_tui.games.ebbes.ui.explain import takes_line, trick_reason
from ebbes_tui.ui.log_screen import LogScreen
from ebbes_tui.games.ebbes.ui.hand import CARD_KEYS, Hand
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.help_screen import HelpScreen
from ebbes_tui.games.ebbes.ui.look import PALETTES
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.ui.look import palette_for
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.new_game import NewGameScreen
from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog
from ebbes_tui.games.ebbes.ui.seats import SeatsPanel
from ebbes_tui.games.ebbes.ui.explain import next_starter_line
from ebbes_tui.games.ebbes.ui.summary import RoundSummaryScreen
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.games.ebbes.ui.trick import TrickArea

from ui_support import (
    ONE_HUMAN, make_app, my_turn, next_turn, ready, screen_text, seats, start, wait_until,
)

# 5. Why a trick was won ----------------------------------------------------------

def test_each_trick_says_why_it_was_won():
    """R2 in words, naming the card that won: the highest trump (and that its suit
    became Trump in this very trick), or the highest card of the led suit. Play-testing
    read "yellow 2 fixed Trump in this trick: your lead" when a ▲Y6 had won it."""
    state = started(config(3), THREE, number=1, starter=0)
    play(state, "blue2 blue3 blue1")  # blue1 fixes Trump mid-trick; blue3 is top trump
    play(state, "brown2 yellow4 blue5")  # seat 0 is void in brown and trumps
    play(state, "red2 green2 red1")  # no trump in it: red1 fixes Plus, red2 is highest
    view = player_view(state, 0)
    look = Look()
    reasons = [trick_reason(view, t, look) for t in view.tricks]
    assert reasons == ["●B3, the highest trump (blue became Trump in this trick)",
                       "●B5, the highest trump", "♥R2, the highest red"]
    names = ["You", "Bot 1", "Bot 2"]
    assert takes_line(view, view.tricks[0], names, look) == \
        "Bot 1 takes it with ●B3, the highest trump (blue became Trump in this trick)"
    assert "::" not in takes_line(view, view.tricks[1], names, Look(ascii=True))


# 4. Tricks stay, and the log ----------------------------------------------------

async def test_a_finished_trick_stays_with_its_winner_marked_then_shows_as_last_trick(
        tmp_path, monkeypatch):
    from ebbes_tui.controller import setup

    monkeypatch.setattr(setup, "fresh_seed", lambda: 2)  # a deal where Ann soon leads again
    app = make_app(tmp_path, ONE_HUMAN, pace=0.3)  # bots' cards wait: Ann's lead shows alone
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        while not (table.view.tricks and not table.view.trick):
            await pilot.press("enter")
            await next_turn(app, pilot)
        trick = table.view.tricks[-1]
        shown = str(table.query_one(TrickArea).render())
        look = Look()
        assert " it with " in shown and look.won in shown  # the winner, marked, and why
        assert all(look.card(c).plain in shown for c in trick.cards)
        await pilot.press("enter")  # Ann leads the next trick
        await wait_until(pilot, lambda: table.view.trick, "Ann's lead on screen")
        shown = str(table.query_one(TrickArea).render())
        assert "Last trick:" in shown and all(look.card(c).plain in shown for c in trick.cards)


async def test_the_game_log_has_every_card_trick_determiner_and_score(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        while not table.view.scores:
            await pilot.press("enter")
            await next_turn(app, pilot)
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        text = app.screen.body
        assert "Round 1, Number Determiner" in text
        assert text.count(" it with ") == 10  # all ten tricks of round 1, each with why
        assert "fixed Trump" in text and "fixed Plus" in text and "is nix" in text
        assert "Round 1 scored:" in text
        await pilot.press("escape")
        assert app.screen is table


# 6. What each suit is worth ------------------------------------------------------

async def test_the_board_says_what_each_job_is_worth_and_the_players_what_is_sure(tmp_path):
    cfg = config(3)
    state = started(cfg, THREE, number=1, starter=0)
    play(state, "blue2 blue3 blue1 brown1 yellow1 blue5")  # Trump blue, Plus brown
    view = player_view(state, 0)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)):
        board = DeterminerBoard(Look())
        panel = SeatsPanel(Look())
        await app.screen.mount(board, panel)
        board.show(view)
        panel.show(view, memory_aid=True)
        text = str(board.render())
        for effect in ("beats all", "+1 each", "+3 between", "-1 each", "picks starter"):
            assert effect in text
        seats_text = str(panel.render())
        header, jobs = seats_text.splitlines()[:2]
        # Tricks are "Tks"; the suits head the columns, their jobs below (issue 16: a
        # "Tr" for tricks stood beside a "Tr" for Trump, and the suit left the header).
        assert "Rnd" in header and "Tks" in header and " Tr" not in header
        assert all(Look().suit(s).plain in header for s in range(5))
        heads = ("Tr", "+1", "eb", "-1", "nx")
        assert jobs.split() == [heads[view.suits.index(s)] for s in range(5) if s in view.suits]
        assert len(view.suits) >= 2
        taken_plus = view.taken[0][view.suits[1]]
        row = seats_text.splitlines()[2]
        assert row[0] == "1" and row[2:].startswith("You") and f"+{taken_plus}" in row


# 7. A round summary that reads on its own --------------------------------------------

def scored_round(players: int = 3, *, dummy: bool = False, seed: int = 1):
    """A finished first round and its RoundScored event."""
    if dummy:
        cfg = GameConfig((SeatInfo("Dummy", "dummy"), SeatInfo("Ann"), SeatInfo("Bea")))
    else:
        cfg = config(players)
    rng = random.Random(seed)
    state = GameState(cfg)
    deal_next_round(state, rng, starter=1, dealer=1 if dummy else None)
    events = []
    while state.phase.value == "play":
        events += state.apply(rng.choice(state.legal_actions()))
    scored = next(e for e in events if isinstance(e, RoundScored))
    return state, scored


async def test_the_round_summary_labels_its_columns_and_says_why_ebbes_paid(tmp_path):
    state, event = scored_round()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundSummaryScreen(event, player_view(state, 0)))
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["Plus", "ebbes"])
        assert lines[header].split() == ["Plus", "ebbes", "Minus", "nix"]
        assert lines[header + 1].split() == ["cards"] * 4 + ["Round", "Total"]
        names = ["You"] + [info.name for info in state.config.seats[1:]]  # seat 0 reads it
        for seat, name in enumerate(names):  # one line a player, never wrapped
            row = next(line for line in lines if line.strip().startswith(name))
            assert row.rstrip().endswith(f"{event.totals[seat]:+d}")
        assert any(why in text for why in ("(0: most)", "(0: tied for most)", "(0: all equal)"))
        holder = names[event.score.nix_holder]
        tied = names[1 - event.score.nix_holder]  # R8: a tie on 3, seat 0 or 1
        chooses = "choose" if holder == "You" else "chooses"
        assert (f"Tied on 3 nix cards with {tied}, {holder} took the highest of them (blue 6) "
                f"and {chooses} who starts round 2.") in " ".join(text.split())


async def test_the_summary_says_the_dummy_simply_starts_and_nothing_after_the_last_round(
        tmp_path):
    for seed in range(200):
        state, event = scored_round(dummy=True, seed=seed)
        counts = [s.nix_cards for s in event.score.seats]
        if event.score.nix_holder == 0 and counts.count(counts[0]) == 1:  # no tie (R8)
            break
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundSummaryScreen(event, player_view(state, 1)))
        await pilot.pause()
        text = screen_text(app)
        assert "Dummy took the most nix cards, so it starts round 2." in text
        assert "chooses" not in text
        last = RoundScored(4, event.score, event.totals)  # as if it were round 5 of 5
        await app.push_screen(RoundSummaryScreen(last, player_view(state, 1)))
        await pilot.pause()
        assert "starts round" not in screen_text(app)


# 8. Keys that never surprise ------------------------------------------------------

def test_card_keys_clash_with_no_other_key_and_q_is_not_one():
    table_keys = {key for b in TableScreen.BINDINGS if "pick" not in b.action
                  for key in b.key.split(",")}
    assert "q" not in CARD_KEYS and not set(CARD_KEYS) & table_keys
    assert len(set(CARD_KEYS)) == 15


async def test_a_fifteen_card_hand_shows_the_keys_above_its_cards(tmp_path):
    settings = dict(ONE_HUMAN, more_cards=True, starter=0)
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        keys_line = str(table.query_one(Hand).render()).splitlines()[0]
        assert len(table.view.hand) == 15
        assert keys_line.split() == list(CARD_KEYS)  # Ann leads: every card is playable
        last = table.view.hand[-1]
        await pilot.press("x")  # the 15th card
        assert last not in app.game.match.state.view(0).hand


async def test_q_quits_from_the_table_and_the_game_stays_saved(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        record = app.game.match.record()
        await pilot.press("q")  # asked once, saying the game is saved
        await pilot.pause()
        assert "Quit ebbes? Your game is saved" in screen_text(app)
        assert app.game is not None
        await pilot.press("q")
        await pilot.pause()
    assert app.game is None
    store = SaveStore(tmp_path / "saves")
    _, saved, _ = store.load(store.list()[0].slot)
    assert saved["rounds"] == record["rounds"]


async def test_q_asks_first_over_the_table_too_and_at_once_elsewhere(tmp_path):
    """Play-testing: q on a round's summary quit at once, while at the table it asks.
    Over the table it asks as the table does, and n stays; at the menu q still quits
    at once."""
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        while not isinstance(app.screen, RoundSummaryScreen):
            await wait_until(pilot, lambda: ready(app, RoundSummaryScreen), "the summary")
            if not isinstance(app.screen, RoundSummaryScreen):
                await pilot.press("enter")
        await pilot.press("q")
        await pilot.pause()
        assert "Quit ebbes? Your game is saved" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen) and app.game is not None
    menu = make_app(tmp_path / "menu")
    async with menu.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(menu.screen, MenuScreen)
        await pilot.press("q")
        await pilot.pause()
    assert menu.return_code == 0


async def test_help_opens_from_the_menu_too(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "a s d f x" in screen_text(app)


@pytest.mark.parametrize("game", ["ebbes", "huhn", "hund"])
async def test_a_help_longer_than_its_box_says_there_is_more_in_ascii_too(tmp_path, game):
    """The play-through: in --ascii at 120x40 the help showed half its keys and, with no
    scroll bar in ASCII, nothing said PgDn showed the rest (f, p, t, g, b, v)."""
    app = make_app(tmp_path, {"game": game}, ascii=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        more = app.screen.query_one("#help-more")
        assert "More below: Down, PgDn or End scrolls the help." in screen_text(app)
        assert more.region.y < app.size.height - 1  # over the keys line, in sight
        await pilot.press("end")
        await wait_until(pilot, lambda: "The end of the help" in screen_text(app), "the end")
        assert "More below" not in screen_text(app)


async def test_the_menus_help_says_where_shared_tables_are(tmp_path):
    """Played through: the menu's ? listed a game's keys and nothing about Tables."""
    from test_hund_ui import help_keys

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert help_keys(app.screen)["t in the menu"].startswith("Tables: play or watch")


async def test_the_footer_fits_80_columns_in_every_mode(tmp_path):
    """The menu's footer names o (colours) and, with a game to continue, still q (it
    lost "Quit" then); the table's card keys are those of the hand: "1-0" for ten
    cards, "1-0,asdfx" for fifteen (it said "1-0" for both)."""
    for ascii in (False, True):
        for more_cards in (False, True):
            settings = dict(ONE_HUMAN, more_cards=more_cards)
            app = make_app(tmp_path / f"{ascii}{more_cards}", settings, ascii=ascii)
            async with app.run_test(size=(80, 24)) as pilot:
                footer = screen_text(app).splitlines()[-1]
                assert "o Colours" in footer and "q Quit" in footer, footer
                table = await start(app, pilot)
                footer = screen_text(app).splitlines()[-1]
                assert "Help" in footer and "Menu" in footer, footer
                keys = "1-0,asdfx Card" if len(table.view.hand) > 10 else "1-0 Card"
                assert keys in footer, footer
                assert (len(table.view.hand) > 10) == more_cards
                await pilot.press("escape", "y")  # to the menu: a game to continue now
                await wait_until(pilot, lambda app=app: "c Continue" in screen_text(app), "Continue")
                footer = screen_text(app).splitlines()[-1]
                assert "c Continue" in footer and "q Quit" in footer, footer


# 9. Colours that work everywhere ------------------------------------------------------

def test_every_palette_gives_the_five_suits_five_different_colours():
    for palette in PALETTES.values():
        assert len(set(palette)) == 5
    assert palette_for("textual-dark", "standard") == "ansi"  # 16 colours: ANSI names
    assert palette_for("textual-dark", "truecolor") == "dark"
    assert palette_for("textual-light", "256") == "light"
    assert palette_for("ansi-dark", "truecolor") == "ansi"


async def test_playable_cards_are_marked_by_more_than_brightness(tmp_path):
    settings = dict(ONE_HUMAN, starter=1)  # Bea leads, so Ann may have to follow
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        while len(table.view.legal) == len(table.view.hand):
            await pilot.press("enter")
            await next_turn(app, pilot)
        rendered = table.query_one(Hand).render()
        faces = rendered.plain.splitlines()[1]
        for span in rendered.spans:
            text = rendered.plain[span.start:span.end]
            card = next((c for c in table.view.hand if Look().card(c).plain == text), None)
            if card is None:
                continue
            style = str(span.style)
            assert ("underline" in style) == (card in table.view.legal), (text, style)
        assert faces  # the hand is drawn


async def test_the_colours_option_offers_dark_light_and_the_terminals_own(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for _ in range(3):
            seen.append(next(line for line in screen_text(app).splitlines() if "Colours" in line))
            await pilot.press("o")
            await pilot.pause()
        assert [s.split("Colours: ")[1].strip() for s in seen] == [
            "dark", "light", "terminal's own colours"]


# 10. Badges ---------------------------------------------------------------------------

def test_player_badges_are_seat_numbers_not_suit_letters():
    look = Look()
    assert [look.disc(s).plain for s in range(5)] == ["1", "2", "3", "4", "5"]


# 11. Hot-seat that is pleasant ------------------------------------------------------------

async def test_the_hot_seat_cover_names_the_player_and_recaps_what_they_missed(tmp_path):
    humans = {"players": 3, "starter": 0,
              "seats": seats(("Ann", "human"), ("Bob", "human"), ("Cyd", "random"))}
    app = make_app(tmp_path, humans)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        covers = 0
        while covers < 3:
            await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen) or my_turn(app),
                             "a cover or a turn")
            if isinstance(app.screen, HandOffScreen):
                covers += 1
                text = screen_text(app)
                name = app.screen.player
                assert f"Pass the keyboard to {name}." in text and f"{name}, your turn" in text
                if covers > 1:
                    assert "Since you last looked" in text
                await pilot.press("enter")
            else:
                await pilot.press("enter")


async def test_escape_on_the_hot_seat_cover_offers_the_menu(tmp_path):
    humans = {"players": 3, "seats": seats(("Ann", "human"), ("Bob", "human"), ("Cyd", "human"))}
    app = make_app(tmp_path, humans)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
        await pilot.press("escape", "escape")  # asked once; Esc again means "stay"
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover again")
        await pilot.press("escape", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await wait_until(pilot, lambda: "Continue" in screen_text(app), "the save's line")


# 12. Two players -----------------------------------------------------------------------------

async def test_the_two_player_form_explains_the_dummy_and_asks_who_deals(tmp_path):
    app = make_app(tmp_path, {"players": 2, "seats": seats(("Ann", "human"), ("Bea", "normal"))})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        assert isinstance(app.screen, NewGameScreen)
        text = " ".join(screen_text(app).split())
        assert "a dummy joins as the third seat" in text and "cannot win" in text
        assert "Who deals round 1" in text
        assert "(R15)" not in text and "(R1" not in text  # players never see ruling numbers
        dealer = app.screen.query_one("#opt-dealer")
        assert [label for label, _ in dealer.values] == ["random", "Ann", "Bea"]
        dealer.focus()
        await pilot.pause()
        assert "then the two take turns" in screen_text(app)  # the line under the form
    # The rules say what the form does (R11, R15): round 1's dealer is picked or drawn,
    # not "drawn at random" only.
    from ebbes_tui.game.registry import load_game

    rules = " ".join(load_game("ebbes").presentation.rules_text().split())
    assert "round 1's dealer is drawn at random" not in rules
    assert "who deals round 1 is picked with the rest of the setup, or drawn at random" in rules
    assert "you pick that player or let the app draw one at random" in rules


def test_the_dummys_next_card_is_marked_when_the_rules_decide_it():
    cfg = GameConfig((SeatInfo("Dummy", "dummy"), SeatInfo("Ann"), SeatInfo("Bea")))
    state = GameState(cfg)
    deal_next_round(state, random.Random(4), starter=2, dealer=2)  # Bea leads; the dummy next
    view = player_view(state, 1)
    assert next_dummy_card(view) is None  # nobody has led: it depends on the lead
    state.apply(state.legal_actions()[0])
    view = player_view(state, 1)
    upcoming = next_dummy_card(view)
    assert upcoming == state.legal_moves()[0]  # exactly the card it must play (R16)
    assert "next" in stacks_text(view, Look()).plain


# 13. Variant 2 pairs -------------------------------------------------------------------------

async def test_the_pair_dialog_shows_whose_pairs_and_the_pair_being_built(tmp_path):
    settings = dict(ONE_HUMAN, starter=1, choose_determiners=True)  # Cyd, then Ann chooses
    app = make_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")  # ebbes, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, PairDialog), "Ann's pair")
        await pilot.pause()
        text = screen_text(app)
        taken = app.table.view.pairs[0] if app.table.view.pairs else None
        face = Look().card(card(*taken)).plain
        # Cyd chose first, from Bea's left: the board beside the dialog shows it, the
        # taker's seat, a colon, the card.
        assert f"3:{face}" in text and "Cyd" in text
        dialog = app.screen
        first = dialog.choice()
        assert f"({Look().card_name(card(first.suit, first.number))}) will fix the next job" in text
        await pilot.press("right")
        await pilot.pause()
        second = dialog.choice()
        assert second.suit != first.suit
        assert f"({Look().card_name(card(second.suit, second.number))}) will fix" in screen_text(app)


# 14. Bigger terminals --------------------------------------------------------------------------

async def test_a_big_terminal_centres_the_menu_and_puts_the_log_beside_the_table(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(120, 40)) as pilot:
        title = next(line for line in screen_text(app).splitlines() if "e b b e s" in line)
        assert title.index("e b b e s") > 20
        await start(app, pilot)
        await wait_until(pilot, lambda: "Game log (g)" in screen_text(app)
                         and "beats every other suit" in screen_text(app), "the log beside the table")
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        assert "Game log (g)" not in screen_text(app)


async def test_the_log_beside_the_table_keeps_its_newest_line_in_sight(tmp_path):
    """Played through at 120x40: the side log still showed the last deal's tricks, its
    newest lines cut off below the pane."""
    from ebbes_tui.ui.side_log import SideLog

    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start(app, pilot)
        while len(table.view.tricks) < 8:
            await wait_until(pilot, lambda: my_turn(app), "Ann's turn")
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one(SideLog)
        assert log.max_scroll_y > 0  # more lines than the pane holds
        newest = [line for line in table.game_log.text(table.view).splitlines() if line][-1]
        await wait_until(pilot, lambda: newest[-20:] in screen_text(app),
                         "the newest log line in sight")


async def test_options_for_variant_two_are_read_from_the_rules(tmp_path):
    from ebbes_tui.games.ebbes.rules.variants import BASIC_ROUNDS, MAX_ROUNDS

    app = make_app(tmp_path, dict(ONE_HUMAN, choose_determiners=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")  # the game picker keeps ebbes
        rounds = app.screen.query_one("#opt-rounds")
        assert [v for _, v in rounds.values] == list(range(BASIC_ROUNDS, MAX_ROUNDS + 1))
        assert Options(choose_determiners=True, rounds=MAX_ROUNDS).rounds == MAX_ROUNDS


# Issue 11.4: a hint --------------------------------------------------------------------------

async def test_a_hint_names_a_legal_card_and_a_rule_changes_nothing_and_is_counted(tmp_path):
    app = make_app(tmp_path, ONE_HUMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(app, pilot)
        before = app.game.match.state.view(0)
        await pilot.press("i")
        news = screen_text(app).splitlines()[-3:-1]  # a hint may take two lines
        assert any(line.strip().startswith("Hint: ") for line in news), news
        hand = table.query_one(Hand)
        assert hand.cards[hand.cursor] in table.view.legal  # the cursor is on that card
        assert app.game.match.state.view(0) == before  # nothing was played
        assert app.game.match.record()["hints"] == {"0": 1}


def test_every_hint_is_a_legal_action_with_a_reason():
    from ebbes_tui.games.ebbes.bots.normal import NormalBot
    from test_view import random_position

    for seed in range(80):
        state = random_position(2 + seed % 4, seed)
        seat = state.to_move
        if seat == state.dummy:
            continue
        view = player_view(state, seat)
        action, why = NormalBot().explain(view)
        assert action in view.actions and why.endswith(".") and len(why) > 20


def test_a_nix_tie_names_who_tied_and_the_highest_nix_card_that_broke_it():
    """R8: tied on the most nix cards, the seat that took the highest nix card holds
    nix; the round's summary says so instead of "took the most nix cards", and so does
    the game log's line for the scored round."""
    from ebbes_tui.controller import Update
    from ebbes_tui.games.ebbes.rules.categories import Category
    from ebbes_tui.games.ebbes.ui.explain import event_line

    ties = 0
    for seed in range(40):
        state, event = scored_round(4, seed=seed)
        counts = [s.nix_cards for s in event.score.seats]
        holder, most = event.score.nix_holder, max(counts)
        tied = [s for s, n in enumerate(counts) if n == most]
        names = ["Ann", "Bea", "Cid", "You"]
        line = next_starter_line(event, player_view(state, 0), names, Look())
        logged = event_line(Update(1, event, player_view(state, 0), 0), names, Look())
        assert logged.startswith("Round 1 scored: ") and logged.endswith(f". {line}")
        if len(tied) == 1:
            assert line.startswith(f"{names[holder]} took the most nix cards and ")
            continue
        ties += 1
        nix = event.score.suits[Category.NIX]
        highest = {s: max((c for t in state.tricks if t.winner == s for c in t.cards
                           if c.suit == nix), default=-1) for s in tied}
        assert holder == max(tied, key=highest.__getitem__)
        others = " and ".join(names[s] for s in tied if s != holder)
        chooses = "choose" if names[holder] == "You" else "chooses"
        assert line == (f"Tied on {most} nix cards with {others}, {names[holder]} took the "
                        f"highest of them ({Look().card_name(highest[holder])}) and {chooses} "
                        "who starts round 2.")
    assert ties >= 3


def test_sentences_about_the_default_player_you_read_as_english():
    """Play-testing: "You takes it: green is trump" (the default name is "You")."""
    from ebbes_tui.ui.words import says, winners_line

    assert [says("You", v) for v in ("takes", "holds", "chooses", "wins", "is")] == \
        ["You take", "You hold", "You choose", "You win", "You are"]
    assert [says("Bot 1", v) for v in ("takes", "is")] == ["Bot 1 takes", "Bot 1 is"]
    assert winners_line(["You", "Bot 1"], (0,)) == "You win!"
    state, event = scored_round()
    names = [s.name for s in state.config.seats]
    names[event.score.nix_holder] = "You"
    assert next_starter_line(event, player_view(state, 0), names, Look()) == \
        "Tied on 3 nix cards with Alex, You took the highest of them (blue 6) and choose who " \
        "starts round 2."
    from ebbes_tui.controller import Update
    from ebbes_tui.games.ebbes.rules.events import StarterChosen
    from ebbes_tui.games.ebbes.ui.explain import event_line

    chosen = Update(1, StarterChosen(1, 0), player_view(state, 0), 0)
    assert event_line(chosen, ["You", "Bot 1", "Bot 2"], Look()) == \
        "Bot 1 took the highest nix card of those tied on 3 nix cards and chose you to start."
