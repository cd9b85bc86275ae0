"""A shared table before its game: who has sat down, who is awaited, the chat; the host
may start early (bots take the empty seats). Dismissed with the game's feed once it
starts, or nothing when the player leaves or the table closes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static


from ..table.client import TableClient
from ..game.events import ChatLine
from ..table.events import Disconnected, GameStarted, Lobby, Refused
from ..table.rendezvous import TableError

from .chat import close_chat, open_chat, send_chat
from .closing import ClosesOnce
from .footer import KeysFooter
from .words import padded

if TYPE_CHECKING:
    from ..table.client import RemoteFeed  # noqa: F401 - the screen's result type
    from .app import EbbesApp

_KINDS = {"player": "anyone who joins", "user": "reserved for {login}", "bot": "a bot"}


class LobbyScreen(ClosesOnce, Screen["RemoteFeed | None"]):
    """The seats of a table that has not started, and its chat."""

    app: EbbesApp
    AUTO_FOCUS = None  # keys are the screen's; the chat line takes focus only when opened
    BINDINGS = [
        Binding("s", "start", "Start now"),
        Binding("c", "chat", "Chat"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self.chat: list[str] = []
        self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(id="lobby-title", classes="screen-title", markup=False)
            yield Static(id="lobby-seats", markup=False)
            yield Static(id="lobby-chat", markup=False)
            yield Static(id="lobby-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.redraw()
        self.follow()

    @work(exclusive=True, group="lobby")
    async def follow(self) -> None:
        """Lobby news until the game starts (then hand its feed to the app)."""
        while True:
            event = await self.client.next_lobby_event()
            if isinstance(event, GameStarted):
                try:
                    feed = await self.client.game()
                except TableError as e:
                    self.note = str(e)
                    self.redraw()
                    continue
                await self.dismiss_when_on_top(feed)
                return
            if isinstance(event, ChatLine):
                self.chat = (self.chat + [f"{event.sender}: {event.text}"])[-6:]
            elif isinstance(event, Refused):
                self.note = event.text
            elif isinstance(event, Disconnected):
                self.note = f"{event.text} Esc goes back to the menu."
            self.redraw()

    def redraw(self) -> None:
        look = self.app.look
        client = self.client
        lobby: Lobby | None = client.lobby
        self.query_one("#lobby-title", Static).update(look.text(
            f"Table {client.address.label} {look.dot} {client.plays.title} {look.dot} "
            "waiting for players"))
        lines = []
        if lobby is not None:
            for seat in lobby.seats:
                who = seat.name or "(free)"
                if seat.kind == "bot":
                    who = f"{who.removeprefix('bot:')} bot"
                kind = "took an open seat" if seat.kind == "player" and seat.login else \
                    _KINDS.get(seat.kind, seat.kind).format(login=seat.login or "?")
                state = "here" if seat.connected else ("" if seat.kind == "bot" else "not here yet")
                lines.append(f"  Seat {seat.player}: {padded(who, 14)} {kind:<24} {state}")
            if lobby.watching:
                lines.append(f"  Watching: {', '.join(lobby.watching)}")
            if lobby.can_start:
                lines.append("\nYou are the host: press s to start now; bots take the empty seats.")
            else:
                lines.append(f"\nThe game starts when every seat is taken (or {lobby.host} starts it).")
        else:
            lines.append("  Asking the table who is here ...")
        self.query_one("#lobby-seats", Static).update(look.text("\n".join(lines)))
        chat = "\n".join(self.chat) if self.chat else "(no chat yet: press c to say something)"
        self.query_one("#lobby-chat", Static).update(Text(look.text(chat), style="italic"))
        self.query_one("#lobby-note", Static).update(look.text(self.note))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":  # the host's key alone: another player's s did nothing
            return bool(self.client.lobby and self.client.lobby.can_start)
        return True

    def action_start(self) -> None:
        self.client.start_game()

    def action_chat(self) -> None:
        open_chat(self)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        send_chat(message, self.client.send_chat)

    def action_leave(self) -> None:
        if close_chat(self):  # Esc first closes the chat line
            return
        self.client.close()
        self.dismiss(None)
