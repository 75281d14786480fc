"""The ASGI application: HTTP endpoints, the websocket, and the static front end.

docs/protocol.md is the contract this module implements.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

import orjson
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from geodeck import __version__
from geodeck.bots import LEVELS
from geodeck.catalogue import catalogue
from geodeck.server.errors import HTTP_STATUS, ErrorCode
from geodeck.server.fanout import make_fanout
from geodeck.server.limits import Limited, MissLimiter, address_key
from geodeck.server.protocol import (
    MAX_BODY,
    MAX_DEPTH,
    Created,
    CreateTable,
    ErrorBody,
    ErrorDetail,
    GameOffer,
    Games,
    Health,
    Hello,
    Joined,
    JoinTable,
    LimitedBody,
    LimitedDetail,
    LimitedMessage,
    Refusal,
    TableInfo,
    error_message,
    parse_client,
)
from geodeck.server.rooms import Client, Lobby, Room, Settings
from geodeck.server.storage import Storage

log = logging.getLogger("geodeck.server")

RATE_LIMIT = 50
"""Client messages per connection and second."""

CLOSE_NOT_FOUND = 4404
CLOSE_TOO_MANY_MISSES = 4429

M = TypeVar("M", bound=BaseModel)


def web_folder() -> Path:
    return Path(str(files("geodeck").joinpath("web")))


def flags_folder() -> Path:
    """The Undercover deck's SVG flags (``CC.svg``), which the browser shows at ``/flags/``."""
    return Path(str(files("geodeck").joinpath("decks", "data", "flags")))


