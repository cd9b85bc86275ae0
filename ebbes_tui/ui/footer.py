"""The key line at the foot of every screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # its type: not exported by textual.widgets


class KeysFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change.

    The stock footer rebuilds every key widget on each bindings signal, and a table
    screen sends one after every card as keys are enabled and disabled (a tenth of a
    game's CPU). Here a key that is only enabled or disabled is dimmed in place.
    """

    _shown: tuple | None = None

    def compose(self) -> ComposeResult:
        self._shown = _keys(self.screen)[0] if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if self._shown is not None and screen is self.screen:
            shown, enabled = _keys(screen)
            if shown == self._shown:
                for key in self.query(FooterKey):
                    disabled = not enabled.get(key.action, True)
                    key._disabled = disabled  # what a click on it does: a bell
                    key.set_class(disabled, "-disabled")
                return
            if screen.app.app_focus:  # rebuilt soon: later signals need not ask again
                self._shown = shown
        super().bindings_changed(screen)


def _keys(screen: Screen) -> tuple[tuple, dict[str, bool]]:
    """What the footer shows of a screen's bindings, and which actions are enabled (how
    a key is drawn depends on the binding and the app's look, fixed at start-up)."""
    shown: list[tuple[object, ...]] = []
    enabled: dict[str, bool] = {}
    for _, binding, on, tooltip in screen.active_bindings.values():
        if binding.show:
            shown.append((binding.key, binding.key_display, binding.description,
                          binding.action, binding.group, tooltip))
            enabled.setdefault(binding.action, on)
    return tuple(shown), enabled
