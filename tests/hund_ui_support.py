"""Helpers for Hund's screen tests: an app of Hund's own, positions found by seeded
random play (a record that stops at the wanted decision of seat 0), and opening the
table there; bots play the other seats."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from ebbes_tui.controller import Library, LocalGame, Match, SaveStore
from ebbes_tui.game.protocols import SeatInfo
from ebbes_tui.games.hund import GAME as HUND
from ebbes_tui.games.hund.rules.phases import Phase
from ebbes_tui.games.hund.rules.state import HundState
from ebbes_tui.ui.app import EbbesApp
from ebbes_tui.ui.menu import MenuScreen
from ebbes_tui.ui.table import TableScreen

from ui_support import screen_text, wait_until

NAMES = ("Kari", "Ola", "Per", "Siri", "Nils", "Ingrid")


def hund_app(tmp_path: Path, players: int = 3, humans: int = 1, **options: object) -> EbbesApp:
    """An app on Hund's menu with its own saves and settings: Kari and ``humans - 1``
    more people, normal bots in the other seats; bots move at once (pace 0)."""
    seats = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": "normal"}
             for i in range(players)]
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "hund", "games": {"hund": {
        "players": players, "seats": seats, "options": {"dealer": players - 1, **options}}}}))
    return EbbesApp(library=Library(HUND, SaveStore(tmp_path / "saves")), settings_path=path,
                    pace=0, animation=False, game="hund")


def seat_infos(players: int, humans: int = 1) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(NAMES[i], "human") if i < humans else SeatInfo(NAMES[i], "bot", "normal")
                 for i in range(players))


def position(players: int, wanted: Callable[[HundState], bool], *, series: bool = False,
             games: int = 1, humans: int = 1, seeds: range = range(200)) -> dict:
    """The record of the first seeded match of random moves that reaches a decision of
    seat 0 where ``wanted(state)`` holds, stopped there."""
    for seed in seeds:
        state = HUND.rules.new_state(seat_infos(players, humans),
                               {"series": series, "games": games, "dealer": players - 1})
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.DEAL:
                HUND.rules.resolve_chance(state, seed)
                continue
            if state.turn == 0 and wanted(state):
                return HUND.records.to_record(state)
            state.apply(rng.choice(state.legal(state.turn)), state.turn)
    raise AssertionError("no seeded match reached the wanted position")


def finished_record(players: int = 3, seed: int = 4, games: int = 1, series: bool = False) -> dict:
    """A whole match of random moves, as its record."""
    state = HUND.rules.new_state(seat_infos(players), {"games": games, "series": series,
                                                 "dealer": 0})
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.DEAL:
            HUND.rules.resolve_chance(state, seed)
            continue
        state.apply(rng.choice(state.legal(state.turn)), state.turn)
    return HUND.records.to_record(state)


async def open_at(app: EbbesApp, pilot, record: dict) -> TableScreen:
    """The table of ``record``'s match, resumed (unsaved), once it has come up."""
    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    game = LocalGame(Match.resume(HUND, record), None)
    app.call_later(app.opener.open, game)
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                     and bool(app.screen.query("#game-table")), "the table")
    return app.screen


def table_of(app: EbbesApp):
    """The Hund table widget on screen, or None."""
    screen = app.screen
    return screen.query_one("#game-table") if isinstance(screen, TableScreen) and \
        screen.query("#game-table") else None


def asks(app: EbbesApp, action: str = "") -> bool:
    """The player at the screen must act now (and, given ``action``, may do that), and
    the key line says how: it is drawn a moment after the turn comes."""
    table = table_of(app)
    if table is None or not table.acting or not table.view.actions:
        return False
    if not screen_text(app).splitlines()[-1].strip():
        return False
    return not action or table.check_action(action, ()) is True


def plays(app: EbbesApp) -> list[str]:
    """The current game's moves as the match's record has them."""
    return list(app.game.match.record()["games"][-1]["plays"])


def footer(text: str) -> str:
    return text.splitlines()[-1]


def long_hand(games: int = 1) -> dict:
    """Two players where Kari takes all but one phase-1 trick: she holds only aces to
    nines (and Ola's three of spades), Ola eights to threes and the king of clubs, which
    takes one trick; the other nines, threes and the twos are set aside (N2), and the
    pile gives each the next of theirs. Phase 2 opens with Ola, who laid the trump card
    aside (N7, N9), leading, and Kari to beat with 37 cards in hand."""
    from ebbes_tui.games.hund.rules.actions import PLAY
    from ebbes_tui.games.hund.rules.cards import DECK, RANK_OF, parse_card
    from ebbes_tui.games.hund.rules.phases import Deal

    by_rank = sorted(DECK, key=lambda c: (-RANK_OF[c], c))
    king, three = parse_card("KC"), parse_card("3S")
    high = [three if c == king else c for c in by_rank[:21]]  # A..10 and a 9
    low = [king if c == three else c for c in by_rank[24:45]]  # 8..4 and a 3
    aside = tuple(by_rank[21:24] + by_rank[45:])
    high.sort(key=lambda c: -RANK_OF[c])
    low.sort(key=lambda c: (c != king, RANK_OF[c]))
    pile = tuple(c for pair in zip(high[3:], low[3:]) for c in pair)
    state = HUND.rules.new_state(seat_infos(2), {"series": False, "games": games, "dealer": 1})
    state.start_game(Deal(1, aside, (tuple(high[:3]), tuple(low[:3])), pile))
    while state.phase is Phase.COLLECT:
        hand, seat = state.hands[state.turn], state.turn
        card = max(hand, key=lambda c: RANK_OF[c])
        if seat == 1:  # the king when it takes the trick, else the lowest
            led = RANK_OF[state.t_cards[0]] if state.t_cards else 99
            card = king if king in hand and led < RANK_OF[king] else \
                min(hand, key=lambda c: (c == king, RANK_OF[c]))
        state.apply(PLAY[card], seat)
    while state.turn != 0:
        state.apply(state.legal(state.turn)[0], state.turn)
    assert state.phase is Phase.SHED and len(state.hands[0]) >= 36, state.hands
    return HUND.records.to_record(state)
