"""Blindes Huhn extrem at the screen (issue 18, "At the screen"), through Textual's
Pilot at 80x24 and 120x40: arranging a hand, the table with its two ends and the
face-down key, the reward, leader and option dialogs, the score sheet with a
crossed-out deal, the game log, the replay, hot-seat covers while arranging, and a
shared table. Each test asserts what the player sees."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from huhn_support import (auto, decisions_of, finished, hands_with, play_deal_as_dealt,
                          record)
from ui_support import ascii_only, screen_text, seats, wait_until

from ebbes_tui.controller import Library, Match, SaveStore
from ebbes_tui.controller.library import LocalGame
from ebbes_tui.games.huhn import GAME as HUHN
from ebbes_tui.games.huhn.rules.cards import IS_DOWN, IS_HEN, IS_PIG
from ebbes_tui.games.huhn.rules.state import HuhnState
from ebbes_tui.games.huhn.ui.dialogs import LeaderDialog, OptionDialog, RewardDialog
from ebbes_tui.games.huhn.ui.final import FinalScreen
from ebbes_tui.games.huhn.ui.replay_screen import HuhnReplayScreen
from ebbes_tui.games.huhn.ui.summary import DealSummaryScreen
from ebbes_tui.games.huhn.ui.table_view import HuhnTable
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.handoff import HandOffScreen
from ebbes_tui.ui.help_screen import HelpScreen
from ebbes_tui.ui.history import HistoryScreen
from ebbes_tui.ui.log_screen import LogScreen
from ebbes_tui.ui.rules_screen import RulesScreen
from ebbes_tui.ui.table import TableScreen

SIZES = [(80, 24), (120, 40)]
PLAYERS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "level": "random"},
           {"name": "Cyd", "kind": "bot", "level": "random"}]


def huhn_app(tmp_path: Path, settings: dict[str, Any] | None = None, **kw: Any) -> EbbesApp:
    """An app of its own on Blindes Huhn extrem (bots move at once)."""
    path = tmp_path / "config" / "settings.json"
    if settings is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"game": "huhn", "games": {"huhn": settings}}))
    return EbbesApp(library=Library(HUHN, SaveStore(tmp_path / "saves")), settings_path=path,
                    pace=0, animation=False, game="huhn", **kw)


def at(app: EbbesApp, rec: dict[str, Any]) -> None:
    """Open the table on a saved game (as Continue does)."""
    store = app.library.store
    slot = store.open(store.new_slot())
    app.opener.open(LocalGame(Match.resume(HUHN, rec, save=slot), slot))


def scene(plays: str, ends: dict[int, tuple[list[int], list[int]]] | None = None,
          **kw: Any) -> dict[str, Any]:
    """A three-player deal, Cyd dealing (Ann leads), hands with these ends."""
    hands = hands_with(3, ends if ends is not None else
                       {0: ([45, 16], [17]), 1: ([19], []), 2: ([15], [])})
    rec = record(hands, 2, plays, **kw)
    rec["players"] = PLAYERS
    return rec


def table(app: EbbesApp) -> Any:
    return app.screen.query_one("#game-table")


def playing(app: EbbesApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.is_mounted \
        and table(app).playing


def bound(widget: type) -> set[str]:
    """Every key a screen or widget class binds."""
    return {key for binding in widget.BINDINGS for key in binding.key.split(",")}


def footer(app: EbbesApp) -> str:
    return screen_text(app).splitlines()[-1]


# ------------------------------------------------------------------ arranging


@pytest.mark.parametrize("size", SIZES)
async def test_arranging_a_hand_with_keys_and_quick_orders_then_playing_its_ends(tmp_path, size):
    settings = {"players": 3, "options": {"dealer": 2},
                "seats": seats(("Ann", "human"), ("Bob", "random"), ("Cyd", "random"))}
    app = huhn_app(tmp_path, settings)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n", "enter", "enter")  # Blindes Huhn extrem, then the form
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted
                         and table(app).arranging, "Ann arranges")
        await pilot.pause()
        dealt = app.screen.view.hand
        text = screen_text(app)
        assert "Your hand: arrange it" in text
        assert "Order matters: you can only play an end card" in text  # why order matters
        assert "o order" in text and "Home End move it" in text and "Enter done" in text
        # Hens, pigs and the face-down symbol carry a letter, not a colour alone.
        for card in dealt:
            letter = "H" if IS_HEN[card] else "P" if IS_PIG[card] else "D" if IS_DOWN[card] \
                else "S" if card == 0 else ""
            assert f"{card}{letter} " in text
        keys = footer(app)
        assert "Move" in keys and "o Order" in keys and "Done" in keys and "esc Menu" in keys
        assert "Play" not in keys and "Face down" not in keys  # no key means two things
        row = table(app).arrangement
        for name, order in (("ascending", sorted(dealt)), ("descending", sorted(dealt)[::-1])):
            await pilot.press("o")
            assert row.order == order and f"(now: {name})" in screen_text(app)
        await pilot.press("o")
        hens = sum(IS_HEN[c] for c in dealt)
        assert all(IS_HEN[c] for c in row.order[:hens]) and "(now: hens to the left)" in \
            screen_text(app)
        await pilot.press("o", "o")
        assert row.order == list(dealt) and "(now: as dealt)" in screen_text(app)
        await pilot.press("right", "right", "less_than_sign")  # the third card one left
        assert row.order[1] == dealt[2] and row.order[2] == dealt[1]
        await pilot.press("greater_than_sign", "greater_than_sign")
        assert row.order[3] == dealt[2]  # the moved card stays under the cursor
        hand = app.screen.query_one("#hand")
        cell = hand.cell
        before = list(row.order)
        await pilot.click("#hand", offset=(1, 1))  # the mouse picks the first card up
        await pilot.click("#hand", offset=(3 * cell + 1, 1))  # and puts it fourth
        assert row.order == [*before[1:4], before[0], *before[4:]]
        arranged = tuple(row.order)
        await pilot.press("enter")
        await wait_until(pilot, lambda: playing(app), "Ann leads")
        await pilot.pause()
        assert app.screen.view.hand == arranged
        text = screen_text(app)
        assert "You lead the first trick: left of the dealer, Cyd." in text
        line = " ".join(text.split())  # with "f plays 37D face down." it takes two lines
        if IS_DOWN[arranged[0]] and IS_DOWN[arranged[-1]]:  # a random deal may end so
            assert "1 or 2 plays an end face up" in line, text
        else:
            assert f"1 plays your left end ({arranged[0]}" in line, text
            assert f"2 your right end ({arranged[-1]}" in line, text
        assert "1 2 Ends" in footer(app) and "Move" not in footer(app)
        assert "esc Menu" in footer(app)  # every key fits at 80 columns
        await pilot.press("2")
        await wait_until(pilot, lambda: first_play(app) is not None, "Ann's card")
        assert first_play(app) == str(arranged[-1])


def first_play(app: EbbesApp) -> str | None:
    """The first card played in the game's only deal so far, as its record has it."""
    plays = app.game.match.record()["deals"][0].get("plays", [])
    return plays[0] if plays else None


