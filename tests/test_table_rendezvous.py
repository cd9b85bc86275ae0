"""The rendezvous directory and sockets: created safe, unsafe ones refused in one
sentence, a socket trusted only when its owner and its server are the login its name
gives (or the user's own, forwarded), stale sockets removed by their owner alone.
Sockets made by another user: tests/test_table_e2e.py."""

import os
import socket
import stat

import pytest

from ebbes_tui.table.rendezvous import (
    TableAddress, TableError, check_server, check_socket_owner, listen_socket, my_login,
    parse_socket_name, probe, remove_if_stale, socket_path, table_dir,
)


def one_sentence(error: TableError) -> bool:
    text = str(error)
    return text.endswith(".") and "\n" not in text and text.count(". ") == 0


def test_a_missing_directory_is_made_shared_and_sticky_whatever_the_umask(tmp_path):
    old = os.umask(0o077)
    try:
        made = table_dir(tmp_path / "tables")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.lstat(made).st_mode) == 0o1777


@pytest.mark.parametrize("kind", ["symlink", "file", "writable", "missing"])
def test_an_unsafe_directory_is_refused_in_one_sentence(tmp_path, kind):
    path = tmp_path / "tables"
    if kind == "symlink":
        (tmp_path / "real").mkdir(mode=0o1777)
        path.symlink_to(tmp_path / "real")
    elif kind == "file":
        path.write_text("not a directory")
    elif kind == "writable":
        path.mkdir()
        path.chmod(0o777)
    with pytest.raises(TableError) as refused:
        table_dir(path, create=kind != "missing")
    assert one_sentence(refused.value), refused.value
    assert str(path) in str(refused.value)


def test_a_private_directory_is_fine(tmp_path):
    path = tmp_path / "mine"
    path.mkdir(mode=0o700)
    assert table_dir(path) == path


def test_socket_names_give_host_and_table(tmp_path):
    path = socket_path(tmp_path, "alice.b", "friday-2")
    assert parse_socket_name(path) == TableAddress(path, "alice.b", "friday-2")
    for name in ("friday.sock.bak", ".x.sock", "alice.bad name.sock", "nohost.sock"):
        assert parse_socket_name(tmp_path / name) is None
    for bad in ("", "a.b", "-x", "x" * 33, "a/b"):
        with pytest.raises(TableError):
            socket_path(tmp_path, "alice", bad)
    with pytest.raises(TableError, match="too long"):
        socket_path(tmp_path / ("d" * 100), "alice", "friday")


def test_a_socket_is_trusted_only_when_its_name_owner_and_server_agree(tmp_path):
    me = my_login()
    mine = TableAddress(socket_path(tmp_path, me, "t"), me, "t")
    with listen_socket(mine) as server, socket.socket(socket.AF_UNIX) as client:
        assert stat.S_IMODE(os.lstat(mine.path).st_mode) == 0o666
        client.connect(str(mine.path))
        assert check_server(client, mine, check_socket_owner(mine)).pid == os.getpid()
        with pytest.raises(TableError, match="not trusted"):
            check_server(client, mine, os.geteuid() + 1)
        with pytest.raises(TableError, match="already open"):
            listen_socket(mine)
        server.close()
    # A socket of this user's own under another host's name: an ssh -L forward, which
    # this user's own process must serve.
    other = "nobody" if me != "nobody" else "root"
    forward = TableAddress(socket_path(tmp_path, other, "t"), other, "t")
    with listen_socket(TableAddress(forward.path, me, "t")), socket.socket(socket.AF_UNIX) as client:
        assert check_socket_owner(forward) == os.geteuid()
        client.connect(str(forward.path))
        assert check_server(client, forward, check_socket_owner(forward)).uid == os.geteuid()
    plain = tmp_path / f"{me}.file.sock"
    plain.write_text("")
    with pytest.raises(TableError, match="not a socket"):
        check_socket_owner(parse_socket_name(plain))


def test_a_stale_socket_is_removed_by_its_owner_only(tmp_path):
    me = my_login()
    address = TableAddress(socket_path(tmp_path, me, "gone"), me, "gone")
    listen_socket(address).close()  # the server died without removing its socket
    assert probe(address.path) == "stale"
    other = "nobody" if me != "nobody" else "root"
    theirs = TableAddress(tmp_path / f"{other}.gone.sock", other, "gone")
    os.link(address.path, theirs.path)  # a stale socket named for another user
    assert not remove_if_stale(theirs) and theirs.path.exists()
    assert remove_if_stale(address) and not address.path.exists()
    assert probe(address.path) == "gone"
    theirs.path.unlink()
    listen_socket(address).close()  # died again
    with listen_socket(address) as server:  # a stale socket of ours never blocks a new table
        assert probe(address.path) == "live" and server.fileno() >= 0
