"""The generic row of cards (ui/card_row.py) in a window of its own: keys from the game
(none that its table needs elsewhere), only playable cards keyed and underlined, a hand
of forty that scrolls with counts at either end, marks under picked cards, clicks."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from ebbes_tui.ui.card_row import CARD_KEYS, CardRow
from ebbes_tui.ui.look import Look

FORTY = [Text(f"{rank}{suit}") for suit in "SHDC" for rank in
         ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5")]


class RowApp(App[None]):
    def __init__(self, **kw: object) -> None:
        super().__init__()
        self.kw = kw
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        yield CardRow(Look(ascii=True), id="row", **self.kw)  # type: ignore[arg-type]

    def on_card_row_chosen(self, message: CardRow.Chosen) -> None:
        self.chosen.append(message.index)


def lines(row: CardRow) -> list[str]:
    return row.render().plain.splitlines()


async def test_forty_cards_scroll_with_counts_and_the_keys_follow_the_cards_in_sight():
    app = RowApp(keys="playable", card_keys="1234567890aefrwxyz")
    async with app.run_test(size=(80, 5)) as pilot:
        row = app.query_one(CardRow)
        row.show(FORTY, range(40), active=True)
        await pilot.pause()
        assert row.scrolled and row.first == 0
        keys, faces, marks = lines(row)
        assert len(faces) <= 80 and faces.rstrip().endswith(f">{40 - row.in_sight}")
        assert row.key_of(0) == "1" and row.key_of(9) == "0" and row.key_of(10) == "a"
        assert "s" not in keys and "t" not in keys  # the game's keys are its own
        for _ in range(39):
            row.move(1)
        assert row.cursor == 39 and row.first == 40 - row.in_sight
        keys, faces, marks = lines(row)
        assert faces.lstrip().startswith(f"{row.first}<") and "5C" in faces
        assert row.key_of(39) != "" and row.key_of(0) == ""  # out of sight: no key
        number = "1234567890aefrwxyz".index(row.key_of(39))
        assert row.index_of_key(number) == 39
        assert marks.rstrip().endswith("^^")  # the cursor under the last card


async def test_only_playable_cards_have_keys_and_the_cursor_skips_the_others():
    app = RowApp(keys="playable", card_keys="12345")
    async with app.run_test(size=(80, 5)) as pilot:
        row = app.query_one(CardRow)
        row.show(FORTY[:8], [2, 5, 6], active=True)
        await pilot.pause()
        assert [row.key_of(i) for i in range(8)] == ["", "", "1", "", "", "2", "3", ""]
        assert row.cursor == 2 and row.index_of_key(1) == 5 and row.index_of_key(3) is None
        row.move(1)
        assert row.cursor == 5
        row.move(-2)
        assert row.cursor == 6  # round the playable cards
        keys, faces, _ = lines(row)
        start = faces.index("QS")
        assert keys[start:start + 2].strip() == "1"  # the key stands over its card
        row.show(FORTY[:8], [2, 5, 6], active=False)  # not your turn: no keys, no cursor
        keys, _, marks = lines(row)
        assert not keys.strip() and not marks.strip()


async def test_position_keys_name_the_nth_card_and_a_click_chooses_it():
    app = RowApp()
    async with app.run_test(size=(80, 5)) as pilot:
        row = app.query_one(CardRow)
        row.show(FORTY[:5], [1, 3], active=True)
        await pilot.pause()
        assert row.card_keys == CARD_KEYS
        assert [row.key_of(i) for i in range(5)] == ["", CARD_KEYS[1], "", CARD_KEYS[3], ""]
        assert row.index_of_key(3) == 3 and row.index_of_key(0) is None
        await pilot.click(CardRow, offset=(3 * row.cell + 1, 1))
        # The row reports the click; the game moves the cursor only to a card it plays
        # (a refused card left it on a card not drawn as chosen).
        assert app.chosen == [3] and row.cursor == 1


async def test_marked_cards_show_a_mark_under_them():
    app = RowApp(keys="playable")
    async with app.run_test(size=(80, 5)) as pilot:
        row = app.query_one(CardRow)
        row.show(FORTY[:6], range(6), active=True, marked=[2, 3])
        await pilot.pause()
        marks = lines(row)[2]
        faces = lines(row)[1]
        assert marks[faces.index("QS"):].lstrip().startswith("+")
        assert marks.count("+") == 2


def test_a_row_knows_only_two_kinds_of_keys():
    with pytest.raises(ValueError):
        CardRow(Look(), keys="letters")


async def test_a_card_keeps_its_key_while_the_row_scrolls():
    """Issue 25, 16: the keys re-numbered as the hand scrolled ("1" was K♠, then J♠,
    then 10♣): a card keeps its key while it stays in sight."""
    app = RowApp(keys="held", card_keys="1234567890aefrwxyz")
    async with app.run_test(size=(80, 5)) as pilot:
        row = app.query_one(CardRow)
        row.show(FORTY, range(0, 40, 2), active=True)  # every other card may be played
        await pilot.pause()
        before = {i: row.key_of(i) for i in range(40) if row.key_of(i)}
        while row.first < 6:
            row.move(1)
        after = {i: row.key_of(i) for i in range(40) if row.key_of(i)}
        still = set(before) & set(after)
        assert len(still) >= 5 and all(before[i] == after[i] for i in still)
        assert len(set(after.values())) == len(after)  # no key means two cards
        for i, key in after.items():
            assert row.index_of_key("1234567890aefrwxyz".index(key)) == i
        row.show(FORTY, range(1, 40, 2), active=True)  # the next decision: in order again
        keyed = sorted(i for i in range(40) if row.key_of(i))
        assert [row.key_of(i) for i in keyed] == list("1234567890aefrwxyz"[:len(keyed)])


async def test_round_from_the_last_card_to_the_first_the_keys_start_at_the_first():
    """Played through (Hund, 42 cards at 80x24): one more Right after the last card took
    the cursor and the view back to the first card, but the cards kept in sight kept their
    keys, so the first seven, the cursor's card among them, had none. Help says the first
    cards in sight have the keys."""
    keys = "1234567890aefrwxyz"
    app = RowApp(keys="held", card_keys=keys)
    async with app.run_test(size=(80, 8)) as pilot:
        row = app.query_one(CardRow)
        row.lines = 2
        deck = FORTY + [Text("4C"), Text("3C")]
        row.show(deck, range(42), active=True)
        await pilot.pause()
        assert row.scrolled and row.in_sight < len(deck)
        for _ in range(len(deck)):  # along to the last card and round to the first
            row.move(1)
            lines(row)  # drawn at each step, as the table draws it
        assert row.cursor == 0 and row.first == 0
        assert [row.key_of(i) for i in range(len(keys))] == list(keys)
        for i, key in enumerate(keys):
            assert row.index_of_key(i) == i, key


async def test_a_long_hand_takes_the_lines_it_is_given():
    """Issue 25, 16: 52 cards showed 17 and "▶35" while the table had room for more
    lines: given two, the row draws its cards on two lines."""
    app = RowApp(keys="playable", card_keys="1234567890aefrwxyz")
    async with app.run_test(size=(80, 8)) as pilot:
        row = app.query_one(CardRow)
        row.lines = 2
        row.show(FORTY, range(40), active=True)
        await pilot.pause()
        assert row.size.height == 6 and not row.scrolled and row.in_sight == 40
        text = lines(row)
        assert "AS" in text[1] and "5C" in text[4] and ">" not in "".join(text)
        row.lines = 1
        row.show(FORTY, range(40), active=True)
        await pilot.pause()
        assert row.size.height == 3 and row.scrolled
