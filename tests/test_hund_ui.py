"""Hund at the screen (issue 19, item 2): the phase-1 and phase-2 tables at 80x24 and
120x40, sjanse and undertrekk offered only when the rules allow them (N4, N10) and
never made for the player, the game's words explained the first time, series (N14),
long hands that scroll, the key that would have meant two things."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from ebbes_tui.controller import Match
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.rules.actions import SJANSE, UNDERTREKK, PlayCard, Series
from ebbes_tui.games.hund.rules.cards import CODES, RANK_OF, SUIT_OF
from ebbes_tui.games.hund.rules.tricks import runs
from ebbes_tui.games.hund.ui.explain import rounds_of
from ebbes_tui.games.hund.ui.look import HundLook
from ebbes_tui.games.hund.ui.panels import NO_CARD, SeatsPanel, TrickPanel, warriors_of
from ebbes_tui.games.hund.ui.table_view import CARD_KEYS
from ebbes_tui.ui.card_row import CardRow
from ebbes_tui.ui.help_screen import HelpScreen

from hund_ui_support import (
    asks, finished_record, footer, hund_app, long_hand, open_at, plays, position, table_of,
)
from ui_support import screen_text, wait_until

SIZES = [(80, 24), (120, 40)]
LOOK = HundLook()


def fits(text: str, size: tuple[int, int]) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)


def flat(text: str) -> str:
    """The screen's words with the boxes' borders gone and lines joined: a sentence
    wrapped in a panel reads whole (panels side by side interleave, so only
    single-panel sentences are looked for)."""
    words = " ".join(text.replace("│", " ").replace("█", " ").split())
    return words


def panel(app, selector: str = "#trick") -> str:
    """A panel's words, lines joined (at 120 columns the log stands beside it)."""
    return " ".join(str(app.screen.query_one(selector).render()).split())


def help_keys(screen: HelpScreen) -> dict[str, str]:
    """The help screen's keys and what each does (each key once: no key means two
    things)."""
    from rich.table import Table
    from textual.widgets import Static

    table = next(w.content for w in screen.query(Static) if isinstance(w.content, Table))
    keys = [str(c) for c in table.columns[0]._cells]
    assert len(keys) == len(set(keys)), keys
    return dict(zip(keys, (str(c) for c in table.columns[1]._cells)))


def faces(cards) -> list[str]:
    return [LOOK.face(c) for c in cards]


# ------------------------------------------------------------------ phase 1


@pytest.mark.parametrize("size", SIZES)
async def test_a_new_game_shows_the_pile_the_players_and_a_hand_of_cards(tmp_path, size):
    app = hund_app(tmp_path, players=4)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n", "enter", "enter")  # which game (Hund, the menu's), its form, the deal
        await wait_until(pilot, lambda: asks(app), "Kari's first card")
        text = screen_text(app)
        fits(text, size)
        view = table_of(app).view
        assert text.splitlines()[0].strip().startswith("Game 1 of 4")
        assert "phase 1" in text.splitlines()[0] and "Your turn: play a card" in text
        assert "Draw pile" in text and f"{view.pile_size} cards" in text  # N2: 52 - 12
        assert view.pile_size == 40 and "Its last card will be" in text
        for name in ("You", "Ola", "Per", "Siri"):
            assert name in text
        assert "Hand Taken" in text  # every hand's size and taken stack (N15)
        for face in faces(view.hand):  # cards look like cards: rank and suit
            assert face in text
        assert "s Sjanse" in footer(text)  # the pile holds more than one card (N4)


async def test_sjanse_is_offered_while_the_pile_has_two_cards_and_plays_its_top(tmp_path):
    record = position(3, lambda s: s.phase.value == "collect" and len(s.pile) >= 2)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app) and "s Sjanse" in footer(screen_text(app)),
                         "Kari's turn, sjanse on the key line")
        assert "s: sjanse, the draw pile's top card" in flat(screen_text(app))
        before = plays(app)
        await pilot.press("s")
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the sjanse")
        assert plays(app)[len(before)] == str(SJANSE)


