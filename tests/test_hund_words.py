"""Hund's sentences say what is true where they are said (issue 25, 17): each claim a
hint or an explanation makes is checked in its position, over seeded games of random
moves (every seat's decisions, every event)."""

from __future__ import annotations

import random
import re

from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.bots.judge import Judge
from ebbes_tui.games.hund.bots.normal import NormalBot
from ebbes_tui.games.hund.rules.cards import CODES, RANK_OF, SUIT_OF, parse_card
from ebbes_tui.games.hund.rules.events import UndertrekkTaken
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.rules.tricks import can_beat
from ebbes_tui.games.hund.ui.explain import FIRST_TIME, undertrekk_line
from ebbes_tui.games.hund.ui.look import HundLook

from hund_ui_support import seat_infos

LOOK = HundLook(ascii=True)
CARD = r"(?:10|[2-9JQKA])[SHDC]"


def seeded_games(count: int, players: int = 3, series: bool = False):
    """Each move of ``count`` seeded matches of random moves: (state before, seat, the
    move, the events it made, the state after)."""
    for seed in range(count):
        state = HUND.rules.new_state(seat_infos(players), {"series": series, "games": 1,
                                                           "dealer": players - 1})
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.DEAL:
                HUND.rules.resolve_chance(state, seed)
                continue
            seat = state.turn
            before = state.clone()
            action = rng.choice(state.legal(seat))
            events = state.apply(action, seat)
            yield before, seat, action, events, state


def hints(count: int, players: int, series: bool = False):
    bot = NormalBot()
    for before, seat, _, _, _ in seeded_games(count, players, series):
        view = before.view(seat)
        yield view, bot.decide(view)[0].why


def test_every_hint_claim_holds_in_its_position():
    """"Play 7♣, your lowest card, in the krig: the trick is likely not worth taking",
    then 7♣ won it; "you hold no card a higher trump"; "Lead 3♦, your lowest card" with a
    lower trump in hand; a series called "the trick's first card"."""
    checked = {"lowest": 0, "krig loses": 0, "krig takes": 0, "cannot beat": 0, "lead": 0}
    for players, series in ((3, False), (4, True), (2, False)):
        for view, why in hints(12, players, series):
            assert "no card a higher" not in why and "no card with" not in why
            hand = view.hand
            if m := re.match(rf"Play ({CARD}), your lowest card, in the krig", why):
                card = parse_card(m.group(1))
                assert RANK_OF[card] == min(RANK_OF[c] for c in hand), (why, hand)
                checked["lowest"] += 1
            if m := re.match(rf"Play ({CARD}) in the krig: it does not take the trick", why):
                assert not Judge(view).could_take(parse_card(m.group(1))), why
                checked["krig loses"] += 1
            if "every card you hold takes the trick or wars on for it" in why:
                judge = Judge(view)
                assert all(judge.could_take(c) for c in hand), why
                checked["krig takes"] += 1
            if m := re.match(rf"You cannot beat ({CARD}) \((.*?)\), so you take in (.*)\.$", why):
                top = parse_card(m.group(1))
                assert not can_beat(hand, top, view.trump), why
                first = view.shed_trick[0][1]
                assert m.group(3) == (f"the trick's first card, {CODES[first[0]]}" if len(first) == 1
                                      else f"the trick's first play, the series "
                                           f"{'-'.join(CODES[c] for c in first)}"), why
                if hand:
                    lacking = "no higher trump" if SUIT_OF[top] == view.trump else \
                        "no higher " if "and no trump" in m.group(2) else None
                    assert lacking and m.group(2).startswith(f"you hold {lacking}"), why
                checked["cannot beat"] += 1
            if m := re.match(rf"Lead ({CARD}), your lowest card(?: outside trumps)?:", why):
                card = parse_card(m.group(1))
                pool = hand if "outside trumps" not in why else \
                    [c for c in hand if SUIT_OF[c] != view.trump]
                assert RANK_OF[card] == min(RANK_OF[c] for c in pool), (why, hand)
                checked["lead"] += 1
    assert all(n >= 5 for n in checked.values()), checked  # each claim was met in play


def test_a_hint_for_the_last_card_in_hand_calls_it_that():
    """Play test pt2 8: "Play 6♠, your lowest card, in the krig" with 6♠ the only card
    in hand."""
    said = 0
    for players, series in ((3, False), (4, True)):
        for view, why in hints(12, players, series):
            if len(view.hand) != 1:
                continue
            assert not re.search(r"your (lowest|highest|best) card|your card least", why), why
            said += "your last card" in why
    assert said >= 1  # met in these games (most last cards are the only move)


def test_the_first_undertrekk_says_what_happens_next():
    """"The next player must beat the top card" was said also when the take-in
    emptied the trick: then the next player leads anew (N10)."""
    names = ["You", "Ola", "Per"]
    seen = set()
    for _, _, _, events, after in seeded_games(60):
        view = after.view(None)
        for event in events:
            if isinstance(event, UndertrekkTaken) and sum(m.took for m in view.log) == 1:
                line = undertrekk_line(view, event, names, LOOK)
                emptied = not view.shed_trick
                assert (FIRST_TIME["undertrekk, emptied"] in line) is emptied, line
                assert (FIRST_TIME["undertrekk"] in line) is not emptied, line
                seen.add(emptied)
    assert seen == {True, False}


def test_the_logs_avstikk_reason_counts_what_lies_in_the_trick():
    """N11 counts the cards lying in the trick: in the rulebook's Kari example (Per
    takes Kari's four in, Ola plays again) "every player in play had played" was false."""
    from hund_ui_support import finished_record
    from test_hund_ui_screens import logged

    kari = 0  # tricks with a take-in that ended by the count
    for seed in range(6):
        for line in logged(finished_record(players=3, seed=seed)):
            if "avstikk: " not in line:
                continue
            assert "every player in play had played" not in line
            taken = re.search(r"takes (\d+) cards? out of the game \((.*)\)\.$", line)
            assert taken, line
            if m := re.fullmatch(r"(\d+) cards lay in it, as many as the players in play "
                                 r"when it began", taken.group(2)):
                assert m.group(1) == taken.group(1), line  # no series: a play is a card
                kari += "undertrekk" in line
            else:
                assert taken.group(2).startswith("the turn came back to "), line
    assert kari


def test_a_series_taken_in_is_called_a_series_not_a_card():
    """"t takes the trick's first card, 2♠-3♠-...-A♠" named a 13-card series a card."""
    from ebbes_tui.games.hund.rules.actions import UNDERTREKK
    from ebbes_tui.games.hund.ui.explain import undertrekk_reason

    said = set()
    for before, seat, _, _, _ in seeded_games(40, players=3, series=True):
        view = before.view(seat)
        if view.actions != (UNDERTREKK,):
            continue
        first = view.shed_trick[0][1]
        line = undertrekk_reason(view, LOOK)
        play = LOOK.play(first)
        assert (f"the trick's first play, the series {play}," if len(first) > 1 else
                f"the trick's first card, {play},") in line, line
        said.add(len(first) > 1)
    assert said == {True, False}
