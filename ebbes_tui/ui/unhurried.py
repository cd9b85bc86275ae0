"""Screens that cannot be pressed through (issue 25): the hot-seat cover, and a deal's
summary, which in hot-seat comes just before one. A second Enter typed a moment after
a card (or a key's repeat) must not take the cover away and show the next player's
hand to the one who played; nor may it answer the dialog that comes after a cover."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual import events

#: How long such a screen takes no key after it appears, in seconds.
PAUSE = 0.5
#: The clock the pause is read by (tests put a clock of their own here: no sleeps).
clock: Callable[[], float] = time.monotonic


def refused(screen: object, event: events.Key) -> bool:
    """Whether ``screen`` takes no ``event``, if it is a screen that may refuse keys
    (has ``refuses``). The app asks this of the screen on top before it looks the key
    up in that screen's bindings: a key is given to the screen on top when it is read,
    but reaches the app's bindings only after that screen had it, and a cover may have
    come on top meanwhile (Enters typed together on a deal's summary took the next
    player's cover away that way, never passing the cover's ``on_key``)."""
    refuses = getattr(screen, "refuses", None)
    return refuses is not None and bool(refuses(event))


class TypedAfter:
    """Mixed in before ``Screen``: a key typed before the screen came on top (still
    queued when it came, or given to the screen below) does nothing here. For screens
    that come by themselves, not at a key: a decision dialog after a cover."""

    _typed_after = float("inf")  # keys are stamped by Textual's event clock ...
    _shown_at = float("-inf")  # ... the pause is read by :data:`clock`

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The screen is on top: put up now, or back after another on top of it."""
        self._typed_after = event.time  # the moment it was put on top
        self._shown_at = clock()

    def refuses(self, event: events.Key) -> bool:
        """A key typed before the screen came."""
        return event.time < self._typed_after

    def on_key(self, event: events.Key) -> None:
        """Runs before the bindings (the app looks them up once the key reaches it)."""
        if self.refuses(event):
            event.stop()
            event.prevent_default()


class Unhurried(TypedAfter):
    """A :class:`TypedAfter` screen that also takes no key in its first :data:`PAUSE`
    seconds: a cover, or a summary just before one."""

    def refuses(self, event: events.Key) -> bool:
        """A key typed before the screen came, or in its pause."""
        return super().refuses(event) or clock() - self._shown_at < PAUSE
