"""The final standings: the winner or winners (a tie shares the win, R10), the track,
and what next: play again, the menu, or quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..rules.events import GameOver
from ..rules.view import PlayerView
from ....ui.footer import KeysFooter
from ....ui.interludes import FinalStandings
from ....ui.words import padded, seat_names, winners_line
from .look import ebbes_look
from .scores import rounds_table
from .track import TrackBoard, place_label


def lead_story(view: PlayerView, event: GameOver, names: list[str]) -> str:
    """How the game was won: the round from which the winner led for good."""
    if len(event.winners) != 1 or not view.scores:
        return ""
    winner = event.winners[0]
    players = [s for s in range(len(names)) if s != view.config.dummy]
    totals = [0] * len(names)
    since = None
    for r, score in enumerate(view.scores):
        totals = [t + p for t, p in zip(totals, score.points)]
        ahead = all(totals[winner] > totals[s] for s in players if s != winner)
        since = (since if since is not None else r) if ahead else None
    if since is None:
        return ""
    if since == 0:
        return f"{names[winner]} led from the first round to the last."
    if since == len(view.scores) - 1:  # "took the lead in round 5 and kept it" of round 5
        return f"{names[winner]} took the lead in the last round."
    return f"{names[winner]} took the lead in round {since + 1} and kept it."


class FinalScreen(FinalStandings):
    """The standings, the rounds and the track (:class:`~ebbes_tui.ui.interludes.FinalStandings`)."""

    event: GameOver
    view: PlayerView

    def compose(self) -> ComposeResult:
        look = ebbes_look(self.app.look)
        view, event = self.view, self.event
        config = view.config
        names = seat_names(view, look)
        yield Static(f"Final standings {look.dot} {winners_line(names, event.winners)}", markup=False,
                     classes="screen-title", id="winners")
        with VerticalScroll(classes="score-body"):
            players = [s for s in range(len(names)) if s != config.dummy]
            order = sorted(players, key=lambda s: -event.totals[s])
            standings = Text()
            place = 0
            track = config.track
            for i, seat in enumerate(order):
                if i == 0 or event.totals[seat] != event.totals[order[i - 1]]:
                    place = i + 1
                style = "bold" if seat in event.winners else ""
                standings.append(f"{place}. {padded(names[seat], 14)} {event.totals[seat]:>+4}   "
                                 f"{place_label(track, event.totals[seat], look)}\n", style)
            if config.dummy is not None:  # apart, after the players: it cannot win (R17)
                standings.append(f"\n   {padded(names[config.dummy], 14)} "
                                 f"{event.totals[config.dummy]:+d} (plays along, cannot win)\n",
                                 "dim")
            yield Static(standings)
            story = lead_story(view, event, names)
            if story:
                yield Static(Text(story, style="italic"))
            yield Static(rounds_table(view, names, best=True))
            last = view.scores[-1].points if view.scores else (0,) * len(names)
            before = tuple(t - p for t, p in zip(event.totals, last))
            # Each place and total is in the standings above: the board shows them.
            yield TrackBoard(look, config, before, event.totals, names=names,
                             animate=self.app.animation, legend=False)
        yield Static(self.keys_line, id="final-help")
        yield KeysFooter()
