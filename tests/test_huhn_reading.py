"""Blindes Huhn extrem as its players read it (issue 25, points 5 to 12): every line of
the trick panel fits at 80x24 with five players, the previous trick, the rule of the 0
and the 49 and who leads each in their own words, face-down cards marked, the Players
panel's totals labelled, dialogs with their own keys, Home and End while arranging,
and the replay's and option's words."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console
from huhn_support import auto, hands_with, record
from test_huhn_screens import at, huhn_app, playing
from ui_support import screen_text, seats, wait_until

from ebbes_tui.games.huhn import GAME as HUHN
from ebbes_tui.games.huhn.rules.view import build_view
from ebbes_tui.games.huhn.ui.look import HuhnLook
from ebbes_tui.games.huhn.ui import trick
from ebbes_tui.ui.table import TableScreen
from ebbes_tui.ui.words import seat_names

FIVE = [{"name": "Ann", "kind": "human"},
        {"name": "Marianne Muster", "kind": "bot", "level": "random"},
        {"name": "Friedrich Fuchs", "kind": "bot", "level": "random"},
        {"name": "Bot 3", "kind": "bot", "level": "random"},
        {"name": "Bot 4", "kind": "bot", "level": "random"}]


def five(plays: str, ends: dict[int, tuple[list[int], list[int]]], **kw: Any) -> dict[str, Any]:
    """A five-player deal, the fifth player dealing (Ann leads), hands with these ends."""
    rec = record(hands_with(5, ends), 4, plays, **kw)
    rec["players"] = FIVE
    return rec


def lines(app: Any) -> list[str]:
    return screen_text(app).splitlines()


async def trick_panel(view: Any, look: HuhnLook, height: int) -> list[str]:
    """The trick panel alone, ``height`` rows at 80 columns, showing ``view``: its rows."""
    from textual.app import App

    from ebbes_tui.games.huhn.ui.trick import TrickArea

    class Panel(App[None]):
        def compose(self):
            area = TrickArea(look, id="trick")
            area.styles.height = height
            yield area

    app = Panel()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(TrickArea).show(view)
        await pilot.pause()
        return [line.rstrip() for line in screen_text(app).splitlines()[:height]]


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_previous_trick_and_its_taker_fit_at_80x24_with_five_players(tmp_path, ascii):
    # Trick 1: Ann 12H, Marianne 45, Friedrich 37D and Bot 3 44D face down, Bot 4 5H:
    # Marianne takes two hens and a penalty, and leads trick 2; Ann plays last in it.
    rec = five("12 45 37d 44d 5", {0: ([12], []), 1: ([45], []), 2: ([37], []),
                                   3: ([44], []), 4: ([5], [])})
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app) and len(app.screen.view.trick) == 4,
                         "Ann plays last in trick 2")
        await pilot.pause()
        shown = lines(app)
        # In ASCII the marks stand apart from the card's name: 37D[v], not 37Dv.
        down = "[v]" if ascii else "↓"
        won = "[*]" if ascii else "✓"
        previous = next(line for line in shown if "Previous trick:" in line)
        for card in ("12H ", f"45{won} ", f"37D{down} ", f"44D{down} ", "5H"):
            assert card in previous, previous
        # long names cut to fit, marked as cut (play-through: "Bartho" passed for a name)
        cut = "." if ascii else "…"
        assert f"Mari{'' if ascii else 'a'}{cut} 45" in previous and "Bot 4 5H" in previous
        assert any(line.strip(" │|").startswith(f"Marianne Mus{cut}  Friedrich Fu{cut}  Bot 3")
                   for line in shown)  # the trick's names over their cards
        assert any("Marianne Muster took it with 45 (2 hens: penalty -3)." in line
                   for line in shown)
        assert "Last trick" not in screen_text(app)  # it was the previous trick


@pytest.mark.parametrize("ascii", [False, True])
async def test_a_lead_from_the_middle_with_the_ear_says_where_it_came_from_at_80x24(
        tmp_path, ascii):
    """Played through at 80x24 with five players: under a lead the ear or the hand
    decided, the row of the ends the cards came from gave way to the previous trick's
    taker; a card led from the middle of the hand went unsaid."""
    # Marianne takes trick 1 and its only pig, takes the ear and leads her 30 from the
    # middle of her hand; the others follow with their left ends up to Ann, who is last.
    rec = five("19 45 20 22 23 30", {0: ([19], []), 1: ([45, 40, 30], [33]), 2: ([20], []),
                                     3: ([22], []), 4: ([23], [])}, rewards=["ear"])
    state = HUHN.records.replay(rec)
    auto(state, lambda s: s.to_move == 0)
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, HUHN.records.to_record(state))
        await wait_until(pilot, lambda: playing(app), "Ann plays last in trick 2")
        await pilot.pause()
        shown = lines(app)
        assert any("Marianne Muster leads with the ear reward" in line for line in shown)
        assert any("Previous trick:" in line for line in shown)
        ends = next((line for line in shown if "left" in line and "middle" in line), "")
        assert ends.split()[1:5] == ["middle", "left", "left", "left"], shown


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_down_reward_is_said_whole_at_80x24_with_five_players(tmp_path, ascii):
    # Ann takes trick 1 with 45 and its only pig, 19, and takes the down reward.
    rec = five("45 19 20 22 23", {0: ([45], []), 1: ([19], []), 2: ([20], []),
                                  3: ([22], []), 4: ([23], [])}, rewards=["down"])
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app), "Ann leads with the down reward")
        await pilot.pause()
        shown = lines(app)
        assert any("You lead with the down reward: your lead may go face down." in line
                   for line in shown), "\n".join(shown)
        assert any("You take it with 45 (1 pig: a reward card)." in line
                   for line in shown)


@pytest.mark.parametrize("ascii", [False, True])
async def test_a_lead_face_down_with_the_down_reward_says_why_at_80x24_with_five_players(
        tmp_path, ascii):
    # Marianne takes trick 1 with 45 and the pig 19, takes down and leads 30 face down:
    # the panel's rows went to the cards, their ends and the previous trick, and a back
    # led by a card without the face-down symbol stood there unexplained.
    rec = five("19 45 20 22 23 30d", {0: ([19], []), 1: ([45, 30], []), 2: ([20], []),
                                      3: ([22], []), 4: ([23], [])}, rewards=["down"])
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app), "Ann plays")
        await pilot.pause()
        shown = "\n".join(lines(app))
        assert "Marianne Muster leads with the down reward: their lead may go face down." \
            in shown, shown
        assert "Previous trick: You 19P" in shown, shown
        # Where the back came from outranks the taker's line: the previous trick marks
        # its taker, and the lead's line says it was a reward.
        assert "left, down" in shown, shown


@pytest.mark.parametrize("ascii", [False, True])
async def test_short_of_room_a_lead_a_reward_decided_stays_under_the_taken_trick(ascii):
    """A two-line hint under the hand leaves the trick panel four rows: the ends give
    way to the lead with the down reward, not the other way round."""


    hands = hands_with(5, {0: ([45], []), 1: ([19], []), 2: ([20], []), 3: ([22], []),
                           4: ([23], [])})
    view = build_view(HUHN.records.replay(record(hands, 4, "45 19 20 22 23",
                                                 rewards=["down"])), 0)

    shown = await trick_panel(view, HuhnLook(ascii=ascii), 4)
    assert shown[2] == "You take it with 45 (1 pig: a reward card).", shown
    assert shown[3] == "You lead with the down reward: your lead may go face down.", shown


def test_the_rule_of_the_0_and_the_49_shows_in_the_last_trick_only_while_it_can_matter():
    # Both still in the hands at the last trick (they are the left ends, played
    # leftmost first by auto: so arrange them at the right ends instead).
    rec = record(hands_with(3, {0: ([], [0]), 1: ([], [49])}), 2)
    state = HUHN.records.replay(rec)
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 1)
    assert trick.trick_title(build_view(state, 0)) == "Trick"  # not the last trick
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 11)
    assert "the 0 takes it if the 49 is in it" in trick.trick_title(build_view(state, 0))
    # The 49 played early: in the last trick the rule cannot matter any more.
    rec = record(hands_with(3, {0: ([], [0]), 1: ([49], [])}), 2)
    state = HUHN.records.replay(rec)
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 11)
    assert trick.trick_title(build_view(state, 0)) == "Trick"


def test_who_leads_names_the_previous_trick_not_the_last():
    rec = record(hands_with(3, {}), 2)
    state = HUHN.records.replay(rec)
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 2)
    view = build_view(state, 0)
    line = trick.lead_line(view, seat_names(view, HuhnLook()))
    assert "took the previous trick" in line and "last" not in line


@pytest.mark.parametrize(("ascii", "down", "won"), [(False, "↓", "✓"), (True, "[v]", "[*]")])
def test_the_legend_explains_the_marks_of_a_card_played_face_down_and_of_the_taker(
        ascii, down, won):
    from ebbes_tui.games.huhn.ui.screens import SCREENS

    look = HuhnLook(ascii=ascii)
    _, table = SCREENS.legend(look)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(table)
    text = console.export_text()
    assert f"28D{down} " in text and "was played face down" in text
    assert f"45{won} " in text and "the card that took it" in text


async def test_home_and_end_move_the_chosen_card_to_an_end_while_arranging(tmp_path):
    settings = {"players": 5, "options": {"dealer": 4},
                "seats": seats(("Ann", "human"), *((f"Bot {i}", "random") for i in range(1, 5)))}
    app = huhn_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted
                         and app.screen.query_one("#game-table").arranging, "Ann arranges")
        await pilot.pause()
        row = app.screen.query_one("#game-table").arrangement
        dealt = list(row.order)
        await pilot.press("right", "right", "end")  # the third card to the right end
        assert row.order == dealt[:2] + dealt[3:] + [dealt[2]]
        await pilot.press("home")  # and on to the left end, in one key
        assert row.order == [dealt[2]] + dealt[:2] + dealt[3:]
        text = screen_text(app)
        assert "Home End move it" in text
        # The Players panel's last column says what it counts: the deals scored.
        header = next(line for line in text.splitlines() if "Name" in line and "Hand" in line)
        assert header.rstrip(" │").endswith("Past deals") and "Total" not in header


def test_the_cover_calls_a_player_with_the_ear_reward_to_lead_any_card():
    from ebbes_tui.games.huhn.ui.screens import SCREENS

    hands = hands_with(3, {0: ([45], []), 1: ([19], []), 2: ([15], [])})
    state = HUHN.records.replay(record(hands, 2, "45 19 15", rewards=["ear"]))
    view = build_view(state, None)  # the cover shows no hand
    assert view.advantage == "ear" and view.to_move == 0
    assert SCREENS.why(view) == "lead any card (ear)"
    state = HUHN.records.replay(record(hands, 2, "45 19 15 20", rewards=["ear"]))
    assert SCREENS.why(build_view(state, None)) == "play an end card"  # the others follow


def test_the_last_trick_option_reads_as_a_sentence():
    from ebbes_tui.games.huhn.ui.explain import option_line

    names = ["You", "Bob"]
    assert option_line(0, "cross 1", names) == \
        "You took the last trick and crossed out deal 1: your result there no longer counts."
    assert option_line(1, "hens", names) == \
        "Bob took the last trick and chose the hens option: only their hens of the last " \
        "trick count."
    assert option_line(1, "none", names) == "Bob took the last trick and chose no option."


def test_every_step_of_a_replay_after_the_start_is_a_deal_or_a_decision():
    """The replay's first two steps both said "The cards are being dealt.": Blindes
    Huhn's replay showed the empty table twice. Every game, every example record."""
    from pathlib import Path

    from ebbes_tui.controller.playback import Replay
    from ebbes_tui.game.registry import game_of_format

    records = Path(__file__).parent / "records"
    examples = sorted(p for p in records.rglob("*.json") if not p.name.endswith(".expected.json"))
    games = set()
    for path in examples:
        rec = json.loads(path.read_text())
        game = game_of_format(rec.get("format"))
        games.add(game.id)
        replay = Replay(game, rec)
        assert all(step.events for step in replay.steps[1:]), path.name
    assert {"ebbes", "huhn", "hund"} <= games


