"""Starting the app at this terminal, the same way for every command that does: the
display options of the command line, and an exit that never waits for the event loop
after a hang-up (issue 9)."""

from __future__ import annotations

import argparse
import os
from typing import Any


def run(args: argparse.Namespace, **options: Any) -> int:
    """Run the app with the command line's display options plus ``options`` (what to
    open first: ``continue_game``, ``replay``, ``table``); its exit status."""
    from ..controller.saves import data_dir
    from ..terminal import exit_on_hangup, want_ascii, want_mouse, why_no_colour

    data_dir()  # DataDirError, said plainly before any screen, if it cannot be used
    no_colour = why_no_colour(os.environ)
    if no_colour:  # a vt100 too: Textual then sends no colour codes (it reads the
        os.environ["NO_COLOR"] = "1"  # environment; a table server started here draws nothing)
    from .app import EbbesApp

    app = EbbesApp(ascii=want_ascii(args.ascii, os.environ), pace=args.pace,
                   animation=args.animation, no_colour=no_colour, **options)
    exit_on_hangup(app.request_quit, save_now=app.save_now)
    app.run(mouse=want_mouse(args.no_mouse, args.mouse, os.environ))
    return app.return_code or 0
