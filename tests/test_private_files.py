"""A user's own files on a shared server: ebbes keeps nothing in a folder another user
could change (theirs, or one anybody may write to), says so in one line, and makes
nothing there; it never writes through a link laid where its files go."""

import os
import subprocess
import sys

import pytest

from ebbes_tui.controller.private_files import (
    DataDirError, open_private_append, private_dir, write_atomically,
)

FOREIGN_UID = 4242


def given_away(path, monkeypatch):
    """``path`` becomes another user's: given to them when the tests run as root, else
    the tests play a user other than the one who made it."""
    if os.geteuid() == 0:
        os.chown(path, FOREIGN_UID, -1)
    else:
        real = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: real + FOREIGN_UID)


def test_a_data_folder_inside_another_users_folder_is_refused_and_nothing_made(
        tmp_path, monkeypatch):
    """Another user made the folder our data would go in (a HOME under /tmp they
    created first): they could swap our files for links, so nothing is kept there."""
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    given_away(theirs, monkeypatch)
    with pytest.raises(DataDirError, match=f"^{theirs} belongs to another user"):
        private_dir(theirs / ".local" / "share" / "ebbes-tui")
    assert list(theirs.iterdir()) == []


def test_a_data_folder_another_user_made_is_refused(tmp_path, monkeypatch):
    ours = tmp_path / "share"
    (ours / "ebbes-tui").mkdir(parents=True)
    given_away(ours / "ebbes-tui", monkeypatch)
    with pytest.raises(DataDirError, match="ebbes-tui belongs to another user"):
        private_dir(ours / "ebbes-tui")


@pytest.mark.parametrize("sticky", [False, True])
def test_a_folder_anybody_may_change_is_refused_unless_sticky_as_tmp_is(tmp_path, sticky):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777 if sticky else 0o777)
    data = shared / "me" / "ebbes-tui"
    if sticky:
        assert private_dir(data) == data and (data.stat().st_mode & 0o777) == 0o700
    else:
        with pytest.raises(DataDirError, match=f"^{shared} may be changed by any user$"):
            private_dir(data)
        assert list(shared.iterdir()) == []


def test_a_data_folder_reached_through_a_link_is_judged_where_the_link_leads(
        tmp_path, monkeypatch):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (tmp_path / "mine").symlink_to(theirs)
    given_away(theirs, monkeypatch)
    with pytest.raises(DataDirError, match="belongs to another user"):
        private_dir(tmp_path / "mine" / "ebbes-tui")


def test_a_table_log_never_appends_through_a_link(tmp_path):
    """A link laid where a table's log goes (to a file the server's user may write) is
    refused; the file it points at is untouched."""
    target = tmp_path / "passwd"
    target.write_text("root:x:0:0\n")
    target.chmod(0o644)
    (tmp_path / "fri.log").symlink_to(target)
    with pytest.raises(OSError):
        open_private_append(tmp_path / "fri.log")
    assert target.read_text() == "root:x:0:0\n" and (target.stat().st_mode & 0o777) == 0o644


def test_a_file_replaced_atomically_replaces_a_link_in_its_place_not_its_target(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("theirs")
    (tmp_path / "stats.json").symlink_to(target)
    write_atomically(tmp_path / "stats.json", b"{}")
    assert target.read_text() == "theirs"
    assert not (tmp_path / "stats.json").is_symlink()
    assert (tmp_path / "stats.json").read_bytes() == b"{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "stats.json"]


@pytest.mark.parametrize("where", ["shared", "a file"])
def test_ebbes_says_in_one_line_why_it_cannot_use_its_data_folder(tmp_path, where):
    """A table to serve (its saves go in the data folder) with the data folder in one
    anybody may change, or where a file lies: one line, status 1, no traceback, no
    table."""
    shared = tmp_path / "shared"
    shared.mkdir()
    if where == "shared":
        shared.chmod(0o777)
        why = f"{shared} may be changed by any user"
    else:
        (shared / "ebbes-tui").write_text("")
        why = f"{shared / 'ebbes-tui'} cannot be used: File exists"
    env = {**os.environ, "XDG_DATA_HOME": str(shared), "HOME": str(shared)}
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "table", "serve", "fri",
                          "--seats", "player,bot:normal", "--dir", str(tmp_path / "tables")],
                         capture_output=True, text=True, timeout=600, env=env,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr == (f"ebbes: {why}. Nothing was changed; XDG_DATA_HOME may name a "
                          "folder of your own instead.\n")
    assert [p.name for p in shared.iterdir()] == ([] if where == "shared" else ["ebbes-tui"])


def test_the_app_says_so_before_any_screen(tmp_path, monkeypatch):
    """`ebbes` at a terminal: the data folder is judged before the app starts."""
    import argparse

    import ebbes_tui.ui.app as app
    from ebbes_tui.ui.launch import run

    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("XDG_DATA_HOME", str(shared / "data"))
    monkeypatch.setattr(app, "EbbesApp", None)  # starting it would fail the test
    with pytest.raises(DataDirError, match="may be changed by any user"):
        run(argparse.Namespace())