async def test_other_hands_are_rows_of_backs_with_counts_and_the_supply_is_listed(tmp_path):
    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, scene(""))
        await wait_until(pilot, lambda: playing(app), "Ann leads")
        await pilot.pause()
        text = screen_text(app)
        assert "reward cards left: down, ear, hand" in text
        lines = [line for line in text.splitlines() if line.startswith(("│ 2  Bob", "│ 3  Cyd"))]
        assert all("  12 " + "▒" * 12 in line for line in lines) and len(lines) == 2
        assert "Tricks Hens Penalties Rewards" in text
        # Ann's own row counts her cards; her cards are in her hand below.
        assert "yours" in text and "45 " in text
        await pilot.press("question_mark")  # the help: this game's keys and cards
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        helped = app.screen
        assert ("f", ) == tuple(k for k, _ in helped.screens.keys if k == "f")
        console = Console(width=120, record=True, file=io.StringIO())
        for widget in helped.query("Static"):
            console.print(widget.content)
        body = " ".join(console.export_text().split())
        assert "play face down the marked card" in body and "17H" in body and "a hen" in body
        assert not bound(TableScreen) & bound(HuhnTable)  # no key means two things
        await pilot.press("escape", "f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.pause()
        assert "Blindes Huhn extrem" in screen_text(app)


# ------------------------------------------------------------------ face down


@pytest.mark.parametrize("size", SIZES)
async def test_f_plays_the_marked_end_face_down_and_the_others_see_a_back(tmp_path, size):
    app = huhn_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        at(app, scene("", {0: ([16], [17]), 1: ([49], []), 2: ([48], [])}))
        await wait_until(pilot, lambda: playing(app), "Ann leads")
        await pilot.pause()
        assert "f plays 16D face down." in screen_text(app)
        assert "f Down" in footer(app)
        await pilot.press("right")  # the right end marked, a hen: f still means the 16
        assert table(app).check_action("face_down", ()) is True
        await pilot.press("f")
        await wait_until(pilot, lambda: first_play(app) is not None, "the card is down")
        assert first_play(app) == "16d"


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_footer_with_f_fits_80_columns(tmp_path, ascii):
    """Solo, with both ends to play and one to go face down, the key line is the
    longest it gets: it lost "Menu" in ASCII ("Enter" is wider than its glyph)."""
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, scene("", {0: ([16], [17]), 1: ([49], []), 2: ([48], [])}))
        await wait_until(pilot, lambda: playing(app), "Ann leads")
        await pilot.pause()
        keys = footer(app).rstrip()
        assert "f Down" in keys and "1 2 Ends" in keys and "Hint" in keys, keys
        assert keys.endswith("Esc Menu" if ascii else "esc Menu"), keys


