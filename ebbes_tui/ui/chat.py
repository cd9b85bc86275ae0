"""The chat line of a shared table, in the lobby and at the table: ``c`` opens it,
Enter sends (the server cleans and limits the text), Esc closes it."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen
from textual.widgets import Footer, Input

from ..game.clean import CHAT_LIMIT



def open_chat(screen: Screen) -> None:
    """Put the chat line above the footer and give it the keys."""
    if not screen.query("#chat-input"):
        box = Input(placeholder="Say something to the table (Enter sends, Esc closes)",
                    max_length=CHAT_LIMIT, id="chat-input")
        screen.mount(box, before=screen.query_one(Footer))
        box.focus()


def close_chat(screen: Screen) -> bool:
    """Close the chat line if it is open (Esc does that first); whether it was."""
    if not screen.query("#chat-input"):
        return False
    screen.query_one("#chat-input").remove()
    return True


def send_chat(message: Input.Submitted, send: Callable[[str], None]) -> None:
    """Enter in the chat line: send what was typed (if anything) and close it."""
    if message.value.strip():
        send(message.value)
    message.input.remove()
