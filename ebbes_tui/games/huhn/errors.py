"""A refused decision that knows its ruling, so a record's error can name the rule
(RULINGS-huhn check spec) while players read only the sentence."""

from __future__ import annotations

from ...game.errors import IllegalMove


class RuleBroken(IllegalMove):
    """:class:`IllegalMove` with the ruling it breaks (``"H4"``), for records only."""

    def __init__(self, seat: int | None, rule: str, played: object = None,
                 ruling: str = "") -> None:
        super().__init__(seat, rule, played)
        self.ruling = ruling