@pytest.mark.parametrize("size", SIZES)
async def test_another_players_face_down_card_is_a_back_and_the_last_player_has_no_f(
        tmp_path, size):
    app = huhn_app(tmp_path)
    ends = {0: ([16], [17]), 1: ([28], []), 2: ([15], [])}
    rec = scene("28d 15", ends)
    rec["deals"][0]["dealer"] = 0  # Bob leads, face down; Cyd follows; Ann plays last
    async with app.run_test(size=size) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app), "Ann plays last")
        await pilot.pause()
        text = screen_text(app)
        cards = next(line for line in text.splitlines() if "15" in line and "▒▒" in line)
        assert cards.index("▒▒") < cards.index("15")  # Bob's card: a back, before Cyd's 15
        assert "28" not in cards
        assert "left, down" in text  # which end it came from, and that it lies face down
        assert "f plays" not in text and "f Down" not in footer(app)  # H5: not the last
        assert table(app).check_action("face_down", ()) is False
        await pilot.press("f")  # played through: f did nothing and said nothing
        await pilot.pause()
        assert "never as the trick's last player" in " ".join(screen_text(app).split())
        assert playing(app)  # and nothing was played


async def test_ascii_mode_draws_every_huhn_screen_in_ascii(tmp_path):
    settings = {"players": 3, "options": {"dealer": 2},
                "seats": seats(("Ann", "human"), ("Bob", "random"), ("Cyd", "random"))}
    app = huhn_app(tmp_path, settings, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted
                         and table(app).arranging, "Ann arranges")
        await pilot.pause()
        ascii_only(app)
        assert "<> Card" in footer(app) and ", . Move" in footer(app)  # not <> twice
        await pilot.press("enter")
        await wait_until(pilot, lambda: playing(app), "Ann plays")
        await pilot.pause()
        ascii_only(app)
        assert "##" in screen_text(app)  # the other hands' backs
        for key, screen in (("question_mark", "HelpScreen"), ("g", "LogScreen"),
                            ("b", "ScoreSheetScreen")):
            await pilot.press(key)
            await wait_until(pilot, lambda screen=screen: type(app.screen).__name__ == screen,
                             screen)
            await pilot.pause()
            ascii_only(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")


async def test_the_last_card_has_one_key_and_no_second_end(tmp_path):
    hands = hands_with(3, {0: ([], [0]), 1: ([], [49])})
    rec = record(hands, 2)
    rec["players"] = PLAYERS
    state = HUHN.records.replay(rec)
    auto(state, lambda s: len(s.tricks) == s.size - 1 and s.phase == "play")
    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, HUHN.records.to_record(state))
        await wait_until(pilot, lambda: playing(app), "Ann's last card")
        await pilot.pause()
        assert "1 plays your last card (0S)." in screen_text(app)
        assert "1 2 Ends" not in footer(app) and "Play" in footer(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, (OptionDialog, DealSummaryScreen)),
                         "the deal's end")


