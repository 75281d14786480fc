"""A fault in geodeck is never a client's mistake: an engine that fails on an action is
logged with its traceback and answered ``server/internal`` (docs/protocol.md, Error
codes), not ``action/malformed``; a connection being cancelled is not held up by its
writer."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from geodeck.core.game import Game
from geodeck.server.connection import stop_writing
from tests.server.live import LiveServer, run, server_logs
from tests.server.test_websocket import close_all, refused, seated

PLACE = {"act": "place", "line": "west-east", "at": 0}


class EngineFault(Exception):
    pass


def faulty(*_: Any) -> Any:
    raise EngineFault("a fault inside the engine")


@pytest.mark.parametrize("where", ["action_from_wire", "apply"])
def test_an_engine_fault_is_logged_with_its_traceback_and_answered_server_internal(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    async def case() -> list[logging.LogRecord]:
        _, (ann, ben) = await seated(server)
        with server_logs() as records:
            monkeypatch.setattr(Game, where, faulty)
            error = await refused(ann, {"type": "act", "version": 0, "action": PLACE})
            monkeypatch.undo()
        assert error["code"] == "server/internal", error
        assert error["version"] == 0
        await ann.act(PLACE)
        await ben.wait_version(1)
        await close_all([ann, ben])
        return records

    records: list[logging.LogRecord] = []

    async def kept() -> None:
        records.extend(await case())

    run(kept, timeout=30)
    faults = [
        r
        for r in records
        if r.levelno >= logging.ERROR and r.exc_info and r.exc_info[0] is EngineFault
    ]
    assert faults, [r.getMessage() for r in records]


def test_a_cancelled_connection_is_not_held_by_its_writer() -> None:
    async def case() -> None:
        writer = asyncio.create_task(asyncio.sleep(3600))
        stopping = asyncio.create_task(stop_writing(writer, wait=3600))
        await asyncio.sleep(0.05)
        stopping.cancel()
        with pytest.raises(asyncio.CancelledError):
            await stopping
        assert stopping.cancelled()
        await asyncio.sleep(0)
        assert writer.cancelled()

    asyncio.run(asyncio.wait_for(case(), 10))


def test_a_writer_still_sending_after_the_wait_is_cancelled() -> None:
    async def case() -> None:
        writer = asyncio.create_task(asyncio.sleep(3600))
        await stop_writing(writer, wait=0.05)
        await asyncio.sleep(0)
        assert writer.cancelled()

    asyncio.run(asyncio.wait_for(case(), 10))
