"""Terminal choices made from the environment: locale, SSH, command-line flags."""

import pytest

from ebbes_tui.terminal import locale_is_utf8, want_ascii, want_mouse, why_no_colour


@pytest.mark.parametrize("env, utf8", [
    ({"LANG": "de_DE.UTF-8"}, True),
    ({"LANG": "C.utf8"}, True),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, False),  # LC_ALL wins
    ({"LANG": "C", "LC_CTYPE": "en_US.UTF-8"}, True),
    ({"LANG": "de_DE.ISO-8859-1"}, False),
    ({}, False),  # POSIX locale
])
def test_a_non_utf8_locale_falls_back_to_ascii(env, utf8):
    assert locale_is_utf8(env) is utf8
    assert want_ascii(False, env) is not utf8
    assert want_ascii(True, env) is True


def test_no_mouse_tracking_over_ssh_unless_asked_for():
    ssh = {"SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"}
    assert want_mouse(False, False, {}) is True
    assert want_mouse(False, False, ssh) is False
    assert want_mouse(False, True, ssh) is True
    assert want_mouse(True, False, {}) is False


@pytest.mark.parametrize("term, ascii", [("linux", True), ("vt100", True),
                                         ("xterm-256color", False), ("tmux-256color", False)])
def test_the_linux_console_and_old_terminals_get_ascii_glyphs(term, ascii):
    """Issue 9.9: the console font has no suit glyphs."""
    assert want_ascii(False, {"LANG": "C.UTF-8", "TERM": term}) is ascii


@pytest.mark.parametrize("env, why", [
    ({"TERM": "vt100"}, "TERM=vt100 has no colours"), ({"TERM": "dumb"}, "TERM=dumb has no colours"),
    ({"TERM": "linux"}, ""), ({"TERM": "xterm-256color"}, ""),
    ({"TERM": "xterm", "NO_COLOR": ""}, "NO_COLOR is set")])
def test_a_terminal_without_colours_is_drawn_as_under_no_color(env, why):
    """Played through: under TERM=vt100 (terminfo: no colours) the screens still sent
    colour codes; such a terminal is drawn as NO_COLOR draws, and the menu says why."""
    assert why_no_colour(env) == why