async def test_the_replays_score_sheet_goes_back_to_the_replay(tmp_path):
    from ebbes_tui.games.huhn.ui.replay_screen import HuhnReplayScreen
    from huhn_support import finished

    rec = HUHN.records.to_record(finished(5, 4, deals=1))
    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HuhnReplayScreen(rec, "a game"))
        await wait_until(pilot, lambda: isinstance(app.screen, HuhnReplayScreen), "the replay")
        await pilot.pause()
        assert "Before the first deal" in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert "deals, Bernd leads the first trick" in screen_text(app)  # the deal, at once
        await pilot.press("b")
        await wait_until(pilot, lambda: "Board · score sheet" in screen_text(app), "the score sheet")
        footer = screen_text(app).splitlines()[-1]
        assert "Back to the replay" in footer and "table" not in footer
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, HuhnReplayScreen), "the replay")


# ------------------------------------------------------------ arranging hints


def _played_with(strategy: str, players: int, seed: int) -> Any:
    """One seeded deal: seat 0 arranged by ``strategy``, the others as the normal bot
    arranges, every decision the normal bot's. Yields seat 0's order as arranged, then
    the state after every decision."""
    import random

    from huhn_support import new_game

    from ebbes_tui.games.huhn.bots.normal import NormalBot
    from ebbes_tui.games.huhn.rules.actions import Arrange
    from ebbes_tui.games.huhn.rules.arrange import STRATEGIES, last_in_first_trick

    state = new_game(players, deals=1)
    HUHN.rules.resolve_chance(state, seed)
    bot = NormalBot()
    arranged = STRATEGIES[strategy][0](state.hands[0], last_in_first_trick(0, state.dealer))
    yield arranged
    for seat in range(players):
        order = arranged if seat == 0 else bot.decide(state.view(seat))[0].order
        state.apply(Arrange(tuple(order)), seat)
    rng = random.Random(seed)
    while (pending := state.pending()) and pending[0].seat is not None:
        yield state
        seat = pending[0].seat
        view = state.view(seat)
        state.apply(bot.choose(view, view.actions, rng), seat)
    yield state


