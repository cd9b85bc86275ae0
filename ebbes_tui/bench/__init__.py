"""``ebbes bench AREA``: figures for speed and memory, printed, never asserted."""

from __future__ import annotations


def run_bench(area: str, as_json: bool, seconds: float) -> int:
    if area == "rules":
        from .rules_bench import main

        return main(as_json, seconds)
    if area == "bots":
        from .bots_bench import main as bots_main

        return bots_main(as_json, seconds)
    raise ValueError(area)
