"""Playing at a shared table from this terminal: ``ebbes table join NAME`` lands here
with a connection the table already admitted; the app shows the lobby, then the
table (the same screens as a game here, following a remote feed)."""

from __future__ import annotations

import argparse
import os

from ..table.client import TableConnection


def play(connection: TableConnection, args: argparse.Namespace) -> int:
    """Run the app at this terminal, seated at (or watching) the joined table."""
    from ..terminal import exit_on_hangup, want_ascii, want_mouse
    from .app import EbbesApp

    app = EbbesApp(ascii=want_ascii(getattr(args, "ascii", False), os.environ),
                   pace=getattr(args, "pace", 0.5), animation=getattr(args, "animation", True),
                   table=connection)
    exit_on_hangup(app.request_quit)
    app.run(mouse=want_mouse(getattr(args, "no_mouse", False), getattr(args, "mouse", False),
                             os.environ))
    return app.return_code or 0
