"""The websocket to a table (``/ws/{code}``), served on ASGI's own messages.

A table's websocket carries nearly all of a busy server's traffic, and needs nothing of a
web framework: no routing beyond its path, no dependencies, no response classes. So it is
served by ``TableSockets``, an ASGI middleware that takes ``/ws/{code}`` before FastAPI's
router sees it (inside ``HomeRouter``, which may send it to the table's home process),
through ``Socket``: the four things ``connection.py`` does with a websocket, on ASGI's
``receive`` and ``send`` with nothing in between. Every other request goes on to the app.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from geodeck.server.limits import address_key

PREFIX = "/ws/"


class Gone(Exception):
    """The client closed the websocket, or went away, before the server was done."""


class Socket:
    """One accepted websocket, as ``connection.py`` uses it."""

    __slots__ = ("_receive", "_send", "address", "closed")

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        client = scope.get("client")
        self.address = address_key(str(client[0]) if client else None)
        """The key the client's limits are counted under (``limits.address_key``)."""
        self.closed = False
        """Whether the server has closed the websocket, or learnt that the client has."""

    async def accept(self) -> None:
        """Take the handshake's ``websocket.connect`` and accept; ``Gone`` if the client
        left first."""
        message = await self._receive()
        if message["type"] != "websocket.connect":
            self.closed = True
            raise Gone
        await self._send_or_gone({"type": "websocket.accept"})

    async def receive(self) -> Message:
        """The next message: ``websocket.receive`` (``text`` or ``bytes``) or
        ``websocket.disconnect``."""
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            self.closed = True
        return message

    async def send_text(self, text: str) -> None:
        await self._send_or_gone({"type": "websocket.send", "text": text})

    async def close(self, code: int) -> None:
        """Close with ``code``, unless it is closed already."""
        if not self.closed:
            self.closed = True
            await self._send_or_gone({"type": "websocket.close", "code": code})

    async def _send_or_gone(self, message: Message) -> None:
        try:
            await self._send(message)
        except OSError as gone:  # uvicorn's "client disconnected" is one
            self.closed = True
            raise Gone from gone


Play = Callable[[Socket, str], Awaitable[None]]


class TableSockets:
    """ASGI middleware: ``/ws/{code}`` to ``play``, everything else to ``app``."""

    def __init__(self, app: ASGIApp, play: Play) -> None:
        self.app = app
        self.play = play

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            if path.startswith(PREFIX) and "/" not in path[len(PREFIX) :] and path != PREFIX:
                await self.play(Socket(scope, receive, send), path[len(PREFIX) :])
                return
        await self.app(scope, receive, send)