def _ends(hand: Any) -> set[int]:
    return {hand[0], hand[-1]} if hand else set()


def _ascending(arranged, state) -> bool:
    hand = state.hands[0]
    return list(hand) == sorted(hand)  # so the ends are the lowest and the highest


def _sau_inside(arranged, state) -> bool:
    hand = state.hands[0]
    if 0 not in arranged or 0 not in hand:
        return True
    i = arranged.index(0)
    left_held = i > 0 and arranged[i - 1] in hand
    right_held = any(c in hand for c in arranged[i + 1:])
    return 0 not in _ends(hand) or not (left_held and right_held)


def _hens_inside(arranged, state) -> bool:
    from ebbes_tui.games.huhn.rules.cards import IS_HEN

    hand = state.hands[0]
    for hen in _ends(hand):
        if IS_HEN[hen]:
            j = arranged.index(hen)
            if any(c in hand for c in arranged[:j]) and any(c in hand for c in arranged[j + 1:]):
                return False
    others = [c for c in arranged if not IS_HEN[c]]
    return others == sorted(others)  # lowest left, highest right


def _hens_left(arranged, state) -> bool:
    from ebbes_tui.games.huhn.rules.cards import IS_HEN

    hand = state.hands[0]
    others = [c for c in hand if not IS_HEN[c]]
    hen_left = not any(IS_HEN[c] for c in hand) or IS_HEN[hand[0]]
    return hen_left and (not others or hand[-1] == max(others))


