"""Blindes Huhn extrem's rules (RULINGS-huhn H1-H14): cards, arranging, tricks, scoring,
views, the ``huhn-record/1`` record, the checks of every decision and the invariants.
Pure: no I/O, no Textual, no randomness but a Random passed in."""
