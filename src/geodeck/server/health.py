"""``/api/health`` and ``/api/health/ready``: live and ready, for a load balancer.

Live is the process answering at all (its event loop turns). Ready is also its storage
answering a query and, with several processes, Redis answering a ping, each within
``WAIT`` seconds; a process that is not ready answers ``server/not_ready`` (503), saying
which part does not answer, so that a load balancer sends its clients elsewhere while a
restart of the database or Redis is under way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable

from fastapi import FastAPI
from sqlalchemy import text

from geodeck import __version__
from geodeck.server.bodies import Health, Ready, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.home import Homes
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Refusal

WAIT = 2.0
log = logging.getLogger("geodeck.server")


def _ping_storage(lobby: Lobby) -> None:
    with lobby.storage.engine.connect() as conn:
        conn.execute(text("SELECT 1"))


async def _ping_redis(homes: Homes) -> None:
    await homes.redis.ping()  # type: ignore[misc]  # redis's stubs: Awaitable[bool] | bool


async def check(lobby: Lobby) -> Ready:
    """How long storage and Redis took to answer; ``server/not_ready`` if one did not."""
    storage_ms = await _answer_ms("storage", lobby.run(_ping_storage, lobby))
    redis_ms = None
    if isinstance(lobby.fanout, Homes):
        redis_ms = await _answer_ms("Redis", _ping_redis(lobby.fanout))
    return Ready(
        ready=True, storage_ms=round(storage_ms, 2), redis_ms=redis_ms and round(redis_ms, 2)
    )


async def _answer_ms(what: str, ping: Awaitable[None]) -> float:
    """How long ``ping`` took, in milliseconds; ``server/not_ready`` if it failed."""
    started = time.perf_counter()
    try:
        await asyncio.wait_for(ping, WAIT)
    except Exception as err:
        log.warning("%s does not answer", what, exc_info=True)
        raise Refusal(ErrorCode.SERVER_NOT_READY, f"{what} does not answer: {_said(err)}") from None
    return (time.perf_counter() - started) * 1000


def _said(err: BaseException) -> str:
    if isinstance(err, TimeoutError):
        return f"no answer in {WAIT:g} s"
    first = str(getattr(err, "orig", None) or err).strip().splitlines()
    return first[0][:200] if first else type(err).__name__


def register(app: FastAPI, lobby: Lobby, *, pyodide: bool) -> None:
    @app.get("/api/health")
    async def live() -> Health:
        return Health(
            ok=True,
            version=__version__,
            tables=len(lobby.rooms),
            storage=lobby.storage.kind,
            pyodide=pyodide,
        )

    @app.get("/api/health/ready", responses=refusals(503))
    async def ready() -> Ready:
        return await check(lobby)