def _hen_right(arranged, state) -> bool:
    from ebbes_tui.games.huhn.rules.cards import IS_HEN

    hens = [c for c in arranged if IS_HEN[c]]
    first_trick = not state.tricks and 0 not in state.trick_seats
    return not hens or not first_trick or state.hands[0][-1] == min(hens)


#: What each arranging hint says the order makes sure of, as a check of a position.
CLAIMS = {"ascending": _ascending, "sau_kept_inside": _sau_inside,
          "bad_cards_in_the_middle": _hens_inside, "bad_left_good_right": _hens_left,
          "shed_early_as_last": _hen_right}


@pytest.mark.parametrize("strategy", sorted(CLAIMS))
def test_every_arranging_hint_holds_through_seeded_deals_played_by_the_normal_bot(strategy):
    from ebbes_tui.games.huhn.rules.arrange import STRATEGIES

    assert set(CLAIMS) == set(STRATEGIES)  # a new strategy needs its claim checked
    for players in (2, 3, 4, 5):
        for seed in range(4):
            steps = _played_with(strategy, players, seed)
            arranged = next(steps)
            for state in steps:
                assert CLAIMS[strategy](arranged, state), (players, seed, state.hands[0])


def test_no_hint_promises_the_0_is_kept_for_the_last_trick():
    """The normal bot, playing the order with the 0 kept inside, does play the 0
    before the last trick in some deals: no hint may say the order keeps it."""
    from ebbes_tui.games.huhn.rules.arrange import STRATEGIES

    early = 0
    for players in (3, 4, 5):
        for seed in range(12):
            steps = _played_with("sau_kept_inside", players, seed)
            arranged = next(steps)
            if 0 not in arranged:
                continue
            *_, state = steps
            assert len(state.tricks) == state.size  # the deal's every trick
            early += any(0 in t.cards for t in state.tricks[:-1])
    assert early
    for _, why in STRATEGIES.values():
        assert "keep the 0" not in why and "keeps the 0" not in why


