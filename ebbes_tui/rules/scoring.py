"""Scoring a round: Plus, Minus, ebbes and who holds nix (R6-R9)."""

from __future__ import annotations

from dataclasses import dataclass

from .categories import Category

EBBES_BONUS = 3


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's round, as a round summary shows it."""

    plus_cards: int
    ebbes_cards: int
    ebbes_points: int
    minus_cards: int
    nix_cards: int

    @property
    def total(self) -> int:
        """Plus +1 each, ebbes +3 or 0, Minus -1 each; Trump and nix score nothing (R6, R7)."""
        return self.plus_cards + self.ebbes_points - self.minus_cards


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scored round: the suit of each category, every seat's breakdown, the nix holder."""

    suits: tuple[int, ...]  # suit per Category, in Category order
    seats: tuple[SeatScore, ...]
    nix_holder: int

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)


def ebbes_points(counts: list[int]) -> list[int]:
    """R7: the highest and the lowest ebbes counts (zero included) score 0, all others +3."""
    high, low = max(counts), min(counts)
    return [0 if n in (high, low) else EBBES_BONUS for n in counts]


def nix_holder(nix_counts: list[int], highest_nix: list[int]) -> int:
    """R8: most nix cards; a tie goes to the tied seat holding the highest nix card."""
    most = max(nix_counts)
    tied = [s for s, n in enumerate(nix_counts) if n == most]
    return max(tied, key=lambda s: highest_nix[s])


def score_round(
    suits: tuple[int, ...], counts: list[list[int]], highest: list[list[int]]
) -> RoundScore:
    """Score a finished round from each seat's taken cards counted by suit.

    ``counts[seat][suit]`` is how many cards of ``suit`` the seat took, ``highest``
    the highest such card (-1 for none), used only to break a nix tie.
    """
    plus, ebbes, minus, nix = (
        suits[Category.PLUS], suits[Category.EBBES], suits[Category.MINUS], suits[Category.NIX]
    )
    ebbes_counts = [c[ebbes] for c in counts]
    bonus = ebbes_points(ebbes_counts)
    seats = tuple(
        SeatScore(c[plus], c[ebbes], b, c[minus], c[nix]) for c, b in zip(counts, bonus)
    )
    holder = nix_holder([c[nix] for c in counts], [h[nix] for h in highest])
    return RoundScore(suits, seats, holder)
