"""Text from another process, made safe to show: the one function every string from a
socket passes before it reaches a terminal (the command line, the screens, the logs).

A table's host, its phase, a player's name, a chat line, an error's sentence: any of it
may come from a hostile neighbour, and a terminal obeys escape sequences in it (erase
a line, set the window title, hide what follows, reorder text with bidi overrides).
"""

from __future__ import annotations

import unicodedata

#: The longest chat message, in characters, after cleaning.
CHAT_LIMIT = 200
#: The longest name (a login, a player, a table's claim) a screen shows.
NAME_LIMIT = 40


def clean(text: object, limit: int = CHAT_LIMIT) -> str:
    """``text`` with every control, format and separator character (ESC and so every
    CSI and OSC sequence, the C1 controls, bidi overrides and isolates, line breaks)
    turned into a space, runs of spaces collapsed, cut to ``limit`` characters. Without
    ESC and the C1 controls no terminal sequence can be formed, whatever the rest of
    the text says."""
    text = text if isinstance(text, str) else str(text)
    kept = [" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text[:limit * 4]]
    return " ".join(_few_marks("".join(kept)).split())[:limit]


#: Accents a letter may carry: "ệ" has two. More is a name piled high with marks that
#: draws over the lines above and below it in many terminals.
MARKS_KEPT = 2


def _few_marks(text: str) -> str:
    """``text`` with at most :data:`MARKS_KEPT` marks on each character, and none on a
    space or at the start: every mark (Unicode's M categories), also those of combining
    class 0 (enclosing circles, variation selectors, Thai vowels, the grapheme joiner)."""
    out: list[str] = []
    marks = MARKS_KEPT  # none at the start
    for ch in text:
        if unicodedata.category(ch)[0] != "M":
            out.append(ch)
            marks = MARKS_KEPT if ch == " " else 0
        elif marks < MARKS_KEPT:
            out.append(ch)
            marks += 1
    return "".join(out)