async def test_no_sjanse_with_the_pile_down_to_its_last_card(tmp_path):
    """N4, N7: the pile's last card is the trump card, never played."""
    record = position(3, lambda s: s.phase.value == "collect" and len(s.pile) == 1)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's turn")
        text = screen_text(app)
        assert "Sjanse" not in footer(text) and "or s: sjanse" not in flat(text)
        assert "Your turn: any card; the highest takes the trick." in flat(text)
        assert "1 card" in text
        before = plays(app)
        await pilot.press("s")
        await pilot.pause()
        assert plays(app) == before and asks(app)
        assert "No sjanse: the draw pile's last card is the trump card, never played." in \
            panel(app, "#news")  # the key says why it does nothing
        await pilot.press("t")
        await pilot.pause()
        assert plays(app) == before and "No undertrekk in phase 1: " in panel(app, "#news")


def _tie_ready(state) -> bool:
    """Kari is the last to play a first round, holds a card of a rank already in the
    trick, and nobody has warred yet this game: her card starts the first krig."""
    if state.phase.value != "collect" or state.krig or state.queue[1:] or not state.t_cards:
        return False
    if any(t.krig for t in state.tricks):
        return False
    ranks = {RANK_OF[c] for c in state.t_cards}
    return any(RANK_OF[c] in ranks for c in state.hands[0])


async def test_the_first_krig_is_explained_and_its_warriors_marked(tmp_path):
    record = position(4, _tie_ready)
    app = hund_app(tmp_path, players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        view = table.view
        ranks = {RANK_OF[c]: seat for seat, c, _ in view.trick}
        card = next(c for c in view.hand if RANK_OF[c] in ranks)
        other = next(c for s, c, _ in view.trick if RANK_OF[c] == RANK_OF[card])
        table.query_one("#game-table").query_one(CardRow).point_at(view.hand.index(card))
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Krig!" in screen_text(app), "the krig")
        text = screen_text(app)
        names = [s.name for s in view.seats]
        who = f"{names[ranks[RANK_OF[card]]]} and you"
        assert (f"Krig! {who} played {LOOK.face(other)} and {LOOK.face(card)}: equal ranks go "
                "to war") in flat(text)
        assert "the winner takes all" in flat(text)
        # the warriors are marked in the players' rows and the trick
        assert f"{LOOK.face(card)} krig" in text and f"{LOOK.face(other)} krig" in text


# ------------------------------------------------------------------ phase 2


def _cannot_beat(state) -> bool:
    return state.phase.value == "shed" and list(state.legal(0)) == [UNDERTREKK] and len(state.hands[0]) > 0


def _can_beat(state) -> bool:
    return state.phase.value == "shed" and bool(state.trick2) and UNDERTREKK not in state.legal(0)


@pytest.mark.parametrize("size", SIZES)
async def test_undertrekk_is_offered_as_the_only_move_with_its_reason_and_never_made_for_you(
        tmp_path, size):
    record = position(3, _cannot_beat)
    app = hund_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app, "undertrekk"), "Kari's undertrekk")
        text = screen_text(app)
        fits(text, size)
        view = table.view
        top, first = LOOK.face(view.top), LOOK.play(view.shed_trick[0][1])
        joined = panel(app)
        assert f"You cannot beat {top}" in joined
        assert f"t takes the trick's first card, {first}, into your hand (undertrekk)" in joined
        assert "t Undertrekk" in footer(text) and "Play" not in footer(text)
        before = plays(app)
        for _ in range(3):  # nothing is played for the player: the table waits
            await pilot.pause(0.05)
        assert plays(app) == before and asks(app, "undertrekk")
        await pilot.press("enter", "1")  # no card beats: Enter and the card keys do nothing
        await pilot.pause()
        assert plays(app) == before
        # ... but Enter says why (the play-through: it did nothing and said nothing)
        assert f"You cannot beat {top}" in panel(app, "#news"), panel(app, "#news")
        await pilot.press("t")
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the undertrekk")
        assert plays(app)[len(before)] == "take"