# ------------------------------------------------------------ dialogs


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_dialog_shows_its_own_keys_and_the_board_log_and_hint_work_under_it(
        tmp_path, size):
    from ebbes_tui.games.huhn.ui.dialogs import LeaderDialog, RewardDialog
    from ebbes_tui.games.huhn.ui.scores import ScoreSheetScreen
    from ebbes_tui.ui.log_screen import LogScreen

    # Ann takes trick 1 with 45 and its only pig, 19: the reward dialog.
    rec = five("45 19 20 22 23", {0: ([45], []), 1: ([19], []), 2: ([20], []),
                                  3: ([22], []), 4: ([23], [])})
    app = huhn_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: isinstance(app.screen, RewardDialog), "the reward")
        await pilot.pause()
        dialog = app.screen
        text = screen_text(app)
        assert "take a reward card" in text
        assert "19P" in text and "Friedrich" in text  # the trick stays in view above it
        # Played at 80x24: offered two of three, a newcomer could not see (the Players
        # panel lay under the dialog) that a bot had taken the third. The note says.
        assert "Taken this deal" not in text
        view = dialog.view
        later = replace(view, table=view.table._replace(reward_log=((1, 2, "ear"),)))
        assert RewardDialog(later, "").note().endswith(
            " Taken this deal: ear (Friedrich Fuchs, trick 1).")
        assert "You take it with 45" in text
        keys = text.splitlines()[-1]
        assert "b Board" in keys and "g Log" in keys and "i Hint" in keys
        assert "Menu" not in keys and "Undo" not in keys and "Play" not in keys
        await pilot.press("i")
        await wait_until(pilot, lambda: "Hint: Take hand" in screen_text(app), "the hint")
        options = dialog.query_one("OptionList")
        assert dialog.choices()[options.highlighted][1].kind == "hand"
        assert app.game.match.record().get("hints") == {"0": 1}  # counted, as at the table
        for key, screen in (("b", ScoreSheetScreen), ("g", LogScreen)):
            await pilot.press(key)
            await wait_until(pilot, lambda screen=screen: isinstance(app.screen, screen), key)
            await pilot.press(key)
            await wait_until(pilot, lambda: app.screen is dialog, "back to the dialog")
        await pilot.press("enter")  # the hint's hand: Ann names who leads next
        await wait_until(pilot, lambda: isinstance(app.screen, LeaderDialog), "who leads")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_reward_and_leader_dialogs_leave_the_hand_and_the_trick_in_view(
        tmp_path, size):
    """Played through: both dialogs lay over "Your hand", which the choice is made by
    (a card to lead face down or from the middle, whom to let lead), and the leader's
    cursor began on the next seat, not on the first row, the player themself."""
    from ebbes_tui.games.huhn.ui.dialogs import LeaderDialog, RewardDialog

    rec = five("45 19 20 22 23", {0: ([45], []), 1: ([19], []), 2: ([20], []),
                                  3: ([22], []), 4: ([23], [])})
    app = huhn_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        at(app, rec)
        for dialog in (RewardDialog, LeaderDialog):
            await wait_until(pilot, lambda dialog=dialog: isinstance(app.screen, dialog),
                             dialog.__name__)
            await pilot.pause()
            text = screen_text(app)
            cards = " +".join(re.escape(HuhnLook().card(c).plain) for c in app.screen.view.hand)
            assert re.search(f"│ {cards} ", text), text  # the hand's cards, every one
            assert "You take it with 45" in text  # the trick the choice is about
            box = app.screen.query_one(".dialog").region
            assert not box.overlaps(app.screen.beneath.query_one("#hand-box").region)
            if dialog is RewardDialog:
                await pilot.press("down", "down", "enter")  # hand
        assert app.screen.choices()[app.screen.query_one("OptionList").highlighted][0] \
            .startswith("You ")
        await pilot.press("enter")
        await wait_until(pilot, lambda: playing(app), "Ann leads")
        assert "You lead: named by you with the hand reward." in screen_text(app)


