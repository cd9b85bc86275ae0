"""Who may sit down at a table, and who may watch: decided from the uid the kernel
gives for a connection (``SO_PEERCRED``), as tmux's ``server-access`` does. The owner
and root may always connect; others if invited, named for a seat, or the table is
open; spectators only where the host allows them (R21: they see no hand). The host
changes the list while the table runs (``ebbes table invite``, ``set``, ``remove``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class Access:
    """A table's access list, by uid as tmux keeps it: a login is only how the host
    names a user, once, when inviting (a renamed user, or a second login of one uid, is
    the same user; another user whose login reads alike is not)."""

    owner: int  # the host's uid
    invited: frozenset[int] = frozenset()
    open: bool = False
    spectators: bool = False
    barred: frozenset[int] = frozenset()  # watchers the host removed

    def is_host(self, uid: int) -> bool:
        """The table's owner, or root (as tmux lets root into any server)."""
        return uid in (self.owner, 0)

    def may_play(self, uid: int, seated: Collection[int]) -> bool:
        """``seated``: the uids a seat is kept for or held by."""
        return self.is_host(uid) or self.open or uid in self.invited or uid in seated

    def may_watch(self, uid: int, seated: Collection[int]) -> bool:
        """Spectators where the host allows them; anyone who may play may also watch,
        unless the host removed them from watching."""
        if self.is_host(uid):
            return True
        return uid not in self.barred and (self.spectators or self.may_play(uid, seated))

    def label(self, uid: int, seated: Collection[int]) -> str:
        """How the table stands for this user: ``host``, ``invited``, ``open``,
        ``watch`` (spectators only) or ``private``."""
        if self.is_host(uid):
            return "host"
        if uid in self.invited or uid in seated:
            return "invited"
        if self.open:
            return "open"
        return "watch" if self.welcomes_watching(uid) else "private"

    def welcomes_watching(self, uid: int) -> bool:
        """Whether the table says spectators are welcome, as this user hears it: not to
        one the host removed from watching."""
        return self.spectators and uid not in self.barred
