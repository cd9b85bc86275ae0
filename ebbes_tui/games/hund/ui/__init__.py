"""Hund's screens (the table, the log, the tally, the replay) on the generic shell:
:mod:`.screens` is what the shell loads. Nothing here is imported by the rules."""
