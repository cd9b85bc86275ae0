"""What the table says and draws, read as a player reads it (issue 16): the dummy's
next card, why a trick was won, the boards, the suit colours."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from helpers import config, started
from rich.console import Console

from ebbes_tui.controller.settings import THEMES

from ebbes_tui.games.ebbes.rules.cards import card
from ebbes_tui.games.ebbes.rules.state import Decision, GameState, Phase
from ebbes_tui.games.ebbes.ui.dummy_stacks import next_dummy_card, stacks_text
from ebbes_tui.games.ebbes.ui.look import EbbesLook as Look
from ebbes_tui.ui.look import palette_for


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


def test_the_final_story_of_a_lead_taken_in_the_last_round():
    """It said "Bot 2 took the lead in round 5 and kept it." of a five-round game."""
    from ebbes_tui.games.ebbes.rules.events import GameOver
    from ebbes_tui.games.ebbes.rules.scoring import RoundScore
    from ebbes_tui.games.ebbes.ui.final import lead_story

    view = started(config(3), {}).view(0)
    names = ["You", "Bot 1", "Bot 2"]

    def story(*points: tuple[int, int, int]) -> str:
        scores = tuple(RoundScore((0, 1, 2, 3, 4), (), 0, p) for p in points)
        totals = tuple(map(sum, zip(*points)))
        winner = max(range(3), key=totals.__getitem__)
        return lead_story(replace(view, scores=scores, totals=totals),
                          GameOver(totals, (winner,)), names)

    assert story((3, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1), (0, 0, 4)) == \
        "Bot 2 took the lead in the last round."
    assert story((3, 0, 0), (0, 1, 0), (0, 0, 5), (0, 0, 1), (0, 0, 4)) == \
        "Bot 2 took the lead in round 3 and kept it."
    assert story((0, 0, 2), (0, 1, 0), (0, 0, 5), (0, 0, 1), (0, 0, 4)) == \
        "Bot 2 led from the first round to the last."


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("depth", ["standard", "windows", "256", "truecolor"])
def test_the_five_suits_have_five_colours_in_every_theme_and_colour_depth(theme, depth):
    """In the light theme brown and yellow both came out as 256-colour 94. Compared by
    the escape codes a terminal of that depth is sent (the glyph and letter stay too)."""
    look = Look(False, palette_for(theme, depth))
    codes = set()
    for suit in range(5):
        out = io.StringIO()
        Console(file=out, color_system=depth, force_terminal=True).print(look.suit(suit), end="")
        codes.add(out.getvalue().split("m", 1)[0])
    assert len(codes) == 5, (theme, depth, codes)


async def test_the_replay_keeps_every_frame_whole_at_80x24_with_long_pairs(tmp_path):
    """Item 11: at 80x24 the replay's hands ran into the trick's frame (the hands had no
    bottom border, the trick's top closed them). Five players with long names, more
    cards and two-digit pairs (a board of two pair lines), to the trick that fixes
    Minus (a news of two lines): every frame is whole and the footer shows."""
    import random

    from ebbes_tui.games.ebbes.rules import ChoosePair, GameState, Phase, dealer_from, play_game
    from ebbes_tui.games.ebbes.rules.record import to_record
    from ebbes_tui.games.ebbes.ui.replay_screen import ReplayScreen

    from ui_support import make_app, screen_text

    from ebbes_tui.games.ebbes.rules.variants import GameConfig, Options, SeatInfo

    names = ("Maximilianusss", "Bartholomaeuss", "Konstantinoss", "Wilhelminaaaa", "Friederikeeee")
    state = GameState(GameConfig(tuple(SeatInfo(n) for n in names),
                                 Options(more_cards=True, choose_determiners=True)))
    rng = random.Random(3)

    def high_pairs(s, decision):  # every suit paired with a two-digit number
        if decision.phase is Phase.CHOOSE_PAIR:
            pairs = [a for a in s.legal_actions() if isinstance(a, ChoosePair) and a.number >= 10]
            return rng.choice(pairs)
        return rng.choice(s.legal_actions())

    play_game(state, dealer_from(rng, starter=0), high_pairs,
              until=lambda s: len(s.suits) == 5)
    screen = ReplayScreen(to_record(state), "long pairs")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        for position in range(5, screen.replay.last + 1):
            screen.go(position)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            opened = sum(line.count("╭") for line in lines)
            closed = sum(line.count("╰") for line in lines)
            assert opened == closed == 4 and lines[-1].lstrip().startswith("←"), \
                "\n".join(lines)


def test_a_player_reads_their_own_seat_as_you_in_the_log():
    """Item 14: with two seats of one login at a shared table, "root took the most nix
    cards and chose root (2) to start" in the second seat's log should say "chose you"."""
    from ebbes_tui.controller import Update
    from ebbes_tui.games.ebbes.rules.events import StarterChosen
    from ebbes_tui.games.ebbes.rules.variants import GameConfig, SeatInfo
    from ebbes_tui.games.ebbes.ui.game_log import GameLog

    cfg = GameConfig((SeatInfo("root"), SeatInfo("root (2)"), SeatInfo("Bot 1", "bot", "normal")))
    state = GameState(cfg)
    second, first = state.view(1), state.view(0)
    for view, line in ((second, "root took the most nix cards and chose you to start."),
                       (first, "You took the most nix cards and chose root (2) to start.")):
        log = GameLog(Look())
        log.add(Update(1, StarterChosen(0, 1), view, 0))
        assert log.text(view) == line
    shared = GameLog(Look(), personal=False)  # hot-seat: one log for every player
    shared.add(Update(1, StarterChosen(0, 1), second, 0))
    assert shared.text(second) == "root took the most nix cards and chose root (2) to start."


async def test_the_pair_dialog_says_who_starts_and_shows_every_number(tmp_path):
    """Item 12: the pair dialog covered who starts, and showed five numbers at a time
    even at 120x40 (more cards: nine to choose from); now one row holds them all."""
    from ebbes_tui.games.ebbes.ui.pair_dialog import PairDialog

    from ui_support import ONE_HUMAN, make_app, screen_text, wait_until

    settings = dict(ONE_HUMAN, starter=2, choose_determiners=True, more_cards=True)
    for size in ((120, 40), (80, 24)):
        app = make_app(tmp_path / str(size[0]), settings)
        async with app.run_test(size=size) as pilot:
            await pilot.press("n", "enter", "enter")  # ebbes, then the form
            await wait_until(pilot, lambda app=app: isinstance(app.screen, PairDialog), "dialog")
            await pilot.pause()
            text = screen_text(app)
            assert "(Cyd starts)" in text
            row = next(line for line in text.splitlines() if "Number" in line)
            assert all(str(v) in row for v in app.screen.numbers) and len(app.screen.numbers) == 9


def test_the_board_says_how_the_next_job_gets_fixed():
    """Item 7: "Number Determiner 2" and "II Plus ? +1 each", and nowhere "the next 2
    played fixes Plus"."""
    from ebbes_tui.games.ebbes.ui.board import next_job_line

    basic = started(config(3), {}, number=2).view(0)
    assert next_job_line(basic) == "The next 2 played fixes Trump."
    assert next_job_line(replace(basic, suits=(0,))) == "The next 2 played fixes Plus."
    assert next_job_line(replace(basic, suits=(0, 1, 2, 3, 4))) == "Every suit has its job."
    choosing = started(config(3, choose=True), {}).view(0)
    assert next_job_line(choosing) == "Pair cards fix the jobs in turn."
    paired = replace(choosing, pairs=((0, 5), (1, 4), (2, 3), (3, 2), (4, 1)), suits=(2, 0))
    assert next_job_line(paired) == "The next pair card fixes ebbes."
    assert all(len(next_job_line(v)) <= 33 for v in (basic, choosing, paired))  # 80 columns


def test_a_game_continued_between_rounds_recaps_the_round_just_scored_as_that_round():
    """Play-testing, hot-seat ebbes continued after round 1: the first cover said
    "Round 2, as it stands:" over round 1's ten tricks (a save between rounds holds the
    round just scored, the next not dealt yet), and left out how round 1 scored."""
    import random

    from ebbes_tui.controller import Synced, Update
    from ebbes_tui.game.registry import load_game
    from ebbes_tui.games.ebbes.ui.game_log import GameLog

    game = load_game("ebbes")
    state = GameState(config(3))
    rng = random.Random(3)
    while not state.view(0).scores:  # round 1, played to its score
        decision = state.pending()[0]
        if decision.seat is None:
            game.rules.resolve_chance(state, 5)
        else:
            state.apply(rng.choice(list(state.legal(decision.seat))), decision.seat)
    view = game.records.replay(game.records.to_record(state)).view(0)  # as Continue has it
    assert view.phase is Phase.DEAL and len(view.tricks) == 10
    log = GameLog(Look(), personal=False)
    log.start(Update(1, Synced(), view, 0))
    lines = log.text(view).split("\n")
    assert lines[0] == "Round 1:" and all(line.startswith(f"Trick {i}: ")
                                          for i, line in enumerate(lines[1:11], 1)), lines
    assert lines[11].startswith("Round 1 scored: ") and len(lines) == 12, lines
