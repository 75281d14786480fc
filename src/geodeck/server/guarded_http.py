"""The HTTP protocol the server runs under uvicorn: uvicorn's (httptools) with deadlines
for slow clients and a cap on connections.

uvicorn closes a keep-alive connection that stays idle between requests, but waits for
ever for a request that is sent a byte at a time, or for a connection that sends nothing.
Here:

- a request's line and headers must arrive within ``header_timeout`` seconds of the
  connection (or of the end of the last response), and its body within ``body_timeout``
  seconds of its headers; otherwise the connection is closed (a websocket's handshake is
  a request like any other);
- beyond ``max_connections`` open connections (HTTP and websocket), a new one is answered
  with ``503`` and ``server/busy`` and closed before anything is read;
- beyond ``per_address`` open connections from one client address (an IPv4 address, an
  IPv6 /64), a new one from it is answered with ``429`` and
  ``limit/too_many_connections`` and closed. A reverse proxy named in
  ``--forwarded-allow-ips`` is not counted: its clients' addresses are known only once a
  request is read.

The deadlines cost one timer a connection; docs/protocol.md (Limits) lists them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from geodeck.server import observe
from geodeck.server.bodies import error_body
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import address_key
from geodeck.server.protocol import Refusal
from geodeck.server.settings import Settings

log = logging.getLogger("geodeck.server")

BUSY_RETRY = 5
"""Seconds a client turned away for the cap is told to wait (``Retry-After``)."""


@dataclass(frozen=True, slots=True)
class Deadlines:
    """The limits ``GuardedHttp`` holds connections to (``Settings`` gives them)."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0
    max_connections: int = 4096
    per_address: int = 512
    send_buffer: int = 131_072

    @classmethod
    def of(cls, settings: Settings) -> Deadlines:
        return cls(
            settings.header_timeout,
            settings.body_timeout,
            settings.max_connections,
            settings.connections_per_address,
            settings.send_buffer,
        )


class Peers:
    """The open connections of each client address, but for the trusted proxies'."""

    def __init__(self, limit: int, proxies: str | None) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()
        names = [p.strip() for p in (proxies or "").split(",") if p.strip()]
        self.everyone = "*" in names
        self.proxies = [_network(name) for name in names if name != "*"]

    def _key(self, client: tuple[str, int] | None) -> str | None:
        """The key a connection from ``client`` is counted under; ``None``: not counted."""
        if client is None or self.everyone:
            return None
        host = client[0]
        try:
            address = ipaddress.ip_address(host.split("%", 1)[0])
        except ValueError:
            return address_key(host)
        if any(address in network for network in self.proxies if network is not None):
            return None
        return address_key(host)

    def admit(self, client: tuple[str, int] | None) -> bool:
        """Count a new connection from ``client``, unless its address has ``limit`` open."""
        key = self._key(client)
        if key is None:
            return True
        if self.open[key] >= self.limit:
            return False
        self.open[key] += 1
        return True

    def leave(self, client: tuple[str, int] | None) -> None:
        key = self._key(client)
        if key is not None and self.open[key] > 0:
            self.open[key] -= 1
            if not self.open[key]:
                del self.open[key]


def _network(name: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    try:
        return ipaddress.ip_network(name, strict=False)
    except ValueError:
        return None


def refusal_response(status: str, refusal: Refusal, retry_after: int) -> bytes:
    """A whole HTTP answer, written before a request was read."""
    body = error_body(refusal)
    head = (
        f"HTTP/1.1 {status}\r\n"
        "content-type: application/json\r\n"
        f"retry-after: {retry_after}\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


BUSY = refusal_response(
    "503 Service Unavailable",
    Refusal(ErrorCode.SERVER_BUSY, "the server holds as many connections as it may"),
    BUSY_RETRY,
)
CROWDED = refusal_response(
    "429 Too Many Requests",
    Refusal(
        ErrorCode.LIMIT_TOO_MANY_CONNECTIONS, "this address holds as many connections as it may"
    ),
    BUSY_RETRY,
)


class GuardedHttp(HttpToolsProtocol):
    """Pass to uvicorn as ``http=GuardedHttp``, with the ``Deadlines`` in the config's
    ``deadlines`` (``listening.uvicorn_config`` does both)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadlines: Deadlines = getattr(self.config, "deadlines", Deadlines())
        self.peers: Peers | None = getattr(self.config, "peers", None)
        self._deadline: asyncio.TimerHandle | None = None
        self._counted = False

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self, what: str) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        host, port = self.client or ("?", 0)
        log.info("connection from %s:%s closed: its %s came too slowly", host, port, what)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        observe.HOOKS.connections(self.connections)
        if len(self.connections) > self.deadlines.max_connections:
            self._turn_away(BUSY)
            return
        if self.peers is not None:
            if not self.peers.admit(self.client):
                self._turn_away(CROWDED)
                return
            self._counted = True
        self._arm(self.deadlines.header_timeout, "request headers")

    def _turn_away(self, answer: bytes) -> None:
        self.transport.write(answer)
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted and self.peers is not None:
            self.peers.leave(self.client)
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        # The websocket protocol (``websocket.py``) takes the connection and its count.
        self._counted = False
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.pipeline:
            self._disarm()  # uvicorn's keep-alive timeout watches the idle connection

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.cycle is not None and self.cycle.response_complete:
            # the first bytes of the next request on a kept-alive connection
            self._arm(self.deadlines.header_timeout, "request headers")
        super().data_received(data)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        if self.parser.should_upgrade() and self._should_upgrade():
            self._disarm()  # a websocket: its own protocol takes the connection over
        else:
            self._arm(self.deadlines.body_timeout, "request body")

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
