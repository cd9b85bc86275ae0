"""The scoring board (R14): every disc's place and exact total first, then the track
from Dabbscheedel to the Rhoi as a board: the spaces left to right in a few strips as
wide as the screen allows (two at 80 columns), each space three columns wide. Over each
strip, every named place in dialect, starting above its space; on the strip, a
place's number (and every fifth space's below Start, each strip's first, and any space
a disc stands on), a dot for the others; under it, the discs (their seat numbers, each
apart) below the space they stand on. After a round the discs walk space by space to
their new places (any key, ``--no-animation`` or a slow terminal skips it). The track
itself stays a data table in the rules (``rules/track_data.py``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from ..rules.track import ScoringTrack
from ..rules.variants import GameConfig
from .look import EbbesLook

#: Columns a space takes on the board ("+12", "·", a place's name starts over it).
CELL = 3
#: Below Start, where no place is named, every this many spaces says its number.
RULER = 5
#: Columns between two names on one line, so "Start Därgem" never reads as one place.
NAME_GAP = 2
#: Seconds per step of the discs' walk; a frame slower than ``SLOW`` ends the walk.
STEP = 0.06
SLOW = 0.25


def place_label(track: ScoringTrack, total: int, look: EbbesLook) -> str:
    """Where a disc is, in words that never wrap: ``Lautre, +12``; between two places
    ``past Lautre, +14`` ("Neischdadt, +9" read as if +9 were Neischdadt, at +7); below
    Start, ``toward Dabbscheedel, -3``; a total beyond an end is kept exactly (R14), the
    disc on the end's place."""
    if 0 < -total < -track.low:
        return look.text(f"toward {track.landmarks[0].name}, {total:+d}")
    place = track.landmark_at_or_below(total)
    past = "past " if track.low < total < track.high and place.space != total else ""
    return look.text(f"{past}{place.name}, {total:+d}")


