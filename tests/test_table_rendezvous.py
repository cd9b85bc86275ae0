"""Where tables meet (issue 15, items 5 and 6): each user's sockets in a directory of
their own, `PARENT/ebbes-tables-UID`, mode 0755; a parent or a directory that others
could spoil is refused in one sentence naming its owner and saying what to do; a
directory is believed only when its owner is the uid its name gives; nothing a user
does not own blocks their table names. Several users without root: `Users`."""

import os
import socket
import stat

import pytest
from table_support import neighbours

from ebbes_tui.table.rendezvous import (
    TableAddress, TableError, check_server, check_socket, listen_socket, own_address, own_dir,
    probe, socket_path, tables_in, user_dirs,
)


def one_sentence(error: TableError) -> bool:
    text = str(error)
    return text.endswith(".") and "\n" not in text and text.count(". ") == 0


@pytest.fixture
def users(tmp_path):
    return neighbours(tmp_path)


def test_each_user_gets_a_directory_of_their_own_0755_whatever_the_umask(users, tmp_path):
    parent = tmp_path / "tmp"
    old = os.umask(0o077)
    try:
        alice = own_dir(parent, users.system("alice"))
        bob = own_dir(parent, users.system("bob"))
    finally:
        os.umask(old)
    assert alice == parent / f"ebbes-tables-{users.uids['alice']}"
    assert bob == parent / f"ebbes-tables-{users.uids['bob']}"
    assert stat.S_IMODE(os.lstat(alice).st_mode) == 0o755
    assert own_dir(parent, users.system("alice")) == alice  # found again, not made twice
    # Everyone finds both, each checked against the uid in its name.
    assert user_dirs(parent, users.system("carol")) == sorted(
        [(users.uids["alice"], alice), (users.uids["bob"], bob)])


@pytest.mark.parametrize("kind", ["directory", "symlink"])
def test_a_directory_someone_else_made_under_your_uid_is_refused_naming_them(
        users, tmp_path, kind):
    """carol makes alice's directory (or a symbolic link by its name) before alice does:
    alice is told who made it, that only carol or an administrator can remove it (the
    sticky /tmp), and how to meet her friends meanwhile; nobody believes it is alice's.
    The symbolic link was "not a directory: remove it", naming nobody (issue 23, item 8)."""
    parent = tmp_path / "tmp"
    squatted = own_dir(parent, users.system("carol")).with_name(
        f"ebbes-tables-{users.uids['alice']}")
    if kind == "directory":
        squatted.mkdir(mode=0o755)
    else:
        squatted.symlink_to(tmp_path)
    users.own(squatted, "carol")
    with pytest.raises(TableError) as refused:
        own_dir(parent, users.system("alice"))
    text = str(refused.value)
    assert one_sentence(refused.value) and str(squatted) in text
    assert "belongs to carol" in text and "only carol or an administrator can remove it" in text
    assert "--dir DIR" in text and "ask them to give --dir DIR too" in text
    assert "EBBES_TABLES_DIR=DIR" in text
    assert [uid for uid, _ in user_dirs(parent, users.system("bob"))] == [users.uids["carol"]]


async def test_a_squatted_host_meets_her_friends_in_a_directory_of_her_own(users, tmp_path):
    """The advice works (issue 23, item 8): alice serves with --dir ~/tables, and bob,
    giving the same --dir, lists and joins her table; it had been refused to him as
    "belongs to alice, who could remove what is in it". What others keep in alice's
    directory is not shown (she could swap it), and bob cannot serve there."""
    from table_support import LocalTable, spec

    from ebbes_tui.table.client import connect_table, find_tables

    alice, bob = users.system("alice"), users.system("bob")
    tables = tmp_path / "td"  # alice's ~/tables (a socket's path must be short)
    tables.mkdir(mode=0o755)
    users.own(tables, "alice")
    async with LocalTable(tmp_path, spec("friday", alice, invite=frozenset({"bob"})),
                          system=alice, parent=tables):
        tables.chmod(0o1777)  # even where carol could make a directory of her own
        theirs = tables / f"ebbes-tables-{users.uids['carol']}"
        theirs.mkdir(mode=0o755)
        users.own(theirs, "carol")
        assert [uid for uid, _ in user_dirs(tables, bob)] == [users.uids["alice"]]
        listed = await find_tables(tables, system=bob)
        assert [(t["host"], t["name"]) for t in listed] == [("alice", "friday")]
        seated = await connect_table("alice/friday", directory=tables, system=bob)
        assert seated.login == "bob"
        seated.sock.close()
    with pytest.raises(TableError, match="belongs to alice, who could remove what is in it"):
        own_dir(tables, bob)


def test_your_own_directory_left_writable_is_refused_with_what_to_do(users, tmp_path):
    path = own_dir(tmp_path / "tmp", users.system("alice"))
    path.chmod(0o777)  # what carol's chmod did to the shared directory
    with pytest.raises(TableError) as refused:
        own_dir(tmp_path / "tmp", users.system("alice"))
    assert one_sentence(refused.value) and "writable by others" in str(refused.value)
    assert f"chmod 755 {path}" in str(refused.value)
    assert user_dirs(tmp_path / "tmp", users.system("bob")) == []  # nobody trusts it


