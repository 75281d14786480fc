"""HTTP bodies: the size limit, parsing JSON into a request model, the requests that make
and join tables, the server's plain answers, and the JSON body of a refusal
(docs/protocol.md, Errors)."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import orjson
from fastapi import Request
from pydantic import BaseModel, Field, ValidationError
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from geodeck.server import observe
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import Limited
from geodeck.server.protocol import (
    CLOCK_LIMIT,
    MAX_BODY,
    MAX_DEPTH,
    NAME_LENGTH,
    ChatMode,
    Language,
    Refusal,
    Strict,
)
from geodeck.server.settings import PAUSE_LIMIT

M = TypeVar("M", bound=BaseModel)

Name = Annotated[str, Field(min_length=1, max_length=NAME_LENGTH)]


class PlayerSpec(Strict):
    """Who claims a seat, for their rating (docs/ratings.md): a player key the client made
    at random and keeps, and the nickname shown with the rating. The server keeps only
    the key's SHA-256."""

    key: Annotated[str, Field(max_length=200)]
    nickname: Annotated[str, Field(max_length=200)]


class SeatSpec(Strict):
    name: Name | None = None
    bot: Annotated[str, Field(max_length=32)] | None = None


class CreateTable(Strict):
    game: Annotated[str, Field(min_length=1, max_length=32)]
    variant: Annotated[str, Field(min_length=1, max_length=32)] | None = None
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=12)]
    claim: Annotated[list[int], Field(max_length=12)] | None = None
    clock: Annotated[float, Field(gt=0, le=CLOCK_LIMIT)] | None = None
    bank: Annotated[float, Field(ge=0, le=CLOCK_LIMIT)] = 0
    pause: Annotated[float, Field(ge=0, le=PAUSE_LIMIT)] | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    deck: dict[str, object] | list[object] | None = None
    player: PlayerSpec | None = None
    """The creator's player key, for the first seat they claim."""
    public: bool = False
    """List the table in the lobby while it waits for players (listing.py)."""
    language: Language = "en"
    chat: ChatMode = "players"


class JoinTable(Strict):
    name: Name | None = None
    seat: Annotated[int, Field(ge=0)] | None = None
    player: PlayerSpec | None = None


class GameOffer(BaseModel):
    id: str
    title: str
    family: str
    variants: list[str]
    """The first is the default."""
    seats: tuple[int, int]
    """The fewest and the most seats."""


class Games(BaseModel):
    games: list[GameOffer]
    levels: list[str]
    """The bot levels, weakest first."""
    bot_ratings: dict[str, dict[str, int]] = Field(default_factory=dict)
    """Per rating family, each bot level's fixed displayed rating (docs/ratings.md)."""


class Health(BaseModel):
    ok: bool
    version: str
    tables: int
    storage: str
    pyodide: bool = False
    """Whether this server serves Pyodide at /pyodide/ (scripts/web-deps), so the page can
    replay a record file with geodeck's engine."""


class Ready(BaseModel):
    ready: bool
    storage_ms: float
    """How long storage took to answer ``SELECT 1``, in milliseconds."""
    redis_ms: float | None = None
    """How long Redis took to answer a ping (``None``: one process, no Redis)."""


class ErrorDetail(BaseModel):
    code: str
    message: str
    rule: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class LimitedDetail(ErrorDetail):
    retry_after: int
    """Seconds until this address may try a table code or seat token again (the same as
    the ``Retry-After`` header)."""


class LimitedBody(BaseModel):
    """The body of a ``429`` answer (``limit/too_many_misses``, ``limit/too_many_requests``)."""

    error: LimitedDetail


def refusals(*statuses: int, limited: bool = False) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses`` for its documentation: an ``ErrorBody`` for each of
    ``statuses`` and, if ``limited``, a ``LimitedBody`` for 429."""
    answers: dict[int | str, dict[str, Any]] = {s: {"model": ErrorBody} for s in statuses}
    if limited:
        answers[429] = {"model": LimitedBody}
    return answers


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
    body = error_body(
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


def error_body(refusal: Refusal) -> bytes:
    observe.HOOKS.refused(refusal.code)
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


async def parse(request: Request, model: type[M]) -> M:
    try:
        raw = await request.body()
    except ClientDisconnect:
        # the client hung up before its body was in: nobody is left to answer
        raise Refusal(ErrorCode.REQUEST_MALFORMED, "the request ended before its body") from None
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


def too_deep(value: object, limit: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``limit`` levels deep (the
    outermost counts as one)."""
    stack: list[tuple[dict[object, object] | list[object], int]] = (
        [(value, 1)] if isinstance(value, dict | list) else []
    )
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False
