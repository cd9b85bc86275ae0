"""Hund (Bikkje): a Norwegian game of two phases for 2 to 6 players (RULINGS-hund).
Phase 1 collects cards in tricks where equal ranks start a war (krig); phase 2 sheds
them, each play beating the last; the last player holding cards is the hund."""

from .game import GAME

__all__ = ["GAME"]
