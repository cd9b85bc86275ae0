"""The scoring track from Dabbscheedel to Rhoi (R14), built from :mod:`track_data`."""

from __future__ import annotations

from dataclasses import dataclass

from .track_data import TRACK_SPACES


@dataclass(frozen=True)
class Landmark:
    """A named space: its number, the dialect name and the standard name."""

    space: int
    name: str
    standard: str


@dataclass(frozen=True)
class ScoringTrack:
    """A line of spaces from ``low`` (Dabbscheedel) to ``high`` (the goal)."""

    landmarks: tuple[Landmark, ...]

    @classmethod
    def from_rows(cls, rows: tuple[tuple[int, str, str], ...]) -> ScoringTrack:
        marks = tuple(Landmark(*row) for row in sorted(rows))
        if len(marks) < 2 or not marks[0].space < 0 < marks[-1].space:
            raise ValueError("a track needs a space below 0 and a goal above 0")
        return cls(marks)

    @property
    def low(self) -> int:
        """The Dabbscheedel space: reaching it ends a Variant 2 game (R13)."""
        return self.landmarks[0].space

    @property
    def high(self) -> int:
        """The goal space: reaching it ends a Variant 2 game (R13)."""
        return self.landmarks[-1].space

    def disc_space(self, total: int) -> int:
        """Where a disc stands for ``total``: beyond an end it stays on the end (R14)."""
        return max(self.low, min(self.high, total))

    def reached_end(self, total: int) -> bool:
        """R13 A disc on an end space, or past it, has reached that end."""
        return total <= self.low or total >= self.high

    def landmark_at_or_below(self, total: int) -> Landmark:
        """The named space a disc has last passed (or stands on)."""
        space = self.disc_space(total)
        passed = [m for m in self.landmarks if m.space <= space]
        return passed[-1] if passed else self.landmarks[0]


DEFAULT_TRACK = ScoringTrack.from_rows(TRACK_SPACES)
