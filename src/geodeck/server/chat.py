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
from typing import TYPE_CHECKING

from geodeck.names import BadName, clean_line
from geodeck.server.clients import Client
from geodeck.server.errors import ErrorCode
from geodeck.server.part import RoomPart
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
connection), and ``Settings.spectator_chat`` from all the table's spectators together."""


def clean_text(text: str) -> str:
    """``text`` trimmed, as a line of the chat; ``Refusal`` if it cannot be one."""
    try:
        return clean_line(text, limit=MAX_TEXT)
    except BadName as err:
        code = {"empty": ErrorCode.CHAT_EMPTY, "long": ErrorCode.CHAT_TOO_LONG}
        raise Refusal(code.get(err.kind, ErrorCode.CHAT_BAD_TEXT), err.reason) from None


class RoomChat(RoomPart):
    """One table's chat: who may write, the rate of each writer, the last lines."""

    def __init__(self, room: Room) -> None:
        super().__init__(room)
        self.lines: deque[dict[str, object]] = deque(maxlen=KEEP)
        self.count = 0
        self._seats: dict[int, deque[float]] = {}
        self._watchers: weakref.WeakKeyDictionary[Client, deque[float]] = (
            weakref.WeakKeyDictionary()
        )
        self._crowd: deque[float] = deque()
        """When the spectators' lines of the last ``WINDOW`` seconds were written."""

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
        connection) wrote ``RATE`` lines in the last ``WINDOW`` seconds, or a spectator's
        line is over what the table's spectators may write together."""
        now = time.monotonic()
        if client.seat is not None:
            sent = self._seats.setdefault(client.seat, deque())
            _room_for(sent, RATE, now, "")
        else:
            sent = self._watchers.setdefault(client, deque())
            _room_for(sent, RATE, now, "")
            crowd = self.room.lobby.settings.spectator_chat
            _room_for(self._crowd, crowd, now, " from all the spectators of this table")
            self._crowd.append(now)
        sent.append(now)


def _room_for(sent: deque[float], most: int, now: float, whose: str) -> None:
    """``Refusal`` if ``most`` lines were written in the last ``WINDOW`` seconds (their
    times, oldest first, in ``sent``, which forgets the older ones)."""
    while sent and now - sent[0] >= WINDOW:
        sent.popleft()
    if len(sent) >= most:
        wait = max(1, int(WINDOW - (now - sent[0]) + 0.999)) if sent else int(WINDOW)
        raise Refusal(
            ErrorCode.CHAT_TOO_FAST,
            f"at most {most} chat lines in {WINDOW:g} s{whose}; try again in {wait} s",
        )
