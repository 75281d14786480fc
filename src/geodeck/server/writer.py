"""Group commit: the actions stored while a commit is under way share the next one.

Where storage takes batches (``Storage.quick_appends``: SQLite and PostgreSQL), the server
hands every action to one ``Writer``. The actions that arrive in one turn of the event
loop go in one transaction, written in a thread of the writer's own (the database drivers
work without the interpreter's lock, so the event loop goes on meanwhile); the actions that
arrive while it writes wait for it and go together in the next. Each caller's ``append``
returns once its action is committed, or raises what kept it out, so a table still
broadcasts an action only after it is stored.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from geodeck.server import observe
from geodeck.server.storage import Append

WriteBatch = Callable[[Sequence[Append]], list[Exception | None]]
Waiting = list[tuple[Append, asyncio.Future[None]]]


class Writer:
    """Commits appends in batches, one batch at a time, in a thread of its own."""

    def __init__(self, write: WriteBatch) -> None:
        self._write = write
        self._waiting: Waiting = []
        self._busy = False
        self._idle = asyncio.Event()
        self._idle.set()
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="geodeck-writer")

    async def append(self, item: Append) -> None:
        """Store ``item``; returns once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((item, future))
        if not self._busy:
            self._busy = True
            self._idle.clear()
            # The rest of this turn's actions join the batch before it goes.
            loop.call_soon(self._next, loop)
        await future

    def _next(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._waiting = self._waiting, []
        if not batch:
            self._busy = False
            self._idle.set()
            return
        items = [item for item, _ in batch]
        started = time.perf_counter()
        done = loop.run_in_executor(self._thread, self._write, items)
        done.add_done_callback(lambda finished: self._written(loop, batch, finished, started))

    def _written(
        self,
        loop: asyncio.AbstractEventLoop,
        batch: Waiting,
        finished: asyncio.Future[list[Exception | None]],
        started: float,
    ) -> None:
        observe.HOOKS.commit(time.perf_counter() - started)
        try:
            failures: list[Exception | None] = finished.result()
        except Exception as err:
            failures = [err] * len(batch)
        for (_, future), failure in zip(batch, failures, strict=True):
            if future.done():
                continue
            if failure is None:
                future.set_result(None)
            else:
                future.set_exception(failure)
        self._next(loop)

    async def close(self) -> None:
        """Wait for the batches under way, then let the thread go."""
        await self._idle.wait()
        self._thread.shutdown(wait=True)
