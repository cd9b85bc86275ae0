"""The ``ebbes`` command: play (the default), check records, benchmarks, tournaments.

Subcommands import only what they need, so ``ebbes check`` never loads Textual.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from . import __version__
from .flags import add_flags
from .game.registry import DEFAULT_GAME, all_games, game_ids, load_game

if TYPE_CHECKING:
    from .controller.events import AnyUpdate
    from .game.protocols import AnyGame
    from .table.headless import Narrator


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line, exit status 2, pointing at
    the help of the command that was given (``ebbes table set --help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try '{self.prog} --help')\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]  # the stub overloads it
                         namespace: argparse.Namespace | None = None,
                         ) -> tuple[argparse.Namespace, list[str]]:
        """Words nobody takes are refused by the command they were given to, which
        argparse otherwise leaves to ``ebbes`` itself."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ebbes",
        description="ebbes, Blindes Huhn extrem and Hund: trick-taking card games in your "
                    "terminal.",
    )
    parser.add_argument("--version", action="version", version=f"ebbes {__version__}")
    parser.add_argument("--game", dest="game", choices=game_ids(), default=None,
                        help="the game the menu offers first (default: the last one played)")
    parser.add_argument("--continue", dest="continue_game", action="store_true",
                        help="resume the last saved game of that game directly")
    parser.add_argument("--ascii", action="store_true",
                        help="draw with ASCII only (automatic in a non-UTF-8 locale)")
    parser.add_argument("--no-mouse", action="store_true",
                        help="no mouse tracking (the default over SSH)")
    parser.add_argument("--mouse", action="store_true",
                        help="mouse tracking even over SSH")
    parser.add_argument("--no-animation", dest="animation", action="store_false",
                        help="discs jump to their places on the board instead of walking")
    parser.add_argument("--pace", type=_seconds, default=None, metavar="S",
                        help="pause before each bot move, in seconds, for this run (default: "
                             "the menu's bots' pace, normal: 0.5)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    check = sub.add_parser("check", help="replay game records and check every rule")
    check.add_argument("files", nargs="+", metavar="FILE", help="ebbes-record/1 JSON files")
    check.add_argument("--json", action="store_true", help="one JSON object per file")

    bench = sub.add_parser("bench", help="measure speed and memory")
    bench.add_argument("area", choices=["rules", "bots", "ui", "ssh", "tables"],
                       help="what to measure")
    bench.add_argument("--json", action="store_true", help="print figures as JSON")
    bench.add_argument("--seconds", type=float, default=None, metavar="S",
                       help="time spent measuring (default: 1 per figure; ssh: 30)")
    bench.add_argument("--game", choices=game_ids(), default=None,
                       help=f"rules and bots: the game to measure (default {DEFAULT_GAME})")
    bench.add_argument("--levels", default=None, metavar="L1,L2",
                       help="bots only: the levels to time (default normal,hard,random; "
                            "expert takes a second or two a decision)")
    bench.add_argument("--baseline", type=Path, default=None, metavar="DIR",
                       help="rules only: measure this code side by side with the ebbes_tui "
                            "of another checkout (e.g. a git worktree of an older commit)")

    tour = sub.add_parser("tournament", help="bots against bots on duplicate deals")
    tour.add_argument("--game", choices=game_ids(), default=DEFAULT_GAME,
                      help=f"the game to play (default {DEFAULT_GAME})")
    tour.add_argument("--players", type=_positive, default=4, metavar="N")
    tour.add_argument("--games", type=_positive, default=100, metavar="N",
                      help="deals to play (each replayed with the seats rotated)")
    tour.add_argument("--levels", default="hard,normal", metavar="L1,L2",
                      help="bot levels spread over the seats (random, normal, hard, "
                           "expert; ismcts, an experiment)")
    add_flags(tour, all_games())
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--hard-samples", type=_positive, default=None, metavar="N",
                      help="the hard bot's samples per decision (its budget, of which a "
                           "game may give a long decision a share; the expert's in "
                           "proportion; ismcts: per candidate)")
    tour.add_argument("--json", action="store_true", help="print the result as JSON")

    simulate = sub.add_parser("simulate", help="random games with every invariant checked "
                                                "after every action")
    simulate.add_argument("--game", choices=game_ids(), default=DEFAULT_GAME)
    simulate.add_argument("--games", type=_positive, default=1000, metavar="N",
                          help="games in all, spread over the player counts (default 1000)")
    simulate.add_argument("--players", type=_positive, default=None, metavar="P",
                          help="only this number of players")
    simulate.add_argument("--seed", type=int, default=0, metavar="S")
    simulate.add_argument("--json", action="store_true", help="print the result as JSON")

    replay = sub.add_parser("replay", help="watch a game record again, step by step")
    replay.add_argument("file", type=Path, metavar="FILE", help="an ebbes-record/1 JSON file")
    learn = sub.add_parser("learn", help="a short guided game on fixed cards, with a coach")
    learn.add_argument("--game", dest="game", choices=game_ids(), default=argparse.SUPPRESS,
                       help="the game to learn (default: the last one played)")
    _add_table_parser(sub)
    return parser


