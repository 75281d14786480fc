"""A TCP relay on loopback that a test can cut and mend: the server under test reaches
PostgreSQL or Redis through it, and the test makes that service stop answering (every
connection closed, new ones refused) and answer again, without touching the service."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine, Iterator
from typing import Any

from tests.workers import free_port


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    def _do(self, work: Coroutine[Any, Any, None]) -> None:
        asyncio.run_coroutine_threadsafe(work, self.loop).result(10)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self.writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _open(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _cut(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()

    def mend(self) -> None:
        """Relay again: new connections go through."""
        self._do(self._open())

    def cut(self) -> None:
        """Close every connection and refuse new ones."""
        self._do(self._cut())


@contextlib.contextmanager
def relay(target_port: int) -> Iterator[Relay]:
    found = Relay(target_port)
    found.thread.start()
    found.mend()
    try:
        yield found
    finally:
        found.cut()
        found.loop.call_soon_threadsafe(found.loop.stop)
        found.thread.join(10)
        found.loop.close()
