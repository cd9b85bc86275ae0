"""The scoring board (R14): the track from Dabbscheedel to the Rhoi drawn as a loop
through the Palatinate, every named place written on it in dialect, each player's disc
(their seat number on their colour) on its space, discs sharing a space side by side.

The path runs up the left side from Dabbscheedel past Start to Kärchem, then down the
right side from Lautre to the Rhoi, the goal. After a round the discs walk space by
space to their new places (any key, ``--no-animation`` or a slow terminal skips it).
The track itself stays a data table in the rules (``rules/track_data.py``).
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.widget import Widget

from ..games.ebbes.rules.track import Landmark, ScoringTrack
from ..games.ebbes.rules.variants import GameConfig
from .look import WIDE, Look

#: Spaces in a row of the stretch below Start (a long way without names).
BELOW_START_ROW = 5
#: Seconds per step of the discs' walk; a frame slower than ``SLOW`` ends the walk.
STEP = 0.06
SLOW = 0.25


def place_label(track: ScoringTrack, total: int, look: Look) -> str:
    """Where a disc is, in words that never wrap: ``Lautre, +12``; below Start,
    ``toward Dabbscheedel, -3``; a total beyond an end is kept exactly (R14)."""
    if 0 < -total < -track.low:
        return look.text(f"toward {track.landmarks[0].name}, {total:+d}")
    return look.text(f"{track.landmark_at_or_below(total).name}, {total:+d}")


def board_rows(track: ScoringTrack) -> tuple[list[tuple[str, list[int]]], list[tuple[str, list[int]]]]:
    """The loop's two sides as rows of (label, spaces): the left side from the top
    (the row just below Lautre's) down to Dabbscheedel, the right side from Lautre
    down to the goal. A named place's row holds it and the unnamed spaces after it."""
    marks = list(track.landmarks)
    rows: list[tuple[Landmark | None, list[int]]] = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].space if i + 1 < len(marks) else mark.space + 1
        if mark.space == track.low:
            rows.append((mark, [mark.space]))
            below = list(range(mark.space + 1, end))
            for k in range(0, len(below), BELOW_START_ROW):
                rows.append((None, below[k:k + BELOW_START_ROW]))
        else:
            rows.append((mark, list(range(mark.space, end))))
    half = (len(rows) + 1) // 2
    left = [(_row_label(m), spaces) for m, spaces in reversed(rows[:half])]
    right = [(_row_label(m), spaces) for m, spaces in rows[half:]]
    return left, right


def _row_label(mark: Landmark | None) -> str:
    return mark.name if mark is not None else ""


class TrackBoard(Widget):
    """The board with every disc at ``after``; :meth:`walk` moves them there space by
    space from ``before``."""

    DEFAULT_CSS = "TrackBoard { height: auto; }"

    def __init__(self, look: Look, config: GameConfig, before: tuple[int, ...],
                 after: tuple[int, ...], *, animate: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.config = config
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
            self.refresh()

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
            self.refresh()

    @property
    def track(self) -> ScoringTrack:
        return self.config.track

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return self.render_lines_for(width).plain.count("\n") + 1

    def render(self) -> Text:
        return self.render_lines_for(self.size.width)

    def render_lines_for(self, width: int) -> Text:
        look, track = self.look, self.track
        on_space: dict[int, list[int]] = {}
        for seat in range(self.config.seat_count):
            on_space.setdefault(track.disc_space(self.shown[seat]), []).append(seat)
        cell = 3  # a space's dot and room; a space with several discs takes what they need
        wide = width >= WIDE
        sides = []
        for rows in board_rows(track):
            longest = max(len(spaces) for _, spaces in rows)
            standards = [self._standard(label) for label, _ in rows] if wide else []
            # Each side's names as wide as its longest (with its end mark), so the board
            # fits a 72-column panel beside the table.
            names = [label + self._end_mark(spaces) for label, spaces in rows]
            label_width = max(len(self.look.text(n)) for n in names) + 1
            sides.append([self._row(names[i], spaces, on_space, cell, longest, label_width,
                                    standards[i] if wide else "", max(map(len, standards), default=0))
                          for i, (label, spaces) in enumerate(rows)])
        left, right = sides
        left_width = max(len(r.plain) for r in left)
        text = Text()
        text.append(look.text(f"{'up from ' + track.landmarks[0].name:<{left_width}}  "
                              f"down to the {track.landmarks[-1].name} (goal)"), "dim italic")
        for i in range(max(len(left), len(right))):
            text.append("\n")
            piece = left[i] if i < len(left) else Text()
            piece.pad_right(left_width - len(piece.plain))
            text.append_text(piece)
            if i < len(right):
                text.append("  ")
                text.append_text(right[i])
                text.rstrip()
        text.append("\n")
        text.append_text(self._legend(width))
        return text

    def _standard(self, label: str) -> str:
        """A place's standard name, when it differs from the dialect one."""
        for mark in self.track.landmarks:
            if mark.name == label and mark.standard != label and mark.space > self.track.low:
                return self.look.text(mark.standard)
        return ""

    def _end_mark(self, spaces: list[int]) -> str:
        """The mark of a row at an end of the track."""
        track = self.track
        return " (goal)" if spaces[0] == track.high else (
            " (end)" if spaces[0] == track.low else "")

    def _row(self, label: str, spaces: list[int], on_space: dict[int, list[int]], cell: int,
             cells: int, label_width: int, standard: str, standard_width: int) -> Text:
        """A named place (or a stretch without names), its number, and a cell per
        space with the discs standing on it."""
        look = self.look
        row = Text(f"{look.text(label):<{label_width}}", "bold" if label else "")
        if standard_width:
            row.append(f"{standard:<{standard_width}} ", "dim italic")
        row.append(f"{spaces[0]:>+4} " if spaces[0] else "   0 ", "dim")
        for space in spaces:
            discs = on_space.get(space, [])
            if discs:
                for seat in discs:
                    row.append_text(look.disc(seat))
                row.append(" " * max(1, cell - len(discs)))
            else:
                row.append(("." if look.ascii else "·").ljust(cell), "dim")
        row.append(" " * (cell * (cells - len(spaces))))
        return row

    def _legend(self, width: int) -> Text:
        """Every disc and its place, each entry kept whole on one line."""
        look, track = self.look, self.track
        entries = []
        for seat, info in enumerate(self.config.seats):
            entry = Text()
            entry.append_text(look.disc(seat))
            entry.append(f" {look.text(info.name)}: {place_label(track, self.after[seat], look)}")
            entries.append(entry)
        lines, line = [], Text()
        for entry in entries:
            if line.plain and len(line.plain) + 3 + len(entry.plain) > width:
                lines.append(line)
                line = Text()
            if line.plain:
                line.append("   ")
            line.append_text(entry)
        lines.append(line)
        return Text("\n").join(lines)
