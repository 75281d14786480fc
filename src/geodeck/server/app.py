"""The ASGI application: HTTP endpoints, the websocket, and the static front end.

The endpoints are thin: the ``Lobby`` (``lobby.py``) does the work, ``bodies.py`` reads
request bodies, ``connection.py`` serves each websocket.

docs/protocol.md is the contract this module implements.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from geodeck import __version__
from geodeck.bots import LEVELS
from geodeck.catalogue import catalogue
from geodeck.server import (
    classroom,
    connection,
    daily,
    finished,
    health,
    listing,
    practice_api,
    ratings_api,
    recovery,
    rematch,
    replays,
)
from geodeck.server.bodies import (
    BodyLimit,
    CreateTable,
    GameOffer,
    Games,
    JoinTable,
    error_body,
    parse,
    refusals,
)
from geodeck.server.errors import HTTP_STATUS
from geodeck.server.fanout import make_fanout
from geodeck.server.forward import HomeRouter
from geodeck.server.home import Homes
from geodeck.server.limits import Limited, MissLimiter, guarded
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import MAX_BODY, Created, Joined, Refusal, TableInfo
from geodeck.server.settings import Settings
from geodeck.server.storage import Storage
from geodeck.server.table_socket import Socket, TableSockets

log = logging.getLogger("geodeck.server")


def web_folder() -> Path:
    return Path(str(files("geodeck").joinpath("web")))


def flags_folder() -> Path:
    """The Undercover deck's SVG flags (``CC.svg``), which the browser shows at ``/flags/``."""
    return Path(str(files("geodeck").joinpath("decks", "data", "flags")))


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _mount_files(app: FastAPI) -> None:
    """The flags and the browser front end, where they are installed."""
    flags = flags_folder()
    if flags.is_dir():
        app.mount("/flags", StaticFiles(directory=flags), name="flags")
    folder = web_folder()
    if folder.is_dir():
        app.mount("/", StaticFiles(directory=folder, html=True), name="web")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The geodeck server as an ASGI application."""
    settings = settings or Settings()
    storage = Storage(settings.database_url, schema=settings.schema)
    lobby = Lobby(settings, storage, make_fanout(settings))
    limiter = MissLimiter(
        settings.miss_burst, settings.miss_refill, capacity=settings.miss_addresses
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        try:
            yield
        finally:
            await lobby.close()

    app = FastAPI(
        title="geodeck",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.lobby = lobby
    app.state.limiter = limiter

    @app.exception_handler(Refusal)
    async def refused(_request: Request, refusal: Exception) -> Response:
        assert isinstance(refusal, Refusal)
        headers = None
        if isinstance(refusal, Limited):
            headers = {"Retry-After": str(refusal.retry_after)}
        return Response(
            error_body(refusal),
            status_code=HTTP_STATUS.get(refusal.code, 400),
            headers=headers,
            media_type="application/json",
        )

    health.register(app, lobby, pyodide=(web_folder() / "pyodide" / "pyodide.mjs").is_file())

    offered = Games(
        games=[
            GameOffer(
                id=g.id, title=g.title, family=g.family, variants=list(g.variants), seats=g.players
            )
            for g in catalogue()
        ],
        levels=list(LEVELS),
        bot_ratings=ratings_api.bot_levels(),
    )

    @app.get("/api/games")
    async def games() -> Games:
        return offered

    @app.post("/api/tables", status_code=201, responses=refusals(400))
    async def create_table(request: Request) -> Created:
        connection.creating(lobby, request)
        body = await parse(request, CreateTable)
        return await lobby.create(body, _base(request))

    @app.post(
        "/api/tables/{code}/join",
        responses=refusals(404, limited=True),
        dependencies=[guarded(limiter)],
    )
    async def join_table(code: str, request: Request) -> Joined:
        body = await parse(request, JoinTable)
        return await lobby.join(code, body, _base(request))

    @app.get(
        "/api/tables/{code}",
        responses=refusals(404, limited=True),
        dependencies=[guarded(limiter)],
    )
    async def table_info(code: str, request: Request) -> TableInfo:
        async with lobby.using(code) as room:
            info = room.info(_base(request))
        return await ratings_api.rated(lobby, info)

    @app.get(
        "/api/tables/{code}/record",
        responses=refusals(409, limited=True),
        dependencies=[guarded(limiter)],
    )
    async def table_record(code: str) -> Response:
        async with lobby.using(code) as room:
            record = room.record()
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="geodeck-{room.code}.json"'},
        )

    listing.register(app, lobby)
    if settings.metrics or settings.metrics_address:
        from geodeck.server import metrics

        metrics.register(app, lobby)
    for part in (replays, finished, ratings_api, daily, rematch, recovery, classroom):
        part.register(app, lobby, limiter)
    practice_api.register(app, settings, storage)

    _mount_files(app)

    async def play(websocket: Socket, code: str) -> None:
        await connection.play(websocket, code, lobby, limiter)

    app.add_middleware(TableSockets, play=play)  # /ws/{code}, inside HomeRouter
    if isinstance(lobby.fanout, Homes):
        app.add_middleware(HomeRouter, homes=lobby.fanout)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app
