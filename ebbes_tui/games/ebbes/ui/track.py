"""The scoring board (R14): every disc's place and exact total first, then the track
from Dabbscheedel to the Rhoi, every named place written on it in dialect with its
number, each player's disc (their seat number on their colour) on its space.

The track reads down the left column, then down the right one, from the lowest space
to the goal. A row is a named place and the unnamed spaces after it (below Start, a
stretch of unnamed ones); a space with discs on it always says its number ("+13: 1 2"),
and discs sharing a space stand apart, so none reads as part of another number. After
a round the discs walk space by space to their new places (any key,
``--no-animation`` or a slow terminal skips it). The track itself stays a data table
in the rules (``rules/track_data.py``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ..rules.track import Landmark, ScoringTrack
from ..rules.variants import GameConfig
from ....ui.look import WIDE
from .look import EbbesLook

#: Spaces in a row of the stretch below Start (a long way without names).
BELOW_START_ROW = 5
#: Seconds per step of the discs' walk; a frame slower than ``SLOW`` ends the walk.
STEP = 0.06
SLOW = 0.25


def place_label(track: ScoringTrack, total: int, look: EbbesLook) -> str:
    """Where a disc is, in words that never wrap: ``Lautre, +12``; below Start,
    ``toward Dabbscheedel, -3``; a total beyond an end is kept exactly (R14)."""
    if 0 < -total < -track.low:
        return look.text(f"toward {track.landmarks[0].name}, {total:+d}")
    return look.text(f"{track.landmark_at_or_below(total).name}, {total:+d}")


def board_rows(track: ScoringTrack) -> tuple[list[tuple[str, list[int]]], list[tuple[str, list[int]]]]:
    """The board's two columns as rows of (label, spaces), from the lowest space to the
    goal: the left column first, then the right one, each read downwards. A named
    place's row holds it and the unnamed spaces after it."""
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
    left = [(_row_label(m), spaces) for m, spaces in rows[:half]]
    right = [(_row_label(m), spaces) for m, spaces in rows[half:]]
    return left, right


def _row_label(mark: Landmark | None) -> str:
    return mark.name if mark is not None else ""


class TrackBoard(Widget):
    """The board with every disc at ``after``; :meth:`walk` moves them there space by
    space from ``before``. ``names``: the seats' names as the screen reads them (else
    as given)."""

    DEFAULT_CSS = "TrackBoard { height: auto; }"

    def __init__(self, look: EbbesLook, config: GameConfig, before: tuple[int, ...],
                 after: tuple[int, ...], *, names: Sequence[str] | None = None,
                 animate: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
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
        """Where each disc is, in words and exact totals; then the track."""
        look, track = self.look, self.track
        on_space: dict[int, list[int]] = {}
        for seat in range(self.config.seat_count):
            on_space.setdefault(track.disc_space(self.shown[seat]), []).append(seat)
        wide = width >= WIDE
        sides = []
        for rows in board_rows(track):
            names = [self._label(label, spaces, wide) for label, spaces in rows]
            label_width = max(map(len, names))
            sides.append([self._row(name, label_width, spaces, on_space)
                          for name, (_, spaces) in zip(names, rows)])
        left, right = sides
        left_width = max(len(r.plain) for r in left)
        text = self._legend(width)
        text.append("\n")
        text.append(look.text(f"From {track.landmarks[0].name} to the {track.landmarks[-1].name}"
                              ": down the left, then down the right"), "dim italic")
        for i in range(max(len(left), len(right))):
            text.append("\n")
            piece = left[i] if i < len(left) else Text()
            piece.pad_right(left_width - len(piece.plain))
            text.append_text(piece)
            if i < len(right):
                text.append("   ")
                text.append_text(right[i])
            text.rstrip()
        return text

    def _label(self, label: str, spaces: list[int], wide: bool) -> str:
        """A row's place name, with (where there is room) its standard name, and the
        end it is: "Rhoi (Rhein, goal)"."""
        track = self.track
        notes = [m.standard for m in track.landmarks if wide and m.name == label
                 and m.standard != label and m.space > track.low]
        notes += ["goal"] if spaces[0] == track.high else ["end"] if spaces[0] == track.low \
            else []
        return self.look.text(f"{label} ({', '.join(notes)})" if notes else label)

    def _row(self, label: str, label_width: int, spaces: list[int],
             on_space: dict[int, list[int]]) -> Text:
        """A named place (or a stretch without names) and its number, then each further
        space: a dot, or its number; discs follow a colon, each apart ("+13: 1 2")."""
        look = self.look
        row = Text(f"{label:<{label_width}} ", "bold" if label else "")
        for i, space in enumerate(spaces):
            discs = on_space.get(space, [])
            number = f"{space:+d}" if space else "0"
            if i == 0:
                row.append(f"{number:>3}", "bold" if discs else "dim")
            elif discs:
                row.append(f" {number}", "bold")
            else:
                row.append(" " + ("." if look.ascii else "·"), "dim")
            if discs:
                row.append(":", "bold")
                for seat in discs:
                    row.append(" ")
                    row.append_text(look.disc(seat))
        return row

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
            if line.plain and len(line.plain) + 3 + len(entry.plain) > width:
                lines.append(line)
                line = Text()
            if line.plain:
                line.append("   ")
            line.append_text(entry)
        lines.append(line)
        return Text("\n").join(lines)