# ------------------------------------------------------------------ dialogs


@pytest.mark.parametrize("size", SIZES)
async def test_the_reward_dialog_explains_each_card_and_ear_gives_every_card_a_key(tmp_path, size):
    app = huhn_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        at(app, scene("45 19 15"))  # Ann takes 45, Bob's 19 is the trick's only pig
        await wait_until(pilot, lambda: isinstance(app.screen, RewardDialog), "the reward")
        await pilot.pause()
        text = screen_text(app)
        assert "Your trick had one pig: take a reward card (+3)" in text
        assert "down  lead face down, whatever the card" in text
        assert "ear   lead any card of your hand, not only an end card" in text
        assert "hand  name who leads (any player, the taker too)" in text
        await pilot.press("down", "enter")  # ear
        await wait_until(pilot, lambda: playing(app), "Ann leads with ear")
        await pilot.pause()
        text = screen_text(app)
        assert "Ear reward: lead any card of your hand" in text
        assert "You lead with the ear reward: any card of your hand may lead." in text
        assert "Your turn: lead any card (ear)" in text.splitlines()[0]  # not "an end card"
        hand = app.screen.view.hand
        keys_line = next(line for line in text.splitlines() if " 1 " in line and " a " in line)
        assert len(keys_line.split()) - 2 == len(hand)  # a key above every card
        assert "1 2 Ends" not in footer(app)
        await pilot.press("5")  # the fifth card, from the middle of the hand
        await wait_until(pilot, lambda: len(app.game.match.record()["deals"][0]["plays"]) > 3,
                         "Ann's lead")
        assert app.game.match.record()["deals"][0]["plays"][3] == str(hand[4])
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
        assert "Game log" in screen_text(app)
        log = app.screen.body  # the lines drawn in the box (wrapped there)
        assert "Trick 1: You 45 (left)  Bob 19P (left)  Cyd 15 (left)." in log
        assert "You take it with 45, the highest card (one pig: a reward card)." in log
        assert "You take the reward card ear (+3)" in log


async def test_with_ear_the_line_under_the_hand_names_the_cards_f_may_play_not_ends(tmp_path):
    """Played through: with the ear and two face-down symbols inside the hand, the line
    said "1 or 2 plays an end face up (16D and 37D)": neither card an end, nor 1 or 2
    their keys."""
    ends = {0: ([45, 20, 16], [37, 17]), 1: ([19], []), 2: ([15], [])}
    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, scene("45 19 15", ends, rewards=["ear"]))
        await wait_until(pilot, lambda: playing(app), "Ann leads with ear")
        await pilot.pause()
        text = screen_text(app)
        assert "Ear reward: lead any card of your hand" in text
        said = " ".join(text.replace("│", " ").split())  # the line wraps in the box
        assert "f plays the marked card face down: 16D or 37D." in said
        assert "end face up" not in text
        hand = app.screen.view.hand
        await pilot.press(*["right"] * hand.index(37), "f")
        await wait_until(pilot, lambda: len(app.game.match.record()["deals"][0]["plays"]) > 3,
                         "Ann's lead")
        assert app.game.match.record()["deals"][0]["plays"][3] == "37d"


@pytest.mark.parametrize("size", SIZES)
async def test_naming_a_leader_with_hand_says_where_each_choice_puts_you(tmp_path, size):
    app = huhn_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        at(app, scene("45 19 15", rewards=["hand"]))
        await wait_until(pilot, lambda: isinstance(app.screen, LeaderDialog), "who leads")
        await pilot.pause()
        text = screen_text(app)
        assert "The hand reward: who leads the next trick?" in text
        assert "you lead" in text and "you play last" in text and "you play 2nd of 3" in text
        dialog = app.screen
        assert dialog.query_one("OptionList").highlighted == 0  # Ann herself
        await pilot.press("down", "enter")  # Bob: Ann plays last
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and "named by you with the hand reward" in screen_text(app),
                         "Bob leads, named by Ann")
        assert "Bob leads: named by you with the hand reward." in screen_text(app)


