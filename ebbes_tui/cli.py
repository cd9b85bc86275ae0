"""The ``ebbes`` command: play (the default), check records, benchmarks, tournaments.

Subcommands import only what they need, so ``ebbes check`` never loads Textual.
"""

from __future__ import annotations

import argparse
import sys

from . import __version__


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (try 'ebbes --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ebbes",
        description="ebbes, the Palatinate trick-taking game, in your terminal.",
    )
    parser.add_argument("--version", action="version", version=f"ebbes {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    check = sub.add_parser("check", help="replay game records and check every rule")
    check.add_argument("files", nargs="+", metavar="FILE", help="ebbes-record/1 JSON files")
    check.add_argument("--json", action="store_true", help="one JSON object per file")

    bench = sub.add_parser("bench", help="measure speed and memory")
    bench.add_argument("area", choices=["rules"], help="what to measure")
    bench.add_argument("--json", action="store_true", help="print figures as JSON")
    bench.add_argument("--seconds", type=float, default=1.0, metavar="S",
                       help="time spent on each figure (default 1)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        from .check import main as check_main

        return check_main(args.files, args.json)
    if args.command == "bench":
        from .bench import run_bench

        return run_bench(args.area, args.json, args.seconds)
    print("The table is not built yet: try 'ebbes check' or 'ebbes bench rules'.", file=sys.stderr)
    return 1