async def test_a_trick_held_until_a_key_says_so_and_who_took_it_at_80x24(tmp_path):
    from ebbes_tui.controller import Library, SaveStore

    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"game": "huhn", "trick_display": "key"}))
    app = huhn_app(tmp_path)
    app = type(app)(library=Library(HUHN, SaveStore(tmp_path / "saves")), settings_path=path,
                    pace=0, animation=False, game="huhn")
    # Marianne leads trick 1 and Ann plays last, her 2: a bot takes it and leads next,
    # so the trick waits for a key (the random bots choose their ends).
    rec = five("", {0: ([], [2]), 1: ([12], [13]), 2: ([18], [14]), 3: ([5], [6]),
                    4: ([20], [7])})  # no pig at any end: no reward dialog
    rec["deals"][0]["dealer"] = 0
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app) and len(app.screen.view.trick) == 4,
                         "Ann plays last")
        await pilot.press("2")
        await wait_until(pilot, lambda: getattr(app.screen, "holding", False), "the trick held")
        await pilot.pause()
        text = screen_text(app)
        assert "Any key goes on" in text
        view = app.screen.view
        names = seat_names(view, HuhnLook())
        taken = trick.taken_line(view.last_trick, names, HuhnLook(), "takes")
        assert taken in text  # whole, with what it gave
        assert f"{names[view.leader]} lead" in text


async def test_short_of_room_the_previous_trick_and_its_taker_stay_on_screen():
    """A two-line hint under the hand leaves the trick panel four rows at 80x24 with
    five players: the ends the cards came from give way, not the previous trick."""


    hands = hands_with(5, {0: ([12], []), 1: ([45], []), 2: ([37], []), 3: ([44], []),
                           4: ([5], [])})
    state = HUHN.records.replay(record(hands, 4, "12 45 37d 44d 5 10"))
    view = build_view(state, 0)

    shown = await trick_panel(view, HuhnLook(), 4)
    assert shown[2] == "Previous trick: You 12H  Tim 45✓  Ulf 37D↓  Marianne 44D↓  Anna 5H", \
        shown
    assert shown[3] == "Tim took it with 45 (2 hens: penalty -3).", shown


@pytest.mark.parametrize("players", [3, 5])
async def test_every_heading_of_the_players_panel_stands_over_its_figures(players):
    """The hand's count stood after the backs, in an unlabelled gap before Tricks:
    ``Player 1               0      3    2`` read as Tricks 0, Hens 3, Penalties 2."""
    from ebbes_tui.games.huhn.ui.seats import TOTAL

    state = HUHN.records.replay(record(hands_with(players, {}), 2))
    auto(state, lambda s: s.phase == "play" and len(s.tricks) == 6)
    view = build_view(state, 0)
    header, *rows = (await players_panel(view)).splitlines()[:players + 1]
    headings = ["Hand", "Tricks", "Hens", "Penalties", "Rewards", TOTAL]
    starts = [header.index(h) for h in headings]
    for seat, row in enumerate(rows):
        figures = [str(view.hand_sizes[seat]), str(view.taken[seat]), str(view.hens[seat]),
                   " ".join(map(str, view.penalties[seat])), " ".join(view.rewards[seat]),
                   f"{view.totals[seat]:+}"]
        for i, (heading, start, figure) in enumerate(zip(headings, starts, figures)):
            # Under the heading itself; a list of cards may run on to the next one.
            end = starts[i + 1] if heading in ("Penalties", "Rewards") else \
                start + len(heading)
            assert row[start:end].strip() == figure, (heading, header, row)


async def test_the_log_under_a_dialog_holds_the_trick_the_dialog_asks_about(tmp_path):
    """Ann's card takes a trick with one pig: the log opened from the reward dialog
    ended at the trick before (the trick taken was still waiting to be shown), and
    its key line said Esc went back to the table."""
    from ebbes_tui.games.huhn.ui.dialogs import RewardDialog
    from ebbes_tui.ui.log_screen import LogScreen

    # Bob leads (Ann deals): the bots play 19 20 22 23, Ann's 45 takes the pig.
    rec = record(hands_with(5, {0: ([45], []), 1: ([19], []), 2: ([20], []), 3: ([22], []),
                                4: ([23], [])}), 0, "19 20 22 23")
    rec["players"] = FIVE
    app = huhn_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app), "Ann plays last")
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, RewardDialog), "the reward")
        dialog = app.screen
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
        await pilot.pause()
        log = app.screen.body
        assert "Trick 1:" in log and "You take it with 45" in log, log
        keys = screen_text(app).splitlines()[-1]
        assert "Back to your decision" in keys, keys
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is dialog, "back to the dialog")