class BodyLimit:
    """Refuse HTTP bodies over ``limit`` bytes with 413, whether announced or streamed."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _BodyTooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _BodyTooLarge:
            await _too_large(send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = _error_body(
        Refusal(ErrorCode.REQUEST_TOO_LARGE, f"a request body may be at most {MAX_BODY} bytes")
    )
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _error_body(refusal: Refusal) -> bytes:
    if isinstance(refusal, Limited):
        detail = LimitedDetail(
            code=refusal.code, message=refusal.message, retry_after=refusal.retry_after
        )
        return LimitedBody(error=detail).model_dump_json().encode()
    return (
        ErrorBody(error=ErrorDetail(code=refusal.code, message=refusal.message, rule=refusal.rule))
        .model_dump_json()
        .encode()
    )


def _limited_message(limited: Limited, version: int | None) -> str:
    return LimitedMessage(
        code=limited.code, message=limited.message, version=version, retry_after=limited.retry_after
    ).model_dump_json()


def _address(connection: Request | WebSocket) -> str:
    """The key a client's misses are counted under: its address as the ASGI server gives
    it (behind a reverse proxy, uvicorn must be told to trust its X-Forwarded-For)."""
    client = connection.client
    return address_key(client.host if client is not None else None)


async def _parse(request: Request, model: type[M]) -> M:
    raw = await request.body()
    if not raw.strip():
        raw = b"{}"
    try:
        data = orjson.loads(raw)
    except ValueError as err:
        raise Refusal(ErrorCode.REQUEST_MALFORMED, f"the body must be JSON: {err}") from None
    if too_deep(data, MAX_DEPTH):
        raise Refusal(
            ErrorCode.REQUEST_MALFORMED, f"the body nests more than {MAX_DEPTH} levels deep"
        )
    try:
        return model.model_validate(data)
    except ValidationError as err:
        problem = err.errors(include_url=False)[0]
        where = ".".join(str(p) for p in problem["loc"]) or "body"
        raise Refusal(ErrorCode.REQUEST_MALFORMED, f"{where}: {problem['msg']}") from None


def too_deep(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``limit`` levels deep (the
    outermost counts as one)."""
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The geodeck server as an ASGI application."""
    settings = settings or Settings()
    storage = Storage(settings.database_url, schema=settings.schema)
    lobby = Lobby(settings, storage, make_fanout(settings.redis_url))
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
            _error_body(refusal),
            status_code=HTTP_STATUS.get(refusal.code, 400),
            headers=headers,
            media_type="application/json",
        )

    @app.get("/api/health")
    async def health() -> Health:
        return Health(ok=True, version=__version__, tables=len(lobby.rooms), storage=storage.kind)

    offered = Games(
        games=[
            GameOffer(
                id=g.id, title=g.title, family=g.family, variants=list(g.variants), seats=g.players
            )
            for g in catalogue()
        ],
        levels=list(LEVELS),
    )

    @app.get("/api/games")
    async def games() -> Games:
        return offered

    @app.post("/api/tables", status_code=201, responses={400: {"model": ErrorBody}})
    async def create_table(request: Request) -> Created:
        body = await _parse(request, CreateTable)
        return await lobby.create(body, _base(request))

    limited: dict[int | str, dict[str, Any]] = {429: {"model": LimitedBody}}

    @app.post("/api/tables/{code}/join", responses={404: {"model": ErrorBody}, **limited})
    async def join_table(code: str, request: Request) -> Joined:
        with limiter.guard(_address(request)):
            body = await _parse(request, JoinTable)
            return await lobby.join(code, body, _base(request))

    @app.get("/api/tables/{code}", responses={404: {"model": ErrorBody}, **limited})
    async def table_info(code: str, request: Request) -> TableInfo:
        with limiter.guard(_address(request)):
            async with lobby.using(code) as room:
                return room.info(_base(request))

    @app.get("/api/tables/{code}/record", responses={409: {"model": ErrorBody}, **limited})
    async def table_record(code: str, request: Request) -> Response:
        with limiter.guard(_address(request)):
            async with lobby.using(code) as room:
                record = room.record()
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="geodeck-{room.code}.json"'},
        )

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await _play(websocket, code, lobby, limiter)

    flags = flags_folder()
    if flags.is_dir():
        app.mount("/flags", StaticFiles(directory=flags), name="flags")
    folder = web_folder()
    if folder.is_dir():
        app.mount("/", StaticFiles(directory=folder, html=True), name="web")
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app


async def _play(websocket: WebSocket, code: str, lobby: Lobby, limiter: MissLimiter) -> None:
    """One websocket to table ``code``, held in memory while it is open."""
    await websocket.accept()
    address = _address(websocket)
    try:
        with limiter.guard(address):
            room = await lobby.hold(code)
    except Limited as refusal:
        await websocket.send_text(_limited_message(refusal, None))
        await websocket.close(CLOSE_TOO_MANY_MISSES)
        return
    except Refusal as refusal:
        await websocket.send_text(error_message(refusal, None))
        await websocket.close(CLOSE_NOT_FOUND)
        return
    try:
        await _serve_client(websocket, room, limiter, address)
    finally:
        lobby.let_go(room)


async def _serve_client(
    websocket: WebSocket, room: Room, limiter: MissLimiter, address: str
) -> None:
    client = Client()
    writer = asyncio.create_task(_write(websocket, client))
    loop = asyncio.get_running_loop()
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            payload: str | bytes = text if text is not None else message.get("bytes") or b""
            if client.over_rate(RATE_LIMIT, loop.time()):
                client.push(
                    error_message(
                        Refusal(
                            ErrorCode.PROTOCOL_TOO_MANY, f"at most {RATE_LIMIT} messages a second"
                        ),
                        room.version,
                    )
                )
                continue
            try:
                parsed = parse_client(payload)
            except Refusal as refusal:
                client.push(error_message(refusal, room.version))
                continue
            trying = isinstance(parsed, Hello) and parsed.token is not None and not client.joined
            if trying:
                try:
                    limiter.check(address)
                except Limited as refusal:
                    client.push(_limited_message(refusal, room.version))
                    client.close_code = CLOSE_TOO_MANY_MISSES
                    break
            await room.handle(client, parsed)
            if trying and not client.joined:
                limiter.miss(address)  # the token fits no seat (auth/bad_token)
    except WebSocketDisconnect:
        pass
    finally:
        await room.leave(client)
        with contextlib.suppress(asyncio.QueueFull):
            client.queue.put_nowait(None)
        try:
            await asyncio.wait_for(writer, timeout=1.0)
        except (TimeoutError, asyncio.CancelledError, Exception):
            writer.cancel()


async def _write(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            text = await client.queue.get()
            if text is None:
                if websocket.application_state == WebSocketState.CONNECTED:
                    await websocket.close(client.close_code)
                return
            await websocket.send_text(text)
    except Exception:
        log.debug("a client went away while being written to", exc_info=True)