def at_last_trick_option() -> dict[str, Any]:
    """Two deals; in the second Ann takes the last trick with the 0 against the 49, so
    she may cross out deal 1 (H6, H11)."""
    first = finished_first_deal()
    dealer = (first["dealer"] + 1) % 3
    hands = hands_with(3, {0: ([], [0]), 1: ([], [49])})
    rec = record(hands, dealer, deals=2, earlier=[first])
    rec["players"] = PLAYERS
    state = HUHN.records.replay(rec)
    auto(state)
    assert state.phase == "option" and state.taker == 0
    return HUHN.records.to_record(state)


def finished_first_deal() -> dict[str, Any]:
    state = HUHN.records.replay({"format": "huhn-record/1", "players": PLAYERS,
                         "options": {"deals": 2}, "deals": []})
    play_deal_as_dealt(state, 5)
    return HUHN.records.to_record(state)["deals"][0]


@pytest.mark.parametrize("size", SIZES)
async def test_the_last_trick_option_shows_each_effect_with_the_best_preselected(tmp_path, size):
    app = huhn_app(tmp_path)
    rec = at_last_trick_option()
    async with app.run_test(size=size) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: isinstance(app.screen, OptionDialog), "the option")
        await pilot.pause()
        dialog = app.screen
        view = dialog.view
        effects = view.option_effects()
        best = view.preselected_option()
        text = screen_text(app)
        assert "You took the last trick with the 0: choose an option" in text
        assert "Adds  Total        Option" in text
        assert "cross out deal 1 (your result there:" in text
        assert "none" in text and " (best) " in text  # not "best penalties: ..."
        assert "hens: only your hens of the last trick count" in text  # on one line
        assert "penalties: only your last trick's penalty counts" in text  # one line at 80
        options = [o for o, _ in effects]
        assert dialog.query_one("OptionList").highlighted == options.index(best)
        assert max(g for _, g in effects) == dict(effects)[best]
        # Cross out deal 1 whatever is best: the sheet then strikes it through.
        cross = next(i for i, o in enumerate(options) if o.deal == 1)
        here = options.index(best)
        await pilot.press(*(["down"] * (cross - here) if cross > here else ["up"] * (here - cross)),
                          "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, DealSummaryScreen), "the summary")
        await pilot.pause()
        text = screen_text(app)
        assert "Last trick: " in text and "You take it with the 0: the 0 beats the 49 in the " \
            "last trick." in " ".join(text.split())
        assert "You took the last trick and crossed out deal 1: your result there no longer" \
            " counts." in " ".join(text.split())
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen), "the standings")
        await pilot.pause()
        text = screen_text(app)
        for row in ("Deal 1", "Deal 2", "hens", "penalties", "rewards", "no hens", "result",
                    "so far", "Total"):
            assert row in text
        so_far = next(line for line in text.splitlines() if "so far" in line).split()[2:]
        assert so_far[0] == "+0"  # Ann's deal 1 crossed out: nothing counted after it
        assert "crossed" in text and "1. " in text
        if size[1] >= 40:  # below the fold at 80x24
            assert "A result marked crossed (struck through) does not count" in text
        struck = [seg.text.strip() for strip in app.screen._compositor.render_strips()
                  for seg in strip if seg.style is not None and seg.style.strike
                  and seg.text.strip()]
        ann = app.game.match.state.scores[0].points[0] if app.game else None
        assert struck and (ann is None or f"{ann:+d}" in struck)


