"""Requests for a table that has its home in another process go there (``home.py``).

An ASGI middleware in front of the app, with several processes only. For ``/ws/{code}``
and ``/api/tables/{code}...`` it asks where the table's home is: here, and the request
goes on to the app; elsewhere, and it is forwarded, an HTTP request as one request to the
home, a websocket as a websocket to the home whose frames are passed on both ways, its
close code too. A forwarded request carries ``X-Geodeck-Forwarded`` with the key the
processes share through Redis (``Homes.key``) and ``X-Forwarded-For`` with the client's
address, which the home then counts the client's limits under; without the right key
both headers are dropped, so no client can speak for another address. A process that
gets a forwarded request for a table it is not the home of refuses it (``server/busy``,
websocket close code 1013, try again) rather than forward it again. Behind a proxy that
routes by the code (deploy/nginx.conf) a client lands on the home and nothing is
forwarded.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import re

import httpx
from starlette.types import ASGIApp, Receive, Scope, Send
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from geodeck.server.bodies import error_body
from geodeck.server.errors import ErrorCode
from geodeck.server.home import Homes, Moving, Process
from geodeck.server.listening import WS_MAX_SIZE
from geodeck.server.protocol import Refusal
from geodeck.server.tokens import could_be_code, normal_code

log = logging.getLogger("geodeck.server")

TABLE_PATH = re.compile(r"^/(?:ws|api/tables)/([^/]+)")
FORWARDED = b"x-geodeck-forwarded"
XFF = b"x-forwarded-for"
CLOSE_TRY_AGAIN = 1013
_HOP = {b"host", b"connection", b"upgrade", b"content-length", b"transfer-encoding", b"keep-alive"}
_WS_OWN = {b"sec-websocket-key", b"sec-websocket-version", b"sec-websocket-extensions"}


def table_code(path: str) -> str | None:
    """The table code a path names, if it has the form of one."""
    found = TABLE_PATH.match(path)
    if found is None:
        return None
    code = normal_code(found.group(1))
    return code if could_be_code(code) else None


def _client_host(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


def _headers(scope: Scope, skip: set[bytes], key: str) -> list[tuple[str, str]]:
    """The request's headers for the home, with the client's address and the key."""
    kept = [
        (k.decode("latin-1"), v.decode("latin-1"))
        for k, v in scope.get("headers", [])
        if k.lower() not in skip and k.lower() not in (XFF, FORWARDED)
    ]
    kept.append((XFF.decode(), _client_host(scope)))
    kept.append((FORWARDED.decode(), key))
    return kept


def _sent_by_a_process(scope: Scope, key: str) -> bool:
    """Whether the request came from another process of this server (it carries the key);
    if so its client is the one that process named, and otherwise the two headers that
    say so are dropped."""
    headers = scope.get("headers", [])
    mark = next((v for k, v in headers if k.lower() == FORWARDED), None)
    client = next((v for k, v in headers if k.lower() == XFF), None)
    trusted = bool(key) and mark is not None and hmac.compare_digest(mark, key.encode())
    if mark is not None and not trusted:
        scope["headers"] = [(k, v) for k, v in headers if k.lower() != FORWARDED]
    if trusted and client:
        scope["client"] = (client.decode("latin-1").strip(), 0)
    return trusted


class HomeRouter:
    """Sends each table's requests to its home process."""

    def __init__(self, app: ASGIApp, homes: Homes) -> None:
        self.app = app
        self.homes = homes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        code = table_code(scope.get("path", "")) if kind in ("http", "websocket") else None
        if code is None:
            await self.app(scope, receive, send)
            return
        forwarded = _sent_by_a_process(scope, self.homes.key)
        try:
            home = await self.homes.route(code)
        except Moving:
            home = self.homes.me
            forwarded = True
        except Exception:
            log.exception("finding the home of table %s failed", code)
            home, forwarded = self.homes.me, True
        if home is None:
            await self.app(scope, receive, send)
        elif forwarded:
            await self._busy(kind, send, receive)
        elif kind == "http":
            await self._forward_http(home, scope, receive, send)
        else:
            await self._forward_ws(home, scope, receive, send)

    async def _busy(self, kind: str, send: Send, receive: Receive) -> None:
        """The table's home is changing hands: try again in a moment."""
        if kind == "websocket":
            await receive()
            await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})
            return
        refusal = Refusal(ErrorCode.SERVER_BUSY, "the table is moving to another process; retry")
        await _respond(send, 503, error_body(refusal), [(b"retry-after", b"1")])

    async def _forward_http(
        self, home: Process, scope: Scope, receive: Receive, send: Send
    ) -> None:
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
        query = scope.get("query_string", b"").decode("latin-1")
        url = home.address.rstrip("/") + scope["path"] + (f"?{query}" if query else "")
        sent = _headers(scope, _HOP, self.homes.key)
        try:
            async with httpx.AsyncClient(timeout=30.0) as http:
                answer = await http.request(scope["method"], url, content=body, headers=sent)
        except httpx.HTTPError:
            await self._busy("http", send, receive)
            return
        headers = [
            (k.encode("latin-1"), v.encode("latin-1"))
            for k, v in answer.headers.items()
            if k.lower().encode() not in _HOP and k.lower() != "content-encoding"
        ]
        headers.append((b"x-geodeck-forwarded-to", home.address.encode("latin-1")))
        await _respond(send, answer.status_code, answer.content, headers)

    async def _forward_ws(self, home: Process, scope: Scope, receive: Receive, send: Send) -> None:
        first = await receive()
        if first["type"] != "websocket.connect":
            return
        url = home.address.replace("http", "ws", 1).rstrip("/") + scope["path"]
        try:
            upstream = await connect(
                url,
                additional_headers=_headers(scope, _HOP | _WS_OWN, self.homes.key),
                max_size=WS_MAX_SIZE,
                compression=None,
                open_timeout=5,
            )
        except Exception:
            log.warning("the websocket to %s could not be opened", url, exc_info=True)
            await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})
            return
        await send({"type": "websocket.accept"})
        inward = asyncio.create_task(_to_home(receive, upstream))
        try:
            await _to_client(upstream, send)
        finally:
            inward.cancel()
            for result in await asyncio.gather(inward, return_exceptions=True):
                if isinstance(result, Exception):
                    log.warning("forwarding to %s failed", url, exc_info=result)
            await upstream.close()


async def _respond(
    send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]]
) -> None:
    headers = [*headers, (b"content-length", str(len(body)).encode())]
    if not any(k == b"content-type" for k, _ in headers):
        headers.append((b"content-type", b"application/json"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _to_home(receive: Receive, upstream: ClientConnection) -> None:
    """The client's frames to the home, until the client goes."""
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            await upstream.close()
            return
        text = message.get("text")
        with contextlib.suppress(ConnectionClosed):
            await upstream.send(text if text is not None else message.get("bytes") or b"")


async def _to_client(upstream: ClientConnection, send: Send) -> None:
    """The home's frames to the client, then the home's close code."""
    try:
        async for frame in upstream:
            if isinstance(frame, str):
                await send({"type": "websocket.send", "text": frame})
            else:
                await send({"type": "websocket.send", "bytes": bytes(frame)})
    except ConnectionClosed:
        pass
    code = upstream.close_code or 1000
    try:
        await send({"type": "websocket.close", "code": code, "reason": upstream.close_reason or ""})
    except Exception:
        log.debug("the client went before the close was passed on", exc_info=True)
