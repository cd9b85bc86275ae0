"""A user's own files on a shared server: ebbes keeps nothing in a folder another user
could change (theirs, or one anybody may write to), says so in one line, and makes
nothing there; it never writes through a link laid where its files go."""

import os
import subprocess
import sys

import pytest

from ebbes_tui.controller import private_files
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


def test_a_link_another_user_made_on_the_way_is_refused_wherever_it_leads(tmp_path,
                                                                         monkeypatch):
    """XDG_DATA_HOME=/tmp/xdg, where another user had made /tmp/xdg a link to one of
    our own folders: they could point it elsewhere later (a review of this change)."""
    ours = tmp_path / "ours"
    ours.mkdir()
    link = tmp_path / "xdg"
    link.symlink_to(ours)
    if os.geteuid() == 0:
        os.lchown(link, FOREIGN_UID, -1)
    else:
        real_lstat = os.lstat

        def lstat(path, *args, **kw):
            st = real_lstat(path, *args, **kw)
            if os.fspath(path) != os.fspath(link):
                return st
            return os.stat_result((*st[:4], os.geteuid() + FOREIGN_UID, *st[5:]))

        monkeypatch.setattr(os, "lstat", lstat)
    with pytest.raises(DataDirError, match=f"^{link} is a link another user made"):
        private_dir(link / "ebbes-tui")
    assert list(ours.iterdir()) == []


@pytest.mark.parametrize("own_group", [False, True])
def test_a_folder_its_group_may_change_is_refused_unless_the_group_is_the_users_own(
        tmp_path, monkeypatch, own_group):
    """macOS puts every user in "staff", and some systems everyone in "users": with
    umask 002 any of them could change such a folder. A group named as the user (umask
    002 systems give each user their own) is trusted."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o775)
    monkeypatch.setattr(private_files, "_users_own_group", lambda gid: own_group)
    if own_group:
        assert private_dir(shared / "ebbes-tui").is_dir()
    else:
        with pytest.raises(DataDirError, match=f"^{shared} may be changed by others in its group"):
            private_dir(shared / "ebbes-tui")
        assert list(shared.iterdir()) == []


def test_a_file_replaced_atomically_never_writes_through_a_link_laid_for_it(tmp_path):
    """Its temp file was named by the process (``.NAME.PID.tmp``) and opened through
    whatever lay there; a link laid there ahead had the write go to its target. Nor is
    a link in the file's own place written through: it is replaced."""
    target = tmp_path / "elsewhere"
    target.write_text("theirs")
    (tmp_path / f".stats.json.{os.getpid()}.tmp").symlink_to(target)
    (tmp_path / "settings.json").symlink_to(target)
    write_atomically(tmp_path / "stats.json", b"{}")
    write_atomically(tmp_path / "settings.json", b"[]")
    assert target.read_text() == "theirs"
    assert (tmp_path / "stats.json").read_bytes() == b"{}"
    assert not (tmp_path / "settings.json").is_symlink()
    assert (tmp_path / "settings.json").read_bytes() == b"[]"


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


def test_a_table_whose_log_is_a_link_says_so_before_it_opens(tmp_path):
    """A detached table server found a link where its log goes and could only stop,
    saying "see NAME.log" (the link): now `table serve` says why, in one line, and
    opens nothing."""
    data = tmp_path / "data"
    (data / "ebbes-tui" / "tables").mkdir(parents=True, mode=0o700)
    target = tmp_path / "target"
    target.write_text("")
    log = data / "ebbes-tui" / "tables" / "fri.log"
    log.symlink_to(target)
    env = {**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "ebbes_tui", "table", "serve", "fri",
                          "--seats", "player,bot:normal", "--dir", str(tmp_path / "tables")],
                         capture_output=True, text=True, timeout=600, env=env,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and out.stderr == (
        f"ebbes: {log} is a link: a table writes its log only to a file of its own. "
        "Remove the link and open the table again.\n")
    assert target.read_text() == "" and not list((tmp_path / "tables").rglob("*.sock"))