@pytest.mark.parametrize("size,ascii", [((80, 24), False), ((80, 24), True), ((120, 40), True)])
async def test_final_standings_longer_than_the_screen_say_there_is_more_and_how_to_see_it(
        tmp_path, size, ascii):
    """Played through, five players and five deals: the score sheet ran off the screen
    at 80x24 (and at 120x40 in ASCII, where no scroll bar is drawn), and nothing said
    so."""
    rec = next(HUHN.records.to_record(state) for state in decisions_of(5, 1, deals=5)
               if state.phase == "option" and len(state.scores) == 4)  # the last option
    rec["players"] = [PLAYERS[0], *({"name": f"Bot {i}", "kind": "bot", "level": "random"}
                                    for i in range(1, 5))]
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: isinstance(app.screen, DealSummaryScreen),
                         "the last deal's summary (a bot took the last trick)")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen), "the standings")
        more = "More below: Down, PgDn or End scrolls the score sheet."
        await wait_until(pilot, lambda: more in screen_text(app), "the line saying so")
        assert screen_text(app).splitlines()[-3].strip() == more  # over the keys
        assert "Total" not in screen_text(app)
        await pilot.press("end")
        end = "The end of the score sheet: Up, PgUp or Home goes back to the top."
        await wait_until(pilot, lambda: end in screen_text(app), "the sheet's end")
        assert "Total" in screen_text(app)
        # The line tells where a scroll goes at once, not after its glide (play-through:
        # "More below" still up after End).
        body = app.screen.query_one(".score-body")
        app.animation_level = "full"  # the glide a player sees (the tests' apps have none)
        await pilot.press("home")
        await wait_until(pilot, lambda: more in screen_text(app), "the top again")
        body.scroll_end(duration=600)
        await wait_until(pilot, lambda: end in screen_text(app), "the end said at once",
                         seconds=20)
        assert body.scroll_y < body.max_scroll_y  # still gliding
        body.scroll_end(animate=False)  # the glide stops
        # At every height the line says something just when the sheet does not fit
        # ("The end of the score sheet" was said of a sheet that fitted).
        for rows in range(size[1], size[1] + 16):
            await pilot.resize_terminal(size[0], rows)
            await pilot.pause()
            await pilot.pause()
            said = " ".join(screen_text(app).split())
            assert (more in said or end in said) == (body.max_scroll_y > 0), rows


async def test_final_standings_that_fit_say_nothing_of_more_or_an_end(tmp_path):
    """Played through (one deal, five long names, --ascii, 80x24): under a sheet that
    fitted the screen stood "The end of the score sheet: Up, PgUp or Home goes back to
    the top."; the line had been shown and hidden by the fit it changed."""
    rec = next(HUHN.records.to_record(state) for state in decisions_of(5, 1, deals=1)
               if state.phase == "option" and not state.scores)
    rec["players"] = [PLAYERS[0], *({"name": name, "kind": "bot", "level": "random"} for name in
                                    ("Bartholomaeus-", "Christophorus-", "Wilhelmina-Urs",
                                     "Friedrich-Wilh"))]
    app = huhn_app(tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: isinstance(app.screen, DealSummaryScreen), "the summary")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen), "the standings")
        for _ in range(20):  # it came and went as the layout caught up: every frame
            await pilot.pause()
            text = screen_text(app)
            assert "More below" not in text and "The end of the score sheet" not in text, text
        assert "Total" in text and app.screen.query_one(".score-body").max_scroll_y == 0


# ------------------------------------------------------------------ hot seat


async def test_in_hot_seat_each_player_arranges_in_turn_behind_the_cover(tmp_path):
    settings = {"players": 3, "options": {"dealer": 2},
                "seats": seats(("Ann", "human"), ("Bob", "human"), ("Cyd", "random"))}
    app = huhn_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        for name, seat in (("Ann", 0), ("Bob", 1)):
            await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen), "the cover")
            await pilot.pause()
            text = screen_text(app)
            assert f"Pass the keyboard to {name}" in text and "arrange your hand" in text
            hand = app.game.match.state.hands[seat]
            assert not any(f"{c}H" in text for c in hand if IS_HEN[c])  # nothing shows
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                             and table(app).arranging, f"{name} arranges")
            await pilot.pause()
            assert f"Your hand ({name}): arrange it" in screen_text(app)
            await pilot.press("o", "enter")
        await wait_until(pilot, lambda: app.game.match.state.phase == "play", "play begins")
        assert app.game.match.state.hands[1] == sorted(app.game.match.state.hands[1])


# ------------------------------------------------------------------ replay