def _add_table_parser(sub: argparse._SubParsersAction) -> None:
    """``ebbes table serve | list | join`` and the host's commands: shared tables on
    this server."""
    table = sub.add_parser("table", help="play together on this server: open, list, join tables")
    actions = table.add_subparsers(dest="action", parser_class=_Parser, metavar="ACTION",
                                   required=True)
    where = {"type": Path, "default": None, "metavar": "DIR",
             "help": "where the users' table directories are (default $EBBES_TABLES_DIR or "
                     "/tmp): DIR/ebbes-tables-UID"}

    serve = actions.add_parser("serve", help="open a table (detached unless --foreground)")
    serve.add_argument("name", metavar="NAME",
                       help="the table's name; '-' reads NAME and the options from standard "
                            "input, one a line (ps shows anyone a command's arguments)")
    serve.add_argument("--seats", metavar="SPEC",
                       help="one word per seat, comma-separated: 'player', 'user:LOGIN' or "
                            "'bot:LEVEL' (default player,player,player)")
    serve.add_argument("--invite", metavar="USER,...", help="users who may sit down")
    serve.add_argument("--open", action="store_true", help="anyone on this server may sit down")
    serve.add_argument("--spectators", action="store_true", help="anyone may watch")
    serve.add_argument("--game", choices=game_ids(), default=None,
                       help=f"the game to play (default {DEFAULT_GAME}; a saved game "
                            "reopens as its own)")
    add_flags(serve, all_games())
    serve.add_argument("--seed", type=int, default=None, metavar="S", help="deal from this seed")
    serve.add_argument("--away-after", default=None, metavar="SECONDS|never",
                       help="a bot plays for a player who is away this long (default 120)")
    serve.add_argument("--turn-time", default=None, metavar="SECONDS|never",
                       help="a connected player's time for one decision; then a bot makes it "
                            "and plays until they act again (default 120)")
    serve.add_argument("--dir", **where)
    serve.add_argument("--foreground", action="store_true",
                       help="serve in this process, logging to stderr")

    listing = actions.add_parser("list", help="the open tables")
    listing.add_argument("--json", action="store_true", help="one JSON object a table")
    listing.add_argument("--dir", **where)

    join = actions.add_parser("join", help="sit down at a table, or watch it")
    join.add_argument("name", metavar="NAME", help="the table (HOST/NAME if several share a name)")
    join.add_argument("--seat", type=_positive, default=None, metavar="K",
                      help="the K-th seat of the table's --seats")
    join.add_argument("--watch", action="store_true", help="watch: the public table, no hand")
    join.add_argument("--take-over", action="store_true",
                      help="move here the seat you hold in another terminal (it is let go)")
    join.add_argument("--bot", default=None, metavar="LEVEL",
                      help="play the seat headless with a bot (random, normal, hard, expert)")
    join.add_argument("--think", type=_number(float, 0, 60, "a number of seconds"), default=0.0,
                      metavar="S", help="with --bot: pause before each decision")
    join.add_argument("--trace", type=Path, default=None, metavar="FILE",
                      help="write every message received, one JSON object a line")
    join.add_argument("--dir", **where)

    # The host's commands for a running table (root may give them at any table).
    table_name = {"metavar": "NAME", "help": "your table (HOST/NAME for root)"}
    close = actions.add_parser("close", help="close your table (a game is saved)")
    close.add_argument("name", **table_name)
    close.add_argument("--dir", **where)
    for action, what in (("invite", "let these users sit down"),
                         ("uninvite", "no longer let these users sit down")):
        command = actions.add_parser(action, help=what)
        command.add_argument("name", **table_name)
        command.add_argument("logins", nargs="+", metavar="LOGIN")
        command.add_argument("--dir", **where)
    setting = actions.add_parser("set", help="open your table to others, or to spectators")
    setting.add_argument("name", **table_name)
    for on, off, yes, no in (("open", "private", "anyone on this server may sit down",
                              "only those invited may sit down"),
                             ("spectators", "no-spectators", "anyone may watch",
                              "only players may watch")):
        group = setting.add_mutually_exclusive_group()
        group.add_argument(f"--{on}", dest=on, action="store_true", default=None, help=yes)
        group.add_argument(f"--{off}", dest=on, action="store_false", help=no)
    setting.add_argument("--dir", **where)
    bot = actions.add_parser("bot", help="a bot plays a seat now, until its player acts again")
    bot.add_argument("name", **table_name)
    bot.add_argument("--seat", type=_positive, required=True, metavar="K",
                     help="the K-th seat of the table's --seats")
    bot.add_argument("--dir", **where)
    remove = actions.add_parser("remove", help="show a watcher out of your table")
    remove.add_argument("name", **table_name)
    remove.add_argument("login", metavar="LOGIN")
    remove.add_argument("--dir", **where)


