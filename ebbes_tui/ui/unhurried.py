"""Screens that cannot be pressed through (issue 25): the hot-seat cover, and a deal's
summary, which in hot-seat comes just before one. A second Enter typed a moment after
a card (or a key's repeat) must not take the cover away and show the next player's
hand to the one who played, nor may a stream of taps or a held key's repeat; nor may it
answer the dialog that comes after a cover."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.notifications import Notification, Notify

#: How long such a screen takes no key after it appears, in seconds.
PAUSE = 0.5
#: How long before a key the keys must have stopped for a screen that waits for them
#: (:attr:`Unhurried.until_keys_stop`: a hot-seat cover, one's own summaries) to take it:
#: longer than a held key's delay before it repeats (X11's default is 0.66 s, Windows'
#: up to 1 s, macOS's slowest setting nearly 2 s), about as long as passing the
#: keyboard on (a key refused so is answered on the cover: press again).
STREAM_GAP = 2.0
#: How long the keys must have stopped, once a cover is taken away, for the table (or
#: a dialog) to take one (:meth:`Keystrokes.from_cover`): longer than a double tap, and
#: than a held key's delay before it repeats on X11 (0.66 s) and Windows (up to 1 s);
#: shorter than :data:`STREAM_GAP`, for a player who looks at the hand and plays at once.
UNCOVERED_GAP = 1.0
#: What a key of that stream, refused on the table, says.
FROM_COVER = "Keys were still coming when the cover went: let go, then press again."
#: What a cover, a summary or the final standings say to a key of a stream that has not
#: stopped (Enter tapped every 1.5 s never took a cover away, and the message did not
#: say how long to let go; a summary said nothing at all).
STILL_COMING = f"Keys were still coming: let go for {STREAM_GAP:g} seconds, then press Enter again."
#: The clock the pause is read by: Textual's, which stamps keys as it reads them (on
#: POSIX). Tests put a clock of their own here, and in :data:`typed_at`: no sleeps.
clock: Callable[[], float] = time.monotonic


def typed_at(event: events.Key) -> float:
    """When ``event`` was typed, on :data:`clock` (as read off the terminal)."""
    return event.time


class Keystrokes:
    """The stamps of the latest keys the app was given, whichever screen had them: a
    stream of Enters that began on the table goes on against the cover that came."""

    KEPT = 8  # a few: keys read in one batch may reach the screens out of their order

    def __init__(self) -> None:
        self._stamps: list[float] = []
        #: A cover was taken away at a key, and no key was taken since.
        self.uncovered = False
        self._by = ""  # that key

    def cover_taken_away(self, key: str) -> None:
        """A cover went at ``key``: the same key coming now may have been typed at it."""
        self.uncovered, self._by = True, key

    def from_cover(self, event: events.Key) -> bool:
        """Whether ``event`` goes on the stream of keys that took a cover away (the same
        key, within :data:`UNCOVERED_GAP` of the key before it): Enter tapped twice, or
        held and repeating, played a card (fixed a hand's order, answered a dialog) that
        the player had not seen yet. Another key, or the first after such a gap, is the
        player's own and ends the stream."""
        if self.uncovered:
            at = typed_at(event)
            if event.key == self._by and at < self.before(at) + UNCOVERED_GAP:
                return True
            self.uncovered = False
        return False

    def heard(self, event: events.Key) -> None:
        """The app was given ``event`` (before any screen had it)."""
        self._stamps = (self._stamps + [typed_at(event)])[-self.KEPT:]

    def before(self, at: float) -> float:
        """The stamp of the latest key typed before ``at``."""
        return max((s for s in self._stamps if s < at), default=float("-inf"))


def keystrokes_of(app: Any) -> Keystrokes | None:
    """The app's :class:`Keystrokes` (an app of a test may have none)."""
    return getattr(app, "keystrokes", None)


def refused(screen: object, event: events.Key) -> bool:
    """Whether ``screen`` takes no ``event``, if it is a screen that may refuse keys
    (has ``refuses``). The app asks this of the screen on top before it looks the key
    up in that screen's bindings: a key is given to the screen on top when it is read,
    but reaches the app's bindings only after that screen had it, and a cover may have
    come on top meanwhile (Enters typed together on a deal's summary took the next
    player's cover away that way, never passing the cover's ``on_key``). A screen that
    refuses it may say why (``key_refused``): a dialog's choices take Enter before the
    dialog's own ``on_key`` sees it."""
    refuses = getattr(screen, "refuses", None)
    if refuses is None or not refuses(event):
        return False
    said = getattr(screen, "key_refused", None)
    if said is not None:
        said(event)
    return True


class TypedAfter:
    """Mixed in before ``Screen``: a key typed before the screen came on top (still
    queued when it came, or given to the screen below) does nothing here. For screens
    that come by themselves, not at a key: a decision dialog after a cover."""

    _typed_after = float("inf")  # by Textual's stamps: keys and the screen's resume

    if TYPE_CHECKING:  # mixed in before a Screen
        app: Any

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The screen is on top: put up now, or back after another on top of it."""
        self._typed_after = event.time  # the moment it was put on top

    def refuses(self, event: events.Key) -> bool:
        """A key typed before the screen came, or one of the stream that took a cover
        away (:meth:`Keystrokes.from_cover`)."""
        keys = keystrokes_of(self.app)
        return event.time < self._typed_after or (keys is not None and keys.from_cover(event))

    def on_key(self, event: events.Key) -> None:
        """Runs before the bindings (the app looks them up once the key reaches it)."""
        if self.refuses(event):
            event.stop()
            event.prevent_default()
            self.key_refused(event)

    def key_refused(self, event: events.Key) -> None:
        """``event`` was refused: a screen may say why."""


class Unhurried(TypedAfter):
    """A :class:`TypedAfter` screen that also takes no key typed in its first
    :data:`PAUSE` seconds on screen: a cover, or a summary just before one. The pause
    runs from the screen's first paint, and is read off each key's own stamp: on a
    loaded machine a key typed in the pause may be handled well after it, and one typed
    with the last move may be read only once the cover was put up (the cover of a Hund
    take-in or a Huhn hand arranged comes at once, with no trick to hold first)."""

    _shown_at = float("inf")  # the first paint; no key is taken before it
    _still_coming: Notification | None = None  # the toast saying so, while it shows
    #: Whether a key typed within :data:`STREAM_GAP` of the key before it is refused too:
    #: a hot-seat cover's (the stream must stop), and a summary's or the final standings'
    #: at one's own table. Not at a shared table, whose summaries close by themselves.
    until_keys_stop = False

    if TYPE_CHECKING:  # mixed in before a Screen
        def call_after_refresh(self, callback: Callable[..., Any], *args: Any,
                               **kwargs: Any) -> bool: ...

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """(Textual calls :class:`TypedAfter`'s handler too: every class's in the MRO.)"""
        self._shown_at = float("inf")
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self._shown_at = clock()

    @property
    def painted(self) -> bool:
        """Whether the screen was painted since it came on top: its pause has begun."""
        return self._shown_at != float("inf")

    def key_refused(self, event: events.Key) -> None:
        """A key of a stream that has not stopped: whoever pressed it is told why
        nothing happened."""
        if self.painted and self.streaming(event):
            self.say_still_coming()

    def say_still_coming(self) -> None:
        """Say :data:`STILL_COMING`: once on screen however many keys are refused, and
        beside any other toast (a table's word stays)."""
        said = self._still_coming
        if said is None or said.has_expired:
            self._still_coming = Notification(STILL_COMING, timeout=STREAM_GAP + 2)
            self.app.post_message(Notify(self._still_coming))

    def streaming(self, event: events.Key) -> bool:
        """Whether ``event`` came within :data:`STREAM_GAP` of the key before it, and
        this screen waits for the keys to stop (:data:`until_keys_stop`)."""
        keys = keystrokes_of(self.app)
        at = typed_at(event)
        return self.until_keys_stop and keys is not None and at < keys.before(at) + STREAM_GAP

    def refuses(self, event: events.Key) -> bool:
        """A key typed before the screen came, before it was painted, or in its pause;
        and, :data:`until_keys_stop`, within :data:`STREAM_GAP` of the key before it, whichever
        screen had that (:class:`Keystrokes`): Enter tapped every 0.2 s, or held and
        repeating, went past the hot-seat cover once its pause was over and showed the
        next player's hand. There a fresh key takes it."""
        return super().refuses(event) or typed_at(event) < self._shown_at + PAUSE or \
            self.streaming(event)
