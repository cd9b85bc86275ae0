"""The scoring track from Dabbscheedel to Rhoi (R14): one row per seat, the disc an
initial on its colour, the round's move drawn as a trail."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..rules.track import ScoringTrack
from ..rules.variants import GameConfig
from .look import Look

NAME = 11
#: Width from which the legend also gives each place's standard name.
WIDE = 110


class TrackBoard(Widget):
    """Discs at ``after``; a trail shows where each came from (``before``)."""

    DEFAULT_CSS = "TrackBoard { height: auto; }"

    def __init__(self, look: Look, config: GameConfig, before: tuple[int, ...],
                 after: tuple[int, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look
        self.config = config
        self.before = before
        self.after = after
        track = config.track
        self.tooltip = "\n".join(look.text(f"{m.space:+d} {m.name} = {m.standard}")
                                 for m in track.landmarks)

    def move(self, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        """New totals (the table's board follows the game)."""
        if (before, after) != (self.before, self.after):
            self.before, self.after = before, after
            self.refresh(layout=True)

    @property
    def track(self) -> ScoringTrack:
        return self.config.track

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return self.render_lines_for(width).plain.count("\n") + 1

    def render(self) -> Text:
        return self.render_lines_for(self.size.width)

    def render_lines_for(self, width: int) -> Text:
        look = self.look
        track = self.track
        spaces = track.high - track.low + 1
        scale = max(1, (width - NAME - 22) // spaces)
        col = lambda total: (track.disc_space(total) - track.low) * scale  # noqa: E731
        ticks = {m.space for m in track.landmarks}
        ruler = "".join(("|" if s in ticks else ("-" if look.ascii else "·")).ljust(scale)
                        for s in range(track.low, track.high + 1))
        text = Text(" " * (NAME + 2), style="dim")
        text.append(ruler, "dim")
        for seat, info in enumerate(self.config.seats):
            line = list(ruler)
            start, end = sorted((col(self.before[seat]), col(self.after[seat])))
            for x in range(start, end + 1):
                line[x] = "=" if look.ascii else "━"
            here = col(self.after[seat])
            row = Text("\n")
            row.append_text(look.disc(seat))
            row.append(f" {look.text(info.name)[:NAME - 1]:<{NAME}}")
            row.append("".join(line[:here]), "dim")
            row.append_text(look.disc(seat))
            row.append("".join(line[here + 1:]), "dim")
            total = self.after[seat]
            row.append(f" {total:>+4} {look.text(place_of(track, total))}")
            text.append_text(row)
        text.append_text(self._legend(width))
        return text

    def _legend(self, width: int) -> Text:
        """Every named space; the standard names too when the window is wide."""
        wide = width >= WIDE
        items = [self.look.text(f"{m.space:{'+' if m.space else ''}d} {m.name}" + (
            f" ({m.standard})" if wide and m.standard != m.name else ""))
            for m in self.track.landmarks]
        lines, line = [], ""
        for item in items:
            if line and len(line) + 3 + len(item) > width:
                lines.append(line)
                line = ""
            line = f"{line}   {item}" if line else item
        lines.append(line)
        return Text("\n" + "\n".join(lines), style="italic")


def place_of(track: ScoringTrack, total: int) -> str:
    """The named space a disc stands on or has passed; below Start, how far it is
    from the Dabbscheedel end."""
    if 0 <= total or total <= track.low:
        return track.landmark_at_or_below(total).name
    return f"{total - track.low} to {track.landmarks[0].name}"
