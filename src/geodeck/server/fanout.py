"""Telling every server process that a table changed.

In one process (the default) the room object itself sends to its clients and nothing else
is needed. With several workers, each holds its own copy of a table's game and its own
clients: ``RedisFanout`` serialises the writers of a table with a Redis lock and publishes
each new version, so the other workers read the new actions from storage, replay them and
send their clients the views.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger("geodeck.server")

OnChange = Callable[[str, int], Awaitable[None]]
"""Called with a table's code and its new version when another worker changed it."""


class Fanout(Protocol):
    shared: bool
    """Whether other processes may change the same tables."""

    async def start(self, on_change: OnChange) -> None: ...

    async def publish(self, code: str, version: int) -> None: ...

    def lock(self, code: str) -> contextlib.AbstractAsyncContextManager[None]: ...

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        """Add ``delta`` to the seat's connections over all processes and return the total;
        ``None`` when this process's own count is the whole truth."""

    async def close(self) -> None: ...


class _NoLock(contextlib.AbstractAsyncContextManager[None]):
    """A lock that is never held: the room's own lock is enough in one process. (One
    object for every action, where a generator-based manager would cost one each.)"""

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


_NO_LOCK = _NoLock()


class LocalFanout:
    """One process: the room's own lock is the only lock, and nobody else listens."""

    shared = False

    async def start(self, on_change: OnChange) -> None:
        return None

    async def publish(self, code: str, version: int) -> None:
        return None

    def lock(self, code: str) -> contextlib.AbstractAsyncContextManager[None]:
        return _NO_LOCK

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        return None

    async def close(self) -> None:
        return None


CHANNEL = "geodeck:tables"


class RedisFanout:
    """Several workers: a Redis lock per table and one pub/sub channel for new versions."""

    shared = True

    def __init__(self, url: str, *, lock_timeout: float = 10.0) -> None:
        from redis.asyncio import Redis

        self.redis: Redis = Redis.from_url(url)
        self.worker = secrets.token_hex(8)
        self.lock_timeout = lock_timeout
        self._listener: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange) -> None:
        pong = self.redis.ping()
        if not isinstance(pong, bool):
            await pong
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self._listener = asyncio.create_task(self._listen(pubsub, on_change))

    async def _listen(self, pubsub: Any, on_change: OnChange) -> None:
        try:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                data = message["data"]
                text = data.decode() if isinstance(data, bytes) else str(data)
                worker, code, version = text.split(":", 2)
                if worker == self.worker:
                    continue
                try:
                    await on_change(code, int(version))
                except Exception:
                    log.exception("catching up with table %s failed", code)
        finally:
            await pubsub.aclose()

    async def publish(self, code: str, version: int) -> None:
        await self.redis.publish(CHANNEL, f"{self.worker}:{code}:{version}")

    @contextlib.asynccontextmanager
    async def lock(self, code: str) -> AsyncIterator[None]:
        lock = self.redis.lock(
            f"geodeck:lock:{code}", timeout=self.lock_timeout, blocking_timeout=self.lock_timeout
        )
        async with lock:
            yield

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        total = self.redis.hincrby(f"geodeck:presence:{code}", str(seat), delta)
        return int(total if isinstance(total, int) else await total)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.redis.aclose()


def make_fanout(redis_url: str | None) -> Fanout:
    return LocalFanout() if not redis_url else RedisFanout(redis_url)
