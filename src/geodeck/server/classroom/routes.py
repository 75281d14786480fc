"""The classroom's HTTP endpoints (docs/protocol.md, Classroom). Every one that names a
class is behind the limit on wrong codes and tokens (``limits.py``): a wrong class code
or token counts as a miss; a right one is always served."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.responses import Response

from geodeck.server import connection
from geodeck.server.bodies import parse, refusals
from geodeck.server.classroom.models import (
    JoinClass,
    OpenClass,
    PostAnswers,
    StartGames,
    StartPractice,
)
from geodeck.server.classroom.service import Classroom, bearer
from geodeck.server.classroom.sheet import sheet_csv
from geodeck.server.limits import MissLimiter, guarded
from geodeck.server.lobby import Lobby


def _token(request: Request) -> str | None:
    return bearer(request.headers.get("authorization"))


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> Classroom:
    """Add the classroom's endpoints to ``app``."""
    room = Classroom(lobby)
    refused = refusals(403, 404, 409, limited=True)

    @app.post("/api/classes", status_code=201, responses=refusals(400))
    async def open_class(request: Request) -> dict[str, object]:
        connection.creating(lobby, request)
        body = await parse(request, OpenClass)
        opened = await room.open(body)
        return {**opened, "link": f"{_base(request)}/?class={opened['code']}"}

    @app.post(
        "/api/classes/{code}/pupils",
        status_code=201,
        responses=refused,
        dependencies=[guarded(limiter)],
    )
    async def join_class(code: str, request: Request) -> dict[str, object]:
        found = await room.find(code)
        body = await parse(request, JoinClass)
        return await room.join(found, body)

    @app.post(
        "/api/classes/{code}/practice",
        responses=refused,
        dependencies=[guarded(limiter)],
    )
    async def start_practice(code: str, request: Request) -> dict[str, object]:
        found = await room.teacher(code, _token(request))
        return await room.practice(found, await parse(request, StartPractice))

    @app.post("/api/classes/{code}/games", responses=refused, dependencies=[guarded(limiter)])
    async def start_games(code: str, request: Request) -> dict[str, object]:
        found = await room.teacher(code, _token(request))
        connection.creating(lobby, request)
        body = await parse(request, StartGames)
        return await room.start_games(found, body, _base(request))

    @app.get("/api/classes/{code}/sheet", responses=refused, dependencies=[guarded(limiter)])
    async def sheet(code: str, request: Request) -> Mapping[str, object]:
        found = await room.teacher(code, _token(request))
        return await room.sheet(found)

    @app.get(
        "/api/classes/{code}/sheet.csv",
        responses=refused,
        dependencies=[guarded(limiter)],
    )
    async def sheet_file(code: str, request: Request) -> Response:
        found = await room.teacher(code, _token(request))
        rows = (await room.sheet(found))["pupils"]
        return Response(
            sheet_csv(rows),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="geodeck-{found.code}.csv"'},
        )

    @app.delete("/api/classes/{code}", responses=refused, dependencies=[guarded(limiter)])
    async def end_class(code: str, request: Request) -> dict[str, object]:
        found = await room.teacher(code, _token(request))
        return await room.end(found)

    @app.get("/api/classes/{code}/me", responses=refused, dependencies=[guarded(limiter)])
    async def me(code: str, request: Request) -> dict[str, object]:
        token = _token(request) or ""
        found, pupil = await room.pupil(code, token)
        return await room.me(found, pupil, token)

    @app.post(
        "/api/classes/{code}/answers",
        responses=refused,
        dependencies=[guarded(limiter)],
    )
    async def answers(code: str, request: Request) -> dict[str, object]:
        found, pupil = await room.pupil(code, _token(request))
        return await room.answers(found, pupil, await parse(request, PostAnswers))

    return room