def _number(convert: type, low: float, high: float | None, what: str):  # noqa: ANN202
    """An argparse type: ``convert`` the text and check ``low <= value <= high``."""

    def parse(text: str) -> float:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if value < low or (high is not None and value > high):
            limit = f"from {low:g} to {high:g}" if high is not None else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"must be {limit}, not {value:g}")
        return value

    return parse


_seconds = _number(float, 0, 10, "a number of seconds")
_positive = _number(int, 1, None, "a whole number")


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        _hand_over_early(sys.argv[1:])
    try:
        return _command(argv)
    except BrokenPipeError:
        # Whoever read the output stopped (``ebbes table list | head -1``): no traceback,
        # and nothing more is written at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as e:
        from .controller.private_files import DataDirError  # the package is slow to load

        if not isinstance(e, DataDirError):
            raise
        print(f"ebbes: {e}. Nothing was changed; XDG_DATA_HOME may name a folder of "
              "your own instead.", file=sys.stderr)
        return 1


def _command(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        from .check import main as check_main

        return check_main(args.files, args.json)
    if args.command == "bench":
        from .bench import PER_GAME, run_bench

        if args.baseline is not None and args.area != "rules":
            build_parser().error("--baseline works with 'bench rules' only")
        if args.game is not None and args.area not in PER_GAME:
            build_parser().error(f"--game works with 'bench {' | '.join(PER_GAME)}' only")
        if args.levels is not None and args.area != "bots":
            build_parser().error("--levels works with 'bench bots' only")
        levels = None
        if args.levels is not None:
            from .tournament import parse_levels

            levels = parse_levels(args.levels)
            if levels is None:
                build_parser().error(f"unknown bot level in {args.levels!r}")
        return run_bench(args.area, args.json, args.seconds, args.baseline, args.game, levels)
    if args.command == "tournament":
        from .tournament import main as tournament_main

        return tournament_main(args)
    if args.command == "replay":
        return watch(args)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "table":
        if args.action == "serve":  # before the tables' code loads: ps shows less for less
            args = _serve_arguments(args, argv)
        from .table.commands import main as table_main

        return table_main(args, play_at_table, watch_lines(args))
    return play(args)


def _hand_over_early(typed: list[str]) -> None:
    """``ebbes table serve NAME ...`` typed at a shell becomes ``serve -`` before
    anything else is loaded, so its arguments show in ``ps`` as briefly as can be (the
    new process checks them)."""
    if typed[:2] == ["table", "serve"] and len(typed) > 2 and typed[2] != "-" \
            and not {"-h", "--help"} & set(typed):
        _hand_over(typed[2:])


def _hand_over(arguments: list[str]) -> None:
    """:func:`~.table.arguments.hand_over`; arguments it cannot carry are refused in
    one sentence, exit status 2."""
    from .game.errors import SetupError
    from .table.arguments import hand_over

    try:
        hand_over(arguments)
    except SetupError as e:
        _refuse(e)


def _refuse(error: Exception) -> NoReturn:
    print(f"ebbes: {error}", file=sys.stderr)
    raise SystemExit(2)


def _serve_arguments(args: argparse.Namespace, argv: list[str] | None) -> argparse.Namespace:
    """``table serve``'s arguments, kept out of ``ps`` (table/arguments.py): typed at a
    shell (``argv`` None) in a form :func:`_hand_over_early` leaves (``ebbes --ascii
    table serve ...``), this process becomes ``serve -`` with them on standard input;
    with ``-`` they are read from there, and any given beside it follow them."""
    from .game.errors import SetupError
    from .table.arguments import FROM_STDIN, read_arguments

    typed = sys.argv[1:] if argv is None else argv
    given_here = typed[typed.index("serve", typed.index("table")) + 1:] \
        if "table" in typed and "serve" in typed[typed.index("table"):] else []
    if args.name != FROM_STDIN:
        if argv is None and given_here:
            _hand_over(given_here)
        return args
    if FROM_STDIN in given_here:  # options beside '-' count too (--dir, --foreground)
        given_here.remove(FROM_STDIN)
    try:
        if sys.stdin is None:
            raise SetupError(f"'serve {FROM_STDIN}' reads the table's NAME and options from "
                             "standard input, and it is closed.")
        if sys.stdin.isatty():
            print("The table's NAME, then its options, one a line; then Ctrl-D:", file=sys.stderr)
        given = build_parser().parse_args(
            ["table", "serve", *read_arguments(sys.stdin.buffer), *given_here])
        if given.name == FROM_STDIN:
            raise SetupError(f"'serve {FROM_STDIN}' reads the table's NAME from standard input.")
    except SetupError as e:
        _refuse(e)
    return given


def simulate(args: argparse.Namespace) -> int:
    """``ebbes simulate``: seeded random games of a game, every invariant checked after
    every action and chance step; exit status 1 when any fault was found."""
    import json
    import time

    from .game.registry import load_game
    from .game.simulate import random_games

    game = load_game(args.game)
    counts = (args.players,) if args.players else game.player_counts
    if any(n not in game.player_counts for n in counts):
        print(f"ebbes simulate: {game.title} is played by "
              f"{', '.join(map(str, game.player_counts))} players", file=sys.stderr)
        return 2
    rows, faults = [], []
    for i, players in enumerate(counts):
        share = args.games // len(counts) + (i < args.games % len(counts))
        start = time.perf_counter()
        report = random_games(game, players, share, seed=args.seed + 100_000 * players)
        rows.append({"players": players, "games": report.games, "actions": report.actions,
                     "faults": len(report.faults), "seconds": round(time.perf_counter() - start, 1)})
        faults += report.faults
    if args.json:
        print(json.dumps({"game": game.id, "rows": rows, "faults": faults[:20]}))
    else:
        print(f"{game.title}: random games with every invariant checked after every action")
        for row in rows:
            print(f"{row['players']} players: {row['games']} games, {row['actions']} actions, "
                  f"{row['faults']} faults, {row['seconds']} s")
        for fault in faults[:20]:
            print(f"  {fault}")
    return 1 if faults else 0


def play(args: argparse.Namespace) -> int:
    """Start the game in this terminal."""
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        if args.continue_game and not _has_save(args.game):
            print("ebbes: There is no saved game to continue.", file=sys.stderr)
        else:
            print("ebbes: the game needs a terminal (try 'ebbes --help')", file=sys.stderr)
        return 2
    from .ui.launch import run

    return run(args, continue_game=args.continue_game, game=args.game,
               learn=args.command == "learn")


def watch(args: argparse.Namespace) -> int:
    """``ebbes replay FILE``: check the record as ``ebbes check`` does (one line and
    status 2 when it does not replay), then watch it at this terminal."""
    from .check import check_file

    result, state = check_file(str(args.file))
    if state is None:
        print(f"ebbes: {result['file']}: invalid: {result['error']}", file=sys.stderr)
        return 2
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("ebbes: the game needs a terminal (try 'ebbes --help')", file=sys.stderr)
        return 2
    from .ui.launch import run

    return run(args, replay=args.file)


def play_at_table(connection: object, args: argparse.Namespace) -> int:
    """``ebbes table join`` at a terminal: the joined table's screens (``ebbes_tui.ui``;
    the table package below it never imports them)."""
    from .ui.launch import run

    return run(args, table=connection)


def watch_lines(args: argparse.Namespace) -> Narrator:
    """``ebbes table join --watch`` without a terminal prints each move as the game's
    log says it: the log's words are the screens' (``ebbes_tui.ui``), loaded only then."""

    def narrate(game: AnyGame) -> Callable[[AnyUpdate], list[str]]:
        from .terminal import want_ascii
        from .ui.narrate import narrator

        return narrator(game, want_ascii(args.ascii, os.environ))

    return narrate


def _has_save(game: str | None) -> bool:
    from .controller import SaveStore

    games = [load_game(game)] if game else all_games()
    return any(SaveStore(game=g).list() for g in games)
