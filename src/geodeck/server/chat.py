"""A table's chat: short lines of text and a few emotes, for the people at the table.

Only the table's home process holds its connections (``home.py``), so a line goes to
everyone at the table from here. The last ``KEEP`` lines are kept in memory for those
who come later (``chat_log``); none is ever stored or written into the record, and a
table released from memory (docs/protocol.md, Memory) forgets its chat. The browser shows
every line as text, never as markup.
"""

from __future__ import annotations

import time
import weakref
from collections import deque
from typing import TYPE_CHECKING, Any

from geodeck.names import BadName, clean_line
from geodeck.server.clients import Client
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import Chat, Refusal, encode

if TYPE_CHECKING:
    from geodeck.server.room import Room

EMOTES = ("wave", "thumbs_up", "clap", "laugh", "think", "wow", "oops", "gg")
"""The emotes a chat line may be instead of text."""

MAX_TEXT = 200
"""The most characters of a line of text, once trimmed."""

KEEP = 50
"""The lines a table keeps for those who come later."""

RATE = 5
WINDOW = 10.0
"""At most ``RATE`` lines in ``WINDOW`` seconds from one seat (or one spectator's
connection)."""


def clean_text(text: str) -> str:
    """``text`` trimmed, as a line of the chat; ``Refusal`` if it cannot be one."""
    try:
        return clean_line(text, limit=MAX_TEXT)
    except BadName as err:
        code = {"empty": ErrorCode.CHAT_EMPTY, "long": ErrorCode.CHAT_TOO_LONG}
        raise Refusal(code.get(err.kind, ErrorCode.CHAT_BAD_TEXT), err.reason) from None


class RoomChat:
    """One table's chat: who may write, the rate of each writer, the last lines."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEEP)
        self.count = 0
        self._seats: dict[int, deque[float]] = {}
        self._watchers: weakref.WeakKeyDictionary[Client, deque[float]] = (
            weakref.WeakKeyDictionary()
        )

    @property
    def mode(self) -> str:
        return self.room.openness.chat

    def welcome(self, client: Client) -> None:
        """The chat so far, to a connection that has just said hello."""
        lines = [] if self.mode == "off" else list(self.lines)
        client.push(encode({"type": "chat_log", "chat": self.mode, "messages": lines}))

    def post(self, client: Client, message: Chat) -> None:
        """A line from ``client`` to everyone at the table; ``Refusal`` if it may not be."""
        if not client.joined:
            raise Refusal(ErrorCode.PROTOCOL_HELLO_FIRST, "say hello before chatting")
        if self.mode == "off" or (client.seat is None and self.mode != "everyone"):
            said = "this table has no chat" if self.mode == "off" else "spectators only read"
            raise Refusal(ErrorCode.CHAT_NOT_ALLOWED, said)
        if (message.text is None) == (message.emote is None):
            raise Refusal(ErrorCode.PROTOCOL_MALFORMED, 'chat needs either "text" or "emote"')
        text = None if message.text is None else clean_text(message.text)
        if message.emote is not None and message.emote not in EMOTES:
            raise Refusal(ErrorCode.CHAT_BAD_EMOTE, f"emotes: {', '.join(EMOTES)}")
        self._count_in(client)
        self.count += 1
        seat = client.seat
        line = {
            "type": "chat",
            "id": self.count,
            "from": {"seat": seat, "name": None if seat is None else self.room.seats[seat].name},
            "text": text,
            "emote": message.emote,
            "at": int(time.time() * 1000),
        }
        self.lines.append(line)
        encoded = encode(line)
        for other in list(self.room.clients):
            if other.joined:
                other.push(encoded)

    def _count_in(self, client: Client) -> None:
        """Note a line from ``client``; ``Refusal`` if its seat (or, for a spectator, its
        connection) wrote ``RATE`` lines in the last ``WINDOW`` seconds."""
        now = time.monotonic()
        if client.seat is not None:
            sent = self._seats.setdefault(client.seat, deque())
        else:
            sent = self._watchers.setdefault(client, deque())
        while sent and now - sent[0] >= WINDOW:
            sent.popleft()
        if len(sent) >= RATE:
            wait = max(1, int(WINDOW - (now - sent[0]) + 0.999))
            raise Refusal(
                ErrorCode.CHAT_TOO_FAST,
                f"at most {RATE} chat lines in {WINDOW:g} s; try again in {wait} s",
            )
        sent.append(now)
