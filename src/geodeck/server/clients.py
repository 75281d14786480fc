"""One websocket connection to a table: its seat, the messages waiting for it, its rate."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass

from geodeck.server import observe
from geodeck.server.states import Parts

QUEUE_LIMIT = 256
"""Messages waiting for a player's connection at the most; one further behind is let go
(``Settings.queue_limit``)."""
SPECTATOR_QUEUE = 64
"""The same for a spectator's connection (``Settings.spectator_queue``): a crowd that
falls behind is let go long before a player is."""
CLOSE_TOO_SLOW = 4408
RATE_LIMIT = 50
"""Client messages per connection and second."""

LATEST_FOR_ALL = frozenset({"seats"})
"""Kinds of message of which only the newest matters to anyone: one still waiting is
replaced by the next, so that no number of arrivals and departures fills a queue."""
LATEST_FOR_SPECTATORS = frozenset({"seats", "state", "events"})
"""The same for a spectator, who skips the states it has not been sent yet (the next one
it is sent is whole, ``sending.broadcast``) and the events that led to them."""


@dataclass(eq=False, slots=True)
class _Latest:
    """The place in an outbox of the newest message of one kind."""

    kind: str
    text: str


class Outbox:
    """The messages waiting for one connection's writer, in order; ``None`` ends it."""

    def __init__(self) -> None:
        self._items: deque[str | _Latest | None] = deque()
        self._latest: dict[str, _Latest] = {}
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: str | None) -> None:
        self._items.append(item)
        self._ready.set()

    def put_latest(self, kind: str, text: str) -> None:
        """Queue ``text`` at the end, in place of the message of its ``kind`` still waiting."""
        waiting = self._latest.get(kind)
        if waiting is not None:
            self._items.remove(waiting)
        self._latest[kind] = latest = _Latest(kind, text)
        self._items.append(latest)
        self._ready.set()

    def waiting(self, kind: str) -> bool:
        """Whether a message of ``kind`` queued with ``put_latest`` is still waiting."""
        return kind in self._latest

    def clear(self) -> None:
        self._items.clear()
        self._latest.clear()

    def empty(self) -> bool:
        return not self._items

    def get_nowait(self) -> str | None:
        item = self._items.popleft()
        if isinstance(item, _Latest):
            del self._latest[item.kind]
            return item.text
        return item

    async def get(self) -> str | None:
        while not self._items:
            self._ready.clear()
            await self._ready.wait()
        return self.get_nowait()


class Client:
    """One websocket connection: its seat (or spectator) and the messages waiting for it."""

    def __init__(self, limit: int = QUEUE_LIMIT, spectator_limit: int = SPECTATOR_QUEUE) -> None:
        self.outbox = Outbox()
        self.limit = limit
        self.spectator_limit = spectator_limit
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

    def behind(self, kind: str) -> bool:
        """Whether a message of ``kind`` this connection keeps only the latest of is still
        waiting to be written."""
        return self.outbox.waiting(kind)

    def push(self, text: str, kind: str | None = None) -> None:
        """Queue a message (of ``kind``: ``seats``, ``state`` or ``events``, for those it
        keeps only the latest of); a client too far behind is let go (it may reconnect)."""
        if self.close_code == CLOSE_TOO_SLOW:
            return
        if kind in (LATEST_FOR_SPECTATORS if self.spectator else LATEST_FOR_ALL):
            assert kind is not None
            self.outbox.put_latest(kind, text)
            return
        if len(self.outbox) >= (self.spectator_limit if self.spectator else self.limit):
            observe.HOOKS.limit("spectator_queue" if self.spectator else "queue_limit")
            self.close_code = CLOSE_TOO_SLOW
            self.outbox.clear()
            self.outbox.put(None)
            return
        self.outbox.put(text)

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
        self.outbox.put(None)
