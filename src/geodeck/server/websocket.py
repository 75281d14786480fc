"""The websocket protocol the server runs under uvicorn.

It is uvicorn's sans-I/O websocket protocol (the ``websockets`` library's), but for two
things: a text message that is not UTF-8 closes the connection with close code 1007
(invalid frame payload data) and one short log line, where uvicorn would log a traceback
for it (a client cannot fill the log that way: the connection is gone after its first
such message); and a closed connection leaves its address's count of open connections,
which the HTTP protocol counted it in before the upgrade (``guarded_http.Peers``).

Its socket's send buffer is fixed (``Settings.send_buffer``) rather than left to grow to
the kernel's 4 MiB: a client that stops reading then holds a bounded part of the
machine's memory, and its writer waits soon, so that the messages it is behind with are
replaced by their newest (``clients.Client.push``) instead of piling up in the kernel.
"""

from __future__ import annotations

import asyncio
import logging
import socket

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.protocol import State

log = logging.getLogger("geodeck.server")


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """Pass to uvicorn as ``ws=WebSocketProtocol``."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        deadlines = getattr(self.config, "deadlines", None)
        sock = transport.get_extra_info("socket")
        if deadlines is not None and sock is not None and deadlines.send_buffer:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, deadlines.send_buffer)
            except OSError:
                log.debug("the send buffer of a websocket could not be set", exc_info=True)
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        peers = getattr(self.config, "peers", None)
        if peers is not None:
            peers.leave(self.client)
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent and not _utf8(self.frames):
            self.frames = []
            if self.conn.state is not State.OPEN:
                return  # the client's close frame came with it: the close goes on as usual
            host, port = self.client or ("?", 0)
            log.info("websocket from %s:%s closed: a text message not in UTF-8", host, port)
            self.conn.send_close(CloseCode.INVALID_DATA, "text messages must be UTF-8")
            self.handle_parser_exception()
            return
        super().send_receive_event_to_app()


def _utf8(parts: list[bytes]) -> bool:
    try:
        (parts[0] if len(parts) == 1 else b"".join(parts)).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