def board_strips(track: ScoringTrack, width: int,
                 names: dict[int, str] | None = None) -> list[list[int]]:
    """The track's spaces, lowest first, in strips of (nearly) equal length that fit
    ``width`` columns at :data:`CELL` a space, each place's name whole over its space
    (``names``: as drawn; else the track's): as few strips as the width allows."""
    names = names if names is not None else {m.space: m.name for m in track.landmarks}
    spaces = list(range(track.low, track.high + 1))
    rows = -(-len(spaces) // max(1, (width - 1) // CELL))
    while True:
        size = -(-len(spaces) // rows)
        strips = [spaces[k:k + size] for k in range(0, len(spaces), size)]
        if size == 1 or all(name_lines(strip, names, width) for strip in strips):
            return strips
        rows += 1


def name_lines(strip: list[int], names: dict[int, str], width: int) -> tuple[Text, Text] | None:
    """The names of a strip's places, each from its space's column, on the line nearer
    the spaces where there is room, else on the one above it; None when a name finds
    room on neither, or would run past ``width``."""
    near, far = Text(), Text()
    for i, space in enumerate(strip):
        at = i * CELL
        if space not in names:
            continue
        if at + cell_len(names[space]) > width:
            return None
        line = next((line for line in (near, far)
                     if not line.plain or line.cell_len + NAME_GAP <= at), None)
        if line is None:
            return None
        line.append(" " * (at - line.cell_len))
        line.append(names[space], "bold")
    return near, far


class TrackBoard(Widget):
    """The board with every disc at ``after``; :meth:`walk` moves them there space by
    space from ``before``. ``names``: the seats' names as the screen reads them (else
    as given)."""

    DEFAULT_CSS = "TrackBoard { height: auto; }"

    def __init__(self, look: EbbesLook, config: GameConfig, before: tuple[int, ...],
                 after: tuple[int, ...], *, names: Sequence[str] | None = None,
                 animate: bool = False, legend: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        #: Each disc's place and exact total above the board (a screen with a totals
        #: column leaves it out).
        self.legend = legend
        self._disc_lines: dict[int, int] = {}
        self.config = config
        self.names = list(names) if names is not None else \
            [look.text(s.name) for s in config.seats]
        self.before = before
        self.after = after
        self.shown = list(after if not animate else before)  # where each disc stands now
        self.walking = animate and before != after
        self.tooltip = "\n".join(look.text(f"{m.space:+d} {m.name} = {m.standard}")
                                 for m in config.track.landmarks)

    def on_mount(self) -> None:
        if self.walking:
            self._last_step = time.monotonic()
            self._timer = self.set_interval(STEP, self._step)

    def move(self, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        """New totals (the table's board follows the game): drawn at once."""
        if (before, after) != (self.before, self.after):
            self.before, self.after = before, after
            self.shown = list(after)
            self.refresh(layout=True)

    def skip(self) -> None:
        """End the walk: every disc on its new space."""
        if self.walking:
            self.walking = False
            self._timer.stop()
            self.shown = list(self.after)
            self.refresh(layout=True)  # a disc on another strip may take a line more

    def _step(self) -> None:
        now = time.monotonic()
        slow = now - self._last_step > SLOW  # the terminal cannot keep up: stop walking
        self._last_step = now
        track = self.config.track
        moved = False
        for seat, (here, goal) in enumerate(zip(self.shown, self.after)):
            here_space, goal_space = track.disc_space(here), track.disc_space(goal)
            if here_space != goal_space:
                self.shown[seat] = here_space + (1 if goal_space > here_space else -1)
                moved = True
            else:
                self.shown[seat] = goal
        if not moved or slow:
            self.skip()
        else:
            self.refresh(layout=True)  # (as in skip: the board's height follows its discs)

    @property
    def track(self) -> ScoringTrack:
        return self.config.track

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return self.render_lines_for(width).plain.count("\n") + 1

    def render(self) -> Text:
        return self.render_lines_for(self.size.width)

    def render_lines_for(self, width: int) -> Text:
        """Where each disc is, in words and exact totals (unless the screen says it
        already); then the board."""
        lines: list[Text] = list(self._legend(width).split()) if self.legend else []
        return Text("\n").join([*lines, *self._board(width, self.shown)])

    def _board(self, width: int, shown: Sequence[int]) -> list[Text]:
        """Each strip: the names of its places over two lines (the nearer one first),
        the spaces, then the discs (more lines where discs on neighbouring spaces would
        touch)."""
        look, track = self.look, self.track
        on_space: dict[int, list[int]] = {}
        for seat in range(self.config.seat_count):
            on_space.setdefault(track.disc_space(shown[seat]), []).append(seat)
        names = {m.space: look.text(m.name) for m in track.landmarks}
        lines: list[Text] = []
        self._disc_lines = {}
        for strip in board_strips(track, width, names):
            near, far = name_lines(strip, names, width) or (Text(), Text())
            discs: list[Text] = []
            for i, space in enumerate(strip):
                if space in on_space:  # under the number's first character
                    start = i * CELL + CELL - len(str(space))
                    self._place_discs(discs, start, on_space[space],
                                      len(lines) + (3 if far.plain else 2))
            names_over = [far, near] if far.plain else [near]
            lines += [*names_over, self._spaces(strip, names, on_space), *discs]
        for line in lines:
            line.rstrip()
        return lines

    def _spaces(self, strip: list[int], names: dict[int, str],
                on_space: dict[int, list[int]]) -> Text:
        """A strip's spaces: the number of a named place, of every fifth space below
        Start, of the strip's first and of a space with discs (positive ones without
        their sign, right in their three columns); a dot amid the others'. Two numbers
        that would touch ("-15-14") keep the one a disc stands on."""
        dot = "." if self.look.ascii else "·"
        shown = [space in names or i == 0 or space in on_space or
                 (space < 0 and space % RULER == 0) for i, space in enumerate(strip)]
        for i in range(1, len(strip)):
            if shown[i] and shown[i - 1] and len(str(strip[i - 1])) == CELL:  # they touch
                if strip[i - 1] not in on_space:
                    shown[i - 1] = False
                elif strip[i] not in on_space:
                    shown[i] = False
        cells = Text()
        for space, numbered in zip(strip, shown):
            style = "bold" if space in on_space or space in names else "dim"
            cells.append(f"{space:>{CELL}}" if numbered else f"{dot:^{CELL}}", style)
        return cells

    def _place_discs(self, discs: list[Text], at: int, seats: list[int], first: int) -> None:
        """The discs of one space ("1 4") under it, on the first discs line where they
        stand two columns apart from the discs of the space before (one apart reads as
        the same space's)."""
        look = self.look
        for row, line in enumerate([*discs, Text()]):
            if not line.plain or line.cell_len + 2 <= at:
                if row == len(discs):
                    discs.append(line)
                line.append(" " * (at - line.cell_len))
                for k, seat in enumerate(seats):
                    if k:
                        line.append(" ")
                    line.append_text(look.disc(seat))
                    self._disc_lines[seat] = first + row
                return

    @property
    def leader(self) -> int:
        """The seat whose disc ends furthest on (the dummy, who cannot win, aside)."""
        seats = [s for s in range(self.config.seat_count) if s != self.config.dummy]
        return max(seats, key=lambda s: self.after[s])

    def show_leader(self) -> None:
        """Scroll the screen so the board, or at least the leader's disc where it ends,
        is in view (a board below a round's table at 80x24)."""
        container = self.parent
        if not isinstance(container, Widget):
            return
        container.scroll_to_widget(self, animate=False, top=False)
        line = self.virtual_region.y + self.disc_line(self.leader)
        container.scroll_to_region(Region(0, line - 3, 1, 4), animate=False)  # with its place

    def disc_line(self, seat: int) -> int:
        """The line of this board (its legend included) where ``seat``'s disc ends."""
        width = self.size.width
        legend = len(self._legend(width).split()) if self.legend else 0
        self._board(width, self.after)
        return legend + self._disc_lines.get(seat, 0)

    def _legend(self, width: int) -> Text:
        """Every disc and its place, each entry kept whole on one line."""
        look, track = self.look, self.track
        entries = []
        for seat, name in enumerate(self.names):
            entry = Text()
            entry.append_text(look.disc(seat))
            entry.append(f" {name}: {place_label(track, self.after[seat], look)}")
            entries.append(entry)
        lines, line = [], Text()
        for entry in entries:
            if line.plain and line.cell_len + 3 + entry.cell_len > width:
                lines.append(line)
                line = Text()
            if line.plain:
                line.append("   ")
            line.append_text(entry)
        lines.append(line)
        return Text("\n").join(lines)
