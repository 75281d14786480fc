"""What the server tells of a finished table: ``GET /api/tables/{code}/stats``, the
statistics of ``geodeck.stats`` (docs/protocol.md, docs/stats.md).

They are counted from the spectator's view, whose history is public once the game has
ended; while the table is waiting or playing they are refused, so that they never tell
what a seat may not know yet.
"""

from __future__ import annotations

from fastapi import FastAPI

from geodeck.server.bodies import refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, guarded
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import FINISHED, Refusal
from geodeck.server.room import Room
from geodeck.stats import game_stats


def stats_of(room: Room) -> dict[str, object]:
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
    refused = refusals(404, 409, limited=True)

    @app.get("/api/tables/{code}/stats", responses=refused, dependencies=[guarded(limiter)])
    async def table_stats(code: str) -> dict[str, object]:
        async with lobby.using(code) as room:
            return stats_of(room)