async def test_while_arranging_the_backs_stand_apart_from_done():
    state = HUHN.records.replay(record(hands_with(5, {}), 4))
    state.phase = "arrange"
    text = await players_panel(build_view(state, 0))
    assert "Arranging" in text and "▒" * 10 + " " in text, text


async def players_panel(view) -> str:
    """The Players panel of ``view``, alone at 80 columns."""
    from textual.app import App

    from ebbes_tui.games.huhn.ui.seats import PlayersPanel

    class Panel(App[None]):
        def compose(self):
            yield PlayersPanel(HuhnLook(), id="players")

    app = Panel()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(PlayersPanel).show(view)
        await pilot.pause()
        return screen_text(app)


@pytest.mark.parametrize("ascii", [False, True])
async def test_under_a_leader_the_hand_named_the_previous_tricks_taker_stays_at_80x24(
        tmp_path, ascii):
    """Played through at 80x24 with five players: under a leader the hand reward named,
    the previous trick's taker line gave way to the row of ends, and with it what the
    trick gave ("Bot 2 leads: named by Bot 1 with the hand reward." then the previous
    trick, its taker only marked). A named leader leads an end (H4), as any leader:
    the ends give way as they do under any lead."""
    # Marianne takes trick 1 and its only pig, takes the hand and names Friedrich, who
    # leads his left end; Bot 3 and Bot 4 follow with their left ends, then Ann.
    rec = five("19 45 20 22 23 21 24 25", {0: ([19], []), 1: ([45], []), 2: ([20, 21], []),
                                           3: ([22, 24], []), 4: ([23, 25], [])},
               rewards=["hand"], leaders=[2])
    app = huhn_app(tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        at(app, rec)
        await wait_until(pilot, lambda: playing(app) and len(app.screen.view.trick) == 3,
                         "Ann plays fourth in trick 2")
        await pilot.pause()
        shown = lines(app)
        assert any("named by Marianne Muster with the hand reward" in line for line in shown)
        assert any("Previous trick:" in line for line in shown)
        assert any("Marianne Muster took it with 45 (1 pig: a reward card)." in line
                   for line in shown), shown


@pytest.mark.parametrize("ascii", [False, True])
async def test_with_no_room_for_the_takers_line_the_previous_trick_says_what_it_gave(ascii):
    """Where the taker's line has no room, what the trick gave ends the previous
    trick's line, where that line has room for it (its taker's card is marked)."""


    # Ann's 17H, Tim's 45 and Ulf's 37: Tim takes the hen and leads his 26.
    state = HUHN.records.replay(record(hands_with(3, {0: ([17], []), 1: ([45], []),
                                                      2: ([37], [])}), 2, "17 45 37 26"))
    view = build_view(state, 0)
    look = HuhnLook(ascii=ascii)

    shown = await trick_panel(view, look, 3)
    previous = next(line for line in shown if line.startswith("Previous trick:"))
    assert previous.endswith(f"45{'[*]' if ascii else '✓'}  Ulf 37D {look.dot} 1 hen"), shown
    assert not any("took it" in line for line in shown), shown


def test_the_last_tricks_title_is_not_put_over_the_trick_before_it():
    """Played through in the lesson: "Trick: the deal's last, where the 0 takes it if the
    49 is in it" stood over trick 11's cards, still on show; it says the last comes next
    there, and names the last trick once its first card is down (H6)."""
    from huhn_support import decisions_of, random_choice

    from ebbes_tui.game.protocols import listed

    def keep_the_0_and_49(state, seat, rng):  # for the last trick, where they can meet
        legal = listed(state.legal(seat))
        spare = [a for a in legal or () if getattr(a, "card", None) not in (0, 49)]
        return rng.choice(spare) if spare else random_choice(state, seat, rng)

    titles = set()
    for seed in range(12):
        for state in decisions_of(4, seed, deals=1, choose=keep_the_0_and_49):
            view = state.view(0)
            if trick.sau_matters(view):
                titles.add((bool(view.trick), trick.trick_title(view)))
    assert titles == {
        (False, "Trick taken · next, the deal's last: the 0 takes it if the 49 is in it"),
        (True, "Trick: the deal's last, where the 0 takes it if the 49 is in it")}, titles
