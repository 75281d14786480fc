"""One websocket connection to a table: its seat, its queue of messages, its rate."""

from __future__ import annotations

import asyncio
import contextlib

from geodeck.server.states import Parts

QUEUE_LIMIT = 256
"""Messages queued for a connection at the most; one further behind is dropped."""
CLOSE_TOO_SLOW = 4408
RATE_LIMIT = 50
"""Client messages per connection and second."""


class Client:
    """One websocket connection: its seat (or spectator) and the messages queued for it."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.seat: int | None = None
        self.spectator = False
        self.delta = False
        self.history_len = 0
        """How many events of its seat's history this connection has been sent."""
        self.sent: tuple[Parts, Parts] | None = None
        """The view layers of the last state sent, history aside (delta connections only)."""
        self.close_code = 1000
        self._window = 0.0
        self._count = 0

    @property
    def joined(self) -> bool:
        return self.seat is not None or self.spectator

    def push(self, text: str) -> None:
        """Queue a message; a client too far behind is dropped (it may reconnect)."""
        if self.close_code == CLOSE_TOO_SLOW:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close_code = CLOSE_TOO_SLOW
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    def over_rate(self, limit: int, now: float) -> bool:
        """Whether this message is over ``limit`` messages in the current second."""
        if now - self._window >= 1.0:
            self._window, self._count = now, 0
        self._count += 1
        return self._count > limit

    def close(self, code: int) -> None:
        """End the connection once its queue is written, with close ``code``."""
        self.close_code = code
        self.end()

    def end(self) -> None:
        """Let the writer finish: nothing more is queued after this."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
