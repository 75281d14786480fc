"""The websocket protocol the server runs under uvicorn.

It is uvicorn's sans-I/O websocket protocol (the ``websockets`` library's), but for one
thing: a text message that is not UTF-8 closes the connection with close code 1007
(invalid frame payload data) and one short log line, where uvicorn would log a traceback
for it. A client cannot fill the log that way: the connection is gone after its first
such message.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.http11 import Request
from websockets.protocol import State

log = logging.getLogger("geodeck.server")

DIRECT = "geodeck.direct"
"""The scope extension under which an accepted websocket offers its protocol object, for
writes that skip the ASGI send (``clients.Direct``)."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """Pass to uvicorn as ``ws=WebSocketProtocol``."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if not self.close_sent:
            extensions = self.scope.get("extensions")
            if extensions is not None:
                cast(dict[str, Any], extensions)[DIRECT] = self

    def write_text(self, text: str) -> bool:
        """Write a text message to the socket now, in this turn of the event loop; False
        if the connection takes no more (closing, closed, or not yet accepted)."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.transport.is_closing()
        ):
            return False
        self.conn.send_text(text.encode())
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def backlog(self) -> int:
        """Bytes written to the socket that the client has not taken yet."""
        return self.transport.get_write_buffer_size()

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
