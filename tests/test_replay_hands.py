"""Every game's replay shows every hand in the shell's one widget: each seat's disc and
name, then the hand as the game draws it, the move coming next underlined, and a hand
too long for its line going on under the hand, never under the names."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from ebbes_tui.game.registry import all_games
from ebbes_tui.game.simulate import random_game
from ebbes_tui.ui.game_ui import screens_of
from ebbes_tui.ui.look import Look
from ebbes_tui.ui.replay import AllHands

from ui_support import make_app


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_every_games_replay_shows_each_seats_hand_and_the_coming_move(tmp_path, game):
    record = game.records.to_record(random_game(game, 3, seed=1))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screens_of(game).replay(record, "seeded")
        await app.push_screen(screen)
        await pilot.pause()
        hands = screen.query_one("#replay-hands")
        assert isinstance(hands, AllHands)
        underlined = 0
        for position in range(min(40, screen.replay.last + 1)):
            screen.go(position)
            text = hands.render()
            starts = [0]
            for line in text.plain.splitlines():
                starts.append(starts[-1] + len(line) + 1)
            heads = [(start, line) for start, line in zip(starts, text.plain.splitlines())
                     if not line.startswith(" ")]
            assert [line.split()[:2] for _, line in heads] == \
                [[str(seat + 1), f"P{seat + 1}"] for seat in range(3)], position
            for seat, (start, _) in enumerate(heads):  # the disc's colours stay on the disc
                disc = hands.look.disc(seat).style
                assert [(s.start, s.end) for s in text.spans if s.style == disc] == [(start, start + 1)]
            if position == 0:
                assert text.plain.count("no cards") == 3, "before the deal no one holds a card"
            underlined += any("underline" in str(span.style) for span in text.spans)
        assert underlined > 10, "the move coming next is underlined"


class _Hands(App[None]):
    def compose(self) -> ComposeResult:
        yield AllHands(Look(), name_width=6, id="hands")


async def test_a_hand_too_long_for_its_line_goes_on_under_the_hand():
    long = Text(" ".join(f"C{n}" for n in range(40)))
    app = _Hands()
    async with app.run_test(size=(80, 24)) as pilot:
        hands = app.query_one(AllHands)
        hands.show(["Ann", "Bob"], lambda room: [long, Text()])
        await pilot.pause()
        lines = hands.render().plain.splitlines()
        assert lines[0].startswith("1 Ann   C0 C1")
        assert len(lines) > 2 and all(line.startswith(" " * 8 + "C") for line in lines[1:-1])
        assert lines[-1].startswith("2 Bob   no cards")
        assert all(len(line) <= 80 for line in lines)
        assert " ".join(line[8:].strip() for line in lines[:-1]) == long.plain