async def test_t_is_only_undertrekk_and_the_trick_display_moved_to_d(tmp_path):
    """No key means two things on one screen: Hund's t is undertrekk, so the trick
    display setting is d there (ebbes keeps its t)."""
    record = position(3, _can_beat)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        before, trick = plays(app), screen.pacing.trick
        await pilot.press("t")  # she can beat: no undertrekk, and no other meaning either
        await pilot.pause()
        assert plays(app) == before and screen.pacing.trick == trick
        top = LOOK.face(table_of(app).view.top)
        assert f"No undertrekk: you can beat {top} with a higher " in panel(app, "#news")  # and why
        await pilot.press("s")
        await pilot.pause()
        assert plays(app) == before
        assert "No sjanse in phase 2: sjanse turns the draw pile's top card" in panel(app, "#news")
        await pilot.press("m")  # play-testing: m with series off said nothing at all
        await pilot.pause()
        assert plays(app) == before
        assert "No series in this game: one card at a time" in panel(app, "#news")
        assert "Undertrekk" not in footer(screen_text(app))
        await pilot.press("d")
        assert screen.pacing.trick != trick
        assert "(d changes it)" in screen_text(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = help_keys(app.screen)
        assert keys["t"].startswith("undertrekk (phase 2): take the trick's first card")
        assert keys["d"].startswith("how long a finished trick stays")
        assert keys["s"].startswith("sjanse") and keys["m"].startswith("series")


@pytest.mark.parametrize("size", SIZES)
async def test_phase_two_names_trump_and_marks_the_cards_that_beat(tmp_path, size):
    record = position(3, lambda s: _can_beat(s) and len(s.legal(0)) < len(s.hands[0]))
    app = hund_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        text = screen_text(app)
        fits(text, size)
        view = table.view
        suit = ("spades", "hearts", "diamonds", "clubs")[view.trump]
        assert f"trump {LOOK.mark(view.trump)} {suit}" in text.splitlines()[0]
        assert f"{LOOK.face(view.trump_card)}: {suit} are trump" in text
        top = view.shed_trick[-1]
        under = sum(len(c) for _, c in view.shed_trick[:-1])
        assert f"Top: {LOOK.play(top[1])}" in text and f"{under} card" in text
        assert f"Your turn: beat {LOOK.face(view.top)}" in text
        row = table.query_one("#game-table").query_one(CardRow)
        beating = {i for i, c in enumerate(view.hand) if PlayCard(c) in view.actions}
        assert row.playable == frozenset(beating) and beating != set(range(len(view.hand)))
        keyed = [row.key_of(i) for i in range(len(view.hand))]
        assert all(keyed[i] for i in beating if i in range(row.first, row.first + row.in_sight))
        assert not any(keyed[i] for i in range(len(view.hand)) if i not in beating)
        key = keyed[min(beating)]
        before = plays(app)
        await pilot.press(key)
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the card")
        assert plays(app)[len(before)] == CODES[view.hand[min(beating)]]


async def test_a_hand_of_37_cards_takes_two_lines_at_80x24_and_its_keys_play_what_is_shown(
        tmp_path):
    """Issue 25, 16: a long hand scrolled while the trick panel had empty rows; now it
    takes the lines the trick does not need, and the help says which cards have keys."""
    app = hund_app(tmp_path, players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_at(app, pilot, long_hand())
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        view = table.view
        row = table.query_one("#game-table").query_one(CardRow)
        text = screen_text(app)
        fits(text, (80, 24))
        assert len(view.hand) == 37 and list(view.hand) == sorted(view.hand)  # suit, rank
        assert not row.scrolled and row.lines_used == 2 and "▶" not in row.render().plain
        assert "Your hand (37 cards)" in text
        for face in faces(view.hand):
            assert face in text
        assert f"Beat {LOOK.face(view.top)}" in panel(app)  # the trick keeps its lines
        keyed = [i for i in range(len(view.hand)) if row.key_of(i)]
        assert keyed == sorted(row.playable)[:len(CARD_KEYS)]
        last = view.hand[-1]
        key = row.key_of(len(view.hand) - 1)
        assert key  # a trump, on the second line
        before = plays(app)
        await pilot.press(key)
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the card")
        assert plays(app)[len(before)] == CODES[last]
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        said = help_keys(app.screen)["1-9, 0, letters"]
        assert f"the first {len(CARD_KEYS)} of them in sight have their key" in said


async def test_at_120x40_a_long_hand_has_30_card_keys_none_a_capital(tmp_path):
    """Issue 25, 16: at 120x40 only 18 of the 27 cards in sight had a key; n, o and
    punctuation typed without Shift key the next twelve (capitals did for a while: with
    Caps Lock on, b for the board played a card, the review)."""
    app = hund_app(tmp_path, players=2)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_at(app, pilot, long_hand())
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        row = table.query_one("#game-table").query_one(CardRow)
        before = plays(app)
        await pilot.press(row.key_of(min(row.playable)))  # beat Ola's lead: Kari leads next
        await wait_until(pilot, lambda: asks(app) and len(plays(app)) > len(before)
                         and len(row.playable) == len(table.view.hand), "Kari's lead")
        view = table.view
        in_sight = [i for i in range(row.first, row.first + row.in_sight) if i in row.playable]
        assert len(in_sight) > len(CARD_KEYS) == 30, in_sight
        keys = [row.key_of(i) for i in in_sight]
        assert keys[:30] == list(CARD_KEYS) and not any(keys[30:]), keys
        assert not any(key.isupper() for key in keys)
        lines = row.render().plain.splitlines()
        assert lines[0].split() + lines[3].split() == keys[:30]  # each above its card
        last = in_sight[29]  # the backtick's card
        before = plays(app)
        await pilot.press("grave_accent")
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the card")
        assert plays(app)[len(before)] == CODES[view.hand[last]]


async def test_a_long_hand_keeps_its_lines_while_three_lines_of_news_are_up(tmp_path):
    """pt2 item 1: a two- or three-line news line folded the 37 cards back to one
    scrolling line while the trick panel had empty rows; the trick gives the rows now."""
    app = hund_app(tmp_path, players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_at(app, pilot, long_hand())
        await wait_until(pilot, lambda: asks(app), "Kari's card")
        row = table.query_one("#game-table").query_one(CardRow)
        view = table.view
        for news in ("", "Hint: " + "a long reason " * 14, "Undertrekk! " + "word " * 60):
            table.news.say(news)
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            fits(text, (80, 24))
            assert table.query_one("#news").outer_size.height == (3 if news else 1)
            assert not row.scrolled and row.lines_used == 2, news
            for face in faces(view.hand):
                assert face in text, (face, news)
            assert f"Beat {LOOK.face(view.top)}" in panel(app)  # the trick's own line stays


def _series_lead(state) -> bool:
    return (state.phase.value == "shed" and not state.trick2 and state.series
            and bool(runs(state.hands[0])))


async def test_a_series_is_marked_card_by_card_then_played_as_one(tmp_path):
    """N14: two or more cards of one suit in unbroken rank order, one play."""
    record = position(3, _series_lead, series=True)
    app = hund_app(tmp_path, series=True)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app, "mark"), "Kari's lead")
        widget = table.query_one("#game-table")
        view = table.view
        high, low = runs(view.hand)[0]
        assert "m Mark" in footer(screen_text(app))
        row = widget.query_one(CardRow)
        gap = next((c for c in view.hand if SUIT_OF[c] != SUIT_OF[high]), None)
        if gap is not None:  # a card of another suit is no series: said, nothing played
            row.point_at(view.hand.index(high))
            await pilot.press("m")
            row.point_at(view.hand.index(gap))
            await pilot.press("m", "enter")
            assert "is not a series" in screen_text(app) and asks(app)
            await pilot.press("m")  # put it back
            row.point_at(view.hand.index(high))
            await pilot.press("m")
        before = plays(app)
        for card in (high, high + 1):
            row.point_at(view.hand.index(card))
            await pilot.press("m")
        assert "Marked for a series" in screen_text(app)
        assert "+" in str(row.render()).splitlines()[2]
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "the series")
        assert plays(app)[len(before)] == str(Series((high + 1, high)))
        assert f"{CODES[high + 1]}-{CODES[high]}" == plays(app)[len(before)]


