"""What the server tells of a finished table: ``GET /api/tables/{code}/stats``, the
statistics of ``geodeck.stats`` (docs/protocol.md, docs/stats.md).

They are counted from the spectator's view, whose history is public once the game has
ended; while the table is waiting or playing they are refused, so that they never tell
what a seat may not know yet.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from geodeck.server.bodies import ErrorBody, LimitedBody
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, guarded
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import FINISHED, Refusal
from geodeck.server.room import Room
from geodeck.stats import game_stats


def stats_of(room: Room) -> dict[str, Any]:
    """The statistics of the table's game, refused (``stats/not_finished``) until it has
    ended and its last action is stored."""
    if room.status != FINISHED or not room.settled:
        raise Refusal(
            ErrorCode.STATS_NOT_FINISHED,
            "the statistics of a game are given once it has ended",
        )
    return game_stats(room.game)


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> None:
    """Add the endpoint to ``app``."""
    refusals: dict[int | str, dict[str, Any]] = {
        404: {"model": ErrorBody},
        409: {"model": ErrorBody},
        429: {"model": LimitedBody},
    }

    @app.get("/api/tables/{code}/stats", responses=refusals, dependencies=[guarded(limiter)])
    async def table_stats(code: str) -> dict[str, Any]:
        async with lobby.using(code) as room:
            return stats_of(room)
