"""The connections the server accepts: uvicorn's HTTP and websocket protocols, held to
deadlines for slow clients and to caps on connections.

uvicorn closes a keep-alive connection that stays idle between requests, but waits for
ever for a request that is sent a byte at a time, or for a connection that sends nothing.
Here:

- a request's line and headers must arrive within ``header_timeout`` seconds of the
  connection (or of the first byte after the last request), and its body within
  ``body_timeout`` seconds of its headers; otherwise the connection is closed (a
  websocket's handshake is a request like any other);
- beyond ``max_connections`` open connections (HTTP and websocket), a new one is answered
  with ``503`` and ``server/busy`` and closed before anything is read;
- beyond ``per_address`` open connections from one client address (an IPv4 address, an
  IPv6 /64), a new one from it is answered with ``429`` and
  ``limit/too_many_connections`` and closed. A reverse proxy named in
  ``--forwarded-allow-ips`` is not counted: its clients' addresses are known only once a
  request is read;
- a websocket's send buffer is fixed (``send_buffer``) rather than left to grow to the
  kernel's 4 MiB: a client that stops reading then holds a bounded part of the machine's
  memory, and its writer waits soon, so that the messages it is behind with are replaced
  by their newest (``clients.Client.push``) instead of piling up in the kernel.

``Guarded`` wraps uvicorn's own protocol rather than extending it: it is the protocol of
the connection's transport from the first byte to the last, sees the bytes before
uvicorn does (its own ``httptools`` parser finds where each request's headers and body
end), and hands uvicorn a transport of its own (``Relay``), so that it learns when uvicorn
hands the connection over to its websocket protocol. Nothing of uvicorn is used but what
an ``asyncio.Protocol`` offers and the arguments uvicorn gives the class it is told to
use for HTTP. The deadlines cost one timer a connection; docs/protocol.md (Limits) lists
them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

import httptools
import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.frames import Close, CloseCode, Frame, Opcode

from geodeck.server import observe
from geodeck.server.bodies import error_body
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import address_key
from geodeck.server.protocol import Refusal
from geodeck.server.relay import RECEIVING, Relay
from geodeck.server.settings import Settings

log = logging.getLogger("geodeck.server")

BUSY_RETRY = 5
"""Seconds a client turned away for the cap is told to wait (``Retry-After``)."""


@dataclass(frozen=True, slots=True)
class Deadlines:
    """The limits ``Guarded`` holds connections to (``Settings`` gives them)."""

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


class Guard:
    """What the connections of one server share: their limits, their addresses' counts
    and the set of them that are open (``observe.Hooks.connections``)."""

    def __init__(self, deadlines: Deadlines, proxies: str | None) -> None:
        self.deadlines = deadlines
        self.peers = Peers(deadlines.per_address, proxies)
        self.open: set[Guarded] = set()


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
ENDED = asyncio.Protocol()
"""The protocol of a connection that is over: every event is ignored."""
NOT_UTF8 = Frame(
    Opcode.CLOSE, Close(CloseCode.INVALID_DATA, "text messages must be UTF-8").serialize()
)


class Guarded(asyncio.Protocol):
    """One connection. Pass the class to uvicorn as ``http=Guarded``, with a ``Guard`` in
    the config's ``guard`` (``listening.uvicorn_config`` does both)."""

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        guard = getattr(config, "guard", None)
        self.guard: Guard = guard if isinstance(guard, Guard) else Guard(Deadlines(), None)
        self.http: HttpToolsProtocol | None = HttpToolsProtocol(
            config, server_state, app_state, _loop
        )
        """uvicorn's HTTP protocol, until it hands the connection over to its websocket's."""
        self.current: asyncio.BaseProtocol = self.http
        self.websocket: asyncio.Protocol | None = None
        """uvicorn's websocket protocol, once it has taken the connection over."""
        self.loop = _loop or asyncio.get_event_loop()
        self.transport: asyncio.Transport | None = None
        self.relay: Relay | None = None
        self.client: tuple[str, int] | None = None
        self.parser: httptools.HttpRequestParser | None = httptools.HttpRequestParser(self)
        self.in_request = False
        self._deadline: asyncio.TimerHandle | None = None
        self._counted = False

    # -- the connection's life ------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's are not subclasses
        peer = self.transport.get_extra_info("peername")
        if isinstance(peer, tuple) and len(peer) >= 2:
            self.client = (str(peer[0]), int(peer[1]))
        guard = self.guard
        guard.open.add(self)
        observe.HOOKS.connections(guard.open)
        if len(guard.open) > guard.deadlines.max_connections:
            self._turn_away(BUSY)
            return
        if not guard.peers.admit(self.client):
            self._turn_away(CROWDED)
            return
        self._counted = True
        self._arm(guard.deadlines.header_timeout, "request headers")
        self.relay = Relay(self.transport, self.upgraded)
        if self.http is not None:
            self.http.connection_made(self.relay)

    def _turn_away(self, answer: bytes) -> None:
        assert self.transport is not None
        self.parser = None
        self.transport.write(answer)
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guard.open.discard(self)
        if self._counted:
            self._counted = False
            self.guard.peers.leave(self.client)
            self.current.connection_lost(exc)
        self._let_go()

    def _let_go(self) -> None:
        """Drop what refers back to this connection once it is over. uvicorn's HTTP
        protocol and its parser hold each other, a cycle only the collector frees; without
        this, that cycle would reach the connection's whole websocket side through the
        relay (its protocol, queues, buffers: some 60 objects), and all of it would wait,
        with the tables' own objects, for a full collection."""
        self.current = ENDED
        self.websocket = None
        self.http = None
        self.parser = None
        if self.relay is not None:
            self.relay.let_go()
            self.relay = None

    def data_received(self, data: bytes) -> None:
        if not self._counted:
            return  # turned away: nothing it sends is read
        if self.websocket is not None:
            self._to_websocket(self.websocket, data)
            return
        if self._deadline is None and not self.in_request and self.parser is not None:
            self._arm(self.guard.deadlines.header_timeout, "request headers")
        http = self.http
        if http is None:
            return
        http.data_received(data)
        if self.current is http and self.parser is not None:
            self._watch(data)

    def _to_websocket(self, protocol: asyncio.Protocol, data: bytes) -> None:
        reading = RECEIVING.set(self.client)
        try:
            protocol.data_received(data)
        except InvalidState:
            # A text message not in UTF-8 came in one packet with the client's close:
            # the close is answered as the message's (1007), and the connection ends.
            if self.transport is not None and not self.transport.is_closing():
                self.transport.write(NOT_UTF8.serialize(mask=False))
                self.transport.close()
        finally:
            RECEIVING.reset(reading)

    def eof_received(self) -> bool | None:
        if not self._counted:
            return None
        protocol = self.current
        return protocol.eof_received() if isinstance(protocol, asyncio.Protocol) else None

    def pause_writing(self) -> None:
        if self._counted:
            self.current.pause_writing()

    def resume_writing(self) -> None:
        if self._counted:
            self.current.resume_writing()

    def upgraded(self, protocol: asyncio.BaseProtocol) -> None:
        """uvicorn has handed the connection to ``protocol`` (its websocket's)."""
        self.current = protocol
        self.websocket = protocol if isinstance(protocol, asyncio.Protocol) else None
        self.parser = None
        self.http = None  # uvicorn has let go of it: its cycle is freed while still young
        self._disarm()
        size = self.guard.deadlines.send_buffer
        sock = self.transport.get_extra_info("socket") if self.transport else None
        if size and sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
            except OSError:
                log.debug("the send buffer of a websocket could not be set", exc_info=True)

    # -- the deadlines -------------------------------------------------------------------

    def _watch(self, data: bytes) -> None:
        assert self.parser is not None
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            # uvicorn answers a request to upgrade to anything but a websocket as a plain
            # request: the next one is read by a new parser
            self.parser = httptools.HttpRequestParser(self)
            self.in_request = False
            self._disarm()
        except httptools.HttpParserError:
            self.parser = None  # uvicorn answers 400 and closes the connection

    def on_message_begin(self) -> None:
        self.in_request = True

    def on_headers_complete(self) -> None:
        self._arm(self.guard.deadlines.body_timeout, "request body")

    def on_message_complete(self) -> None:
        self.in_request = False
        self._disarm()  # uvicorn's keep-alive timeout watches the idle connection

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self, what: str) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        host, port = self.client or ("?", 0)
        log.info("connection from %s:%s closed: its %s came too slowly", host, port, what)
        self.transport.close()