def test_every_table_key_means_one_thing():
    """Card keys, the game's keys and the table screen's keys never overlap."""
    from ebbes_tui.games.hund.ui.screens import SCREENS
    from ebbes_tui.games.hund.ui.table_view import HundTable
    from ebbes_tui.ui.table import TableScreen

    game_keys = {k for b in HundTable.BINDINGS if "pick" not in b.action for k in b.key.split(",")}
    screen_keys = {k for b in TableScreen.BINDINGS if b.action != "trick_display"
                   for k in b.key.split(",")} | {SCREENS.trick_key}
    assert not game_keys & screen_keys
    assert not set(CARD_KEYS) & (game_keys | screen_keys)
    assert {"s", "t", "m"} <= game_keys and SCREENS.trick_key == "d"


class PanelApp(App[None]):
    """The players panel alone, ``width`` columns wide (as beside the pile at 80x24)."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        panel = SeatsPanel(LOOK, id="seats")
        panel.styles.width = self.width
        yield panel


@pytest.mark.parametrize("width, drew", [(48, False), (70, True)])
async def test_a_players_row_is_one_line_and_drops_the_draws_where_they_do_not_fit(width, drew):
    """After a krig won by the first seat (its cards, the mark, the count) the draws
    made a row wrap at 80x24 and the players' table broke; the trick panel says who
    drew anyway."""
    record = position(3, lambda s: s.phase.value == "collect" and not s.t_cards
                      and bool(s.tricks) and s.tricks[-1].krig and s.tricks[-1].winner == 0,
                      games=3)
    view = Match.resume(HUND, record).state.view(0)
    async with PanelApp(width).run_test(size=(80, 10)) as pilot:
        panel = pilot.app.query_one(SeatsPanel)
        panel.show(view, ((0, 2), (1, 1), (2, 1)))
        await pilot.pause()
        rows = panel.render().plain.splitlines()
        assert panel.size.height == 4 and len(rows) == 4  # a header, 3 seats
        assert "krig" in rows[1] and "took" in rows[1]
        assert ("drew 2" in rows[1]) is drew


class TrickApp(App[None]):
    """The trick panel alone, filling a small window (as on the table)."""

    CSS = "TrickPanel { height: 1fr; }"

    def __init__(self, rows: int | None = None) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        panel = TrickPanel(LOOK, id="trick")
        if self.rows is not None:
            panel.styles.height = self.rows
        yield panel


@pytest.mark.parametrize("height, cards", [(3, False), (6, True), (12, True)])
async def test_the_trick_panel_leaves_its_cards_out_before_it_cuts_your_turn_off(height, cards):
    """The cards under their players are shown only where "Your turn" fits whole beside
    them: the panel counted a wrapped sentence as one row and cut it off. Who took the
    trick and who drew go first (the grid marks the card that took it; six players at
    80x24 lost a deep krig's cards to those sentences: played through)."""
    record = position(3, lambda s: s.phase.value == "collect" and not s.t_cards
                      and bool(s.tricks) and s.tricks[-1].krig and s.tricks[-1].winner == 0)
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp()
    async with app.run_test(size=(44, height)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True, draws=((0, 2), (1, 1), (2, 1)),
                                       show_last=False)
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app).splitlines() if line.strip()]
        turn = " ".join(shown)[" ".join(shown).index("Your turn: "):]
        assert turn in ("Your turn: any card; the highest takes the trick.",
                        "Your turn: any card."), shown  # whole, in fewer words if need be
        assert any(line.startswith("krig  ") for line in shown) is cards  # a krig's row