@pytest.mark.parametrize("kind", ["symlink", "file", "writable", "someone-elses"])
def test_an_unsafe_parent_is_refused_in_one_sentence(users, tmp_path, kind):
    path = tmp_path / "parent"
    if kind == "symlink":
        (tmp_path / "real").mkdir()
        path.symlink_to(tmp_path / "real")
    elif kind == "file":
        path.write_text("not a directory")
    elif kind == "writable":
        path.mkdir()
        path.chmod(0o777)
    else:
        path.mkdir(mode=0o755)
        users.own(path, "carol")
    with pytest.raises(TableError) as refused:
        own_dir(path, users.system("alice"))
    assert one_sentence(refused.value), refused.value
    assert str(path) in str(refused.value)
    if kind == "someone-elses":
        assert "belongs to carol" in str(refused.value)
        assert user_dirs(path, users.system("bob")) == []  # carol's own tables only: none
        return
    with pytest.raises(TableError):
        user_dirs(path, users.system("bob"))


def test_a_parent_of_your_own_or_roots_is_fine_and_a_missing_one_is_made(users, tmp_path):
    mine = tmp_path / "mine"
    assert own_dir(mine, users.system("alice")).parent == mine  # made, 0755, alice's
    assert stat.S_IMODE(os.lstat(mine).st_mode) == 0o755
    assert user_dirs(tmp_path / "nothing-here", users.system("bob")) == []


def test_a_file_you_do_not_own_never_blocks_a_table_name(users, tmp_path):
    """carol's empty file, her socket and a FIFO under alice's names (issue 15, item 6):
    in alice's own directory none of them can be there but by root; whatever is in the
    way, alice's serve takes the name back, and a live table of her own is named truly."""
    alice = users.system("alice")
    directory = own_dir(tmp_path / "tmp", alice)
    (directory / "sun.sock").write_text("")
    users.own(directory / "sun.sock", "carol")
    theirs = socket.socket(socket.AF_UNIX)
    theirs.bind(str(directory / "tue.sock"))
    theirs.listen(1)
    users.own(directory / "tue.sock", "carol")
    os.mkfifo(directory / "wed.sock")
    for name in ("sun", "tue", "wed"):
        address = own_address(name, tmp_path / "tmp", alice)
        with listen_socket(address, alice):
            assert probe(address.path) == "live"
            assert alice.lstat(address.path).st_uid == users.uids["alice"]
    theirs.close()
    live = own_address("fri", tmp_path / "tmp", alice)
    with listen_socket(live, alice), pytest.raises(TableError) as refused:
        listen_socket(live, alice)
    assert str(refused.value) == ("Your table fri is already open: 'ebbes table close fri' "
                                  "closes it, or choose another name.")


def test_a_socket_is_trusted_only_when_its_directory_file_and_server_are_the_hosts(
        users, tmp_path):
    alice, bob = users.system("alice"), users.system("bob")
    address = own_address("t", tmp_path / "tmp", alice)
    [(uid, directory)] = user_dirs(tmp_path / "tmp", bob)
    assert tables_in(directory, uid, bob) == []
    with listen_socket(address, alice):
        [found] = tables_in(directory, uid, bob)
        assert found == TableAddress(address.path, users.uids["alice"], "alice", "t")
        check_socket(found, bob)
        client = bob.client_socket()
        client.connect(str(found.path))
        check_server(client, found, bob)
        # The same socket served by someone else's process is not alice's table.
        users.owners[str(found.path)] = users.uids["carol"]
        with pytest.raises(TableError, match="belongs to carol, not alice"):
            check_socket(found, bob)
        with pytest.raises(TableError, match="is not alice's, so it is not trusted"):
            check_server(client, found, bob)
        client.close()
        # A socket that never connected (a flooded table's) reads uid -1, pid 0: that
        # is nobody's word, so it is no reason to call the table an impostor.
        with socket.socket(socket.AF_UNIX) as unconnected:
            with pytest.raises(OSError) as nobody:
                check_server(unconnected, found)
            assert not isinstance(nobody.value, TableError)
    plain = directory / "file.sock"
    plain.write_text("")
    with pytest.raises(TableError, match="not a socket"):
        check_socket(TableAddress(plain, uid, "alice", "file"), bob)


def test_socket_names_and_paths(tmp_path):
    assert socket_path(tmp_path, "friday-2") == tmp_path / "friday-2.sock"
    for bad in ("", "a.b", "-x", "x" * 33, "a/b"):
        with pytest.raises(TableError):
            socket_path(tmp_path, bad)
    with pytest.raises(TableError, match="too long"):
        socket_path(tmp_path / ("d" * 100), "friday")
    (tmp_path / "friday.sock.bak").write_text("")
    (tmp_path / "bad name.sock").write_text("")
    (tmp_path / "ok.sock").write_text("")
    assert [a.name for a in tables_in(tmp_path, os.geteuid())] == ["ok"]


def test_a_directory_counts_only_under_its_owners_uid_as_the_system_writes_it(users, tmp_path):
    """carol made `ebbes-tables-0<uid>` and `-000<uid>` (issue 23, item 4): her tables
    were listed three times. `ebbes-tables-²` passed str.isdigit and then crashed
    int(); Arabic-Indic digits parsed to her uid. Only `ebbes-tables-<uid>` counts."""
    parent = tmp_path / "tmp"
    carol = users.system("carol")
    own = own_dir(parent, carol)
    uid = users.uids["carol"]
    arabic = str(uid).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    for name in (f"0{uid}", f"000{uid}", "²", arabic, f"{uid} ", f"+{uid}", f"{uid:_}"):
        odd = parent / f"ebbes-tables-{name}"
        odd.mkdir(mode=0o755)
        users.own(odd, "carol")
    assert user_dirs(parent, users.system("bob")) == [(uid, own)]
