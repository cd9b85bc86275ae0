"""Saying things in a player's words, for every game: the seats' names as one player
reads them (their own is "You"), verbs that agree with them, and the lines the match
itself makes (a seat changing hands, a save that failed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len, chop_cells

from ..controller import SaveFailed, SeatChanged
from .look import Look

#: Under a spectator's "No hand (watching)", in every game: why the box is empty.
WATCHING = "You are watching: every hand stays hidden."


def names_whole(text: str, names: Sequence[str], width: int) -> str:
    """``text`` wrapped at ``width`` (0: not yet known, left to the widget) without
    cutting a name across two lines: "The trump card was Bot" over "2's." reads as
    someone called Bot."""
    if width <= 0:
        return text
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, name.replace(" ", "\xa0"))  # lines break at ASCII spaces
    return "\n".join(_filled(line, width) for line in text.split("\n")).replace("\xa0", " ")


def _filled(line: str, width: int) -> str:
    """``line`` wrapped at its spaces into rows of at most ``width`` terminal cells (a
    wide letter takes two; textwrap counts letters); a longer word has a row alone."""
    rows: list[str] = []
    row, used = "", 0
    for word in filter(None, line.split(" ")):  # not split(): it breaks at \xa0 too
        size = cell_len(word)
        if row and used + 1 + size > width:
            rows.append(row)
            row, used = "", 0
        row, used = (f"{row} {word}", used + 1 + size) if row else (word, size)
    return "\n".join([*rows, row])


def as_seen_by(names: list[str], seat: int | None) -> list[str]:
    """The seats' names as ``seat``'s player reads them: their own is "You" (two seats
    of one login at a shared table are "root" and "root (2)": "chose root (2)" read
    as someone else)."""
    if seat is None or not 0 <= seat < len(names):
        return names
    return [*names[:seat], "You", *names[seat + 1:]]


def seat_names(view: Any, look: Look, personal: bool = True) -> list[str]:
    """The names of ``view``'s seats, drawn for ``look``; ``personal``: as the view's
    own seat reads them, its own "You" whatever name it was given (one name for a seat
    on every screen: never "dealer Ann" above "1 You"). A hot-seat screen (``look``)
    is read by several people: each seat by its name there."""
    names = [look.text(s.name) for s in view.seats]
    return as_seen_by(names, view.seat) if personal and not look.hot_seat else names


def dealer_words(names: Sequence[str], dealer: int) -> str:
    """``dealer Ann`` for a status line, ``you deal`` for the player reading it."""
    return "you deal" if names[dealer] == "You" else f"dealer {names[dealer]}"


def padded(name: str, width: int) -> str:
    """``name`` and spaces to ``width`` cells of the terminal: a wide letter (漢) takes
    two, so a column padded by letters ran past the columns beside it."""
    return name + " " * max(width - cell_len(name), 0)


def cells_cut(text: str, width: int) -> str:
    """The start of ``text`` that fits ``width`` cells (a wide letter is never halved)."""
    return chop_cells(text, width)[0] if text and width > 0 else ""


def cut_names(names: Sequence[str], width: int, mark: str) -> list[str]:
    """Each name cut to ``width`` cells, a cut one ending in ``mark`` (``Look.ellipsis``)
    so it does not pass for the whole name; names that would read alike keep their ends,
    so "Player 1" and "Player 2" at 6 are "Pla… 1" and "Pla… 2", not "Playe…" twice."""
    def cut(name: str, end: str = "") -> str:
        if cell_len(name) <= width:
            return name
        room = width - cell_len(mark) - cell_len(end)
        if room > 0:
            return cells_cut(name, room) + mark + end
        return cells_cut(name, width - cell_len(end)) + cells_cut(end, width)  # no room for the mark

    once = [cut(name) for name in names]
    return [cut(name, name[-2:]) if once.count(c) > 1 else c for name, c in zip(names, once)]


def says(name: str, verb: str) -> str:
    """``Bot 1 takes``, but ``You take``: the default player is called "You"."""
    return f"{name} {verb_for(name, verb)}"


def verb_for(name: str, verb: str) -> str:
    """``verb`` (third person, "takes") as it goes with ``name`` ("you" inside a
    sentence too)."""
    if name not in ("You", "you"):
        return verb
    if verb in ("is", "has"):
        return {"is": "are", "has": "have"}[verb]
    return verb[:-2] if verb.endswith(("ches", "shes", "sses")) else verb.removesuffix("s")


def took_the_trick(names: Sequence[str], taker: int, leader: int | None = None) -> str:
    """While a finished trick stays on the table, what is true: ``Bot 1 took the trick
    and leads next``, ``You took the trick; Bot 2 leads next`` (no ``leader``: only who
    took it). Every game's status line says it then, not who plays."""
    took = f"{names[taker]} took the trick"
    if leader is None:
        return took
    if leader == taker:
        return f"{took} and {verb_for(names[taker], 'leads')} next"
    return f"{took}; {says(names[leader], 'leads')} next"


def winners_line(names: list[str], winners: tuple[int, ...]) -> str:
    """``Ann wins!``, ``You win!`` or ``Ann and Bob share the win!`` (ties share it)."""
    who = [names[s] for s in winners]
    if len(who) == 1:
        return f"{says(who[0], 'wins')}!"
    return f"{', '.join(who[:-1])} and {who[-1]} share the win!"


def scored_line(what: str, names: list[str], points: tuple[int, ...],
                totals: tuple[int, ...]) -> str:
    """``Round 2 scored: Ann +3 (+5), Bob -1 (+2).``: each seat's points (its total)."""
    each = ", ".join(f"{names[s]} {p:+d} ({totals[s]:+d})" for s, p in enumerate(points))
    return f"{what} scored: {each}."


def game_over_line(names: list[str], winners: tuple[int, ...]) -> str:
    """``Game over: Ann wins.`` or ``Game over: Ann and Bob share the win.``"""
    who = " and ".join(names[s] for s in winners)
    return (f"Game over: {says(who, 'wins')}." if len(winners) == 1
            else f"Game over: {who} share the win.")


def _them(name: str) -> str:
    """The pronoun for ``name`` as an object: "you" for the player reading."""
    return "you" if name in ("You", "you") else "them"


def match_line(event: object, names: Sequence[str]) -> str | None:
    """The log's line for what the match itself reports: a seat a bot takes over or
    gives back (R21), a save that failed; None for anything else."""
    if isinstance(event, SeatChanged):
        who = names[event.seat]
        return f"{says(who, 'is')} back." if event.human else \
            f"{says(who, 'is')} away: a {event.level} bot plays for {_them(who)}."
    if isinstance(event, SaveFailed):
        return event.message
    return None