@pytest.mark.parametrize("players, rows, rounds", [(3, 8, 4), (6, 5, 3)])
async def test_a_war_inside_a_war_taken_keeps_its_cards_at_80x24(players, rows, rounds):
    """Played through: once a trick with two krigs was taken, the 80x24 trick panel
    (eight rows; five at six players) showed only its sentences, and the war's cards
    were gone. Who drew how many and who took it go first (the players panel says both,
    the grid marks the card that took it), then your move says it in fewer words."""
    record = position(players, lambda s: s.phase.value == "collect" and not s.t_cards
                      and bool(s.tricks) and len(rounds_of(s.tricks[-1].seats)) >= rounds
                      and SJANSE in s.legal(0), seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp()
    async with app.run_test(size=(76, rows)) as pilot:  # the panel's inside at 80x24
        app.query_one(TrickPanel).show(view, acting=True, draws=((0, 2), (1, 1), (2, 1)),
                                       show_last=False)
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app).splitlines() if line.strip()]
        assert sum(line.startswith("krig  ") for line in shown) >= rounds - 1, shown
        assert LOOK.face(view.tricks[-1].cards[-1]) in "\n".join(shown)
        assert shown[-1].startswith(("Your turn", "takes the trick.")), shown  # whole
        assert "s: sjanse" in " ".join(shown)
        assert not any(line.startswith("From the pile") for line in shown), "\n".join(shown)


def _dropped_out(state) -> bool:
    """The last trick had a warrior with no card for its krig (N5)."""
    if state.t_cards or not state.tricks:
        return False
    trick = state.tricks[-1]
    played = list(zip(trick.seats, trick.cards, trick.sjanse))
    rounds = [list(r) for r in rounds_of(list(trick.seats))]
    warriors = warriors_of(played, rounds)
    return bool(warriors[-1]) or any(set(warriors[k - 1]) - {trick.seats[i] for i in rounds[k]}
                                     for k in range(1, len(rounds)))


