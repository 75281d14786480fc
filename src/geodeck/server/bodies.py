"""HTTP request bodies: the size limit, parsing JSON into a request model, and the JSON
body of a refusal (docs/protocol.md, Errors)."""

from __future__ import annotations

from typing import Any, TypeVar

import orjson
from fastapi import Request
from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from geodeck.server import observe
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import Limited
from geodeck.server.protocol import (
    MAX_BODY,
    MAX_DEPTH,
    ErrorBody,
    ErrorDetail,
    LimitedBody,
    LimitedDetail,
    Refusal,
)

M = TypeVar("M", bound=BaseModel)


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
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False
