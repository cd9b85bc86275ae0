"""Hund's rules (RULINGS-hund, N1-N17): cards, the two phases, the seats' views, the
record and its check, and what must always hold. Pure: no I/O, no Textual, no bot."""