async def test_a_warrior_who_drops_out_of_a_krig_has_no_card_said_under_their_name():
    """Played through: a warrior with no card left drops out of the krig (N5), and the
    trick showed only an empty cell under them, "9 cards, 10♣ won the krig"."""
    record = position(6, lambda s: s.phase.value == "collect" and _dropped_out(s),
                      seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp()
    async with app.run_test(size=(100, 12)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True, show_last=False)
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app).splitlines() if line.strip()]
        assert any(line.startswith("krig ") and NO_CARD in line for line in shown), shown


async def test_an_empty_hand_in_a_krig_is_told_its_only_move_the_sjanse(tmp_path):
    """Played through: with no card left and a sjanse the only move (N5), the status line
    said "play a card in the krig" and the trick "play a card or s: sjanse"."""
    record = position(3, lambda s: s.krig >= 1 and not s.hands[0] and SJANSE in s.legal(0),
                      seeds=range(3000))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app, "sjanse"), "your sjanse")
        text = screen_text(app)
        assert "Your turn: s, sjanse in the krig" in text.splitlines()[0]
        assert "your hand is empty; s: sjanse" in " ".join(panel(app).split())
        assert "play a card" not in text


async def test_the_avstikk_line_does_not_wait_for_a_player_who_went_out():
    """Played through: "Avstikk after 3 cards (1 so far), or when the turn comes back to
    Bot 3." with Bot 3's last card on top: Bot 3 is out, the turn never comes back (N11)."""
    record = position(4, lambda s: s.phase.value == "shed" and bool(s.trick2)
                      and s.trick2[-1][0] in s.out, seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    top = view.shed_trick[-1][0]
    app = TrickApp()
    async with app.run_test(size=(76, 12)) as pilot:
        app.query_one(TrickPanel).show(view, acting=False)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Avstikk after " in shown and "turn comes back" not in shown
        assert top in view.out


async def test_phase_one_s_last_trick_gives_way_to_your_lead_in_a_short_panel():
    """Review: as phase 2 began, the line naming phase 1's last trick (in sight until
    phase 2's first play) could push "Your lead" off a trick panel of two rows."""
    record = position(6, lambda s: s.phase.value == "shed" and not s.log2 and not s.trick2,
                      seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp(rows=2)
    async with app.run_test(size=(60, 10)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True)
        await pilot.pause()
        assert "Your lead" in " ".join(screen_text(app).split())
    app = TrickApp()
    async with app.run_test(size=(60, 12)) as pilot:  # room: it is there
        app.query_one(TrickPanel).show(view, acting=True)
        await pilot.pause()
        assert "took phase 1's last trick" in " ".join(screen_text(app).split())


async def test_a_short_trick_panel_drops_what_is_said_elsewhere_and_keeps_your_move():
    """Six players and a three-line news line leave the phase-2 trick a few rows: the
    top card and what you must do stay, the list of plays and the last avstikk go."""
    record = position(3, lambda s: s.phase.value == "shed" and len(s.trick2) >= 2
                      and bool(s.legal(0)) and bool(s.log2) and UNDERTREKK not in s.legal(0))
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp(rows=2)
    async with app.run_test(size=(60, 10)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True)
        await pilot.pause()
        shown = " ".join(" ".join(screen_text(app).split()).split())
        assert shown.startswith("Top: ") and "Played:" not in shown and "Avstikk" not in shown
        assert f"Beat {LOOK.face(view.top)}: " in shown and shown.endswith("are trump).")
    app = TrickApp()
    async with app.run_test(size=(60, 12)) as pilot:  # room: all of it
        app.query_one(TrickPanel).show(view, acting=True)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Played: " in shown and "Avstikk after " in shown


async def test_before_the_deal_and_between_games_the_panels_say_so():
    """The replay's first position said "Empty: no more drawing" before any card was
    dealt, and between two games the trick was blank: now the hund and the order out."""
    from ebbes_tui.controller.playback import Replay
    from ebbes_tui.games.hund.ui.panels import PilePanel

    replay = Replay(HUND, finished_record(players=3, seed=4, games=2))
    start, between = (replay.steps[i].state.view(None) for i in (0, replay.round_ends[0]))
    names = [s.name for s in between.seats]
    app = TrickApp()
    async with app.run_test(size=(60, 8)) as pilot:
        app.query_one(TrickPanel).show(between, acting=False)
        pile = PilePanel(LOOK)
        await app.mount(pile)
        pile.show(start)
        await pilot.pause()
        text = screen_text(app)
        order = ", ".join(f"{names[s]} {n}" for s, n in zip(between.out, ("1st", "2nd")))
        assert f"Out: {order}." in text
        assert f"{names[between.hund]} is the hund of game 1." in text
        assert "Not dealt yet." in text and "Empty" not in text
        # The play that ended the game (play test pt2 3: never seen on the table).
        last = between.log[-1]
        assert f"The last play of game 1: {names[last.seat]} played {LOOK.play(last.cards)}" \
            in " ".join(text.split()), text
    from ebbes_tui.games.hund.ui.screens import SCREENS

    assert SCREENS.status(between, names, LOOK) == \
        f"Game 1 of 2 · {names[between.hund]} is the hund"  # not "game 1 is over" again


async def test_the_trump_card_laid_aside_is_said_without_a_word_alone_on_a_line():
    """Played through, six players at 80x24: the draw pile's box wrapped "Trump card:
    Per's, face / down, unseen until phase / 2.", a lone "2." on the last line."""
    from ebbes_tui.games.hund.ui.panels import PilePanel

    record = position(6, lambda s: s.phase.value == "collect" and s.trump_holder > 0)
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp(rows=1)
    async with app.run_test(size=(24, 6)) as pilot:  # the box's inside at 80x24
        pile = PilePanel(LOOK)
        await app.mount(pile)
        pile.show(view)
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines()[1:] if line.strip()]
        assert lines[1].startswith("Trump card: ") and len(lines) == 3, lines
        assert " ".join(lines[1:]).endswith("face down until phase 2.")


async def test_your_lead_in_phase_two_is_said_once():
    record = position(3, lambda s: s.phase.value == "shed" and not s.trick2 and bool(s.log2))
    view = Match.resume(HUND, record).state.view(0)
    app = TrickApp()
    async with app.run_test(size=(80, 8)) as pilot:
        app.query_one(TrickPanel).show(view, acting=True)
        await pilot.pause()
        text = screen_text(app)
        assert "Your lead: any card." in text and "The trick is empty" not in text
        app.query_one(TrickPanel).show(view, acting=False)  # watching someone else lead
        await pilot.pause()
        assert "The trick is empty: you lead, any card." in screen_text(app)


async def test_the_log_writes_the_games_last_move_and_each_going_out_after_its_play():
    """Played through: the log left out the lead that ended the game, and wrote "Bot 2
    is out: 2nd." before the trick in which Bot 2 played its last card."""
    import asyncio

    from ebbes_tui.controller import players_setup
    from ebbes_tui.games.hund.rules.events import HundFound, Played, ShedBegan, WentOut
    from ebbes_tui.games.hund.ui.game_log import HundLog

    players = [(f"Bot {i}", "bot", "random") for i in range(4)]
    for seed in range(3):
        match = Match(players_setup(HUND, players, {"games": 1}, seed=seed), bot_pause=0)
        watcher = match.session(None)
        log = HundLog(HundLook(), personal=False)
        log.start(watcher.snapshot())
        running = asyncio.ensure_future(match.run())
        outs: list[str] = []
        last_play, shedding = "", False
        while True:
            update = await asyncio.wait_for(watcher.next(), 60)
            log.add(update)
            event = update.event
            if isinstance(event, WentOut):
                outs.append(f"{match.state.view(None).seats[event.seat].name} is out")
            shedding = shedding or isinstance(event, ShedBegan)
            if isinstance(event, Played) and shedding:
                last_play = log._play(event.seat, event.cards, log.names(update.view))
            if isinstance(event, HundFound):
                break
        await asyncio.wait_for(running, 60)
        lines = log.text(update.view).splitlines()
        assert any(last_play in line for line in lines[-4:]), lines[-4:]
        for out in outs:  # each "X is out" follows a line with X's play in it
            at = next(i for i, line in enumerate(lines) if out in line)
            name = out.removesuffix(" is out")
            assert any(f"{name} " in line for line in lines[at - 1:at]), lines[at - 2:at + 1]


def test_the_status_line_of_an_undertrekk_fits_80_columns_at_six_players():
    """Played through: "... trump ♦ diamonds · Your turn: no card beats 6♥, press" lost
    its t at six players."""
    from ebbes_tui.games.hund.ui.screens import SCREENS

    record = position(6, _cannot_beat, games=12)
    state = HUND.records.replay(record)
    view = state.view(0)
    for look in (LOOK, HundLook(ascii=True)):
        names = ["You", *(f"Player {i}" for i in range(2, 7))]
        line = SCREENS.status(view, names, look)
        assert line.endswith("Your turn: undertrekk (t)") and len(line) < 80, line


async def test_a_finished_games_last_pile_says_no_avstikk_is_coming():
    """Played through: the replay's last step read "Avstikk after 0 plays (1 so far), or
    when the turn comes back to Bot 1." after the game was over."""
    view = HUND.records.replay(finished_record(3, 4)).view(None)
    assert view.shed_trick and view.phase == "over"  # the game ended with a card down
    app = TrickApp()
    async with app.run_test(size=(80, 12)) as pilot:
        app.query_one(TrickPanel).show(view, acting=False, draws=(), show_last=True)
        await pilot.pause()
        text = screen_text(app)
        assert "Top:" in text and "Avstikk after" not in text


def _war_in_a_war(state) -> bool:
    """Kari to play in a second krig of a trick one of whose cards was a sjanse."""
    return state.phase.value == "collect" and state.krig >= 2 and any(state.t_sjanse)


async def test_a_war_inside_a_war_keeps_the_tricks_cards_on_screen_at_80x24(tmp_path):
    """Issue 25, 14: with a two-line explanation on the news line the trick panel
    showed only "Krig: ... each play one more card", and the players panel wrapped a
    row onto a line of its own ("(sjanse)")."""
    record = position(3, _war_in_a_war, seeds=range(3000))
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's card in the krig")
        screen.news.say("Krig! " + "An explanation long enough to take two lines. " * 2, "trick")
        await pilot.pause()
        view = table_of(app).view
        text = screen_text(app)
        fits(text, (80, 24))
        trick = panel(app)
        for _, card, _ in view.trick:  # every card of the trick under its player
            assert LOOK.face(card) in trick
        assert trick.count("krig ") >= 2 and "Your turn in the krig" in trick
        assert app.screen.query_one("#seats").size.height == 4  # a header, 3 seats


async def test_a_refused_key_is_news_until_the_next_move_and_the_krig_line_stays(tmp_path):
    """pt2 1b: t in a krig put "No undertrekk in phase 1" in the trick panel, in place
    of "Krig: ... each play one more card" for the rest of the krig."""
    record = position(3, lambda s: s.phase.value == "collect" and s.krig >= 1)
    app = hund_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app), "Kari's card in the krig")
        krig = "each play one more card; the highest new card takes the whole trick."
        assert krig in panel(app)
        before = plays(app)
        await pilot.press("t")
        await pilot.pause()
        assert plays(app) == before and asks(app)
        assert panel(app, "#news").startswith("No undertrekk in phase 1: ")
        assert krig in panel(app) and "No undertrekk" not in panel(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(plays(app)) > len(before), "Kari's card")
        await pilot.pause()
        assert "No undertrekk" not in screen_text(app)  # gone with the next move