@pytest.mark.parametrize("size", SIZES)
async def test_a_finished_game_replays_from_history_with_every_hand_as_arranged(tmp_path, size):
    state: HuhnState = finished(3, 4, deals=1)
    rec = HUHN.records.to_record(state)
    app = huhn_app(tmp_path)
    assert app.library.keep_finished(rec, "t.") is not None
    async with app.run_test(size=size) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games,
                         "the finished game listed")
        await pilot.pause()
        assert "Bernd" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HuhnReplayScreen), "the replay")
        await pilot.pause()
        text = screen_text(app)
        assert "step 0 of" in text and "Before the first deal" in text
        await pilot.press("right", "right")  # the deal, then the first arrangement
        await pilot.pause()
        assert "Hands as arranged" in screen_text(app)
        await pilot.press("down")  # the end of the first trick
        await pilot.pause()
        text = screen_text(app)
        first = state.played[0].tricks[0] if state.played else None
        assert "trick 1 of 12" in text and " takes it with " in text
        if first is not None:
            assert all(str(c) in text for c in first.cards)
        await pilot.press("end")
        await pilot.pause()
        assert "Deal 1 of 1" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert "Board · score sheet" in screen_text(app) and "result" in screen_text(app)


# ------------------------------------------------------------------ shared tables


async def test_two_terminals_arrange_at_once_at_a_shared_table(home):
    from table_support import LocalTable, spec

    from ebbes_tui.games.huhn.rules.actions import Arrange
    from ebbes_tui.table.client import connect_table

    async with LocalTable(home, spec("hens", seats="player,player,bot:random", seed=3,
                                     game="huhn", options={"dealer": 2})) as hosted:
        connection = await connect_table("hens", directory=hosted.directory, player=1)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            other = await hosted.join(player=2)
            feed = await other.game()
            await wait_until(pilot, lambda: isinstance(ebbes.screen, TableScreen)
                             and ebbes.screen.is_mounted and table(ebbes).arranging,
                             "the first terminal arranges")
            await pilot.pause()
            second = f"{hosted.address.host} (2)"
            assert f"Still arranging: You, {second}." in screen_text(ebbes)
            await pilot.press("o", "enter")  # ascending, done
            await wait_until(pilot, lambda: "Your hand is arranged: play begins when everyone "
                             "is done." in screen_text(ebbes), "waiting for the other terminal")
            assert f"Still arranging: {second}." in screen_text(ebbes)
            while not feed.latest.view.actions:  # the second terminal's own view
                await pilot.pause(0.05)
            mine = feed.latest.view
            assert mine.seat == 1 and mine.phase == "arrange" and len(mine.hand) == 12
            feed.submit(Arrange(tuple(sorted(mine.hand, reverse=True))))
            await wait_until(pilot, lambda: ebbes.screen.view.phase == "play", "play begins")
            await pilot.pause()
            assert ebbes.screen.view.hand == tuple(sorted(ebbes.screen.view.hand))
            assert "You lead the first trick: left of the dealer, Bot" in screen_text(ebbes)
            other.close()


async def test_a_spectator_sees_backs_for_every_hand(home):
    from table_support import LocalTable, spec

    from ebbes_tui.table.client import connect_table

    async with LocalTable(home, spec("watch", seats="player,bot:random,bot:random", seed=4,
                                     game="huhn", spectators=True)) as table:
        player = await table.join(player=1)  # arranges at leisure: the table waits
        connection = await connect_table("watch", directory=table.directory, watch=True)
        ebbes = EbbesApp(pace=0, animation=False, table=connection)
        async with ebbes.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(ebbes.screen, TableScreen)
                             and ebbes.screen.is_mounted, "the table")
            await pilot.pause()
            view = ebbes.screen.view
            assert view.seat is None and view.hand == ()
            text = screen_text(ebbes)
            shown = text.splitlines()
            top = next(i for i, line in enumerate(shown) if "No hand (watching)" in line)
            assert "You are watching: every hand stays hidden." in shown[top + 1]
            assert shown[top + 2].startswith("╰")  # the box is one line, not six empty rows
            rows = [line for line in text.splitlines() if line.startswith(("│ 1", "│ 2", "│ 3"))]
            assert len(rows) == 3 and all("▒" in row for row in rows)
            assert "Still arranging: " in text
            player.close()


