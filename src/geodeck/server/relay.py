"""What ``guarded_http.Guarded`` puts between a connection and uvicorn's protocols: the
transport it hands them (``Relay``), and the filter that makes uvicorn's log of a text
message not in UTF-8 one line (``ShortUtf8Line``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from contextvars import ContextVar

Switch = Callable[[asyncio.BaseProtocol], None]


class Relay(asyncio.Transport):
    """The connection's transport, as uvicorn's protocols are given it: everything goes to
    the transport itself, but a change of protocol (uvicorn hands an upgraded connection
    to its websocket protocol) goes to ``switch``, since the connection's protocol stays
    ``Guarded``, which passes the bytes on."""

    def __init__(self, transport: asyncio.Transport, switch: Switch) -> None:
        super().__init__()
        self.transport = transport
        self.switch = switch
        self.protocol: asyncio.BaseProtocol | None = None

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.protocol = protocol
        self.switch(protocol)

    def let_go(self) -> None:
        """The connection is over: forget the protocols (which refer back to this), so
        that its objects are freed as soon as nothing uses them; writes still reach the
        (closed) transport, which ignores them."""
        self.protocol = None
        self.switch = _ignore

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self.protocol if self.protocol is not None else self.transport.get_protocol()

    def get_extra_info(self, name: str, default: object = None) -> object:
        return self.transport.get_extra_info(name, default)

    def is_closing(self) -> bool:
        return self.transport.is_closing()

    def close(self) -> None:
        self.transport.close()

    def abort(self) -> None:
        self.transport.abort()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.transport.write(data)

    def writelines(self, list_of_data: Iterable[bytes | bytearray | memoryview]) -> None:
        self.transport.writelines(list_of_data)

    def write_eof(self) -> None:
        self.transport.write_eof()

    def can_write_eof(self) -> bool:
        return self.transport.can_write_eof()

    def pause_reading(self) -> None:
        self.transport.pause_reading()

    def resume_reading(self) -> None:
        self.transport.resume_reading()

    def is_reading(self) -> bool:
        return self.transport.is_reading()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self.transport.set_write_buffer_limits(high, low)

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self.transport.get_write_buffer_limits()


def _ignore(_protocol: asyncio.BaseProtocol) -> None:
    return None


RECEIVING: ContextVar[tuple[str, int] | None] = ContextVar("receiving", default=None)
"""The client whose bytes uvicorn's websocket protocol is reading (``ShortUtf8Line``)."""


class ShortUtf8Line(logging.Filter):
    """uvicorn logs a text message that is not UTF-8 with a traceback (it closes the
    connection with 1007 all the same): this makes it one line at INFO, with the client's
    address. A client cannot fill the log that way: its connection is gone after the
    first such message."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == "Invalid UTF-8 sequence received from client.":
            host, port = RECEIVING.get() or ("?", 0)
            record.msg = "websocket from %s:%s closed: a text message not in UTF-8"
            record.args = (host, port)
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.exc_info, record.exc_text = None, None
        return True


def quiet_utf8_tracebacks() -> None:
    """Put ``ShortUtf8Line`` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ShortUtf8Line) for f in logger.filters):
        logger.addFilter(ShortUtf8Line())