async def test_a_players_row_too_long_for_its_panel_is_cut_not_wrapped():
    record = position(3, _war_in_a_war, seeds=range(3000))
    view = Match.resume(HUND, record).state.view(0)
    async with PanelApp(30).run_test(size=(80, 10)) as pilot:
        panel = pilot.app.query_one(SeatsPanel)
        panel.show(view)
        await pilot.pause()
        rows = screen_text(pilot.app).splitlines()[:5]
        assert all(name in row for name, row in zip(("You", "Ola", "Per"), rows[1:4]))
        assert not rows[4].strip()  # no fourth line: no row wrapped


async def test_at_six_players_the_avstikk_line_stays_beside_a_two_line_explanation(tmp_path):
    """Issue 25, 18: "Avstikk after ..." had no room at 80x24 with six players, a
    two-line explanation up and the two lines of why you must take a card in: the
    list of plays gives way first now."""
    record = position(6, lambda s: s.phase.value == "shed" and len(s.trick2) >= 2
                      and list(s.legal(0)) == [UNDERTREKK] and bool(s.hands[0]), seeds=range(400))
    app = hund_app(tmp_path, players=6)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(app, pilot, record)
        await wait_until(pilot, lambda: asks(app, "undertrekk"), "Kari's undertrekk")
        screen.news.say("Undertrekk! " + "An explanation long enough for two lines. " * 2,
                        "trick")
        await pilot.pause()
        fits(screen_text(app), (80, 24))
        trick = panel(app)
        assert "Avstikk after " in trick and "Played: " not in trick
        assert trick.endswith("into your hand (undertrekk).")