def test_a_bots_reward_is_said_in_the_third_person():
    """Played through: "Bot 2 takes the reward card ear (+3); next trick Bot 2 may lead
    any card of your hand"."""
    import random as _random

    from ebbes_tui.controller import Update
    from ebbes_tui.games.huhn.rules.events import RewardTaken
    from ebbes_tui.games.huhn.ui.explain import event_line
    from ebbes_tui.games.huhn.ui.look import HuhnLook
    from huhn_support import new_game, random_choice

    for seed in range(200):
        rng = _random.Random(seed)
        state = new_game(3)
        while pending := state.pending():
            seat = pending[0].seat
            if seat is None:
                HUHN.rules.resolve_chance(state, seed)
                continue
            for event in state.apply(random_choice(state, seat, rng), seat):
                view = state.view(0)
                if isinstance(event, RewardTaken) and event.kind == "ear" and event.seat and \
                        len(view.tricks) < view.dealt:
                    line = event_line(Update(0, event, view, 0), ["You", "Bob", "Cyd"],
                                      HuhnLook())
                    assert line is not None and "may lead any card of their hand" in line
                    return
    raise AssertionError("no bot took the ear reward before the last trick")


async def test_while_arranging_no_card_has_a_key_above_it(tmp_path):
    """Played at 80x24: "1 2 3 ... a s" stood above the cards while arranging, where the
    number keys do nothing."""
    from ebbes_tui.games.huhn.ui.hand import HuhnHand

    settings = {"players": 3, "options": {"dealer": 2},
                "seats": seats(("Ann", "human"), ("Bob", "random"), ("Cyd", "random"))}
    app = huhn_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted
                         and table(app).arranging, "Ann arranges")
        await pilot.pause()
        keys_line = str(table(app).query_one(HuhnHand).render()).splitlines()[0]
        assert keys_line.strip() == ""


def test_while_a_taken_trick_stays_the_status_line_names_it_and_fits_80_columns():
    """Played through in the lesson at 80x24: "Deal 1 of 4 · dealer Marianne · trick 6 of
    12 · Marianne took the trick and" (cut), while trick 5 lay on the table. The line
    names the trick on show and leaves out the dealer then."""
    from huhn_support import NAMES, new_game

    from ebbes_tui.games.huhn.rules.actions import Arrange
    from ebbes_tui.games.huhn.ui.screens import SCREENS
    from ebbes_tui.ui.look import Look

    state = new_game(4, deals=4)
    HUHN.rules.resolve_chance(state, 7)
    for seat in range(4):
        state.apply(Arrange(tuple(state.hands[seat])), seat)
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 5 and not s.trick)
    view = state.view(0)
    names = list(NAMES[:4])
    taker = view.last_trick.winner
    held = SCREENS.status(view, names, Look(), trick_over=True)
    assert held.startswith(f"Deal 1 of 4 · trick 5 of 12 · {names[taker]} took the trick")
    assert "dealer" not in held and len(" " + held) <= 80, held
    playing = SCREENS.status(view, names, Look())
    assert "dealer" in playing and "trick 6 of 12" in playing, playing


def test_with_long_names_the_status_line_keeps_its_end_at_80_columns():
    """Played through with names of 14 characters at 80x24: "Deal 1 of 5 · dealer
    Wilhelmina-Urs · trick 7 of 10 · Your turn: play an end" (cut). The dealer's name
    gives way first."""
    from huhn_support import new_game

    from ebbes_tui.games.huhn.rules.actions import Arrange
    from ebbes_tui.games.huhn.ui.screens import SCREENS
    from ebbes_tui.ui.look import Look

    state = new_game(5, deals=5, dealer=3)
    HUHN.rules.resolve_chance(state, 7)
    for seat in range(5):
        state.apply(Arrange(tuple(state.hands[seat])), seat)
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 6 and s.to_move == 0)
    view = state.view(0)
    names = ["You", "Bartholomaeus-", "Christophorus-", "Wilhelmina-Urs", "Friedrich-Wil"]
    for look in (Look(), Look(ascii=True)):
        line = SCREENS.status(view, names, look)
        assert line.endswith("trick 7 of 10 · Your turn: play an end card".replace(
            "·", look.dot)), line
        assert len(" " + line + " ") <= 80 and "dealer Wilhelm" in line, line
    names[3] = "山田太郎花子さん"  # 16 cells: cut in cells, a wide letter never halved
    line = SCREENS.status(view, names, Look())
    assert cell_len(" " + line + " ") <= 80 and "dealer 山田" in line, line

