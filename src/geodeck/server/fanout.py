"""Whether other server processes share this one's tables, and what that asks of it.

In one process (the default) the room object itself sends to its clients and nothing else
is needed (``LocalFanout``). With several processes (``--redis-url``) each table has one
home process that alone holds it (``home.py``): the others forward its requests there
(``forward.py``), so no action needs a lock, a catch-up or a message between processes.
"""

from __future__ import annotations

from typing import Protocol

from geodeck.server.home import Homes, OnLost, namespace
from geodeck.server.settings import Settings


class Fanout(Protocol):
    shared: bool
    """Whether other processes serve the same tables."""

    async def start(self, on_lost: OnLost) -> None: ...

    def prefers(self, code: str) -> bool:
        """Whether a new table with this code would have its home here."""

    async def claim(self, code: str) -> bool:
        """Make this process the home of a table it just created; whether it is."""

    async def released(self, code: str) -> None:
        """This process let go of the table."""

    async def dropped(self, code: str) -> None:
        """The table was deleted at this process, which does not hold it: the process
        that does lets it go (its clients closed, 1012), as if it had lost its lease."""

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        """Add ``delta`` to the seat's connections over all processes and return the total;
        ``None`` when this process's own count is the whole truth."""

    async def close(self) -> None: ...


class LocalFanout:
    """One process: every table's home is here."""

    shared = False

    async def start(self, on_lost: OnLost) -> None:
        return None

    def prefers(self, code: str) -> bool:
        return True

    async def claim(self, code: str) -> bool:
        return True

    async def released(self, code: str) -> None:
        return None

    async def dropped(self, code: str) -> None:
        return None

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        return None

    async def close(self) -> None:
        return None


def make_fanout(settings: Settings) -> Fanout:
    if not settings.redis_url:
        return LocalFanout()
    address = settings.address or "http://127.0.0.1:8000"
    return Homes(
        settings.redis_url,
        address=address,
        slot=settings.slot,
        slots=settings.slots,
        lease=settings.lease,
        space=namespace(f"{settings.database_url or ''}|{settings.schema or ''}"),
    )
